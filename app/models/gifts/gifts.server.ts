/**
 * Gifts between users (docs/decisions/0018-gifts-and-vip.md): makegift, delgift and the reads
 * giftlist, giftedlist, gifteduserlist.
 *
 * This is the points path (a gift paid in roubles is a payment: ../payments/payments.server.ts,
 * whose grant writes the same row with paid_with 'money'). Paying in points needs at least 250 points (level «Знаток») and costs 100 points for a
 * cheap gift, 200 for an expensive one. The sent_gifts row, the payment (pointsChange) and the
 * recipient's 'gift' notification are one D1 batch: the insert is guarded by the payer's points
 * and the recipient's blacklist, the payment applies only when the insert did (changes() = 1), and
 * the notification only when this batch's row exists; so a refused or concurrent call writes
 * nothing half-done and the points can never go below what a payment allows.
 */
import { ERR, ERR_MSG } from "../../lib/errids";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { DomainError } from "../../lib/errors";
import { EXPERT_LEVEL_POINTS } from "../../lib/levels";
import { flag, idField, optionalText, plainLine, Offset, PageSize } from "../../lib/fields";
import { batchable, dbOf, schema } from "../core/db.server";
import { announce } from "../notifications/push.server";
import { giftNotification } from "../notifications/create.server";
import { pointsChange, type PointsReason } from "../users/points.server";
import { assertActivityOpen, type Reader } from "../core/visibility.server";
import { requireUser, requireWriter, type Session } from "../users/session.server";
import { textLength } from "../core/text.server";

const g = schema.gifts;
const sg = schema.sentGifts;
const u = schema.users;

/** The prices by the gift's `cost`: '0' cheap, anything else expensive. */
export const GIFT_PRICES = {
  cheap: { rub: 20, points: 100 },
  expensive: { rub: 40, points: 200 },
} as const;

/** Paying in points opens at this many points (level «Знаток»). */
export const GIFT_POINTS_MIN = EXPERT_LEVEL_POINTS;

/** The gift catalogue's page size. */
export const GIFT_PAGE = 5;

/** The latest received gifts giftedlist shows (the profile's column). */
export const GIFTED_SHORT = 5;

/** A gift's message, plain text. */
export const GIFT_MESSAGE_MAX = 200;

/** The gift categories of the catalogue (gifts.gift_category), in the order they are offered. */
export const GIFT_CATEGORIES: readonly { cid: number; title: string }[] = [
  { cid: 1, title: "Цветы" },
  { cid: 2, title: "Вкусное" },
  { cid: 3, title: "Игрушки и зверята" },
  { cid: 4, title: "Праздники" },
  { cid: 5, title: "Награды" },
];

export function giftPrice(cost: string) {
  return cost === "0" ? GIFT_PRICES.cheap : GIFT_PRICES.expensive;
}

const GIFT_REASON: PointsReason = "gift";

// ------------------------------------------------------------------------------------ makegift

/**
 * makegift: user (recipient), gift (catalogue id), hidden (the sender is not named), pointsgift (1
 * paid in points here; 0 money, which the call sends to a payment instead), mes (a message, ≤ 200
 * characters), and what the gift form showed: nickto (the recipient's nick), type (the gift's
 * price, its `cost`: '0' cheap, else expensive) and filin (the recipient's avatar). The gift goes
 * only to whom and at the price the form showed (giftFormAgrees); the reply names the recipient
 * as he is now (nickto, filin) for the confirmation.
 */
export const MakeGiftInput = z.object({
  user: idField(ERR_MSG.userNotFound),
  gift: idField(ERR_MSG.giftUnknown),
  hidden: flag(0),
  pointsgift: flag(0),
  mes: z.preprocess(
    (v) => (Array.isArray(v) ? v[v.length - 1] : v) ?? "",
    z
      .string(ERR_MSG.giftMessageTooLong)
      .transform(plainLine)
      .refine((s) => textLength(s) <= GIFT_MESSAGE_MAX, ERR_MSG.giftMessageTooLong),
  ),
  nickto: optionalText(ERR_MSG.userNotFound, 200),
  type: optionalText(ERR_MSG.giftPriceChanged, 20),
  filin: optionalText(ERR_MSG.badFields, 200),
});

/**
 * Does the gift form agree with the store? A nick it showed must be the recipient's (404 as for an
 * unknown user), and a price it showed the gift's price now (409: the catalogue changed).
 */
export function giftFormAgrees(input: { nickto?: string; type?: string }, gift: { cost: string }, recipient: { nick: string }) {
  if (input.nickto !== undefined && input.nickto.trim() !== recipient.nick) throw new DomainError(ERR.userNotFound);
  if (input.type !== undefined && giftPrice(input.type) !== giftPrice(gift.cost)) throw new DomainError(ERR.giftPriceChanged);
}

export async function makeGift(env: Env, session: Session | null, input: z.infer<typeof MakeGiftInput>, now: number) {
  const user = requireWriter(session);
  if (input.pointsgift !== 1) throw new DomainError(ERR.giftMoneyUnavailable);
  const db = dbOf(env);
  const [gift, recipient, payer, blocked] = await db.batch([
    db.select({ id: g.id, cost: g.cost, title: g.title }).from(g).where(eq(g.id, input.gift)).limit(1),
    db.select({ id: u.id, nick: u.nick, filin: u.filin }).from(u).where(eq(u.id, input.user)).limit(1),
    db.select({ points: u.points }).from(u).where(eq(u.id, user.id)).limit(1),
    db
      .select({ c: count() })
      .from(schema.blacklist)
      .where(and(eq(schema.blacklist.ownerId, input.user), eq(schema.blacklist.userId, user.id))),
  ]);
  if (!gift[0]) throw new DomainError(ERR.giftUnknown);
  if (!recipient[0]) throw new DomainError(ERR.userNotFound);
  giftFormAgrees(input, gift[0], recipient[0]);
  if ((blocked[0]?.c ?? 0) > 0) throw new DomainError(ERR.giftBlacklisted);
  const points = payer[0]?.points ?? 0;
  if (points < GIFT_POINTS_MIN) throw new DomainError(ERR.giftPointsLevel);
  const price = giftPrice(gift[0].cost).points;
  if (points < price) throw new DomainError(ERR.giftPointsShort);

  const toSelf = input.user === user.id;
  // the gift is paid only while the payer still has the points and the recipient has not
  // blacklisted him; the batch runs alone, so the notification before the insert sees the same
  const payable = sql`(SELECT p.points FROM users p WHERE p.id = ${user.id}) >= ${Math.max(price, GIFT_POINTS_MIN)}
    AND NOT EXISTS (SELECT 1 FROM blacklist b WHERE b.owner_id = ${input.user} AND b.user_id = ${user.id})`;
  const results = await db.batch(
    batchable(env, [
      // the recipient hears of it when this batch pays for it (not of a gift to himself)
      ...giftNotification(env, {
        userId: input.user,
        fromId: input.hidden ? null : user.id,
        giftId: gift[0].id,
        message: input.mes || undefined,
        now,
        when: sql`${toSelf ? 0 : 1} = 1 AND ${payable}`,
      }),
      // sent_gifts columns in table order: id, gift_id, from_id, to_id, mes, hidden, paid_with, added, deleted_at
      db
        .insert(sg)
        .select(sql`SELECT NULL, ${gift[0].id}, ${user.id}, ${input.user}, ${input.mes}, ${input.hidden}, 'points', ${now}, NULL WHERE ${payable}`)
        .returning({ id: sg.id }),
      ...pointsChange(env, user.id, -price, GIFT_REASON, { type: "G", id: gift[0].id }, now, true),
      db.select({ points: u.points }).from(u).where(eq(u.id, user.id)).limit(1),
    ] as const),
  );
  const [, inserted, , , , after] = results;
  // the guard failed: the points went below the price meanwhile, or the recipient blacklisted him
  if (inserted.length === 0) throw new DomainError(ERR.giftPointsShort);
  await announce(env, results);
  return {
    id: inserted[0].id,
    gid: gift[0].id,
    price,
    points: after[0]?.points ?? points - price,
    nickto: recipient[0].nick,
    filin: recipient[0].filin ?? null,
  };
}

// ------------------------------------------------------------------------------------- delgift

export const DelGiftInput = z.object({ id: idField(ERR_MSG.giftGone) });

/**
 * delgift: the recipient removes a received gift from his list (soft: sent_gifts.deleted_at). Only
 * the recipient may, banned or not (it is his own page); the sender gets nothing back. Someone
 * else's, unknown or already deleted: 505.
 */
export async function delGift(env: Env, session: Session | null, input: z.infer<typeof DelGiftInput>, now: number) {
  const user = requireUser(session);
  const done = await dbOf(env)
    .update(sg)
    .set({ deletedAt: now })
    .where(and(eq(sg.id, input.id), eq(sg.toId, user.id), isNull(sg.deletedAt)))
    .returning({ id: sg.id })
    .get();
  if (!done) throw new DomainError(ERR.giftGone);
  return { id: done.id };
}

// ---------------------------------------------------------------------------------------- reads

/** giftlist: the catalogue, 5 a page from offset p, of one category (cid) or all. */
export const GiftListInput = z.object({
  p: Offset,
  cid: z.preprocess((v) => (v === "" ? undefined : v), idField(ERR_MSG.giftCategoryUnknown).optional()),
});

/** The whole catalogue in its order (the profile's gift form). */
export function catalogueQuery(env: Env) {
  const db = dbOf(env);
  return db.select().from(g).orderBy(g.giftCategory, g.id);
}

/** A catalogue gift in the API's fields (id, gid, ver, cost, cid, title) with its prices. */
export function giftItem(r: { id: number; title: string; cost: string; giftCategory: number; ver: number; image: string | null }) {
  const price = giftPrice(r.cost);
  return { id: r.id, gid: r.id, ver: r.ver, cost: r.cost, cid: r.giftCategory, title: r.title, image: r.image, rub: price.rub, points: price.points };
}

/**
 * The catalogue page; `info` holds the gift categories (the client takes them from info[0]),
 * `giftsmore` 1 when another page follows, `canpoints` whether the viewer may pay in points.
 */
export async function readGiftList(env: Env, session: Session | null, input: z.infer<typeof GiftListInput>) {
  if (input.cid !== undefined && !GIFT_CATEGORIES.some((c) => c.cid === input.cid)) throw new DomainError(ERR.giftCategoryUnknown);
  const db = dbOf(env);
  const rows = await catalogueQuery(env)
    .where(input.cid !== undefined ? eq(g.giftCategory, input.cid) : undefined)
    .limit(GIFT_PAGE + 1)
    .offset(input.p ?? 0);
  const viewerPoints = session ? ((await db.select({ points: u.points }).from(u).where(eq(u.id, session.user.id)).get())?.points ?? 0) : 0;
  return {
    gift: rows.slice(0, GIFT_PAGE).map(giftItem),
    giftsmore: rows.length > GIFT_PAGE ? 1 : 0,
    info: [{ categories: GIFT_CATEGORIES, prices: GIFT_PRICES, minpoints: GIFT_POINTS_MIN }],
    canpoints: session && viewerPoints >= GIFT_POINTS_MIN ? 1 : 0,
  };
}

export const GiftedListInput = z.object({ user: idField(ERR_MSG.userNotFound) });
export const GiftedUserListInput = z.object({ user: idField(ERR_MSG.userNotFound), p: Offset, n: PageSize });

const sender = schema.users;

/** The received gifts of a user, newest first (sent_gifts_to_idx), with the gift and the sender. */
export function receivedGiftsQuery(env: Env, uid: number, limit: number, offset: number) {
  const db = dbOf(env);
  return db
    .select({
      id: sg.id,
      gid: sg.giftId,
      fromId: sg.fromId,
      mes: sg.mes,
      hidden: sg.hidden,
      added: sg.added,
      title: g.title,
      cost: g.cost,
      nick: sender.nick,
      filin: sender.filin,
      lvl: sender.lvl,
    })
    .from(sg)
    .innerJoin(g, eq(g.id, sg.giftId))
    .innerJoin(sender, eq(sender.id, sg.fromId))
    .where(and(eq(sg.toId, uid), isNull(sg.deletedAt)))
    .orderBy(desc(sg.added), desc(sg.id))
    .limit(limit)
    .offset(offset);
}

type ReceivedRow = Awaited<ReturnType<typeof receivedGiftsQuery>>[number];

/**
 * A received gift in the API's sent-gift fields (usrid, nick, filin, date in seconds, mes, gid)
 * plus its id (for delgift) and title. A hidden gift names its sender to nobody but the sender.
 */
export function sentGiftItem(r: ReceivedRow, viewerId: number | null) {
  const named = r.hidden === 0 || viewerId === r.fromId;
  return {
    id: r.id,
    gid: r.gid,
    title: r.title,
    cost: r.cost,
    usrid: named ? r.fromId : null,
    nick: named ? r.nick : null,
    filin: named ? r.filin : null,
    lvl: named ? r.lvl : null,
    date: Math.floor(r.added / 1000),
    mes: r.mes,
    hidden: r.hidden ? 1 : 0,
  };
}

/** The user (120 unknown), refusing activity the reader may not see (508): a hidden profile, or its owner blacklisted him. */
async function giftOwner(env: Env, reader: Reader, uid: number) {
  const row = await dbOf(env).select({ id: u.id, hidden: u.hidden }).from(u).where(eq(u.id, uid)).get();
  if (!row) throw new DomainError(ERR.userNotFound);
  await assertActivityOpen(env, reader, row);
  return row;
}

const receivedCount = (env: Env, uid: number) =>
  dbOf(env)
    .select({ c: count() })
    .from(sg)
    .where(and(eq(sg.toId, uid), isNull(sg.deletedAt)));

/** giftedlist: the latest received gifts of a user (5) and how many he has. */
export async function readGiftedList(env: Env, session: Session | null, input: z.infer<typeof GiftedListInput>, reader: Reader) {
  await giftOwner(env, reader, input.user);
  const [rows, total] = await Promise.all([receivedGiftsQuery(env, input.user, GIFTED_SHORT, 0), receivedCount(env, input.user)]);
  const viewer = session?.user.id ?? null;
  return { gifts: rows.map((r) => sentGiftItem(r, viewer)), count: total[0]?.c ?? 0 };
}

/** gifteduserlist: a page (p offset, n ≤ 20) of the received gifts of a user, newest first. */
export async function readGiftedUserList(env: Env, session: Session | null, input: z.infer<typeof GiftedUserListInput>, reader: Reader) {
  await giftOwner(env, reader, input.user);
  const n = input.n ?? 20;
  const rows = await receivedGiftsQuery(env, input.user, n + 1, input.p ?? 0);
  const viewer = session?.user.id ?? null;
  return { gifts: rows.slice(0, n).map((r) => sentGiftItem(r, viewer)), more: rows.length > n ? 1 : 0 };
}
