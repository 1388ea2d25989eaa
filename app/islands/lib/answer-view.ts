/**
 * Answers as the islands draw them: the named calls and the live room speak the API's fields
 * (moreanswers / showans: aid, atext, nick …; the room's "answer" event: the LiveAnswer), while the
 * server's markup (AnswerItem, CommentTree) takes the page's AnswerView. These turn the one into
 * the other, so an answer added in place looks exactly like one the server rendered.
 */
import type { AnswerView, CommentNode, CommentReply, LiveAnswer } from "../../lib/views";

/** What drawing a comment reads of a CommentReply: the rest of its fields may be absent. */
export type DrawnComment = Pick<CommentReply, "cmid" | "cmtext" | "usrid" | "nick" | "lvl" | "points" | "kpd" | "added" | "hidden" | "moder"> & {
  /** the author's avatar key (null: the generated one); a client that leaves it out gets no avatar drawn */
  filin?: string | null;
  comments?: DrawnComment[];
  more?: number;
};

/** An answer of a moreanswers/showans reply (reads.server.ts shapeAnswer). */
export type AnswerReply = {
  aid: number;
  qid: number;
  usrid: number;
  nick: string;
  lvl: number;
  points: number;
  filin?: string | null;
  /** 1 for a volunteer moderator */
  moder?: number;
  atext: string;
  added: number;
  source: string;
  vip?: number | boolean;
  best: 0 | 1;
  rating: number;
  comcnt: number;
  canth_status: number;
  totalmarks: number;
  comments?: DrawnComment[];
};

function author(id: number, nick: string, lvl: number, points: number, kpd = 0, vip = 0) {
  return { id, nick, lvl, points, kpd, vip, bannedUntil: null, banPermanent: 0 };
}

export function commentNode(c: DrawnComment): CommentNode {
  return {
    id: c.cmid,
    added: c.added,
    replies: (c.comments ?? []).map(commentNode),
    more: c.more ?? 0,
    ...(c.hidden
      ? { text: null, author: null }
      : {
          text: c.cmtext,
          author: {
            id: c.usrid,
            nick: c.nick,
            lvl: c.lvl,
            points: c.points,
            kpd: c.kpd,
            ...(c.filin !== undefined ? { filin: c.filin } : {}),
            ...(c.moder ? { moder: 1 } : {}),
          },
        }),
  };
}

function counted(nodes: CommentNode[]): number {
  return nodes.reduce((n, c) => n + 1 + counted(c.replies), 0);
}

export function fromReply(r: AnswerReply): AnswerView {
  const nodes = (r.comments ?? []).map(commentNode);
  return {
    id: r.aid,
    qid: r.qid,
    text: r.atext,
    source: r.source ?? "",
    added: r.added,
    best: r.best === 1,
    rating: r.rating ?? 0,
    comcnt: r.comcnt ?? 0,
    canthStatus: r.canth_status ?? 0,
    totalmarks: r.totalmarks ?? 0,
    author: {
      ...author(r.usrid, r.nick, r.lvl, r.points, 0, r.vip ? 1 : 0),
      ...(r.filin !== undefined ? { filin: r.filin } : {}),
      ...(r.moder ? { moder: 1 } : {}),
    },
    comments: { nodes, total: Math.max(r.comcnt ?? 0, counted(nodes)), shown: counted(nodes) },
  };
}

/** A brand-new answer from the room's event: no comments, marks or reactions yet. */
export function fromLive(qid: number, aid: number, a: LiveAnswer): AnswerView {
  return {
    id: aid,
    qid,
    text: a.text,
    source: a.source,
    added: a.added,
    best: false,
    rating: 0,
    comcnt: 0,
    canthStatus: 0,
    totalmarks: 0,
    author: {
      ...author(a.author.id, a.author.nick, a.author.lvl, a.author.points),
      ...(a.author.filin !== undefined ? { filin: a.author.filin } : {}),
      ...(a.author.moder ? { moder: 1 } : {}),
    },
    comments: { nodes: [], total: 0, shown: 0 },
  };
}
