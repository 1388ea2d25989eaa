import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { startPayment } from "../../app/models/payments/payments.server";
import { testNotification } from "../../app/models/payments/providers.server";
import type { SessionUser } from "../../app/models/users/session.server";
import { BASE, formPost, get, type Me, page, post, postForm, workerFetch } from "./helpers/api";
import { one, value } from "./helpers/db";
import { ask, decide, notify, payLink, payment } from "./helpers/payments";
import { as, newUser } from "./helpers/users";

const DAY = 86_400_000;

const money = (uid: number) => value("select user_money v from users where id = ?", uid);
const notes = (uid: number, kind: string) => value("select count(*) v from notifications where user_id = ? and kind = ?", uid, kind);

describe("paying for services through the local test provider", () => {
  it("VIP paid in roubles: the order opens the test provider's page, the return alone grants nothing, «Оплатить» grants 10 days once however often the notification repeats", async () => {
    const buyer = await newUser("Покупатель");
    // the spec's payload alone is the paid service: free and data, nothing paid in points
    const pointsBefore = await value("select points v from users where id = ?", buyer.id);
    const { json } = await post("mvip", { uid: buyer.id, period: 10 }, buyer);
    expect(json).toMatchObject({ status: 200, free: 0, data: { provider: "test", amount: 100 } });
    expect(await value("select points v from users where id = ?", buyer.id)).toBe(pointsBefore);
    const id = json.data.issuer_id as number;
    // the provider's page, by a link signed for this payment
    expect(json.data.url).toMatch(new RegExp(`^${BASE}/pay/test/${id}\\?sig=[0-9a-f]{64}$`));
    expect(await payment(id)).toMatchObject({
      user_id: buyer.id,
      service: "vip",
      target_id: buyer.id,
      amount: 100,
      status: "pending",
      provider: "test",
      granted: 0,
    });

    // the test provider's page shows the amount and both choices
    const shown = await page(`/pay/test/${id}`, buyer);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain("100 ₽");
    expect(shown.html).toContain("Оплатить");
    expect(shown.html).toContain("Отменить");

    // coming back to the success address without paying: checked, not granted, sent home
    const back = await page(`/success_paid?issuer_id=${id}`, buyer);
    expect(back.location).toBe("/");
    expect(await one("select vip, vip_until from users where id = ?", buyer.id)).toEqual({ vip: 0, vip_until: null });

    const t0 = Date.now();
    expect(await decide(id, "pay")).toBe(`/success_paid?issuer_id=${id}`);
    const after = (await one<{ vip: number; vip_until: number }>("select vip, vip_until from users where id = ?", buyer.id))!;
    expect(after.vip).toBe(1);
    expect(after.vip_until).toBeGreaterThanOrEqual(t0 + 10 * DAY);
    expect(after.vip_until).toBeLessThanOrEqual(Date.now() + 10 * DAY);
    expect(await payment(id)).toMatchObject({ status: "paid", granted: 1 });
    expect(await notes(buyer.id, "vip_started")).toBe(1);

    // the same notification twice more, and a cancel after it: nothing changes
    expect(await notify(id, true)).toBe(200);
    expect(await notify(id, true)).toBe(200);
    expect(await notify(id, false)).toBe(200);
    expect(await one("select vip, vip_until from users where id = ?", buyer.id)).toEqual({ vip: 1, vip_until: after.vip_until });
    expect(await payment(id)).toMatchObject({ status: "paid", granted: 1 });
    expect(await notes(buyer.id, "vip_started")).toBe(1);

    // the success address now goes straight on to the profile
    expect((await page(`/success_paid?issuer_id=${id}`, buyer)).location).toBe(`/profile/id${buyer.id}`);
    expect((await get("mpaid", { issuer_id: id }, buyer)).json).toMatchObject({ status: 200, paid: 1, go: `/profile/id${buyer.id}` });
    // someone else's payment is not his to see
    const other = await newUser("Чужой");
    expect((await get("mpaid", { issuer_id: id }, other)).json).toMatchObject({ status: 404, errid: 581 });
  });

  it("a gift paid in roubles through the form door: the recipient gets it and its notification, the giver's points stay", async () => {
    const giver = await newUser("Даритель");
    const masha = await as("user@demo.local");
    const pointsBefore = await value("select points v from users where id = ?", giver.id);
    const { res } = await postForm("makegift", { user: masha.id, gift: 2, pointsgift: 0, hidden: 0, mes: "Привет!" }, `/profile/id${masha.id}/gifts`, giver);
    expect(res.status).toBe(302);
    const id = await value("select max(id) v from payments where user_id = ?", giver.id);
    expect(res.headers.get("location")).toBe(`/pay/${id}`);
    expect((await page(`/pay/${id}`, giver)).location).toBe(`${BASE}${await payLink(id)}`);
    expect(await payment(id)).toMatchObject({ service: "gift", target_id: masha.id, amount: 20, status: "pending" });
    const giftNotes = await notes(masha.id, "gift");

    await decide(id, "pay");
    expect(await one("select gift_id, from_id, to_id, mes, paid_with from sent_gifts where from_id = ?", giver.id)).toEqual({
      gift_id: 2,
      from_id: giver.id,
      to_id: masha.id,
      mes: "Привет!",
      paid_with: "money",
    });
    expect(await notes(masha.id, "gift")).toBe(giftNotes + 1);
    expect(await value("select points v from users where id = ?", giver.id)).toBe(pointsBefore);
    expect((await page(`/profile/id${masha.id}/gifts`)).html).toContain(giver.nick);
  });

  it("«Отменить» grants nothing, and a paid notification after the cancel changes nothing", async () => {
    const giver = await newUser("Передумавший");
    const masha = await as("user@demo.local");
    const { json } = await post("makegift", { user: masha.id, gift: 1, pointsgift: 0 }, giver);
    const id = json.data.issuer_id as number;
    expect(await decide(id, "cancel")).toBe(`/canceled_paid?issuer_id=${id}`);
    expect(await payment(id)).toMatchObject({ status: "canceled", granted: 0 });
    const shown = await page(`/canceled_paid?issuer_id=${id}`, giver);
    expect(shown.html).toContain("Оплата отменена");
    expect(await notify(id, true)).toBe(200);
    expect(await payment(id)).toMatchObject({ status: "canceled", granted: 0 });
    expect(await value("select count(*) v from sent_gifts where from_id = ?", giver.id)).toBe(0);
    // the success address of a canceled payment goes to the cancel page
    expect((await page(`/success_paid?issuer_id=${id}`, giver)).location).toBe(`/canceled_paid?issuer_id=${id}`);
  });

  it("a forged notification (a wrong signature, or none) is refused with 400 and grants nothing", async () => {
    const buyer = await newUser("Хитрец");
    const { json } = await post("mvip", { money: 1 }, buyer);
    const id = json.data.issuer_id as number;
    expect(await notify(id, true, "not-the-secret")).toBe(400);
    const p = (await payment(id))!;
    const unsigned = await workerFetch(`${BASE}/api/pay/notify/test`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ event: "payment.succeeded", object: { id: p.provider_id, status: "succeeded", amount: { value: "100.00", currency: "RUB" } } }),
    });
    expect(unsigned.status).toBe(400);
    expect(await payment(id)).toMatchObject({ status: "pending", granted: 0 });
    expect(await value("select vip v from users where id = ?", buyer.id)).toBe(0);
  });

  it("mleadqst makes the author's question a leader for 3 days: /smstop lists it and an answer to it earns double points", async () => {
    const author = await newUser("Автор");
    const qid = await ask(author, "Какой чай лучше заваривать зимой вечером?");
    const stranger = await newUser("Прохожий");
    expect((await post("mleadqst", { qid }, stranger)).json).toMatchObject({ status: 403, errid: 582 });
    const { json } = await post("mleadqst", { qid }, author);
    expect(json).toMatchObject({ status: 200, free: 0, data: { amount: 50 } });
    const t0 = Date.now();
    expect(await decide(json.data.issuer_id, "pay")).toBe(`/success_paid?issuer_id=${json.data.issuer_id}`);
    const q = (await one<{ lead_until: number; waslead: number }>("select lead_until, waslead from questions where id = ?", qid))!;
    expect(q.lead_until).toBeGreaterThanOrEqual(t0 + 3 * DAY);
    expect(q.waslead).toBe(1);
    expect((await page("/smstop/")).html).toContain("Какой чай лучше заваривать зимой вечером?");
    expect((await get("mpaid", { issuer_id: json.data.issuer_id }, author)).json.go).toBe(`/question/${qid}`);

    const answerer = await newUser("Отвечающий");
    expect((await post("addans", { qid, Body: "Лучше всего чёрный чай с чабрецом." }, answerer)).json.status).toBe(200);
    expect(await value("select delta v from points_ledger where user_id = ? and reason = 'answer' order by id desc limit 1", answerer.id)).toBe(4);
  });

  it("mhideqst hides the author's question and tells him; mhideans deletes the author's answer and lowers the answer count", async () => {
    const author = await newUser("Скрывающий");
    const qid = await ask(author, "Как убрать свой вопрос с сайта насовсем?");
    const { json } = await post("mhideqst", { qid }, author);
    await decide(json.data.issuer_id, "pay");
    expect(await one("select state, hidden, deleted_by from questions where id = ?", qid)).toEqual({ state: "D", hidden: 1, deleted_by: "author" });
    expect(await notes(author.id, "sms_deleted")).toBe(1);
    expect((await get("mpaid", { issuer_id: json.data.issuer_id }, author)).json.go).toBe("/");

    const asker = await newUser("Спрашивающий");
    const qid2 = await ask(asker, "Где лучше провести отпуск в сентябре?");
    const writer = await newUser("Пишущий");
    const ans = await post("addans", { qid: qid2, Body: "В Крыму ещё тепло и людей меньше." }, writer);
    const aid = ans.json.id as number;
    expect((await post("mhideans", { aid }, asker)).json).toMatchObject({ status: 403, errid: 584 });
    const order = await post("mhideans", { aid }, writer);
    await decide(order.json.data.issuer_id, "pay");
    expect(await one("select hidden, deleted_by from answers where id = ?", aid)).toEqual({ hidden: 1, deleted_by: "author" });
    expect(await value("select anscnt v from questions where id = ?", qid2)).toBe(0);
    expect(await value("select count(*) v from notifications where user_id = ? and kind = 'sms_deleted' and aid = ?", writer.id, aid)).toBe(1);
    expect((await get("mpaid", { issuer_id: order.json.data.issuer_id }, writer)).json.go).toBe(`/question/${qid2}`);
  });

  it("a payment for a question deleted meanwhile grants nothing and keeps the amount on the payer's balance, which then pays the next service at once (free)", async () => {
    const author = await newUser("Удаливший");
    const qid = await ask(author, "Что подарить коллеге на юбилей в офисе?");
    const { json } = await post("mleadqst", { qid }, author);
    expect((await post("delqst", { qid }, author)).json.status).toBe(200);
    await decide(json.data.issuer_id, "pay");
    expect(await payment(json.data.issuer_id)).toMatchObject({ status: "paid", granted: 0 });
    expect(await one("select lead_until, waslead from questions where id = ?", qid)).toEqual({ lead_until: null, waslead: 0 });
    expect(await money(author.id)).toBe(50);
    // the success page says where the money went
    const told = await page(`/success_paid?issuer_id=${json.data.issuer_id}`, author);
    expect(told.status).toBe(200);
    expect(told.html).toContain("Сумма зачислена на ваш счёт на сайте");
    // repeated: still one refund
    expect(await notify(json.data.issuer_id, true)).toBe(200);
    expect(await money(author.id)).toBe(50);

    const qid2 = await ask(author, "Как выбрать хороший зонт от дождя?");
    const free = await post("mleadqst", { qid: qid2 }, author);
    expect(free.json).toMatchObject({ status: 200, free: 1, data: null, granted: 1 });
    expect(await money(author.id)).toBe(0);
    expect(await value("select waslead v from questions where id = ?", qid2)).toBe(1);
    expect(await payment(free.json.issuer_id)).toMatchObject({ provider: "balance", status: "paid", granted: 1 });
  });

  it("the author sees the paid buttons on his question and answer, other readers do not, and none are offered or accepted in category 601", async () => {
    const author = await newUser("Кнопочный");
    const qid = await ask(author, "Какие цветы посадить на даче весной?");
    const reader = await newUser("Читатель");
    const aid = (await post("addans", { qid, Body: "Тюльпаны и нарциссы, они неприхотливы." }, reader)).json.id as number;
    const own = (await page(`/question/${qid}`, author)).html;
    expect(own).toContain('data-testid="mleadqst"');
    expect(own).toContain('data-testid="mhideqst"');
    expect(own).toContain("Сделать лидером — 50 ₽");
    expect(own).not.toContain('data-testid="mhideans"');
    const theirs = (await page(`/question/${qid}`, reader)).html;
    expect(theirs).not.toContain('data-testid="mleadqst"');
    expect(theirs).toContain(`action="/do/mhideans?return=%2Fquestion%2F${qid}"`);
    expect(theirs).toContain(`name="aid" value="${aid}"`);

    // category 601 (a question moved there before anyone read it): no buttons, and a refusal with nothing written
    const q601 = await ask(author, "Что посоветовать первокурснику в общежитии?");
    const a601 = (await post("addans", { qid: q601, Body: "Договориться с соседями о порядке." }, reader)).json.id as number;
    await env.DB.prepare("update questions set category_id = 601, top_category_id = 601 where id = ?").bind(q601).run();
    const in601 = (await page(`/question/${q601}`, author)).html;
    expect(in601).toContain("Что посоветовать первокурснику в общежитии?");
    expect(in601).not.toContain('data-testid="mleadqst"');
    expect(in601).not.toContain('data-testid="mhideqst"');
    expect((await page(`/question/${q601}`, reader)).html).not.toContain('data-testid="mhideans"');
    const before = await value("select count(*) v from payments");
    expect((await post("mleadqst", { qid: q601 }, author)).json).toMatchObject({ status: 403, errid: 586 });
    expect((await post("mhideqst", { qid: q601 }, author)).json).toMatchObject({ status: 403, errid: 586 });
    expect((await post("mhideans", { aid: a601 }, reader)).json).toMatchObject({ status: 403, errid: 586 });
    expect(await value("select count(*) v from payments")).toBe(before);
  });

  it("the test provider is refused in production: its page, its form and its notification are not found, an order of a paid service gets 580, and nothing is written", async () => {
    const PRODUCTION = { ENVIRONMENT: "production" };
    const buyer = await newUser("Боевой");
    const masha = await as("user@demo.local");
    const qid = await ask(buyer, "Сколько стоит сделать вопрос лидером?");
    // a payment the test provider made where it was on, still pending
    const { json } = await post("mvip", { money: 1 }, buyer);
    const id = json.data.issuer_id as number;
    const rows = await value("select count(*) v from payments");

    const shown = await workerFetch(`${BASE}/pay/test/${id}`, { redirect: "manual", headers: { cookie: buyer.cookie } }, PRODUCTION);
    expect(shown.status).toBe(404);
    const html = await shown.text();
    expect(html).toContain("Платёж не найден");
    expect(html).not.toContain("Тестовая оплата");
    const form = await workerFetch(
      `${BASE}/pay/test/${id}`,
      {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", host: "127.0.0.1", origin: BASE, cookie: buyer.cookie },
        body: "decision=pay",
      },
      PRODUCTION,
    );
    expect(form.status).toBe(404);
    const p = (await payment(id))!;
    const signed = await testNotification(env.PAY_TEST_SECRET!, BASE, { providerId: p.provider_id!, paymentId: id, amount: p.amount, paid: true });
    const notified = await workerFetch(signed.url, { method: "POST", headers: Object.fromEntries(signed.headers), body: await signed.text() }, PRODUCTION);
    expect(notified.status).toBe(404);

    // orders of every paid service: the provider the tests name, and the choice production makes without it
    for (const bindings of [PRODUCTION, { ...PRODUCTION, PAY_PROVIDER: "", YOOKASSA_SHOP_ID: "" }]) {
      for (const [name, body] of [
        ["mvip", { money: 1 }],
        ["makegift", { user: masha.id, gift: 1, pointsgift: 0 }],
        ["mleadqst", { qid }],
        ["mhideqst", { qid }],
      ] as const) {
        expect((await post(name, body, buyer, { bindings })).json, name).toMatchObject({
          status: 503,
          errid: 580,
          error: "Оплата деньгами сейчас недоступна. Попробуйте позже",
        });
      }
    }
    expect(await value("select count(*) v from payments")).toBe(rows);
    expect(await payment(id)).toMatchObject({ status: "pending", granted: 0 });
    expect(await one("select vip, user_money from users where id = ?", buyer.id)).toEqual({ vip: 0, user_money: 0 });
    expect(await one("select lead_until, state from questions where id = ?", qid)).toEqual({ lead_until: null, state: "A" });
    // where the provider is on, the same page is there (the refusal above is production's)
    expect((await page(`/pay/test/${id}`, buyer)).status).toBe(200);
  });
});

describe("who may open the test provider's page: the payer signed in, or whoever holds the signed link the order gave", () => {
  const DATA = "_data=routes%2Fpay.test.%24id";
  const vipOf = (uid: number) => one("select vip, vip_until from users where id = ?", uid);

  /** A pending VIP payment of a new user, paid in roubles through the test provider. */
  async function pendingVip(nick: string) {
    const buyer = await newUser(nick);
    const { json } = await post("mvip", { money: 1 }, buyer);
    expect(json).toMatchObject({ status: 200, free: 0, data: { provider: "test" } });
    return { buyer, id: json.data.issuer_id as number };
  }

  /**
   * What someone who may not see the payment gets at `path`, with his cookie (`who`) or none: the
   * page of an unknown payment (404, nothing of the payment in it or in its data), and his
   * «Оплатить» and «Отменить» refused with 404 — the payment stays pending, nothing granted.
   */
  async function findsNothing(id: number, buyer: number, path: string, who?: Me) {
    const shown = await page(path, who);
    expect(shown.status).toBe(404);
    expect(shown.html).toContain("Платёж не найден");
    expect(shown.html).not.toContain('data-testid="test-payment"');
    expect(shown.html).not.toContain("100 ₽");
    expect(shown.html).not.toContain("VIP-статус");
    const data = await page(`${path}${path.includes("?") ? "&" : "?"}${DATA}`, who);
    expect(data.status).toBe(404);
    expect(JSON.parse(data.html)).toEqual({ payment: null });
    for (const decision of ["pay", "cancel"]) {
      const res = await formPost(path, { decision }, who);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("100 ₽");
    }
    expect(await payment(id)).toMatchObject({ status: "pending", granted: 0 });
    expect(await vipOf(buyer)).toEqual({ vip: 0, vip_until: null });
    expect(await notes(buyer, "vip_started")).toBe(0);
  }

  it("a guest without the link finds no payment at /pay/test/{id}: 404, nothing of it in the page or its data, and his «Оплатить» or «Отменить» changes nothing", async () => {
    const { buyer, id } = await pendingVip("Жертва гостя");
    await findsNothing(id, buyer.id, `/pay/test/${id}`);
    await findsNothing(id, buyer.id, `/pay/test/${id}?sig=`);
  });

  it("another signed-in user without the link finds no payment either, and changes nothing", async () => {
    const { buyer, id } = await pendingVip("Жертва соседа");
    const other = await newUser("Сосед");
    await findsNothing(id, buyer.id, `/pay/test/${id}`, other);
  });

  it("a forged signature, one made with another secret, and the signature of another payment's link open nothing and change nothing", async () => {
    const { buyer, id } = await pendingVip("Жертва подделки");
    const [path] = (await payLink(id)).split("?");
    await findsNothing(id, buyer.id, `${path}?sig=${"0".repeat(64)}`);
    await findsNothing(id, buyer.id, `${path}?sig=${"ab".repeat(40)}`);
    // the link's own form, signed with a secret that is not the provider's
    const p = (await payment(id))!;
    const key = await crypto.subtle.importKey("raw", new TextEncoder().encode("not-the-secret"), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`pay-test-page:${id}:${p.provider_id}`));
    const forged = [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, "0")).join("");
    await findsNothing(id, buyer.id, `${path}?sig=${forged}`);
    // the attacker's own payment: its link's signature on the victim's payment
    const own = await pendingVip("Подделыватель");
    const ownSig = new URL((await payment(own.id))!.confirmation_url!).searchParams.get("sig");
    await findsNothing(id, buyer.id, `${path}?sig=${ownSig}`, own.buyer);
    // his own link still opens his own payment
    expect((await page(await payLink(own.id))).status).toBe(200);
  });

  it("the signed link opens the page without a session, and «Оплатить» through it grants the service once however often it is sent again", async () => {
    const { buyer, id } = await pendingVip("Плательщик по ссылке");
    const link = await payLink(id);
    const shown = await page(link);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('data-testid="test-payment"');
    expect(shown.html).toContain("100 ₽");
    // the link's signature is not sent on as the referrer of what follows the page
    expect(shown.html).toContain('<meta name="referrer" content="strict-origin"/>');

    expect(await decide(id, "pay")).toBe(`/success_paid?issuer_id=${id}`);
    const after = await vipOf(buyer.id);
    expect(after).toMatchObject({ vip: 1 });
    expect(await payment(id)).toMatchObject({ status: "paid", granted: 1 });
    // again, and a cancel after it: the payment is no longer pending, nothing changes
    expect(await decide(id, "pay")).toBe(`/success_paid?issuer_id=${id}`);
    expect(await decide(id, "cancel")).toBe(`/canceled_paid?issuer_id=${id}`);
    expect(await vipOf(buyer.id)).toEqual(after);
    expect(await payment(id)).toMatchObject({ status: "paid", granted: 1 });
    expect(await notes(buyer.id, "vip_started")).toBe(1);
    expect((await page(link)).html).toContain("Платёж уже оплачен.");
    // from another site's page the link's form is refused before it is read
    const foreign = await formPost(link, { decision: "cancel" }, null, { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(await payment(id)).toMatchObject({ status: "paid", granted: 1 });
  });

  it("the payer signed in opens /pay/test/{id} without the link and his «Отменить» cancels it", async () => {
    const { buyer, id } = await pendingVip("Плательщик без ссылки");
    const shown = await page(`/pay/test/${id}`, buyer);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain("100 ₽");
    expect(JSON.parse((await page(`/pay/test/${id}?${DATA}`, buyer)).html)).toEqual({ payment: { id, service: "vip", amount: 100, status: "pending" } });
    expect(await decide(id, "cancel", buyer)).toBe(`/canceled_paid?issuer_id=${id}`);
    expect(await payment(id)).toMatchObject({ status: "canceled", granted: 0 });
    expect(await vipOf(buyer.id)).toEqual({ vip: 0, vip_until: null });

    // and another payment of his, paid the same way
    const next = await post("mvip", { money: 1 }, buyer);
    expect(await decide(next.json.issuer_id, "pay", buyer)).toBe(`/success_paid?issuer_id=${next.json.issuer_id}`);
    expect(await payment(next.json.issuer_id)).toMatchObject({ status: "paid", granted: 1 });
    expect(await vipOf(buyer.id)).toMatchObject({ vip: 1 });
  });
});

describe("the YooKassa adapter against a YooKassa-shaped fake on 127.0.0.1", () => {
  const control = (path: string, init?: RequestInit) => fetch(`${env.FAKE_YOOKASSA_URL}/_control${path}`, init);
  const notifyYooKassa = (body: unknown) =>
    workerFetch(`${BASE}/api/pay/notify/yookassa`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

  it("creates the payment with an Idempotence-Key and the shop's credentials, and grants only once the provider itself says it succeeded", async () => {
    const buyer = await newUser("Клиент ЮKassa");
    const yk = { ...env, PAY_PROVIDER: "yookassa" };
    const started = await startPayment(
      yk,
      { id: buyer.id } as SessionUser,
      { service: "vip", targetId: buyer.id, amount: 100, description: "VIP" },
      BASE,
      Date.now(),
    );
    expect(started).toMatchObject({
      free: 0,
      data: { provider: "yookassa", url: expect.stringMatching(/^https:\/\/yoomoney\.test\/checkout\?orderId=yk-\d+$/) },
    });
    const row = (await payment(started.issuer_id))!;
    expect(row).toMatchObject({ provider: "yookassa", status: "pending", provider_id: expect.stringMatching(/^yk-\d+$/) });

    const requests = (await (await control("/requests")).json()) as { method: string; path: string; headers: Record<string, string>; body: string }[];
    const create = requests.filter((r) => r.method === "POST" && r.path === "/v3/payments").pop()!;
    expect(create.headers["idempotence-key"]).toBe(row.idem_key);
    expect(create.headers.authorization).toBe(`Basic ${btoa("test-shop:test-secret-key")}`);
    expect(JSON.parse(create.body)).toMatchObject({
      amount: { value: "100.00", currency: "RUB" },
      capture: true,
      confirmation: { type: "redirect", return_url: `${BASE}/success_paid?issuer_id=${row.id}` },
      metadata: { payment_id: String(row.id) },
    });

    // a notification that says "succeeded" while the provider says pending: believed not
    const claim = {
      type: "notification",
      event: "payment.succeeded",
      object: { id: row.provider_id, status: "succeeded", amount: { value: "100.00", currency: "RUB" } },
    };
    expect((await notifyYooKassa(claim)).status).toBe(200);
    expect(await payment(row.id)).toMatchObject({ status: "pending", granted: 0 });
    expect(await value("select vip v from users where id = ?", buyer.id)).toBe(0);
    // a notification about a payment the provider does not know: refused
    expect((await notifyYooKassa({ event: "payment.succeeded", object: { id: "yk-forged" } })).status).toBe(400);

    // the provider now says succeeded: the same notification grants, once
    expect((await control(`/payments/${row.provider_id}`, { method: "POST", body: JSON.stringify({ status: "succeeded" }) })).status).toBe(200);
    expect((await notifyYooKassa(claim)).status).toBe(200);
    expect((await notifyYooKassa(claim)).status).toBe(200);
    expect(await payment(row.id)).toMatchObject({ status: "paid", granted: 1 });
    expect(await value("select vip v from users where id = ?", buyer.id)).toBe(1);
    expect(await notes(buyer.id, "vip_started")).toBe(1);
  });

  it("mnotpaid asks the provider: a payment it canceled is canceled here, and nothing is granted", async () => {
    const buyer = await newUser("Отказавшийся");
    const yk = { ...env, PAY_PROVIDER: "yookassa" };
    const started = await startPayment(
      yk,
      { id: buyer.id } as SessionUser,
      { service: "vip", targetId: buyer.id, amount: 100, description: "VIP" },
      BASE,
      Date.now(),
    );
    const row = (await payment(started.issuer_id))!;
    await control(`/payments/${row.provider_id}`, { method: "POST", body: JSON.stringify({ status: "canceled" }) });
    expect((await post("mnotpaid", { issuer_id: row.id }, buyer)).json).toMatchObject({ status: 200, paid: 0 });
    expect(await payment(row.id)).toMatchObject({ status: "canceled", granted: 0 });
    expect(await value("select vip v from users where id = ?", buyer.id)).toBe(0);
  });
});
