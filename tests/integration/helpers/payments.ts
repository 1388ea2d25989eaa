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
};

export const payment = (id: number) => one<Payment>("select * from payments where id = ?", id);

/** The tester's choice on the test provider's page (a plain form post): where it sends the payer. */
export async function decide(id: number, decision: "pay" | "cancel") {
  const res = await formPost(`/pay/test/${id}`, { decision });
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
