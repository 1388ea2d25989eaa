/**
 * VIP status (docs/decisions/0018-gifts-and-vip.md):
 * mvip buys it, the cron ends it.
 *
 * This is the points path (VIP paid in roubles is a payment: ../payments/payments.server.ts, whose
 * grant applies the same period). In points: 500 points
 * for the period of 10 days, by the user for himself or for another user (uid). Paying in points
 * needs at least 250 points (level «Знаток»), as for gifts. Starting VIP sets users.vip = 1 and
 * vip_until = now + 10 days and creates the 'vip_started' notification; buying it for an active VIP
 * extends vip_until by 10 days (no new notification: the status did not start). The status change,
 * the payment (pointsChange) and the notification are one batch; the status update is guarded by
 * the payer's points, the payment applies only when the update did.
 *
 * The cron (worker/index.ts `scheduled`) calls expireVips: one batch that first writes a
 * 'vip_expired' notification for every VIP whose vip_until has passed, then clears their vip flag
 * under the same condition. A batch is one transaction, so two overlapping runs cannot both see
 * the same VIP: the second finds vip = 0 and writes nothing.
 */
import { ERR, ERR_MSG } from "../../lib/errids";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { DomainError } from "../../lib/errors";
import { flag, idField } from "../../lib/fields";
import { batchable, dbOf, schema } from "../core/db.server";
import { GIFT_POINTS_MIN } from "./gifts.server";
import { announce } from "../notifications/push.server";
import { notificationRows, vipNotification } from "../notifications/create.server";
import { pointsChange, type PointsReason } from "../users/points.server";
import { requireWriter, type Session } from "../users/session.server";

const u = schema.users;

/** The length of one VIP period, in days. */
export const VIP_PERIOD_DAYS = 10;
/** What a period costs in points (ours: see the decision record). */
export const VIP_PRICE_POINTS = 500;
const DAY = 86_400_000;

const VIP_REASON: PointsReason = "vip";

/** mvip: uid (whose VIP; the payer himself when absent), period (10, the only one). */
export const VipInput = z.object({
  uid: z.preprocess((v) => (v === "" ? undefined : v), idField(ERR_MSG.userNotFound).optional()),
  period: z.preprocess(
    (v) => (Array.isArray(v) ? v[v.length - 1] : v) ?? String(VIP_PERIOD_DAYS),
    z.coerce.number(ERR_MSG.vipPeriodInvalid).refine((p) => p === VIP_PERIOD_DAYS, ERR_MSG.vipPeriodInvalid),
  ),
  /** the VIP dialog's 'hide my activity': 1 hides the buyer's own activity with the purchase (ignored for another user) */
  cabhide: flag(0),
  /**
   * 1, the default, pays in roubles as the paid service it is (the balance, or the provider's
   * payment: docs/decisions/0041-payments.md); 0, an explicit choice, pays in points at once
   */
  money: flag(1),
});

export async function buyVip(env: Env, session: Session | null, input: z.infer<typeof VipInput>, now: number) {
  const user = requireWriter(session);
  const uid = input.uid ?? user.id;
  const db = dbOf(env);
  const [target, payer] = await db.batch([
    db.select({ id: u.id, vip: u.vip, vipUntil: u.vipUntil }).from(u).where(eq(u.id, uid)).limit(1),
    db.select({ points: u.points }).from(u).where(eq(u.id, user.id)).limit(1),
  ]);
  if (!target[0]) throw new DomainError(ERR.userNotFound);
  if (target[0].vip === 1 && target[0].vipUntil === null) throw new DomainError(ERR.vipPermanent);
  const points = payer[0]?.points ?? 0;
  if (points < GIFT_POINTS_MIN) throw new DomainError(ERR.giftPointsLevel);
  if (points < VIP_PRICE_POINTS) throw new DomainError(ERR.vipPointsShort);

  const period = VIP_PERIOD_DAYS * DAY;
  const started = now + period;
  const results = await db.batch(
    batchable(env, [
      db
        .update(u)
        .set({
          vip: 1,
          ...(input.cabhide === 1 && uid === user.id ? { hidden: 1 } : {}),
          // an active period is extended; a lapsed or absent one starts now
          vipUntil: sql`CASE WHEN ${u.vip} = 1 AND ${u.vipUntil} > ${now} THEN ${u.vipUntil} + ${period} ELSE ${started} END`,
        })
        .where(
          and(
            eq(u.id, uid),
            sql`NOT (${u.vip} = 1 AND ${u.vipUntil} IS NULL)`,
            sql`(SELECT p.points FROM users p WHERE p.id = ${user.id}) >= ${Math.max(VIP_PRICE_POINTS, GIFT_POINTS_MIN)}`,
          ),
        )
        .returning({ vipUntil: u.vipUntil }),
      ...pointsChange(env, user.id, -VIP_PRICE_POINTS, VIP_REASON, { type: "U", id: uid }, now, true),
      db.select({ points: u.points }).from(u).where(eq(u.id, user.id)).limit(1),
      // last: only a status that started now (its end is exactly now + the period), paid by this batch
      ...vipNotification(env, {
        userId: uid,
        kind: "vip_started",
        now,
        when: sql`nr.vip_until = ${started} AND EXISTS (SELECT 1 FROM points_ledger l WHERE l.user_id = ${user.id} AND l.reason = ${VIP_REASON} AND l.ref_id = ${uid} AND l.added = ${now})`,
      }),
    ] as const),
  );
  const [updated, , , , after] = results;
  if (updated.length === 0) throw new DomainError(ERR.vipPointsShort);
  await announce(env, results);
  const until = updated[0].vipUntil;
  return {
    uid,
    vip: 1,
    vip_until: until === null ? null : Math.floor(until / 1000),
    extended: until === started ? 0 : 1,
    points: after[0]?.points ?? points - VIP_PRICE_POINTS,
  };
}

/**
 * The cron's VIP expiry at `now`: every VIP whose vip_until has passed gets one 'vip_expired'
 * notification and loses the flag (vip_until stays: when it ended), in one batch. Returns how many
 * ended. Safe to run twice or concurrently: the second run finds no such VIP.
 */
export async function expireVips(env: Env, now: number): Promise<number> {
  const db = dbOf(env);
  const ending = sql`${u.vip} = 1 AND ${u.vipUntil} IS NOT NULL AND ${u.vipUntil} <= ${now}`;
  const results = await db.batch(
    batchable(env, [
      // first, while they are still VIPs: the notification of each (users_vip_until_idx)
      ...notificationRows(env, { kind: "vip_expired", to: sql`SELECT id FROM users WHERE ${ending}`, now }),
      db.update(u).set({ vip: 0 }).where(ending).returning({ id: u.id }),
    ] as const),
  );
  const ended = results[1].length;
  if (ended > 0) await announce(env, results);
  return ended;
}
