import type { CommentNode } from "../models/comments.server";
import { COMMENT, countOf } from "../lib/plural";
import { TimeAgo } from "./time-ago";
import { UserLink } from "./user-link";
import { UserText } from "./user-text";

type Props = {
  nodes: CommentNode[];
  now: number;
  /** where 'more' links lead: the comment-in-context view of a comment */
  contextHref: (cmid: number) => string;
  highlight?: number | null;
};

/** Nested comments; deleted ones read 'Комментарий удален'. */
export function CommentTree({ nodes, now, contextHref, highlight }: Props) {
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
              </>
            )}
          </div>
          <CommentTree nodes={c.replies} now={now} contextHref={contextHref} highlight={highlight} />
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
