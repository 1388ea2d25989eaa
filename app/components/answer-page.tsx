import type { Category } from "../models/categories.server";
import type { AnswerView, QuestionView } from "../models/question-page.server";
import { ANSWER, countOf } from "../lib/plural";
import { AnswerItem } from "./answer-item";
import { CommentForm } from "./forms";
import { QuestionHeader } from "./question-header";

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
  return (
    <main className="page">
      <div className="card">
        <QuestionHeader question={question} trail={trail} now={now} linkTitle />
      </div>
      <section className="card">
        <AnswerItem answer={answer} now={now} highlight={highlight} />
        <div id="comment-form">
          {highlight ? <p className="muted">Ответ на выделенный комментарий:</p> : null}
          <CommentForm type="A" refid={answer.id} parent={highlight ?? undefined} back={`/answer/${answer.id}`} />
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
