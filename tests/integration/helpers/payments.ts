import { env } from "cloudflare:test";
import { expect } from "vitest";
import { testNotification } from "../../../app/models/payments/providers.server";
import { BASE, formPost, type Me, post, workerFetch } from "./api";
import { one } from "./db";

/** Paying for services in the integration tests: the payments table's rows, the test provider's page and notification. */

export type Payment = {
  id: number;
  user_id: number;
  service: string;
  target_id: number;
  params: string;
  amount: number;
  status: string;
  provider: string;
  provider_id: string | null;
  granted: number;
  idem_key: string;
  confirmation_url: string | null;
};

export const payment = (id: number) => one<Payment>("select * from payments where id = ?", id);

/** The test provider's page as the order's reply linked to it (its path and signed query). */
export async function payLink(id: number) {
  const url = new URL((await payment(id))!.confirmation_url!);
  return url.pathname + url.search;
}

/**
 * The tester's choice on the test provider's page (a plain form post to the page's own address):
 * through the link the order gave, or, with `who`, as the payer signed in who opened the page
 * without it. Where it sends the payer.
 */
export async function decide(id: number, decision: "pay" | "cancel", who?: Me) {
  const res = await formPost(who ? `/pay/test/${id}` : await payLink(id), { decision }, who);
  expect(res.status).toBe(302);
  return res.headers.get("location");
}

/** The test provider's signed notification, posted as the network would (again, when repeated); the response status. */
export async function notify(id: number, paid: boolean, secret = env.PAY_TEST_SECRET!) {
  const p = (await payment(id))!;
  const req = await testNotification(secret, BASE, { providerId: p.provider_id!, paymentId: p.id, amount: p.amount, paid });
  const res = await workerFetch(req.url, { method: "POST", headers: Object.fromEntries(req.headers), body: await req.text() });
  return res.status;
}

/** Asks a question in category 25; its id. */
export async function ask(me: Me, qtext: string): Promise<number> {
  const { json } = await post("addqst", { qtext, cid: "25" }, me);
  expect(json.status).toBe(200);
  return json.qid as number;
}
