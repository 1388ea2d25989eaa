import type { AnswerView, QuestionView } from "../lib/views";
import type { Category } from "../models/categories/categories.server";
import { ANSWER, countOf } from "../lib/plural";
import { AnswerItem } from "./answer-item";
import { CommentForm } from "./forms";
import { QuestionHeader } from "./question-header";
import { Island } from "../islands/island";
import { usePageFacts } from "./page-facts";
import CommentThread from "../islands/comment-thread.island";

/** A single answer (or a comment in its context) under the question header, with a link to all answers. */
export function AnswerPageView({
  question,
  answer,
  trail,
  now,
  highlight,
}: {
  question: QuestionView;
  answer: AnswerView;
  trail: Category[];
  now: number;
  highlight: number | null;
}) {
  // a signed-in reader's page is rendered for him alone (guests' pages are shared and ship no JavaScript)
  const signedIn = !!usePageFacts()?.userId;
  return (
    <main className="page">
      {/* the visit is reported by the page's script (app/islands/page-events.ts): the page is cached for guests */}
      <span hidden data-track-visit="answer_visited" data-qid={question.id} data-aid={answer.id} />
      <div className="card">
        <QuestionHeader question={question} trail={trail} now={now} linkTitle />
      </div>
      <section className="card">
        <AnswerItem
          answer={answer}
          now={now}
          highlight={highlight}
          replyHref={signedIn ? (cmid) => `/question/${question.id}/cid-${cmid}#comment-form` : undefined}
        />
        <div id="comment-form">
          {highlight ? <p className="muted">Ответ на выделенный комментарий:</p> : null}
          {signedIn ? (
            <Island
              name="comment-thread"
              of={CommentThread}
              props={{ qid: question.id, form: { type: "A" as const, refid: answer.id, parent: highlight, back: `/answer/${answer.id}` }, highlight }}
              when="idle"
            />
          ) : (
            <CommentForm type="A" refid={answer.id} parent={highlight ?? undefined} back={`/answer/${answer.id}`} />
          )}
        </div>
      </section>
      <p>
        <a className="btn" data-testid="all-answers" href={`/question/${question.id}`}>
          {`Все ответы на вопрос (${countOf(question.anscnt, ANSWER)})`}
        </a>
      </p>
    </main>
  );
}
