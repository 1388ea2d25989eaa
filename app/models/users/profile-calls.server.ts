/**
 * The named calls behind the profile (docs/decisions/0038-profile-and-answer-editing.md): stats
 * (the header's counters), quserlist and auserlist (a user's questions and answers, 20 a page by
 * `p`), watchlist (the questions the signed-in user watches) and cabhide (hiding one's activity).
 * A profile whose activity is hidden refuses its lists to everyone but its owner and the
 * moderators (508), as the page does.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { ERR, ERR_MSG } from "../../lib/errids";
import { DomainError } from "../../lib/errors";
import { flag, idField, Offset, PageSize } from "../../lib/fields";
import { LIMITS } from "../../lib/limits";
import { isModerator, parseJsonList } from "../../lib/moderation";
import { dbOf, schema } from "../core/db.server";
import { assertActivityOpen, closedCategoriesFor, questionShown, type Reader } from "../core/visibility.server";
import { LIST_COLUMNS } from "../questions/lists.server";
import { headerQuery, userAnswersQuery, userQuestionsQuery } from "./profile.server";
import { requireUser, requireWriter, type Session } from "./session.server";

const u = schema.users;
const q = schema.questions;
const w = schema.watches;

type Header = Awaited<ReturnType<typeof headerQuery>>[number];

/**
 * The user's header row, refusing an unknown user (120) and activity the reader may not see (508): a
 * hidden profile, or one whose owner put the reader on his blacklist (seesActivity).
 */
async function visibleUser(env: Env, reader: Reader, uid: number): Promise<Header> {
  const [row] = await headerQuery(env, uid);
  if (!row) throw new DomainError(ERR.userNotFound);
  await assertActivityOpen(env, reader, row);
  return row;
}

/** The categories left out of someone's lists for this reader: the adult ones until he confirms his age; none of his own. */
const leftOut = (env: Env, reader: Reader, uid: number) => (reader.id === uid ? Promise.resolve([]) : closedCategoriesFor(env, reader));

/** One page of `n` plus whether more follow (one row more is read). */
function paged<T>(rows: T[], n: number) {
  return { items: rows.slice(0, n), more: rows.length > n ? 1 : 0 };
}

// ---- stats

export const StatsInput = z.object({ user: idField(ERR_MSG.userNotFound) });

/** The header's counters as kept on the user's row (never recounted); the blacklist's size to its owner alone. */
export async function readStats(env: Env, session: Session | null, input: z.infer<typeof StatsInput>, reader: Reader) {
  const r = await visibleUser(env, reader, input.user);
  const own = session?.user.id === r.id;
  return {
    user: {
      id: r.id,
      nick: r.nick,
      lvl: r.lvl,
      points: r.points,
      kpd: r.kpd,
      vip: r.vip,
      hidden: r.hidden,
      answers: r.answersCount,
      best: r.bestCount,
      questions: r.questionsCount,
      direct: r.directCount,
      subscriptions: r.watchcnt,
      following: r.following,
      followers: r.followers,
      ...(own ? { blacklisted: r.blackCnt } : {}),
    },
  };
}

// ---- quserlist / auserlist

/** state: one of the profile's question subs; hidden=1 lists the deleted ones (the owner's alone). */
export const QuserListInput = z.object({
  user: idField(ERR_MSG.userNotFound),
  p: Offset,
  n: PageSize,
  state: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["all", "open", "vote", "resolve"], ERR_MSG.badListState).optional()),
  hidden: flag(0),
});

export async function readQuserList(env: Env, session: Session | null, input: z.infer<typeof QuserListInput>, reader: Reader) {
  if (input.hidden === 1 && session?.user.id !== input.user) throw new DomainError(ERR.ownerOnlyList);
  const [, leaveOut] = await Promise.all([visibleUser(env, reader, input.user), leftOut(env, reader, input.user)]);
  const n = input.n ?? LIMITS.pageSize;
  const rows = await userQuestionsQuery(env, input.user, input.hidden === 1 ? "deleted" : (input.state ?? "all"), input.p ?? 0, n + 1, leaveOut);
  const { items, more } = paged(rows, n);
  return {
    questions: items.map(({ catName, catUrlname, ...r }) => ({ ...r, category: { name: catName, urlname: catUrlname } })),
    more,
  };
}

export const AuserListInput = z.object({ usrid: idField(ERR_MSG.userNotFound), p: Offset, n: PageSize, best: flag(0) });

export async function readAuserList(env: Env, input: z.infer<typeof AuserListInput>, reader: Reader) {
  const [, leaveOut] = await Promise.all([visibleUser(env, reader, input.usrid), leftOut(env, reader, input.usrid)]);
  const n = input.n ?? LIMITS.pageSize;
  const rows = await userAnswersQuery(env, input.usrid, input.best === 1 ? "best" : "all", input.p ?? 0, n + 1, leaveOut);
  const { items, more } = paged(rows, n);
  return { answers: items.map((r) => ({ ...r, best: r.best === 1 })), more };
}

// ---- watchlist

export const WatchListInput = z.object({ p: Offset, n: PageSize });

/**
 * The questions the signed-in user watches, the latest watched first (watches_user_idx), but for
 * those he may not read now: deleted, or in a category closed to him.
 */
export async function readWatchList(env: Env, session: Session | null, input: z.infer<typeof WatchListInput>, reader: Reader) {
  const user = requireUser(session);
  const n = input.n ?? LIMITS.pageSize;
  const db = dbOf(env);
  const rows = await db
    .select({ ...LIST_COLUMNS, watched: sql<number>`${w.added}`.as("watched") })
    .from(w)
    .innerJoin(q, eq(q.id, w.qid))
    .where(and(eq(w.userId, user.id), questionShown(await closedCategoriesFor(env, reader), q)))
    .orderBy(desc(w.added), desc(w.id))
    .limit(n + 1)
    .offset(input.p ?? 0);
  const { items, more } = paged(rows, n);
  return { questions: items, more };
}

// ---- cabhide

/** set: 1 hides the activity, 0 opens it; uid: a moderator's lock of another (non-VIP) user's activity. */
export const CabhideInput = z.object({
  set: z.preprocess((v) => (Array.isArray(v) ? v[v.length - 1] : v), z.enum(["0", "1"], ERR_MSG.badFields).transform(Number)),
  uid: z.preprocess((v) => (v === "" ? undefined : v), idField(ERR_MSG.userNotFound).optional()),
});

/**
 * Hiding one's activity: an active VIP hides or opens his own (513 for anyone else on himself); a
 * moderator with the usrkiller permission locks or unlocks the activity of a user who is not an
 * active VIP (515 for a VIP: his choice is his own). The flag is users.hidden.
 */
export async function setCabhide(env: Env, session: Session | null, input: z.infer<typeof CabhideInput>, now: number) {
  const actor = requireWriter(session);
  const uid = input.uid ?? actor.id;
  const db = dbOf(env);
  const [target, me] = await db.batch([
    db.select({ id: u.id, vip: u.vip, vipUntil: u.vipUntil }).from(u).where(eq(u.id, uid)).limit(1),
    db.select({ permissions: u.permissions, type: u.type }).from(u).where(eq(u.id, actor.id)).limit(1),
  ]);
  if (!target[0]) throw new DomainError(ERR.userNotFound);
  const vip = target[0].vip === 1 && (target[0].vipUntil === null || target[0].vipUntil > now);
  if (uid === actor.id) {
    if (!vip) throw new DomainError(ERR.cabhideNotVip);
  } else {
    const perms = parseJsonList<string>(me[0]?.permissions);
    if (!isModerator({ type: me[0]?.type ?? "", permissions: perms })) throw new DomainError(ERR.moderatorsOnly);
    if (!perms.includes("usrkiller")) throw new DomainError(ERR.permissionMissing);
    if (vip) throw new DomainError(ERR.cabhideVipOwn);
  }
  await db.update(u).set({ hidden: input.set }).where(eq(u.id, uid));
  return { uid, hidden: input.set };
}
