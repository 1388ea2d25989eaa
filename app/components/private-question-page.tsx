import { canCommentPrivately } from "../lib/can";
import { LIMITS } from "../lib/limits";
import { COMMENT, countOf } from "../lib/plural";
import type { PrivateAnswerView, PrivateQuestionView } from "../models/brands/private-questions.server";
import type { BrandRole } from "../models/brands/brands.server";
import { CommentTree } from "./comment-tree";
import { AnswerForm, CallButton, CallForm } from "./forms";
import { TimeAgo } from "./time-ago";
import { UserLink } from "./user-link";
import { UserText } from "./user-text";

export type PrivatePageData = {
  now: number;
  question: PrivateQuestionView;
  answers: PrivateAnswerView[];
  isOwner: boolean;
  role: BrandRole | null;
  canreply: boolean;
  highlight: number | null;
};

/** The brand and its expert the question is addressed to. */
function BrandLine({ brand }: { brand: Pick<PrivateQuestionView["brand"], "urlname" | "name" | "personName"> }) {
  return (
    <p className="muted" data-testid="private-brand">
      {"Личный вопрос эксперту: "}
      <a href={`/${brand.urlname}/`}>{brand.name}</a>
      {brand.personName ? ` · ${brand.personName}` : null}
    </p>
  );
}

/** /private/{pqid}: the private question, the expert's answer (or the wait for it) and its comments. */
export function PrivateQuestionPage({ data }: { data: PrivatePageData }) {
  const { question: q, now } = data;
  const back = `/private/${q.id}`;
  const mayComment = canCommentPrivately(data.isOwner, data.role);
  return (
    <main className="page">
      <div className="card" data-testid="private-question">
        <BrandLine brand={q.brand} />
        <h1>{q.qtext}</h1>
        <div className="meta">
          <UserLink user={q.author} />
          <TimeAgo at={q.added} now={now} />
        </div>
        {q.qcomment ? <UserText className="qcomment" html={q.qcomment} /> : null}
        {data.isOwner ? (
          <CallButton call="hideqpersonal" back="/" fields={{ pqid: q.id, tag: q.brand.id }} label="Скрыть вопрос" testId="hideqpersonal" />
        ) : data.canreply ? (
          // a brand's member may decline one the brand will not answer, while it waits
          <CallButton
            call="hideqpersonal"
            back={`/${q.brand.urlname}/`}
            fields={{ pqid: q.id, tag: q.brand.id }}
            label="Не отвечать и скрыть"
            testId="hideqpersonal"
          />
        ) : null}
      </div>
      <section className="card" id="answers">
        {data.answers.length === 0 ? (
          <p className="muted" data-testid="waiting-expert">
            Вопрос ждёт ответа эксперта
          </p>
        ) : null}
        {data.answers.map((a) => (
          <article key={a.id} className="answer" id={`answer-${a.id}`} data-testid="private-answer" data-answer-id={a.id}>
            <div className="meta">
              <UserLink user={a.author} showPoints />
              <span className="muted">{`Эксперт ${q.brand.name}`}</span>
              <TimeAgo at={a.added} now={now} />
            </div>
            <UserText className="atext" html={a.text} />
            {a.source ? <p className="muted">{`Источник: ${a.source}`}</p> : null}
            <p className="muted" data-testid="private-comcnt">
              {countOf(a.comcnt, COMMENT)}
            </p>
            <CommentTree nodes={a.comments.nodes} now={now} contextHref={(cmid) => `/private/${q.id}/cid-${cmid}`} highlight={data.highlight} />
            {mayComment ? (
              <CallForm
                call="addcmtpersonal"
                back={back}
                fields={{ refid: a.id, ...(data.highlight ? { cmid: data.highlight } : {}) }}
                className="comment-form"
                testId="private-comment-form"
              >
                {data.highlight ? <p className="muted">Ответ на выделенный комментарий:</p> : null}
                <textarea name="Body" required maxLength={LIMITS.comment} rows={2} placeholder="Введите текст комментария" aria-label="Комментарий" />
                <button className="btn btn-small" type="submit">
                  Комментировать
                </button>
              </CallForm>
            ) : null}
          </article>
        ))}
        {data.canreply ? <AnswerForm call="anspersonal" back={back} fields={{ pqid: q.id }} label="Ответ эксперта" testId="anspersonal-form" /> : null}
      </section>
    </main>
  );
}

/** A private question its asker hid: 'Вопрос удален'. */
export function PrivateQuestionDeleted({ brand }: { brand: Pick<PrivateQuestionView["brand"], "urlname" | "name" | "personName"> }) {
  return (
    <main className="page" data-testid="private-deleted">
      <div className="card">
        <BrandLine brand={brand} />
        <h1>Вопрос удален</h1>
        <p>
          <a href="/">На главную</a>
        </p>
      </div>
    </main>
  );
}
