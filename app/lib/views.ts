/**
 * The shapes pages render: what a model returns for a question, an answer, a comment thread and
 * an author, and the new answer a live room pushes. Shared by the server (models, components) and
 * the islands, which must not import server modules.
 */
import type { QuestionState } from "./questions";

/** The columns a page needs to show an author: nick with level colour and points. */
export type Author = {
  id: number;
  nick: string;
  lvl: number;
  points: number;
  kpd: number;
  vip: number;
  bannedUntil: number | null;
  banPermanent: number;
  /** his avatar's key (null: the generated default); absent where a list draws no avatars */
  filin?: string | null;
  /** 1 for a volunteer moderator: his nick carries the «Модератор» label (absent where a list reads no such thing) */
  moder?: number;
};

/**
 * A comment of a thread. A deleted one keeps its place (its replies stay) but carries neither its
 * text nor its author: both are null, and nobody but a moderator's own tools learns who wrote it.
 */
export type CommentNode = {
  id: number;
  added: number;
  replies: CommentNode[];
  /** replies that exist but are not shown here */
  more: number;
  /** closed to replies (the stored flag; absent: open) */
  closed?: boolean;
} & (
  | { text: string; author: { id: number; nick: string; lvl: number; points: number; kpd: number; filin?: string | null; moder?: number } }
  | { text: null; author: null }
);

export type CommentThread = { nodes: CommentNode[]; total: number; shown: number };

export type AnswerView = {
  id: number;
  qid: number;
  text: string;
  source: string;
  added: number;
  /** when its author last edited it (null or absent: never) */
  editedAt?: number | null;
  best: boolean;
  rating: number;
  comcnt: number;
  canthStatus: number;
  totalmarks: number;
  author: Author;
  comments: CommentThread;
};

/** A category of a page's trail as the crumbs show it. */
export type Crumb = { id: number; name: string; urlname: string };

/**
 * What the deleted-question view shows a moderator beside his restore control: the title, who
 * deleted it and the author. Everybody else gets the reasons and the crumbs only.
 */
export type DeletedQuestionFacts = {
  id: number;
  qtext: string;
  deletedBy: string | null;
  author: { id: number; nick: string; lvl: number; points: number };
};

export type QuestionView = {
  id: number;
  qtext: string;
  qcomment: string;
  state: QuestionState;
  hidden: boolean;
  deletedBy: string | null;
  categoryId: number;
  topCategoryId: number;
  anscnt: number;
  comcnt: number;
  added: number;
  stateChangedAt: number;
  pollType: "S" | "C" | null;
  totalVoted: number;
  totalmarks: number;
  /** the best answer's id, once one is chosen (chosen only on the way to state R) */
  bestAnswerId: number | null;
  /** 1 once the question has been a paid leader (it stays after the lead ends) */
  waslead: number;
  /** the asker closed it to supplements */
  noadd: boolean;
  author: Author;
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
  author: { id: number; nick: string; lvl: number; points: number; filin?: string | null; moder?: number };
};

/**
 * A comment tree node of the read calls' replies (moreanswers, showans, comments …) in the API's
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
  /** the author's avatar key, null for the generated one (and for a deleted comment) */
  filin: string | null;
  /** 1 when the author is a volunteer moderator (the «Модератор» label beside his nick) */
  moder?: number;
  added: number;
  hidden: 0 | 1;
  comcnt: number;
  /** 1 when no reply may be added under it: closed, deleted, or at the deepest level */
  isclosed: 0 | 1;
  parent: number;
  comments: CommentReply[];
  more: number;
  marked?: 1;
};
