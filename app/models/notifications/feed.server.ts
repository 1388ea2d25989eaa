/**
 * Reading one's notifications: the unread count (from the UserHub, D1 as the fallback), the list
 * pages, the feed, and marking items viewed.
 */
import { ERR, ERR_MSG } from "../../lib/errids";
import { and, count, desc, eq, inArray, lt, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { listOf, last, Offset, PageSize } from "../../lib/fields";
import { DomainError } from "../../lib/errors";
import { LIMITS } from "../../lib/limits";
import { dbOf, schema } from "../core/db.server";
import { userHub } from "../core/hub.server";
import { requireUser, type Session, type SessionUser } from "../users/session.server";
import { adultCategoryIds, noticeShown, type Reader, userReader, type Who, who } from "../core/visibility.server";
import { timeAgoWords } from "../../lib/time-ago";
import { getCategoryTree } from "../categories/categories.server";
import { feedPage, feedQuestionsQuery, feedUsersQuery, lastTime } from "../users/feeds.server";
import { BRAND_KEY } from "../brands/brands.server";
import { threadDbSql } from "../core/thread-ranges.server";
import { COLUMNS, n, type NotificationRow, urlnameSql, votedSql } from "./create.server";
import { toItem } from "./push.server";
import { keepShown, type NoticeRef } from "./thread-part.server";

// ------------------------------------------------------------------------------------ reads

const actor = schema.users;
const question = schema.questions;

/** `last` 1 on the list's oldest item when no older one follows (the end of the list), else 0. */
function endOfList<T extends Record<string, unknown>>(items: T[], more: number): T[] {
  return items.map((item, i) => ({ ...item, last: more === 0 && i === items.length - 1 ? 1 : 0 }));
}

/** A page read with one row more than shown: the items and whether more follow. */
function pageOf<T>(rows: T[], n: number) {
  return { shown: rows.slice(0, n), more: rows.length > n ? 1 : 0 };
}

/** A notification of `userId` that he may still see (noticeShown: nothing it names is hidden from him now). */
function shownTo(user: SessionUser, where?: SQL): SQL {
  return and(eq(n.userId, user.id), noticeShown(who(userReader(user)), n), where)!;
}

/** The list query: newest first, with the actor, the question title, and the thread database of the question (`home`, null: DB). */
function listQuery(env: Env, where: SQL, limit: number, offset: number) {
  const db = dbOf(env);
  return db
    .select({
      ...COLUMNS,
      // aliased: a D1 batch returns rows keyed by column name, and "lvl" is in both tables
      nick: sql<string | null>`${actor.nick}`.as("actor_nick"),
      actorLvl: sql<number | null>`${actor.lvl}`.as("actor_lvl"),
      filin: sql<string | null>`${actor.filin}`.as("actor_filin"),
      txtq: sql<string | null>`${question.qtext}`.as("txtq"),
      voted: votedSql(),
      urlname: urlnameSql(),
      home: threadDbSql(n.qid).as("home"),
      // the recipient's age confirmation, for the thread's part of the rule where the thread lives elsewhere
      recipientAdult: sql<number>`(SELECT r.is_adult FROM users r WHERE r.id = ${n.userId})`.as("recipient_adult"),
    })
    .from(n)
    .leftJoin(actor, eq(actor.id, n.actorId))
    .leftJoin(question, eq(question.id, n.qid))
    .where(where)
    .orderBy(desc(n.id))
    .limit(limit)
    .offset(offset);
}

/** What the thread's part of the rule reads of the newest `limit` notifications matching `where` (older than `before`), newest first. */
function refsQuery(env: Env, where: SQL, limit: number, before?: number) {
  return dbOf(env)
    .select({ nid: n.id, kind: n.kind, actorId: n.actorId, qid: n.qid, aid: n.aid, cmid: n.cmid, home: threadDbSql(n.qid).as("home") })
    .from(n)
    .where(and(where, before !== undefined ? lt(n.id, before) : undefined))
    .orderBy(desc(n.id))
    .limit(limit);
}

/**
 * `limit` notifications of `user` matching `where` (shownTo) from the `offset`-th he may see: one
 * batch (the page and the refs of every row up to its end) when none of those rows names a thread
 * that lives in a thread database. Otherwise their thread's part is checked where the thread lives
 * (keepShown), reading on past the page while rows drop out, and the page is read again without the
 * dropped ones, their titles filled in from where their threads live.
 */
async function shownPage(env: Env, user: SessionUser, where: SQL, limit: number, offset: number, now: number): Promise<NotificationRow[]> {
  const db = dbOf(env);
  const reader = userReader(user);
  const span = offset + limit;
  const [page, first] = await db.batch([listQuery(env, where, limit, offset), refsQuery(env, where, span)]);
  if (!first.some((r) => r.home)) return page;
  const dropped = new Set<number>();
  const filled = new Map<number, Partial<NotificationRow>>();
  let refs: NoticeRef[] = first;
  let asked = span;
  let seen = 0;
  for (;;) {
    const checked = await keepShown(env, refs, () => reader, now);
    for (const id of checked.dropped) dropped.add(id);
    for (const r of checked.kept) if (r.home) filled.set(r.nid, r);
    seen += refs.length;
    // the page ends within the rows read, or no more rows follow
    if (refs.length < asked || seen - dropped.size >= span) break;
    asked = span - (seen - dropped.size);
    refs = await refsQuery(env, where, asked, refs[refs.length - 1].nid);
  }
  const rows =
    dropped.size === 0
      ? page
      : await listQuery(env, and(where, sql`${n.id} NOT IN (SELECT value FROM json_each(${JSON.stringify([...dropped])}))`)!, limit, offset);
  return rows.map((r) => ({ ...r, ...filled.get(r.nid) }));
}

/** One page of the user's notifications that he may still see, newest first (the profile's 'updates' feed): `limit` rows from `offset`. */
export function notificationsPage(env: Env, user: SessionUser, limit: number, offset: number, now: number) {
  return shownPage(env, user, shownTo(user), limit, offset, now);
}

/**
 * The notifications among `nids` that their recipients may still see, as each one's bell would
 * list them (Web Push and the mails read them this way just before sending, and the push of a
 * notice of a thread that lives in a thread database: an item dropped since is not sent).
 */
export async function shownToRecipients(env: Env, nids: readonly number[], now: number): Promise<NotificationRow[]> {
  if (nids.length === 0) return [];
  const recipient: Who = { id: sql`${n.userId}`, adult: sql`(SELECT r.is_adult FROM users r WHERE r.id = ${n.userId})` };
  const rows = await listQuery(env, and(inArray(n.id, [...nids]), noticeShown(recipient, n))!, nids.length, 0);
  return (await keepShown(env, rows, (r) => ({ id: r.userId, adult: r.recipientAdult === 1 }), now)).kept;
}

/** The hub's answer, or `fallback` (logged) when the hub fails: a read never fails for it. */
async function fromHub<T>(what: string, call: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    console.error(`user hub: ${what} failed`, e);
    return fallback();
  }
}

/** How many of the newest unread notifications naming a thread that lives in a thread database the count checks there; older ones count as DB's SQL says. */
const UNREAD_CHECKED = 500;

/**
 * The count of the user's unread notifications he may still see: DB's count, less those of its
 * newest UNREAD_CHECKED whose thread lives in a thread database and whose thread's part fails
 * there (one batch when none of them is elsewhere).
 */
async function unreadInD1(env: Env, user: SessionUser, now: number): Promise<number> {
  const db = dbOf(env);
  const unread = shownTo(user, eq(n.viewed, 0));
  const refs = dbOf(env)
    .select()
    .from(refsQuery(env, unread, UNREAD_CHECKED).as("w"))
    .where(sql`home IS NOT NULL`);
  const [counted, away] = await db.batch([db.select({ c: count() }).from(n).where(unread), refs]);
  const all = counted[0]?.c ?? 0;
  if (away.length === 0) return all;
  const { dropped } = await keepShown(env, away, () => userReader(user), now);
  return all - dropped.size;
}

/** show_nc: the unread count from the user's hub (D1's count if the hub is down). */
export async function showCount(env: Env, session: Session | null, now: number) {
  const user = requireUser(session);
  const res = await fromHub(
    "unread",
    () => userHub(env, user.id).unread(),
    () => unreadInD1(env, user, now),
  );
  return { res };
}

const blank = (v: unknown) => {
  const x = last(v);
  return x === "" || x === null ? undefined : x;
};
const MAX_ID = 2 ** 31 - 1;
const offset = Offset.transform((p) => p ?? 0);
const pageSize = PageSize.transform((n) => n ?? LIMITS.pageSize);
const optionalId = (errid: string) => z.preprocess(blank, z.coerce.number(errid).int(errid).positive(errid).max(MAX_ID, errid).optional());

export const ShowBulkInput = z.object({ p: offset, n: pageSize });

/**
 * show_bulk: the latest page of the user's notifications (20, offset p, newest first) and the
 * unread count. D1's count of unread rows is read beside the page and, when the hub disagrees
 * (a push that failed, a row written where no env was at hand), the hub is set to it.
 */
export async function showBulk(env: Env, session: Session | null, input: z.infer<typeof ShowBulkInput>, now: number) {
  const user = requireUser(session);
  const hub = userHub(env, user.id);
  const [rows, unread, hubCount] = await Promise.all([
    shownPage(env, user, shownTo(user), input.n + 1, input.p, now),
    unreadInD1(env, user, now),
    hub.unread().catch((e: unknown) => {
      console.error("user hub: unread failed", e);
      return null;
    }),
  ]);
  if (hubCount !== null && hubCount !== unread) {
    await hub.resetUnread(unread).catch((e: unknown) => console.error("user hub: resetUnread failed", e));
  }
  const { shown, more } = pageOf(rows, input.n);
  return {
    bulk: endOfList(
      shown.map((r) => toItem(r)),
      more,
    ),
    more,
    res: unread,
  };
}

export const FeedInput = z.object({
  id: optionalId(ERR_MSG.notYourFeed),
  n: pageSize,
  p: offset,
  /** only notifications older than this one (the id of the last one shown) */
  nid: optionalId(ERR_MSG.notificationIdInvalid),
  /** only notifications older than this (seconds, as `timestamp`) */
  time: z.preprocess(
    blank,
    z.coerce.number(ERR_MSG.feedTimeInvalid).int(ERR_MSG.feedTimeInvalid).positive(ERR_MSG.feedTimeInvalid).max(1e11, ERR_MSG.feedTimeInvalid).optional(),
  ),
  /** a brand's feed instead of mine: the brand's id or urlname */
  cid: BRAND_KEY.cid,
  /** updates: my notifications (the default); users: what the people I follow asked and answered; questions: the questions I watch */
  sub: z.preprocess(blank, z.enum(["updates", "users", "questions"], ERR_MSG.feedSubInvalid).default("updates")),
});

/**
 * /api/notify/feed: the user's notifications feed, paged by offset p (n ≤ 20) and/or from a cursor
 * (nid: older than that notification; time: older than that moment). Only one's own (id, when
 * given, must be the user's: 364). Each item carries `timecell`, the time ago in words.
 */
export async function readFeed(env: Env, session: Session | null, input: z.infer<typeof FeedInput>, now: number, reader: Reader) {
  const user = requireUser(session);
  // the feeds of other people's questions leave out the adult categories for a reader who has not confirmed his age
  const leaveOut = input.sub !== "updates" && !reader.adult ? adultCategoryIds(await getCategoryTree(env, now)) : [];
  if (input.id !== undefined && input.id !== user.id) throw new DomainError(ERR.notYourFeed);
  const before = input.time !== undefined ? input.time * 1000 : undefined;
  if (input.sub === "users") {
    const { items, more } = feedPage(await feedUsersQuery(env, reader, input.p, input.n + 1, before, leaveOut), input.n);
    return { feed: items.map((i) => ({ ...i, timecell: timeAgoWords(i.added, now) })), more: more ? 1 : 0, lasttime: lastTime(items.map((i) => i.added)) };
  }
  if (input.sub === "questions") {
    const { items, more } = feedPage(await feedQuestionsQuery(env, user.id, input.p, input.n + 1, before, leaveOut), input.n);
    return { feed: items.map((i) => ({ ...i, timecell: timeAgoWords(i.updated, now) })), more: more ? 1 : 0, lasttime: lastTime(items.map((i) => i.updated)) };
  }
  const where = shownTo(
    user,
    and(input.nid !== undefined ? lt(n.id, input.nid) : undefined, input.time !== undefined ? lt(n.added, input.time * 1000) : undefined),
  );
  const rows = await shownPage(env, user, where, input.n + 1, input.p, now);
  const { shown, more } = pageOf(rows, input.n);
  const items = endOfList(
    shown.map((r) => toItem(r, now)),
    more,
  );
  return { feed: items, more, lastnid: items.length > 0 ? items[items.length - 1].nid : null };
}

/** One or many notification ids: bid, bids (a list, a repeated field or "1,2,3"). */
const idList = z.preprocess(
  listOf,
  z
    .array(
      z.coerce
        .number(ERR_MSG.notificationIdInvalid)
        .int(ERR_MSG.notificationIdInvalid)
        .positive(ERR_MSG.notificationIdInvalid)
        .max(MAX_ID, ERR_MSG.notificationIdInvalid),
    )
    .max(100, ERR_MSG.tooManyNotifications),
);

export const BulkViewedInput = z
  .object({ bid: idList, bids: idList })
  .transform((i) => [...new Set([...i.bid, ...i.bids])])
  .refine((ids) => ids.length > 0, ERR_MSG.notificationIdInvalid)
  .refine((ids) => ids.length <= 100, ERR_MSG.tooManyNotifications);

export const BulkSetInput = z.object({ bid: optionalId(ERR_MSG.notificationIdInvalid) }).refine((i) => i.bid !== undefined, ERR_MSG.notificationIdInvalid);

/**
 * Marks the user's notifications `ids` viewed. The hub's counter falls by the number that really
 * went from unviewed to viewed (UPDATE … RETURNING), so a repeat or another user's id changes
 * nothing. None of the ids is the user's: 360.
 */
export async function markViewed(env: Env, session: Session | null, ids: number[], now: number) {
  const user = requireUser(session);
  const db = dbOf(env);
  const mine = and(eq(n.userId, user.id), inArray(n.id, ids));
  const [changed, owned] = await db.batch([
    db
      .update(n)
      .set({ viewed: 1 })
      .where(and(mine, eq(n.viewed, 0)))
      .returning({ id: n.id }),
    db.select({ c: count() }).from(n).where(mine),
  ]);
  if ((owned[0]?.c ?? 0) === 0) throw new DomainError(ERR.notificationUnknown);
  const hub = userHub(env, user.id);
  const res = await fromHub(
    "viewed",
    () => (changed.length > 0 ? hub.viewed(changed.length) : hub.unread()),
    () => unreadInD1(env, user, now),
  );
  return { viewed: changed.length, res };
}
