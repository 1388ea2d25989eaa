import type { AnswerView } from "../lib/views";
import { isBanned } from "../lib/users";
import { timeAgo } from "../lib/time-ago";
import { COMMENT, countOf, VOTE } from "../lib/plural";
import { CommentTree, threadTimes } from "./comment-tree";
import { TimeAgo } from "./time-ago";
import { UserLink } from "./user-link";
import { UserText } from "./user-text";

/** One answer with its comments; the best one is marked. */
export function AnswerItem({
  answer,
  now,
  showRating = false,
  highlight = null,
  allCommentsHref,
  actions,
  replyHref,
  guest = false,
}: {
  answer: AnswerView;
  now: number;
  showRating?: boolean;
  highlight?: number | null;
  allCommentsHref?: string;
  /** forms the reader may use on this answer */
  actions?: React.ReactNode;
  /** a guest reads the page: every action asks him to sign in first (the need-auth marker) */
  guest?: boolean;
  /** signed-in readers: each comment's 'Ответить' link (see CommentTree) */
  replyHref?: (cmid: number) => string;
}) {
  const contextHref = (cmid: number) => `/question/${answer.qid}/cid-${cmid}`;
  const body = (
    <>
      <UserText className="atext" html={answer.text} />
      {answer.source ? <div className="muted">{`Источник: ${answer.source}`}</div> : null}
    </>
  );
  return (
    <article
      className={answer.best ? "answer answer-best" : "answer"}
      id={`answer-${answer.id}`}
      data-testid={answer.best ? "best-answer" : "answer"}
      data-answer-id={answer.id}
    >
      {answer.best ? <div className="best-label">Лучший ответ</div> : null}
      <div className="meta">
        <UserLink user={answer.author} banned={isBanned(answer.author, now)} showPoints />
        <a className="muted" href={`/answer/${answer.id}`}>
          <TimeAgo at={answer.added} now={now} />
        </a>
        {answer.editedAt ? (
          <span className="muted" data-testid="answer-edited" title="Автор изменил ответ после публикации">
            (изменён)
          </span>
        ) : null}
        {showRating ? (
          <span className="muted" data-testid="answer-rating" data-rating={answer.rating}>
            {countOf(answer.rating, VOTE)}
          </span>
        ) : null}
      </div>
      {answer.canthStatus === -1 ? (
        // the asker did not like it: folded under its note, one click (no script) opens it
        <details className="answer-collapsed" data-testid="answer-collapsed">
          <summary>Автору вопроса не понравился этот ответ. Показать</summary>
          {body}
        </details>
      ) : (
        body
      )}
      {answer.canthStatus === 1 ? <div className="liked">Автору вопроса понравился этот ответ</div> : null}
      {actions ? (
        <div className="actions" {...(guest ? { "data-need-auth": "" } : {})}>
          {actions}
        </div>
      ) : null}
      {answer.comcnt > 0 ? <div className="muted">{countOf(answer.comcnt, COMMENT)}</div> : null}
      <CommentTree nodes={answer.comments.nodes} now={now} contextHref={contextHref} highlight={highlight} replyHref={replyHref} />
      {answer.comments.shown < answer.comments.total && allCommentsHref ? (
        <a className="more" href={allCommentsHref}>
          Все комментарии ({answer.comments.total})
        </a>
      ) : null}
    </article>
  );
}

/**
 * Everything of an answer's markup that changes, for the key of its kept HTML (components/fragments.tsx):
 * the answer and its comments as read, what the moment of the render makes of them (the relative
 * times, the author's ban), and what the page adds (`page`: the reader's kind, the question's state).
 */
export function answerFragmentKey(answer: AnswerView, now: number, page: unknown): string {
  const times = [timeAgo(answer.added, now), ...threadTimes(answer.comments.nodes, now)];
  return JSON.stringify([answer, isBanned(answer.author, now), times, page]);
}
