/**
 * Money payments for the paid services (docs/decisions/0041-payments.md).
 *
 * A service is ordered by a named call (makegift with money, mvip with money, mhideqst, mhideans,
 * mleadqst): its checks run, then a `payments` row is written (pending) and the payer is sent to
 * the provider's page — or, when his balance (users.user_money) covers the price, the payment is
 * settled at once from the balance (`free`: no payment window).
 *
 * A payment moves once: pending → paid or pending → canceled, each a guarded UPDATE … WHERE
 * status = 'pending'. The move to paid writes a random settle token, and everything the payment
 * grants is conditioned on that token in the same D1 batch: a repeated, concurrent or late
 * notification finds the row no longer pending, its UPDATE changes nothing, and nothing is granted
 * twice. When the target is gone by then (the question deleted, the answer hidden, the recipient
 * blacklisted the giver) the service cannot be granted: the amount goes to the payer's user_money
 * instead, in the same batch. Nothing is granted on the payer's return to the site: only a
 * verified notification (or the provider's own answer to our status request) settles a payment.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import { ERR } from "../../lib/errids";
import { DomainError } from "../../lib/errors";
import { UNMODERATED_CATEGORY } from "../../lib/moderation";
import { LEAD_DAYS, SERVICE_PRICES } from "../../lib/payments";
import { batchable, dbOf, schema } from "../core/db.server";
import { giftFormAgrees, giftPrice } from "../gifts/gifts.server";
import { giftNotification, notificationRows, vipNotification } from "../notifications/create.server";
import { announce } from "../notifications/push.server";
import { forgetCards } from "../users/reader-cards.server";
import type { SessionUser } from "../users/session.server";
import { currentProvider, providerNamed, testNotification, testPageSigned, testProviderEnabled, type Verdict } from "./providers.server";

const pay = schema.payments;
const u = schema.users;

export type PaidService = "gift" | "vip" | "hideqst" | "hideans" | "leadqst";

const DAY = 86_400_000;
/** The VIP period a payment buys (as for points). */
const VIP_DAYS = 10;

export type Order = {
  service: PaidService;
  targetId: number;
  amount: number;
  /** shown on the provider's page */
  description: string;
  params?: Record<string, unknown>;
};

type PaymentRow = typeof pay.$inferSelect;

/** Where the payer goes once the payment is through: a hidden question → the front page; a lead or an answer → the question; a user → his profile. */
export function destinationOf(p: Pick<PaymentRow, "service" | "targetId" | "params">): string {
  switch (p.service) {
    case "hideqst":
      return "/";
    case "leadqst":
      return `/question/${p.targetId}`;
    case "hideans": {
      const qid = Number((JSON.parse(p.params) as { qid?: unknown }).qid);
      return Number.isSafeInteger(qid) && qid > 0 ? `/question/${qid}` : "/";
    }
    case "gift":
      return `/profile/id${p.targetId}/gifts`;
    default:
      return `/profile/id${p.targetId}`;
  }
}

/** The pages a granted service changes (their guest copies are dropped). */
function pagesOf(p: PaymentRow): string[] {
  switch (p.service) {
    case "hideqst":
    case "leadqst":
      return [`/question/${p.targetId}`, "/smstop/", "/"];
    case "hideans":
      return destinationOf(p) === "/" ? [] : [destinationOf(p)];
    default: {
      const profile = [`/profile/id${p.targetId}`, `/profile/id${p.targetId}/gifts`];
      // a VIP that also hid the buyer's activity changes his answers tabs too
      const hid = p.service === "vip" && Number((JSON.parse(p.params) as { cabhide?: unknown }).cabhide) === 1;
      return hid ? [...profile, `/profile/id${p.targetId}/answers`, `/profile/id${p.targetId}/answers/best`] : profile;
    }
  }
}

/**
 * Starts paying for an order: from the balance when it covers the price (free = 1, settled now),
 * otherwise through the provider (free = 0; `data` carries the payment and the page to open).
 * `redirect` is where the form door sends the payer next.
 */
export async function startPayment(env: Env, user: SessionUser, order: Order, origin: string, now: number) {
  const db = dbOf(env);
  const balance = (await db.select({ money: u.userMoney }).from(u).where(eq(u.id, user.id)).get())?.money ?? 0;
  const fromBalance = balance >= order.amount;
  const provider = fromBalance ? null : currentProvider(env);
  if (!fromBalance && !provider) throw new DomainError(ERR.payUnavailable);
  const idemKey = crypto.randomUUID();
  const row = await db
    .insert(pay)
    .values({
      userId: user.id,
      service: order.service,
      targetId: order.targetId,
      params: JSON.stringify(order.params ?? {}),
      amount: order.amount,
      provider: provider?.name ?? "balance",
      idemKey,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
    .get();

  if (!provider) {
    const settled = await settle(env, row, "paid", now);
    if (!settled.changed) {
      // the balance was spent meanwhile
      await db
        .update(pay)
        .set({ status: "canceled", updatedAt: now })
        .where(and(eq(pay.id, row.id), eq(pay.status, "pending")));
      throw new DomainError(ERR.payBalanceShort);
    }
    return { free: 1, data: null, issuer_id: row.id, granted: settled.granted ? 1 : 0, redirect: destinationOf(row), purge: settled.purge };
  }

  let created: { providerId: string; confirmationUrl: string };
  try {
    created = await provider.create({
      paymentId: row.id,
      amount: order.amount,
      description: order.description,
      idemKey,
      returnUrl: `${origin}/success_paid?issuer_id=${row.id}`,
      origin,
    });
  } catch (e) {
    console.warn(`payment ${row.id}: the provider refused to create it: ${String(e)}`);
    await db.update(pay).set({ status: "canceled", updatedAt: now }).where(eq(pay.id, row.id));
    throw new DomainError(ERR.payProviderFailed);
  }
  await db.update(pay).set({ providerId: created.providerId, confirmationUrl: created.confirmationUrl, updatedAt: now }).where(eq(pay.id, row.id));
  return {
    free: 0,
    data: { issuer_id: row.id, provider: provider.name, url: created.confirmationUrl, amount: order.amount },
    issuer_id: row.id,
    redirect: `/pay/${row.id}`,
    purge: [] as string[],
  };
}

// -------------------------------------------------------------------------------- settlement

/**
 * The statement that grants the service, guarded by `paid` (this settlement moved the row to
 * paid): exactly one statement, so that changes() after it says whether the service was granted.
 */
function grantStatement(p: PaymentRow, paid: SQL, now: number): SQL {
  const params = JSON.parse(p.params) as Record<string, unknown>;
  switch (p.service) {
    case "vip": {
      const period = VIP_DAYS * DAY;
      // the buyer's own «Скрыть мою активность» (never another user's profile)
      const hide = Number(params.cabhide) === 1 && p.targetId === p.userId ? 1 : 0;
      return sql`UPDATE users SET vip = 1, hidden = CASE WHEN ${hide} = 1 THEN 1 ELSE hidden END,
          vip_until = CASE WHEN vip = 1 AND vip_until > ${now} THEN vip_until + ${period} ELSE ${now + period} END
        WHERE id = ${p.targetId} AND NOT (vip = 1 AND vip_until IS NULL) AND ${paid}`;
    }
    case "gift":
      // sent_gifts columns in table order: id, gift_id, from_id, to_id, mes, hidden, paid_with, added, deleted_at
      return sql`INSERT INTO sent_gifts SELECT NULL, g.id, ${p.userId}, ${p.targetId}, ${String(params.mes ?? "")}, ${Number(params.hidden) === 1 ? 1 : 0}, 'money', ${now}, NULL
        FROM gifts g WHERE g.id = ${Number(params.gift)} AND EXISTS (SELECT 1 FROM users WHERE id = ${p.targetId})
          AND NOT EXISTS (SELECT 1 FROM blacklist b WHERE b.owner_id = ${p.targetId} AND b.user_id = ${p.userId}) AND ${paid}`;
    case "leadqst":
      return sql`UPDATE questions SET lead_until = CASE WHEN lead_until > ${now} THEN lead_until + ${LEAD_DAYS * DAY} ELSE ${now + LEAD_DAYS * DAY} END,
          waslead = 1, updated_at = ${now}
        WHERE id = ${p.targetId} AND user_id = ${p.userId} AND state IN ('A', 'V') AND hidden = 0 AND ${UNMODERATED_CATEGORY} NOT IN (category_id, top_category_id) AND ${paid}`;
    case "hideqst":
      return sql`UPDATE questions SET state = 'D', hidden = 1, deleted_by = 'author', state_before_delete = state, state_changed_at = ${now}, updated_at = ${now}
        WHERE id = ${p.targetId} AND user_id = ${p.userId} AND state <> 'D' AND hidden = 0 AND ${paid}`;
    case "hideans":
      return sql`UPDATE answers SET hidden = 1, deleted_by = 'author'
        WHERE id = ${p.targetId} AND user_id = ${p.userId} AND hidden = 0 AND best = 0
          AND EXISTS (SELECT 1 FROM questions q WHERE q.id = answers.qid AND q.hidden = 0 AND q.state <> 'D') AND ${paid}`;
    default:
      return sql`SELECT 0 WHERE 0`;
  }
}

/** What follows a granted service in the same batch (guarded by `granted`): counts and notifications. */
function afterGrant(env: Env, p: PaymentRow, granted: SQL, now: number) {
  const db = dbOf(env);
  const params = JSON.parse(p.params) as Record<string, unknown>;
  switch (p.service) {
    case "vip":
      // a status that started now (its end is exactly now + the period)
      return vipNotification(env, { userId: p.targetId, kind: "vip_started", now, when: sql`nr.vip_until = ${now + VIP_DAYS * DAY} AND ${granted}` });
    case "gift":
      return p.targetId === p.userId
        ? []
        : giftNotification(env, {
            userId: p.targetId,
            fromId: Number(params.hidden) === 1 ? null : p.userId,
            giftId: Number(params.gift),
            message: String(params.mes ?? "") || undefined,
            now,
            when: granted,
          });
    case "hideqst":
      return [
        db.run(
          sql`UPDATE categories SET qcount = max(qcount - 1, 0) WHERE id IN (SELECT category_id FROM questions WHERE id = ${p.targetId} UNION SELECT top_category_id FROM questions WHERE id = ${p.targetId}) AND ${granted}`,
        ),
        ...notificationRows(env, { kind: "sms_deleted", to: p.userId, qid: p.targetId, when: granted, now }),
      ];
    case "hideans":
      return [
        db.run(
          sql`UPDATE questions SET anscnt = max(anscnt - 1, 0), updated_at = ${now} WHERE id = (SELECT qid FROM answers WHERE id = ${p.targetId}) AND ${granted}`,
        ),
        db.run(sql`UPDATE users SET answers_count = max(answers_count - 1, 0) WHERE id = ${p.userId} AND ${granted}`),
        ...notificationRows(env, {
          kind: "sms_deleted",
          to: p.userId,
          qid: sql`(SELECT qid FROM answers WHERE id = ${p.targetId})`,
          aid: p.targetId,
          when: granted,
          now,
        }),
      ];
    default:
      return [];
  }
}

/**
 * Moves a pending payment to `verdict` and, when to paid, grants its service in the same batch.
 * Returns whether this call changed the row (a repeated or late verdict changes nothing).
 */
async function settle(env: Env, p: PaymentRow, verdict: "paid" | "canceled", now: number): Promise<{ changed: boolean; granted: boolean; purge: string[] }> {
  const db = dbOf(env);
  if (verdict === "canceled") {
    const done = await db
      .update(pay)
      .set({ status: "canceled", updatedAt: now })
      .where(and(eq(pay.id, p.id), eq(pay.status, "pending")))
      .returning({ id: pay.id });
    return { changed: done.length > 0, granted: false, purge: [] };
  }
  const token = crypto.randomUUID();
  const mine = sql`EXISTS (SELECT 1 FROM payments sp WHERE sp.id = ${p.id} AND sp.settle_token = ${token})`;
  const granted = sql`EXISTS (SELECT 1 FROM payments sp WHERE sp.id = ${p.id} AND sp.settle_token = ${token} AND sp.granted = 1)`;
  const balance = p.provider === "balance";
  const results = await db.batch(
    batchable(env, [
      // the one move to paid; from the balance, only while it covers the amount
      db.run(
        sql`UPDATE payments SET status = 'paid', settle_token = ${token}, updated_at = ${now} WHERE id = ${p.id} AND status = 'pending'
          AND (${balance ? 1 : 0} = 0 OR (SELECT user_money FROM users WHERE id = ${p.userId}) >= amount)`,
      ),
      db.run(sql`UPDATE users SET user_money = user_money - ${p.amount} WHERE id = ${p.userId} AND ${balance ? 1 : 0} = 1 AND ${mine}`),
      db.run(grantStatement(p, mine, now)),
      // right after the grant: changes() is 1 exactly when it applied
      db.run(sql`UPDATE payments SET granted = 1 WHERE id = ${p.id} AND settle_token = ${token} AND changes() > 0`),
      // paid, but the target had gone: the amount is kept on the payer's balance
      db.run(
        sql`UPDATE users SET user_money = user_money + ${p.amount} WHERE id = ${p.userId} AND EXISTS (SELECT 1 FROM payments sp WHERE sp.id = ${p.id} AND sp.settle_token = ${token} AND sp.granted = 0)`,
      ),
      ...afterGrant(env, p, granted, now),
      db.select({ status: pay.status, granted: pay.granted, token: pay.settleToken }).from(pay).where(eq(pay.id, p.id)),
    ] as const),
  );
  const after = (results[results.length - 1] as { status: string; granted: number; token: string | null }[])[0];
  const changed = after?.token === token;
  if (changed) await announce(env, results);
  // his balance, and a VIP's holder: what their pages kept of them is read anew
  const touched = p.service === "vip" && p.targetId !== p.userId ? [p.userId, p.targetId] : [p.userId];
  if (changed) await Promise.all(touched.map((id) => forgetCards(env, id, now)));
  if (changed && after.granted === 0) console.warn(`payment ${p.id}: paid, but its ${p.service} target ${p.targetId} is gone; the amount went to the balance`);
  return { changed, granted: changed && after.granted === 1, purge: changed && after.granted === 1 ? pagesOf(p) : [] };
}

/**
 * A provider's notification (POST /api/pay/notify/{provider}). `status` 200 means handled (also when
 * it changed nothing: a repeat); 400 a notification that could not be verified; 404 an unknown or
 * disabled provider. `purge` lists the pages the grant changed.
 */
export async function handleNotification(env: Env, providerName: string, req: Request, now: number): Promise<{ status: number; purge: string[] }> {
  const provider = providerNamed(env, providerName);
  if (!provider) return { status: 404, purge: [] };
  const verdict = await provider.verify(req);
  if (!verdict) return { status: 400, purge: [] };
  return { status: 200, purge: await applyVerdict(env, provider.name, verdict, now) };
}

async function applyVerdict(env: Env, providerName: string, verdict: Verdict, now: number): Promise<string[]> {
  if (verdict.status === "pending") return [];
  const row = await dbOf(env)
    .select()
    .from(pay)
    .where(and(eq(pay.provider, providerName), eq(pay.providerId, verdict.providerId)))
    .get();
  if (!row) return [];
  // the provider's payment must be this one, for its amount
  if ((verdict.paymentId !== null && verdict.paymentId !== row.id) || (verdict.status === "paid" && verdict.amount !== row.amount)) {
    console.warn(`payment ${row.id}: a ${providerName} verdict that does not match it was ignored`);
    return [];
  }
  if (row.status !== "pending") {
    if (row.status !== verdict.status) console.warn(`payment ${row.id}: ${verdict.status} after ${row.status}, ignored`);
    return [];
  }
  return (await settle(env, row, verdict.status, now)).purge;
}

// ----------------------------------------------------------------------------- the payer's reads

async function ownPayment(env: Env, user: SessionUser, id: number): Promise<PaymentRow> {
  const row = await dbOf(env).select().from(pay).where(eq(pay.id, id)).get();
  if (!row || row.userId !== user.id) throw new DomainError(ERR.paymentUnknown);
  return row;
}

function stateOf(row: PaymentRow) {
  return {
    issuer_id: row.id,
    service: row.service,
    amount: row.amount,
    /** pending | paid | canceled */
    state: row.status,
    paid: row.status === "paid" ? 1 : 0,
    granted: row.granted,
    go: row.status === "paid" && row.granted === 1 ? destinationOf(row) : "/",
  };
}

/** mpaid: the state of one of the payer's payments (the success page asks it until it is paid). */
export async function paymentState(env: Env, user: SessionUser, id: number) {
  return stateOf(await ownPayment(env, user, id));
}

/**
 * mnotpaid: the payer came back without a result. A pending payment is looked up at its provider
 * (YooKassa), and what the provider says is applied; the test provider has nothing to say, so a
 * payment there stays as its page left it.
 */
export async function reconcilePayment(env: Env, user: SessionUser, id: number, now: number) {
  const row = await ownPayment(env, user, id);
  if (row.status === "pending" && row.providerId) {
    const provider = providerNamed(env, row.provider);
    const verdict = provider ? await provider.status(row.providerId) : null;
    if (verdict) await applyVerdict(env, row.provider, verdict, now);
    return stateOf(await ownPayment(env, user, id));
  }
  return stateOf(row);
}

/** Where the payer confirms a payment (/pay/{id}): the provider's page while it is pending. */
export async function confirmationOf(env: Env, user: SessionUser, id: number): Promise<string> {
  const row = await ownPayment(env, user, id);
  if (row.status !== "pending" || !row.confirmationUrl) return row.status === "paid" ? destinationOf(row) : `/canceled_paid?issuer_id=${row.id}`;
  return row.confirmationUrl;
}

// ----------------------------------------------------------------------- the test provider's page

/** Who opens the test provider's page: the signed-in viewer (null for a guest) and the signature his link carries (null without one). */
export type TestPageVisitor = { userId: number | null; sig: string | null };

/**
 * A payment of the test provider, when that provider is on and the visitor may see it: its payer
 * signed in, or anyone holding the link the order gave (signed for this payment). Anyone else gets
 * null, as for a payment that does not exist.
 */
async function testPayment(env: Env, id: number, visitor: TestPageVisitor) {
  if (!testProviderEnabled(env)) return null;
  const row = await dbOf(env)
    .select()
    .from(pay)
    .where(and(eq(pay.id, id), eq(pay.provider, "test")))
    .get();
  if (!row?.providerId) return null;
  if (visitor.userId !== null && visitor.userId === row.userId) return row;
  const signed = visitor.sig !== null && (await testPageSigned(env.PAY_TEST_SECRET!, { paymentId: row.id, providerId: row.providerId }, visitor.sig));
  return signed ? row : null;
}

/** What the test provider's page shows: the payment, when the test provider is on, it is its payment and the visitor may see it. */
export async function testPaymentPage(env: Env, id: number, visitor: TestPageVisitor) {
  const row = await testPayment(env, id, visitor);
  if (!row) return null;
  return { id: row.id, service: row.service as PaidService, amount: row.amount, status: row.status };
}

/**
 * The tester's choice on the test provider's page (its payer, or the holder of its link): the
 * provider's signed notification is built and handled as one that came over the network; the payer
 * is sent back to the return page. Anyone else changes nothing (null, as for an unknown payment).
 */
export async function testPaymentDecide(
  env: Env,
  id: number,
  visitor: TestPageVisitor,
  paid: boolean,
  origin: string,
  now: number,
): Promise<{ to: string; purge: string[] } | null> {
  const row = await testPayment(env, id, visitor);
  if (!row?.providerId) return null;
  const req = await testNotification(env.PAY_TEST_SECRET!, origin, { providerId: row.providerId, paymentId: row.id, amount: row.amount, paid });
  const handled = await handleNotification(env, "test", req, now);
  return { to: `/${paid ? "success_paid" : "canceled_paid"}?issuer_id=${row.id}`, purge: handled.purge };
}

// ------------------------------------------------------------------------------- the orders' checks

/** The question a paid question service is for: its author only, live, not in the special category. */
export async function questionOrder(env: Env, user: SessionUser, qid: number, service: "hideqst" | "leadqst"): Promise<Order> {
  const q = schema.questions;
  const row = await dbOf(env)
    .select({ id: q.id, userId: q.userId, state: q.state, hidden: q.hidden, categoryId: q.categoryId, topCategoryId: q.topCategoryId, qtext: q.qtext })
    .from(q)
    .where(eq(q.id, qid))
    .get();
  if (!row || row.hidden === 1 || row.state === "D") throw new DomainError(ERR.questionGone);
  if (row.userId !== user.id) throw new DomainError(ERR.payQuestionNotOwner);
  if (row.categoryId === UNMODERATED_CATEGORY || row.topCategoryId === UNMODERATED_CATEGORY) throw new DomainError(ERR.paySpecialCategory);
  if (service === "leadqst" && row.state !== "A" && row.state !== "V") throw new DomainError(ERR.payQuestionClosed);
  const amount = SERVICE_PRICES[service];
  const what = service === "leadqst" ? `Сделать вопрос лидером на ${LEAD_DAYS} дня` : "Скрыть вопрос";
  return { service, targetId: row.id, amount, description: `${what}: «${row.qtext.slice(0, 60)}»` };
}

/** The answer mhideans deletes: its author only, not the best one, on a live question, not in the special category. */
export async function answerOrder(env: Env, user: SessionUser, aid: number): Promise<Order> {
  const a = schema.answers;
  const q = schema.questions;
  const row = await dbOf(env)
    .select({
      id: a.id,
      userId: a.userId,
      hidden: a.hidden,
      best: a.best,
      qid: a.qid,
      qhidden: q.hidden,
      qstate: q.state,
      categoryId: q.categoryId,
      topCategoryId: q.topCategoryId,
    })
    .from(a)
    .innerJoin(q, eq(q.id, a.qid))
    .where(eq(a.id, aid))
    .get();
  if (!row || row.hidden === 1 || row.qhidden === 1 || row.qstate === "D") throw new DomainError(ERR.answerGone);
  if (row.userId !== user.id) throw new DomainError(ERR.payAnswerNotOwner);
  if (row.categoryId === UNMODERATED_CATEGORY || row.topCategoryId === UNMODERATED_CATEGORY) throw new DomainError(ERR.paySpecialCategory);
  if (row.best === 1) throw new DomainError(ERR.payAnswerBest);
  return { service: "hideans", targetId: row.id, amount: SERVICE_PRICES.hideans, description: "Удалить свой ответ", params: { qid: row.qid } };
}

/** A gift paid in roubles: the same checks as in points, but no points needed. */
export async function giftOrder(
  env: Env,
  user: SessionUser,
  input: { user: number; gift: number; hidden: number; mes: string; nickto?: string; type?: string },
): Promise<Order> {
  const db = dbOf(env);
  const [gift, recipient, blocked] = await db.batch([
    db.select({ id: schema.gifts.id, cost: schema.gifts.cost, title: schema.gifts.title }).from(schema.gifts).where(eq(schema.gifts.id, input.gift)).limit(1),
    db.select({ id: u.id, nick: u.nick }).from(u).where(eq(u.id, input.user)).limit(1),
    db
      .select({ id: schema.blacklist.ownerId })
      .from(schema.blacklist)
      .where(and(eq(schema.blacklist.ownerId, input.user), eq(schema.blacklist.userId, user.id)))
      .limit(1),
  ]);
  if (!gift[0]) throw new DomainError(ERR.giftUnknown);
  if (!recipient[0]) throw new DomainError(ERR.userNotFound);
  giftFormAgrees(input, gift[0], recipient[0]);
  if (blocked[0]) throw new DomainError(ERR.giftBlacklisted);
  return {
    service: "gift",
    targetId: input.user,
    amount: giftPrice(gift[0].cost).rub,
    description: `Подарок «${gift[0].title}»`,
    params: { gift: gift[0].id, hidden: input.hidden, mes: input.mes },
  };
}

/**
 * VIP for 10 days paid in roubles, for oneself or another user (not one with a permanent VIP). The
 * dialog's «Скрыть мою активность» (cabhide) travels in the order's params and is applied by the
 * grant, as the points path applies it at once: only to the buyer's own profile.
 */
export async function vipOrder(env: Env, user: SessionUser, uid: number, cabhide: number): Promise<Order> {
  const target = await dbOf(env).select({ id: u.id, vip: u.vip, vipUntil: u.vipUntil }).from(u).where(eq(u.id, uid)).get();
  if (!target) throw new DomainError(ERR.userNotFound);
  if (target.vip === 1 && target.vipUntil === null) throw new DomainError(ERR.vipPermanent);
  return {
    service: "vip",
    targetId: uid,
    amount: SERVICE_PRICES.vip,
    description: `VIP-статус на ${VIP_DAYS} дней`,
    params: cabhide === 1 && uid === user.id ? { cabhide: 1 } : {},
  };
}
