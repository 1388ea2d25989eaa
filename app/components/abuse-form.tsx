import { reportHidden, type AbuseTarget } from "../lib/abuse";
import AbuseFormIsland from "../islands/abuse-form.island";
import { Island } from "../islands/island";
import { usePageFacts } from "./page-facts";

const WHAT: Record<AbuseTarget, string> = { Q: "вопрос", A: "ответ", C: "комментарий" };

/** The 'Пожаловаться' link under someone else's question, answer or comment (the report page). */
export function AbuseLink({ type, id }: { type: AbuseTarget; id: number }) {
  return (
    <a className="btn btn-small abuse-link" href={`/abuse/${type}/${id}`} rel="nofollow" data-testid="abuse-link">
      Пожаловаться
    </a>
  );
}

/** Who may report on the page being rendered: the signed-in reader and whether the page's question hides reports. */
function usePageReporter(): { userId: number; hidden: boolean } | null {
  const facts = usePageFacts();
  if (!facts?.userId) return null;
  return { userId: facts.userId, hidden: facts.question ? reportHidden(facts.question) : false };
}

/** A comment's 'Пожаловаться' link: signed-in readers, not on their own comments, not in category 601. */
export function CommentAbuseLink({ cmid, authorId }: { cmid: number; authorId: number }) {
  const reporter = usePageReporter();
  if (!reporter || reporter.hidden || reporter.userId === authorId) return null;
  return <AbuseLink type="C" id={cmid} />;
}

export type AbusePageState = "form" | "sent" | "already" | "refused";

/**
 * The report page: the reasons as radio buttons and a text field (text alone counts as 'other'),
 * posted to the form door; after sending, the thanks text; a refusal's text instead of the form.
 */
export function AbuseForm({
  type,
  id,
  state,
  excerpt,
  back,
  refusal,
}: {
  type: AbuseTarget;
  id: number;
  state: AbusePageState;
  excerpt: string;
  back: string;
  refusal?: string;
}) {
  return (
    <main className="page">
      <div className="card narrow" data-testid="abuse-page">
        <h1>Пожаловаться на {WHAT[type]}</h1>
        {excerpt ? <blockquote className="muted">{excerpt}</blockquote> : null}
        {state === "sent" ? (
          <p role="status" data-testid="abuse-sent">
            Спасибо! Ваше сообщение отправлено модераторам
          </p>
        ) : state === "already" ? (
          <p role="status">Вы уже пожаловались на это сообщение</p>
        ) : state === "refused" ? (
          <p className="form-error" role="alert">
            {refusal}
          </p>
        ) : (
          <Island name="abuse-form" of={AbuseFormIsland} props={{ type, id }} when="idle" />
        )}
        <p>
          <a href={back}>Вернуться</a>
        </p>
      </div>
    </main>
  );
}
