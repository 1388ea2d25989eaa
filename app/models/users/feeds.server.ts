/**
 * The owner's feeds (docs/decisions/0037-following-and-feeds.md): 'users' — what the people he
 * follows asked and answered; 'questions' — the questions he watches, by their latest activity
 * (a new answer, a best answer, a restore). Both are read at the time of reading (fan-in), never
 * written per follower: each reads at most FEED_FANIN_MAX of his follows (or watches), and for
 * each followed user at most the page's depth of his newest questions and answers through
 * questions_user_idx and answers_user_idx, so a page costs a bounded number of index reads
 * however many questions those people wrote, and a write by a user with many followers costs
 * nothing extra.
 */
import { sql } from "drizzle-orm";
import { LIMITS } from "../../lib/limits";
import { dbOf } from "../core/db.server";

/** The most recent follows (and watches) a feed gathers from: the bound on its reads. */
export const FEED_FANIN_MAX = 1000;

export type FeedUserItem = { kind: "Q" | "A"; id: number; qid: number; qtext: string; text: string; added: number; uid: number; nick: string; lvl: number };
export type FeedQuestionItem = { id: number; qtext: string; state: string; anscnt: number; updated: number; added: number };

/**
 * One page of the 'users' feed of `ownerId`: the newest visible questions and answers (to visible
 * questions) of the users he follows, newest first, from `offset`, `limit` rows, older than
 * `before` (ms) when given, leaving out questions (and answers to questions) in the categories of
 * `leaveOut` (the adult ones, for a reader who has not confirmed his age). Each followed user contributes at most offset + limit rows of each
 * kind, read newest first from his own index range, so the page never scans anyone's history.
 */
export function feedUsersQuery(env: Env, ownerId: number, offset: number, limit: number, before?: number, leaveOut: number[] = []) {
  const depth = offset + limit;
  const shown = leaveOut.length > 0 ? sql`AND q.category_id NOT IN (SELECT value FROM json_each(${JSON.stringify(leaveOut)}))` : sql``;
  const older = (col: string) => (before !== undefined ? sql.raw(`AND ${col} < ${Math.floor(before)}`) : sql``);
  return dbOf(env).all<FeedUserItem>(sql`
    WITH fl AS (
      SELECT target_id FROM follows WHERE follower_id = ${ownerId} AND target_type = 'U' ORDER BY added DESC LIMIT ${FEED_FANIN_MAX}
    )
    SELECT 'Q' AS kind, q.id AS id, q.id AS qid, q.qtext AS qtext, '' AS text, q.added AS added, u.id AS uid, u.nick AS nick, u.lvl AS lvl
    FROM fl
    JOIN questions q ON q.id IN (
      SELECT id FROM questions WHERE user_id = fl.target_id AND state <> 'D' AND hidden = 0 ${older("added")} ORDER BY added DESC LIMIT ${depth}
    )
    JOIN users u ON u.id = q.user_id
    WHERE 1 ${shown}
    UNION ALL
    SELECT 'A' AS kind, a.id AS id, a.qid AS qid, q.qtext AS qtext, a.text AS text, a.added AS added, u.id AS uid, u.nick AS nick, u.lvl AS lvl
    FROM fl
    JOIN answers a ON a.id IN (
      SELECT id FROM answers WHERE user_id = fl.target_id AND hidden = 0 ${older("added")} ORDER BY added DESC LIMIT ${depth}
    )
    JOIN questions q ON q.id = a.qid AND q.hidden = 0 AND q.state <> 'D' ${shown}
    JOIN users u ON u.id = a.user_id
    ORDER BY added DESC, id DESC
    LIMIT ${limit} OFFSET ${offset}
  `);
}

/**
 * One page of the 'questions' feed of `ownerId`: the visible questions among his FEED_FANIN_MAX
 * most recent watches, the one with the latest activity first (older than `before` ms when given).
 */
export function feedQuestionsQuery(env: Env, ownerId: number, offset: number, limit: number, before?: number, leaveOut: number[] = []) {
  const shown = leaveOut.length > 0 ? sql`AND q.category_id NOT IN (SELECT value FROM json_each(${JSON.stringify(leaveOut)}))` : sql``;
  const older = before !== undefined ? sql.raw(`AND q.updated_at < ${Math.floor(before)}`) : sql``;
  return dbOf(env).all<FeedQuestionItem>(sql`
    SELECT q.id AS id, q.qtext AS qtext, q.state AS state, q.anscnt AS anscnt, q.updated_at AS updated, q.added AS added
    FROM (SELECT qid FROM watches WHERE user_id = ${ownerId} ORDER BY added DESC LIMIT ${FEED_FANIN_MAX}) w
    JOIN questions q ON q.id = w.qid
    WHERE q.hidden = 0 AND q.state <> 'D' ${older} ${shown}
    ORDER BY q.updated_at DESC, q.id DESC
    LIMIT ${limit} OFFSET ${offset}
  `);
}

/** A page of either feed read with one row more than shown: the items and whether more follow. */
export function feedPage<T>(rows: T[], n: number = LIMITS.pageSize): { items: T[]; more: boolean } {
  return { items: rows.slice(0, n), more: rows.length > n };
}
