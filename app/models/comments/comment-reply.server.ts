/**
 * A comment tree in the named calls' fields (CommentReply, app/lib/views.ts): one shape for every
 * read that lists comments, the public question's and answer's and the private answer's alike.
 */
import { canReplyUnder } from "../../lib/can";
import type { CommentNode, CommentReply } from "../../lib/views";

/** A comment tree node in the API's fields, with its replies; `mark` gets `marked: 1`; `depth` is the node's (0: on the question or answer itself). */
export function shapeComment(n: CommentNode, refType: string, refId: number, parent: number, mark: number | null, depth = 0): CommentReply {
  const out: CommentReply = {
    cmid: n.id,
    refid: parent || refId,
    type: parent ? "C" : refType,
    cmtext: n.text ?? "",
    // a deleted comment names nobody: user 0 with an empty nick
    usrid: n.author?.id ?? 0,
    nick: n.author?.nick ?? "",
    lvl: n.author?.lvl ?? 0,
    points: n.author?.points ?? 0,
    kpd: n.author?.kpd ?? 0,
    filin: n.author?.filin ?? null,
    moder: n.author?.moder ?? 0,
    added: n.added,
    hidden: n.text === null ? 1 : 0,
    comcnt: n.replies.length + n.more,
    // no reply may go under it: closed, deleted, or already at the deepest level
    isclosed: n.closed || n.text === null || !canReplyUnder(depth) ? 1 : 0,
    parent,
    comments: n.replies.map((r) => shapeComment(r, refType, refId, n.id, mark, depth + 1)),
    more: n.more,
  };
  if (mark === n.id) out.marked = 1;
  return out;
}

/** The top-level comments of one target, shaped. */
export function shapeNodes(nodes: CommentNode[], refType: string, refId: number, mark: number | null = null) {
  return nodes.map((n) => shapeComment(n, refType, refId, 0, mark));
}
