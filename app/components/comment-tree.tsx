import { canReplyUnder } from "../lib/can";
import type { CommentNode } from "../lib/views";
import { COMMENT, countOf } from "../lib/plural";
import { ModerCommentDrop } from "./moder-forms";
import { CommentAbuseLink } from "./abuse-form";
import { TimeAgo } from "./time-ago";
import { UserLink } from "./user-link";
import { UserText } from "./user-text";
import { timeAgo } from "../lib/time-ago";

type Props = {
  nodes: CommentNode[];
  now: number;
  /** where 'more' links lead: the comment-in-context view of a comment */
  contextHref: (cmid: number) => string;
  highlight?: number | null;
  /** where a comment's 'Ответить' link leads (none without it); the comment-thread island opens the form in place */
  replyHref?: (cmid: number) => string;
  /** how deep these comments sit (replies are offered above depth 20 only) */
  depth?: number;
};

/** Nested comments; deleted ones read 'Комментарий удален'. */
export function CommentTree({ nodes, now, contextHref, highlight, replyHref, depth = 0 }: Props) {
  if (nodes.length === 0) return null;
  return (
    <ul className="comments">
      {nodes.map((c) => (
        <li key={c.id} id={`cmt-${c.id}`} className="comment" data-comment-id={c.id}>
          <div className={c.id === highlight ? "comment-hl" : undefined} data-highlighted={c.id === highlight ? "1" : undefined}>
            {c.text === null ? (
              <span className="comment-deleted">Комментарий удален</span>
            ) : (
              <>
                <span className="meta">
                  <UserLink user={c.author} />
                  <TimeAgo at={c.added} now={now} />
                </span>
                <UserText className="ctext" html={c.text} />
                <ModerCommentDrop cmid={c.id} />
                <CommentAbuseLink cmid={c.id} authorId={c.author.id} />
                {replyHref && canReplyUnder(depth) ? (
                  <a className="comment-reply" href={replyHref(c.id)}>
                    Ответить
                  </a>
                ) : null}
              </>
            )}
          </div>
          <CommentTree nodes={c.replies} now={now} contextHref={contextHref} highlight={highlight} replyHref={replyHref} depth={depth + 1} />
          {c.more > 0 ? (
            <a className="more" href={contextHref(c.id)}>
              {`Показать ещё ${countOf(c.more, COMMENT)}`}
            </a>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The relative times a thread shows at `now`, for the keys of kept HTML (components/fragments.tsx). */
export function threadTimes(nodes: CommentNode[], now: number): string[] {
  return nodes.flatMap((c) => [timeAgo(c.added, now), ...threadTimes(c.replies, now)]);
}
