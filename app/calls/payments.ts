import { z } from "zod";
import { ERR_MSG } from "../lib/errids";
import { idField } from "../lib/fields";
import { LEAD_DAYS, SERVICE_PRICES } from "../lib/payments";
import { VIP_PERIOD_DAYS } from "../models/gifts/vip.server";
import { answerOrder, paymentState, questionOrder, reconcilePayment, startPayment } from "../models/payments/payments.server";
import { requireUser, requireWriter } from "../models/users/session.server";
import { defineCall, type CallContext, type NamedCall } from "./define";

const QidInput = z.object({ qid: idField(ERR_MSG.questionGone) });
const AidInput = z.object({ aid: idField(ERR_MSG.answerGone) });
const IssuerInput = z.object({ issuer_id: idField(ERR_MSG.paymentUnknown) });
const NoInput = z.object({});

const origin = (c: CallContext) => new URL(c.req.url).origin;

/** What the client gets of a started payment: free, data, issuer_id, granted and where to go (not the pages purged). */
export function paymentReply<R extends { purge: string[] }>(r: R) {
  const { purge: _p, ...rest } = r;
  return rest;
}

/** An order of a paid service on the author's question: hiding it, or making it a leader. */
function questionServiceCall(service: "hideqst" | "leadqst") {
  return defineCall({
    method: "POST",
    input: QidInput,
    run: async (c, input) => {
      const user = requireWriter(c.session);
      return startPayment(c.env, user, await questionOrder(c.env, user, input.qid, service), origin(c), c.now);
    },
    purge: (r) => r.purge,
    reply: paymentReply,
  });
}

/**
 * The paid question services and the payment's state (docs/decisions/0041-payments.md). Each
 * order replies {free, data}: free 1 when the payer's balance covered it (granted already),
 * otherwise data holds the payment and the provider's page (`redirect` for the form door).
 */
export const paymentCalls: Record<string, NamedCall> = {
  mhideqst: questionServiceCall("hideqst"),
  mleadqst: questionServiceCall("leadqst"),
  mhideans: defineCall({
    method: "POST",
    input: AidInput,
    run: async (c, input) => {
      const user = requireWriter(c.session);
      return startPayment(c.env, user, await answerOrder(c.env, user, input.aid), origin(c), c.now);
    },
    purge: (r) => r.purge,
    reply: paymentReply,
  }),
  mpaid: defineCall({
    method: "GET",
    input: IssuerInput,
    run: (c, input) => paymentState(c.env, requireUser(c.session), input.issuer_id),
  }),
  mnotpaid: defineCall({
    method: "POST",
    input: IssuerInput,
    run: (c, input) => reconcilePayment(c.env, requireUser(c.session), input.issuer_id, c.now),
  }),
  // what the paid services cost, before the dialog that orders one: POST calls, as the product lists them
  // (a guest may ask too: prices are no secret), answering with nothing but the prices and periods
  smshide: defineCall({
    method: "POST",
    input: NoInput,
    run: async () => ({ prices: { hideqst: SERVICE_PRICES.hideqst, hideans: SERVICE_PRICES.hideans, leadqst: SERVICE_PRICES.leadqst }, lead_days: LEAD_DAYS }),
  }),
  smsvip: defineCall({
    method: "POST",
    input: NoInput,
    run: async () => ({ price: SERVICE_PRICES.vip, period: VIP_PERIOD_DAYS }),
  }),
};
