import type { CommentNode, CommentThread } from "../../lib/views";
import { and, eq, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { dbOf, schema } from "../core/db.server";
import { LIMITS } from "../../lib/limits";
import { type AuthorRow, authorsById, moderatorSql } from "../users/users.server";

export type CommentRow = {
  id: number;
  ref_type: string;
  ref_id: number;
  parent_id: number | null;
  depth: number;
  text: string;
  added: number;
  hidden: number;
  comcnt: number;
  /** 1 when no reply may be added under it */
  isclosed?: number;
  user_id: number;
  nick: string;
  lvl: number;
  points: number;
  kpd: number;
  filin?: string | null;
  /** 1 for a volunteer moderator */
  moder?: number;
};

const c = schema.comments;
const u = schema.users;

/**
 * The comments of several targets at once, applying the listing rule: a target with fewer than 30
 * comments shows all of them; otherwise 20 top-level comments, 3 replies under each and 3 under
 * those ('20,3,3'), and 'more' links for the rest. `targets` is a condition on the comments table.
 * `full` lists everything to the 'more' depth instead, but never more than LIMITS.commentsListMax
 * comments, oldest first: a parent always comes before its replies, so the cut listing is still a
 * tree, and a comment whose replies were cut keeps its 'more' count (buildThreads). A query builder
 * (not raw SQL) so that it can ride in a D1 batch.
 */
export function commentsQuery(env: Env, targets: SQL, full = false, joined = true) {
  return full ? listedQuery(env, targets, joined) : rankedQuery(env, targets, joined);
}

/** Comment rows read without the users' join (a thread database's) with their commenters from DB, in one read by id. */
export async function withCommenters(env: Env, rows: CommentRow[]): Promise<CommentRow[]> {
  const authors = await authorsById(
    env,
    rows.map((r) => r.user_id),
  );
  return commentersFilled(rows, authors);
}

/** What a comment shows of its author. */
export type Commenter = Pick<AuthorRow, "nick" | "lvl" | "points" | "kpd" | "filin" | "moder">;

/** Comment rows read without the users' join, their commenters filled in from `authors`. */
export function commentersFilled(rows: CommentRow[], authors: Map<number, Commenter>): CommentRow[] {
  return rows.map((r) => {
    const a = authors.get(r.user_id);
    return a ? { ...r, nick: a.nick, lvl: a.lvl, points: a.points, kpd: a.kpd, filin: a.filin, moder: a.moder } : r;
  });
}

/** The comments of the targets where the thread lives, with their commenters (`home`: threadHome's). */
export async function threadComments(env: Env, home: { env: Env; joined: boolean }, targets: SQL, full = false): Promise<CommentRow[]> {
  const rows = (await commentsQuery(home.env, targets, full, home.joined)) as CommentRow[];
  return home.joined ? rows : withCommenters(env, rows);
}

/**
 * The commenter's columns: joined from `users` (DB), or empty on a thread database, where the page
 * fills them in by `user_id` (question-page.server.ts).
 */
function commenterColumns(joined: boolean) {
  return joined
    ? { nick: u.nick, lvl: u.lvl, points: u.points, kpd: u.kpd, filin: u.filin, moder: moderatorSql }
    : {
        nick: sql<string>`''`.as("nick"),
        lvl: sql<number>`0`.as("lvl"),
        points: sql<number>`0`.as("points"),
        kpd: sql<number>`0`.as("kpd"),
        filin: sql<string | null>`NULL`.as("filin"),
        moder: sql<number>`0`.as("moder"),
      };
}

/** A comment's own columns, as both listings read them. */
const COMMENT_COLUMNS = {
  id: c.id,
  ref_type: c.refType,
  ref_id: c.refId,
  parent_id: c.parentId,
  depth: c.depth,
  text: c.text,
  added: c.added,
  hidden: c.hidden,
  comcnt: c.comcnt,
  isclosed: c.isclosed,
  user_id: c.userId,
};

/** Everything of the targets to the 'more' depth, at most LIMITS.commentsListMax comments, oldest first (`joined`: as rankedQuery). */
function listedQuery(env: Env, targets: SQL, joined: boolean) {
  const db = dbOf(env);
  const listed = db
    .select(COMMENT_COLUMNS)
    .from(c)
    .where(and(targets, lt(c.depth, LIMITS.commentMoreDepth)))
    .orderBy(c.id)
    .limit(LIMITS.commentsListMax)
    .as("x");
  const listing = db
    .select({
      id: listed.id,
      ref_type: listed.ref_type,
      ref_id: listed.ref_id,
      parent_id: listed.parent_id,
      depth: listed.depth,
      text: listed.text,
      added: listed.added,
      hidden: listed.hidden,
      comcnt: listed.comcnt,
      isclosed: listed.isclosed,
      user_id: listed.user_id,
      ...commenterColumns(joined),
    })
    .from(listed)
    .$dynamic();
  return (joined ? listing.innerJoin(u, eq(u.id, listed.user_id)) : listing).orderBy(listed.ref_type, listed.ref_id, listed.id);
}

/** The '20,3,3' listing of the targets (`joined`: with the commenters' columns from `users`). */
function rankedQuery(env: Env, targets: SQL, joined: boolean) {
  const db = dbOf(env);
  const ranked = db
    .select({
      ...COMMENT_COLUMNS,
      rn: sql<number>`row_number() over (partition by ${c.refType}, ${c.refId}, ${c.parentId} order by ${c.id})`.as("rn"),
      total: sql<number>`count(*) over (partition by ${c.refType}, ${c.refId})`.as("total"),
    })
    .from(c)
    .where(targets)
    .as("x");
  const [top, second, third] = LIMITS.commentDepth;
  const rule = or(
    lt(ranked.total, LIMITS.commentsFullBelow),
    and(eq(ranked.depth, 0), lte(ranked.rn, top)),
    and(eq(ranked.depth, 1), lte(ranked.rn, second)),
    and(eq(ranked.depth, 2), lte(ranked.rn, third)),
  );
  const listing = db
    .select({
      id: ranked.id,
      ref_type: ranked.ref_type,
      ref_id: ranked.ref_id,
      parent_id: ranked.parent_id,
      depth: ranked.depth,
      text: ranked.text,
      added: ranked.added,
      hidden: ranked.hidden,
      comcnt: ranked.comcnt,
      isclosed: ranked.isclosed,
      user_id: ranked.user_id,
      ...commenterColumns(joined),
    })
    .from(ranked)
    .$dynamic();
  return (joined ? listing.innerJoin(u, eq(u.id, ranked.user_id)) : listing)
    .where(and(rule, lt(ranked.depth, LIMITS.commentMoreDepth)))
    .orderBy(ranked.ref_type, ranked.ref_id, ranked.id);
}

/** Turns flat rows (ordered by id) into one tree per target, keyed "A:12" or "Q:3". */
export function buildThreads(rows: CommentRow[]): Map<string, CommentThread> {
  const threads = new Map<string, CommentThread>();
  const nodes = new Map<number, CommentNode>();
  for (const r of rows) {
    const key = `${r.ref_type}:${r.ref_id}`;
    let thread = threads.get(key);
    if (!thread) {
      thread = { nodes: [], total: 0, shown: 0 };
      threads.set(key, thread);
    }
    // a deleted comment keeps its place for its replies, without its text or its author
    const node: CommentNode = {
      id: r.id,
      added: r.added,
      replies: [],
      more: r.comcnt,
      ...(r.isclosed === 1 ? { closed: true } : {}),
      ...(r.hidden
        ? { text: null, author: null }
        : { text: r.text, author: { id: r.user_id, nick: r.nick, lvl: r.lvl, points: r.points, kpd: r.kpd, filin: r.filin, moder: r.moder ?? 0 } }),
    };
    if (r.parent_id == null) {
      thread.nodes.push(node);
      nodes.set(r.id, node);
    } else {
      const parent = nodes.get(r.parent_id);
      if (!parent) continue; // its parent was cut off by the listing rule
      parent.replies.push(node);
      parent.more = Math.max(0, parent.more - 1);
      nodes.set(r.id, node);
    }
  }
  return threads;
}

/** The thread of one target with its total number of comments (deleted ones included). */
export function threadOf(threads: Map<string, CommentThread>, key: string, total: number): CommentThread {
  const t = threads.get(key) ?? { nodes: [], total: 0, shown: 0 };
  return { nodes: t.nodes, total, shown: countNodes(t.nodes) };
}

function countNodes(nodes: CommentNode[]): number {
  return nodes.reduce((s, n) => s + 1 + countNodes(n.replies), 0);
}
