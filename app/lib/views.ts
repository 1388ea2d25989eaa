/**
 * The shapes of what pages and islands draw, said once: the models build them (and re-export
 * them), the components and the islands read them. Islands import these from here, never from
 * app/models.
 */

/** An author as a page shows him: nick with level colour and points, and his ban. */
export type Author = {
  id: number;
  nick: string;
  lvl: number;
  points: number;
  kpd: number;
  vip: number;
  bannedUntil: number | null;
  banPermanent: number;
};

/** A comment in a thread and its shown replies. */
export type CommentNode = {
  id: number;
  text: string | null; // null when deleted
  added: number;
  author: { id: number; nick: string; lvl: number; points: number; kpd: number };
  replies: CommentNode[];
  /** replies that exist but are not shown here */
  more: number;
};

export type CommentThread = { nodes: CommentNode[]; total: number; shown: number };

/** An answer as the question and answer pages show it. */
export type AnswerView = {
  id: number;
  qid: number;
  text: string;
  source: string;
  added: number;
  best: boolean;
  rating: number;
  comcnt: number;
  canthStatus: number;
  totalmarks: number;
  author: Author;
  comments: CommentThread;
};

/**
 * A new answer as live readers render it (the answers-live island draws the server's AnswerItem
 * from it, so a thousand readers need no read of their own): the stored (sanitised) text, the
 * source, when, and the author's public fields.
 */
export type LiveAnswer = {
  text: string;
  source: string;
  added: number;
  author: { id: number; nick: string; lvl: number; points: number };
};

/**
 * A comment tree node of the read calls' replies (moreanswers, showans, comments …) in the spec's
 * fields. A top-level comment refers to its question (type Q) or answer (A); a reply is type C and
 * refers to its parent comment. A deleted comment keeps its place with hidden 1 and an empty text
 * (the client shows 'Комментарий удален').
 */
export type CommentReply = {
  cmid: number;
  refid: number;
  type: string;
  cmtext: string;
  usrid: number;
  nick: string;
  lvl: number;
  points: number;
  kpd: number;
  added: number;
  hidden: 0 | 1;
  comcnt: number;
  parent: number;
  comments: CommentReply[];
  more: number;
  marked?: 1;
};
