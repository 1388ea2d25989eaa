import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { page, post } from "./helpers/api";
import { value } from "./helpers/db";
import { ask, notify, payment } from "./helpers/payments";
import { newUser } from "./helpers/users";

/**
 * The return page success_paid checks the payment up to 6 times, 500 ms apart, on the server
 * (docs/decisions/0041-payments.md): a payment that goes through while it checks is followed to
 * the service's place; one that never does ends on the front page.
 */

const YOOKASSA = { PAY_PROVIDER: "yookassa" };
const control = (path: string, init?: RequestInit) => fetch(`${env.FAKE_YOOKASSA_URL}/_control${path}`, init);
/** How many times the YooKassa fake was asked for this payment's state. */
async function statusRequests(providerId: string) {
  const requests = (await (await control("/requests")).json()) as { method: string; path: string }[];
  return requests.filter((r) => r.method === "GET" && r.path === `/v3/payments/${providerId}`).length;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("success_paid while the payment is still on its way", () => {
  it("YooKassa says succeeded about a second after the payer's return: the page keeps checking and goes on to his profile, VIP granted", async () => {
    const buyer = await newUser("Терпеливый");
    const { json } = await post("mvip", { money: 1 }, buyer, { bindings: YOOKASSA });
    expect(json).toMatchObject({ status: 200, free: 0, data: { provider: "yookassa" } });
    const p = (await payment(json.issuer_id))!;
    const asked = await statusRequests(p.provider_id!);

    const t0 = Date.now();
    const [back] = await Promise.all([
      page(`/success_paid?issuer_id=${p.id}`, buyer),
      sleep(1000).then(() => control(`/payments/${p.provider_id}`, { method: "POST", body: JSON.stringify({ status: "succeeded" }) })),
    ]);
    expect(back.location).toBe(`/profile/id${buyer.id}`);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(1000);
    // pending when first asked: it took more than one check, and fewer than all six
    const checks = (await statusRequests(p.provider_id!)) - asked;
    expect(checks).toBeGreaterThanOrEqual(2);
    expect(checks).toBeLessThan(6);
    expect(await payment(p.id)).toMatchObject({ status: "paid", granted: 1 });
    expect(await value("select vip v from users where id = ?", buyer.id)).toBe(1);
  });

  it("the test provider's notification arrives while the page checks: a lead's payer goes on to his question", async () => {
    const author = await newUser("Ждущий");
    const qid = await ask(author, "Почему чайник шумит перед закипанием?");
    const { json } = await post("mleadqst", { qid }, author);
    const id = json.issuer_id as number;
    const [back, notified] = await Promise.all([page(`/success_paid?issuer_id=${id}`, author), sleep(700).then(() => notify(id, true))]);
    expect(notified).toBe(200);
    expect(back.location).toBe(`/question/${qid}`);
    expect(await value("select waslead v from questions where id = ?", qid)).toBe(1);
  });

  it("a payment that never goes through: six checks about 500 ms apart, then the front page, and nothing granted", async () => {
    const buyer = await newUser("Невезучий");
    const { json } = await post("mvip", { money: 1 }, buyer, { bindings: YOOKASSA });
    const p = (await payment(json.issuer_id))!;
    const asked = await statusRequests(p.provider_id!);
    const t0 = Date.now();
    const back = await page(`/success_paid?issuer_id=${p.id}`, buyer);
    const took = Date.now() - t0;
    expect(back.location).toBe("/");
    expect((await statusRequests(p.provider_id!)) - asked).toBe(6);
    expect(took).toBeGreaterThanOrEqual(5 * 500);
    expect(await payment(p.id)).toMatchObject({ status: "pending", granted: 0 });
    expect(await value("select vip v from users where id = ?", buyer.id)).toBe(0);
  });
});
