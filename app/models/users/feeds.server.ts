/**
 * The owner's feeds (docs/decisions/0037-following-and-feeds.md): 'users' — what the people he
 * follows asked and answered; 'questions' — the questions he watches, by their latest activity
 * (a new answer, a best answer, a restore).
 *
 * The people feed is kept as rows (feed_items), written by the database's triggers when someone
 * he follows writes and when he follows someone (fan-out on write), so a page is one range of his
 * rows however many people he follows and however much they wrote. The stars (users followed by
 * more than FEED_FANOUT_MAX) are the exception: their writing is read when the feed is read
 * (fan-in), at most the page's depth of each one's newest questions and answers through their
 * own index ranges, so a write of theirs costs nothing per follower. The watched questions and a
 * brand's feeds (brandFeed*Query: its questions, its members' writing, and the answers on its
 * most recently active questions) are read at the time of reading the same way, each bounded by
 * FEED_FANIN_MAX.
 */
import { sql, type SQL } from "drizzle-orm";
import { LIMITS } from "../../lib/limits";
import { dbOf } from "../core/db.server";
import { activityOpen, answerCols, liveAnswer, liveQuestion, openCategory, questionCols, type Reader, userCols } from "../core/visibility.server";

/** The most recent watches (and brand members, and followed stars) a feed gathers from: the bound on its reads. */
export const FEED_FANIN_MAX = 1000;

/**
 * A user followed by more people than this is a star (users.feed_star): his writing is read into
 * his followers' feeds when they read them instead of written into them (migration 0021's
 * triggers hold the same number).
 */
export const FEED_FANOUT_MAX = 1000;

export type FeedUserItem = { kind: "Q" | "A"; id: number; qid: number; qtext: string; text: string; added: number; uid: number; nick: string; lvl: number };
export type FeedQuestionItem = { id: number; qtext: string; state: string; anscnt: number; updated: number; added: number };

/** SQL: leave out questions in the categories of `leaveOut` (the adult ones, for a reader who has not confirmed his age). */
const shownCategories = (leaveOut: number[]) => sql`AND ${openCategory(leaveOut, sql.raw("q.category_id"))}`;

/** The visibility rule's live question and answer (app/models/core/visibility.server.ts), bare (a statement of one table) or as `q`. */
const LIVE_Q = liveQuestion(questionCols(""));
const LIVE_QQ = liveQuestion(questionCols("q"));
const LIVE_A = liveAnswer(answerCols(""));

/** SQL: only rows of `col` older than `before` (ms), when given. */
const olderThan = (col: string, before?: number) => (before !== undefined ? sql.raw(`AND ${col} < ${Math.floor(before)}`) : sql``);

/**
 * SQL: the newest time at which a page of `depth` rows can still start, read from the indexes
 * alone (questions_user_live_idx, answers_user_live_idx): the depth-th newest of each author's
 * newest `depth` live questions and answers, or 0 when they are fewer. Every row of the page is at
 * least that new, unless a filter the indexes do not hold (the question of an answer hidden, a
 * category left out) drops some of them.
 */
function cutoffSql(depth: number, before?: number) {
  return sql`(SELECT coalesce((SELECT added FROM (
      SELECT x.value AS added FROM fl, json_each((SELECT json_group_array(added) FROM (
        SELECT added FROM questions WHERE user_id = fl.author_id AND ${LIVE_Q} ${olderThan("added", before)} ORDER BY added DESC LIMIT ${depth}
      ))) x
      UNION ALL
      SELECT x.value AS added FROM fl, json_each((SELECT json_group_array(added) FROM (
        SELECT added FROM answers WHERE user_id = fl.author_id AND ${LIVE_A} ${olderThan("added", before)} ORDER BY added DESC LIMIT ${depth}
      ))) x
    ) ORDER BY added DESC LIMIT 1 OFFSET ${depth - 1}), 0))`;
}

/**
 * One page of what a bounded set of authors asked and answered: their newest visible questions and
 * answers (to visible questions), newest first, from `offset`, `limit` rows, older than `before`
 * (ms) when given, without the categories of `leaveOut`. `authors` is a statement yielding at most
 * FEED_FANIN_MAX rows with one column `author_id`. Each author contributes at most offset + limit
 * rows of each kind, read newest first from his own index range (the live questions' and answers'
 * partial indexes by user), so the page never scans anyone's history.
 *
 * Reading those rows whole for every author (8,000 rows for 200 busy authors, for a page of 20)
 * grew with the store. So the page is first read with a cutoff taken from the
 * indexes alone (`cutoffSql`), which leaves about `offset + limit` rows to read whole. When that
 * page comes out short (a filter dropped rows above the cutoff, or the feed ends), it is read again
 * without the cutoff, as it always was; unless the cutoff was 0 (the authors hold fewer rows than
 * the page's depth, so it left none out), when the short page is the page: a feed's end, or a
 * brand with few people, costs one round trip.
 */
async function authorsFeedQuery(env: Env, authors: SQL, offset: number, limit: number, before?: number, leaveOut: number[] = []): Promise<FeedUserItem[]> {
  const fast = await authorsFeedPage(env, authors, offset, limit, before, leaveOut, true);
  const rows = fast.length >= limit || fast[0]?.cut === 0 ? fast : await authorsFeedPage(env, authors, offset, limit, before, leaveOut, false);
  return rows.map(({ cut: _, ...item }) => item);
}

function authorsFeedPage(env: Env, authors: SQL, offset: number, limit: number, before: number | undefined, leaveOut: number[], withCutoff: boolean) {
  const depth = offset + limit;
  return dbOf(env).all<FeedUserItem & { cut: number }>(sql`
    WITH fl AS (${authors}),
    cut AS (SELECT ${withCutoff ? cutoffSql(depth, before) : sql`0`} AS t)
    ${fanInRows(depth, before, leaveOut, withCutoff)}
    ORDER BY added DESC, id DESC
    LIMIT ${limit} OFFSET ${offset}
  `);
}

/**
 * SQL: the newest `depth` visible questions and answers (to visible questions) of each author of
 * `fl` (a statement of one column, `author_id`), older than `before` when given, as feed items
 * with the cutoff `cut.t` (both named by the statement around it), as many rows as they are, in
 * no order; only rows at least as new as the cutoff when `withCutoff`.
 */
function fanInRows(depth: number, before: number | undefined, leaveOut: number[], withCutoff: boolean) {
  const shown = shownCategories(leaveOut);
  const newEnough = withCutoff ? sql`AND added >= (SELECT t FROM cut)` : sql``;
  return sql`
    SELECT 'Q' AS kind, q.id AS id, q.id AS qid, q.qtext AS qtext, '' AS text, q.added AS added, u.id AS uid, u.nick AS nick, u.lvl AS lvl, (SELECT t FROM cut) AS cut
    FROM fl
    JOIN questions q ON q.id IN (
      SELECT id FROM questions WHERE user_id = fl.author_id AND ${LIVE_Q} ${olderThan("added", before)} ${newEnough} ORDER BY added DESC LIMIT ${depth}
    )
    JOIN users u ON u.id = q.user_id
    WHERE 1 ${shown}
    UNION ALL
    SELECT 'A' AS kind, a.id AS id, a.qid AS qid, q.qtext AS qtext, a.text AS text, a.added AS added, u.id AS uid, u.nick AS nick, u.lvl AS lvl, (SELECT t FROM cut) AS cut
    FROM fl
    JOIN answers a ON a.id IN (
      SELECT id FROM answers WHERE user_id = fl.author_id AND ${LIVE_A} ${olderThan("added", before)} ${newEnough} ORDER BY added DESC LIMIT ${depth}
    )
    JOIN questions q ON q.id = a.qid AND ${LIVE_QQ} ${shown}
    JOIN users u ON u.id = a.user_id`;
}

/**
 * One page of the 'users' feed of `owner` (the reader): what the users he follows asked and
 * answered, newest first (docs/decisions/0037), but for those whose activity is not open to him (a
 * hidden profile, or one who put him on his blacklist: activityOpen). Most of it is his feed's rows (feed_items, written when the people
 * he follows write): one range of their key, read in order, each row's question or answer read
 * with it for what the page shows and whether it is still shown (not hidden, not deleted, not in
 * a category left out). The writing of the stars he follows (users followed by more than
 * FEED_FANOUT_MAX, whose writing is not fanned out) is read from their own index ranges, as a
 * brand's people are (fanInRows), and merged in; the stars are found through their own small
 * index, so a reader who follows many people and no star pays nothing for them.
 */
export function feedUsersQuery(env: Env, owner: Reader, offset: number, limit: number, before?: number, leaveOut: number[] = []) {
  const depth = offset + limit;
  const ownerId = owner.id;
  const stars = sql`SELECT s.id AS author_id FROM users s
    WHERE s.feed_star = 1 AND EXISTS (SELECT 1 FROM follows WHERE follower_id = ${ownerId} AND target_type = 'U' AND target_id = s.id)
      AND ${activityOpen(owner, userCols("s"))}
    LIMIT ${FEED_FANIN_MAX}`;
  return dbOf(env).all<FeedUserItem>(sql`
    WITH fl AS (${stars}), cut AS (SELECT 0 AS t)
    SELECT kind, id, qid, qtext, text, added, uid, nick, lvl FROM (
      SELECT * FROM (
        SELECT f.kind AS kind, f.item_id AS id, q.id AS qid, q.qtext AS qtext, coalesce(a.text, '') AS text, f.added AS added, u.id AS uid, u.nick AS nick, u.lvl AS lvl, 0 AS cut
        FROM feed_items f
        LEFT JOIN answers a ON f.kind = 'A' AND a.id = f.item_id
        JOIN questions q ON q.id = (CASE f.kind WHEN 'Q' THEN f.item_id ELSE a.qid END)
        JOIN users u ON u.id = f.author_id
        WHERE f.owner_id = ${ownerId} ${olderThan("f.added", before)} AND u.feed_star = 0 AND ${activityOpen(owner, userCols("u"))}
          AND (f.kind = 'Q' OR ${liveAnswer(answerCols("a"))}) AND ${LIVE_QQ} ${shownCategories(leaveOut)}
        ORDER BY f.added DESC, f.item_id DESC
        LIMIT ${depth}
      )
      UNION ALL
      ${fanInRows(depth, before, leaveOut, false)}
    )
    ORDER BY added DESC, id DESC
    LIMIT ${limit} OFFSET ${offset}
  `);
}

/**
 * One page of a brand's 'users' feed: what the brand's people (its experts and administrators) asked
 * and answered, but for those whose activity is not open to the reader (activityOpen).
 */
export function brandFeedUsersQuery(env: Env, brandId: number, reader: Reader, offset: number, limit: number, before?: number, leaveOut: number[] = []) {
  const authors = sql`SELECT m.user_id AS author_id FROM brand_members m JOIN users mu ON mu.id = m.user_id
    WHERE m.brand_id = ${brandId} AND ${activityOpen(reader, userCols("mu"))} LIMIT ${FEED_FANIN_MAX}`;
  return authorsFeedQuery(env, authors, offset, limit, before, leaveOut);
}

/**
 * One page of a brand's 'questions' feed: the live public questions tagged for the brand, the one
 * with the latest activity first — one range of questions_brand_updated_idx.
 */
export function brandFeedQuestionsQuery(env: Env, brandId: number, offset: number, limit: number, before?: number, leaveOut: number[] = []) {
  return dbOf(env).all<FeedQuestionItem>(sql`
    SELECT q.id AS id, q.qtext AS qtext, q.state AS state, q.anscnt AS anscnt, q.updated_at AS updated, q.added AS added
    FROM questions q
    WHERE q.brand_id = ${brandId} AND ${LIVE_QQ} ${olderThan("q.updated_at", before)} ${shownCategories(leaveOut)}
    ORDER BY q.updated_at DESC, q.id DESC
    LIMIT ${limit} OFFSET ${offset}
  `);
}

/**
 * How many more of a brand's most recently active questions its 'updates' feed looks into for
 * answers than the page's depth: a new answer moves its question up (updated_at), so the newest
 * answers are on the most recently active questions; the margin covers questions moved up by
 * other activity (a best answer, a restore).
 */
const UPDATES_MARGIN = 100;

/**
 * One page of a brand's 'updates' feed: what happened around the brand, newest first — a question
 * tagged for it was asked (its newest questions by questions_brand_idx), or someone answered one
 * (the newest answers, answers_qid_idx, of its offset + limit + UPDATES_MARGIN most recently
 * active questions by questions_brand_updated_idx). A page reads at most those index ranges.
 */
export function brandFeedUpdatesQuery(env: Env, brandId: number, offset: number, limit: number, before?: number, leaveOut: number[] = []) {
  const depth = offset + limit;
  const shown = shownCategories(leaveOut);
  return dbOf(env).all<FeedUserItem>(sql`
    WITH asked AS (
      SELECT q.id AS id FROM questions q
      WHERE q.brand_id = ${brandId} AND ${LIVE_QQ} ${olderThan("q.added", before)} ${shown}
      ORDER BY q.added DESC LIMIT ${depth}
    ),
    active AS (
      SELECT q.id AS id FROM questions q
      WHERE q.brand_id = ${brandId} AND ${LIVE_QQ} ${shown}
      ORDER BY q.updated_at DESC LIMIT ${depth + UPDATES_MARGIN}
    )
    SELECT 'Q' AS kind, q.id AS id, q.id AS qid, q.qtext AS qtext, '' AS text, q.added AS added, u.id AS uid, u.nick AS nick, u.lvl AS lvl
    FROM asked
    JOIN questions q ON q.id = asked.id
    JOIN users u ON u.id = q.user_id
    UNION ALL
    SELECT 'A' AS kind, a.id AS id, a.qid AS qid, q.qtext AS qtext, a.text AS text, a.added AS added, u.id AS uid, u.nick AS nick, u.lvl AS lvl
    FROM active
    JOIN questions q ON q.id = active.id
    JOIN answers a ON a.id IN (
      SELECT id FROM answers WHERE qid = active.id AND ${LIVE_A} ${olderThan("added", before)} ORDER BY added DESC LIMIT ${depth}
    )
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
  return dbOf(env).all<FeedQuestionItem>(sql`
    SELECT q.id AS id, q.qtext AS qtext, q.state AS state, q.anscnt AS anscnt, q.updated_at AS updated, q.added AS added
    FROM (SELECT qid FROM watches WHERE user_id = ${ownerId} ORDER BY added DESC LIMIT ${FEED_FANIN_MAX}) w
    JOIN questions q ON q.id = w.qid
    WHERE ${LIVE_QQ} ${olderThan("q.updated_at", before)} ${shownCategories(leaveOut)}
    ORDER BY q.updated_at DESC, q.id DESC
    LIMIT ${limit} OFFSET ${offset}
  `);
}

/** A page of either feed read with one row more than shown: the items and whether more follow. */
export function feedPage<T>(rows: T[], n: number = LIMITS.pageSize): { items: T[]; more: boolean } {
  return { items: rows.slice(0, n), more: rows.length > n };
}

/** The cursor for the next page of a feed: the last item's second (as `time` takes it), rounded up, so an item of that same second may come again but none is skipped. */
export const lastTime = (times: number[]) => (times.length > 0 ? Math.ceil(times[times.length - 1] / 1000) : null);
