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
import { COLUMNS, n, urlnameSql, votedSql } from "./create.server";
import { toItem } from "./push.server";

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

/** The list query: newest first, with the actor and the question title. */
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
    })
    .from(n)
    .leftJoin(actor, eq(actor.id, n.actorId))
    .leftJoin(question, eq(question.id, n.qid))
    .where(where)
    .orderBy(desc(n.id))
    .limit(limit)
    .offset(offset);
}

/** One page of the user's notifications that he may still see, newest first (the profile's 'updates' feed): `limit` rows from `offset`. */
export function notificationsPageQuery(env: Env, user: SessionUser, limit: number, offset: number) {
  return listQuery(env, shownTo(user), limit, offset);
}

/**
 * The notifications among `nids` that their recipients may still see, as each one's bell would
 * list them (Web Push reads them this way just before sending: an item dropped since is not sent).
 */
export function shownToRecipientsQuery(env: Env, nids: readonly number[]) {
  const recipient: Who = { id: sql`${n.userId}`, adult: sql`(SELECT r.is_adult FROM users r WHERE r.id = ${n.userId})` };
  return listQuery(env, and(inArray(n.id, [...nids]), noticeShown(recipient, n))!, nids.length, 0);
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

/** The count of the user's unread notifications he may still see. */
function unreadQuery(env: Env, user: SessionUser) {
  return dbOf(env)
    .select({ c: count() })
    .from(n)
    .where(shownTo(user, eq(n.viewed, 0)));
}

async function unreadInD1(env: Env, user: SessionUser): Promise<number> {
  const row = await unreadQuery(env, user).get();
  return row?.c ?? 0;
}

/** show_nc: the unread count from the user's hub (D1's count if the hub is down). */
export async function showCount(env: Env, session: Session | null) {
  const user = requireUser(session);
  const res = await fromHub(
    "unread",
    () => userHub(env, user.id).unread(),
    () => unreadInD1(env, user),
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
 * unread count. D1's count of unread rows is read in the same batch and, when the hub disagrees
 * (a push that failed, a row written where no env was at hand), the hub is set to it.
 */
export async function showBulk(env: Env, session: Session | null, input: z.infer<typeof ShowBulkInput>) {
  const user = requireUser(session);
  const db = dbOf(env);
  const hub = userHub(env, user.id);
  const [[rows, unreadRows], hubCount] = await Promise.all([
    db.batch([listQuery(env, shownTo(user), input.n + 1, input.p), unreadQuery(env, user)]),
    hub.unread().catch((e: unknown) => {
      console.error("user hub: unread failed", e);
      return null;
    }),
  ]);
  const unread = unreadRows[0]?.c ?? 0;
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
  const rows = await listQuery(env, where, input.n + 1, input.p);
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
export async function markViewed(env: Env, session: Session | null, ids: number[]) {
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
    () => unreadInD1(env, user),
  );
  return { viewed: changed.length, res };
}
