import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get, page, post, postForm } from "./helpers/api";
import { one, value } from "./helpers/db";
import { ask, decide, notify, payment } from "./helpers/payments";
import { newUser } from "./helpers/users";

/**
 * The paid services' finer rules (docs/decisions/0041-payments.md): the VIP dialog's «Скрыть мою
 * активность» when VIP is paid in roubles, a lead that ends, a gift to someone who blacklisted the
 * giver, the 'SMS deletion done' notification as the author reads it, and the price calls.
 */

const DAY = 86_400_000;
const money = (uid: number) => value("select user_money v from users where id = ?", uid);
const hidden = (uid: number) => value("select hidden v from users where id = ?", uid);
const lastPayment = (uid: number) => value("select max(id) v from payments where user_id = ?", uid);

describe("VIP paid in roubles keeps the dialog's «Скрыть мою активность»", () => {
  it("checked: once the test provider's notification says paid, the buyer is a VIP and his activity is hidden from others", async () => {
    const buyer = await newUser("Скрытный");
    // the profile's VIP dialog: the box checked (its hidden 0 and the box's 1), «Оплатить 100 ₽»
    const back = `/profile/id${buyer.id}`;
    const { res } = await postForm("mvip", { period: 10, cabhide: ["0", "1"], money: 1 }, back, buyer);
    expect(res.status).toBe(302);
    const id = await lastPayment(buyer.id);
    expect(res.headers.get("location")).toBe(`/pay/${id}`);
    expect(JSON.parse((await payment(id))!.params)).toEqual({ cabhide: 1 });
    // nothing changes before the money arrives
    expect(await hidden(buyer.id)).toBe(0);

    expect(await notify(id, true)).toBe(200);
    expect(await one("select vip, hidden from users where id = ?", buyer.id)).toEqual({ vip: 1, hidden: 1 });
    expect(await payment(id)).toMatchObject({ status: "paid", granted: 1 });
    const guest = await page(back);
    expect(guest.html).toContain('data-testid="profile-hidden"');
    expect(guest.html).toContain("Личный кабинет скрыт");
    expect((await page(back, buyer)).html).toContain("Ваша активность скрыта от других участников.");
  });

  it("unchecked: the VIP starts and the activity stays open; a box checked while buying for someone else hides nobody", async () => {
    const buyer = await newUser("Открытый");
    const back = `/profile/id${buyer.id}`;
    await postForm("mvip", { period: 10, cabhide: "0", money: 1 }, back, buyer);
    const id = await lastPayment(buyer.id);
    expect(JSON.parse((await payment(id))!.params)).toEqual({});
    expect(await notify(id, true)).toBe(200);
    expect(await one("select vip, hidden from users where id = ?", buyer.id)).toEqual({ vip: 1, hidden: 0 });
    expect((await page(back)).html).not.toContain("Личный кабинет скрыт");
    expect((await page(back, buyer)).html).toContain("Ваша активность видна всем.");

    const friend = await newUser("Одаряемый");
    const { json } = await post("mvip", { uid: friend.id, cabhide: 1, money: 1 }, buyer);
    expect(json).toMatchObject({ status: 200, free: 0 });
    expect(await notify(json.issuer_id, true)).toBe(200);
    expect(await one("select vip, hidden from users where id = ?", friend.id)).toEqual({ vip: 1, hidden: 0 });
    expect(await hidden(buyer.id)).toBe(0);
  });
});

describe("a lead that has ended", () => {
  it("leaves /smstop and the leadqst list, earns single points again, and the question keeps waslead 1", async () => {
    const author = await newUser("Лидер");
    const qtext = "Как долго заваривать улун второй раз?";
    const qid = await ask(author, qtext);
    expect((await get("question", { qid })).json).toMatchObject({ status: 200, qid, waslead: 0 });
    const { json } = await post("mleadqst", { qid }, author);
    await decide(json.data.issuer_id, "pay");
    const reader = await newUser("Читатель топа");
    /** the question in the leadqst list, page after page (the seed has leaders of its own) */
    const listed = async () => {
      for (let p = 0; ; p += 20) {
        const { json: list } = await get("leadqst", { n: 20, p });
        expect(list.status).toBe(200);
        const qst = list.qst as { qid: number; waslead: number }[];
        const found = qst.find((x) => x.qid === qid);
        if (found || qst.length < 20) return found;
      }
    };
    expect((await page("/smstop/", reader)).html).toContain(qtext);
    expect(await listed()).toMatchObject({ qid, waslead: 1 });
    expect((await get("question", { qid })).json).toMatchObject({ status: 200, waslead: 1 });

    // the lead's three days are over
    await env.DB.prepare("update questions set lead_until = ? where id = ?")
      .bind(Date.now() - DAY, qid)
      .run();
    expect((await page("/smstop/", reader)).html).not.toContain(qtext);
    expect(await listed()).toBeUndefined();
    const answerer = await newUser("Опоздавший");
    expect((await post("addans", { qid, Body: "Секунд двадцать, не дольше, и воду чуть горячее." }, answerer)).json.status).toBe(200);
    expect(await value("select delta v from points_ledger where user_id = ? and reason = 'answer' order by id desc limit 1", answerer.id)).toBe(2);
    expect(await value("select waslead v from questions where id = ?", qid)).toBe(1);
    expect((await get("question", { qid })).json).toMatchObject({ status: 200, waslead: 1 });
  });
});

describe("a gift paid in roubles to someone who blacklisted the giver", () => {
  it("already blacklisted: the order is refused with 506 and nothing is written", async () => {
    const giver = await newUser("Назойливый");
    const owner = await newUser("Строгая");
    expect((await post("addblist", { bid: giver.id }, owner)).json.status).toBe(200);
    const before = await value("select count(*) v from payments");
    const { json } = await post("makegift", { user: owner.id, gift: 2, pointsgift: 0, mes: "Мир?" }, giver);
    expect(json).toMatchObject({ status: 403, errid: 506, error: "Пользователь добавил вас в чёрный список: подарок отправить нельзя" });
    const form = await postForm("makegift", { user: owner.id, gift: 2, pointsgift: 0, hidden: 0 }, `/profile/id${owner.id}/gifts`, giver);
    expect(form.res.headers.get("location") ?? "").not.toMatch(/^\/pay\//);
    expect(await value("select count(*) v from payments")).toBe(before);
    expect(await value("select count(*) v from sent_gifts where from_id = ?", giver.id)).toBe(0);
  });

  it("blacklisted between the order and the payment: nothing is granted or notified, and the amount goes to the giver's balance, once", async () => {
    const giver = await newUser("Поспешный");
    const owner = await newUser("Передумавшая");
    const { json } = await post("makegift", { user: owner.id, gift: 2, pointsgift: 0, mes: "С праздником!" }, giver);
    expect(json).toMatchObject({ status: 200, free: 0, data: { amount: 20 } });
    expect((await post("addblist", { bid: giver.id }, owner)).json.status).toBe(200);
    const giftNotes = await value("select count(*) v from notifications where user_id = ? and kind = 'gift'", owner.id);

    await decide(json.issuer_id, "pay");
    expect(await payment(json.issuer_id)).toMatchObject({ status: "paid", granted: 0 });
    expect(await value("select count(*) v from sent_gifts where from_id = ?", giver.id)).toBe(0);
    expect(await value("select count(*) v from notifications where user_id = ? and kind = 'gift'", owner.id)).toBe(giftNotes);
    expect(await money(giver.id)).toBe(20);
    expect(await notify(json.issuer_id, true)).toBe(200);
    expect(await money(giver.id)).toBe(20);
    const told = await page(`/success_paid?issuer_id=${json.issuer_id}`, giver);
    expect(told.status).toBe(200);
    expect(told.html).toContain("Сумма зачислена на ваш счёт на сайте");
  });
});

describe("'SMS deletion done' as the author reads it", () => {
  it("after a paid mhideqst and a paid mhideans, the author's notifications feed says «Удаление выполнено» for each", async () => {
    const author = await newUser("Удаляющий");
    const qtext = "Можно ли удалить свой вопрос за деньги?";
    const qid = await ask(author, qtext);
    const other = await newUser("Спросивший");
    const qtext2 = "Чем отмыть старую чугунную сковороду?";
    const qid2 = await ask(other, qtext2);
    const aid = (await post("addans", { qid: qid2, Body: "Солью и горячей водой, потом прокалить с маслом." }, author)).json.id as number;
    const feed = `/profile/id${author.id}/feed/updates`;
    expect((await page(feed, author)).html).not.toContain("Удаление выполнено");

    await decide((await post("mhideqst", { qid }, author)).json.issuer_id, "pay");
    await decide((await post("mhideans", { aid }, author)).json.issuer_id, "pay");
    const html = (await page(feed, author)).html;
    expect(html).toContain(`Удаление выполнено «${qtext}»`);
    expect(html).toContain(`Удаление выполнено «${qtext2}»`);
    // the bell's list carries the same items
    const { json } = await get("show_bulk", {}, author, "notify");
    expect((json.bulk as { a: string }[]).filter((x) => x.a === "sms_deleted")).toHaveLength(2);
  });
});

describe("the price calls smshide and smsvip", () => {
  it("answer a guest and a signed-in user with the prices the orders then charge", async () => {
    const hide = await post("smshide", {});
    expect(hide.json).toEqual({ status: 200, prices: { hideqst: 30, hideans: 20, leadqst: 50 }, lead_days: 3 });
    const vip = await post("smsvip", {});
    expect(vip.json).toEqual({ status: 200, price: 100, period: 10 });

    const me = await newUser("Прицениваюсь");
    expect((await post("smshide", {}, me)).json).toEqual(hide.json);
    expect((await post("smsvip", {}, me)).json).toEqual(vip.json);
    const qid = await ask(me, "Сколько стоят платные услуги на сайте?");
    expect((await post("mleadqst", { qid }, me)).json.data.amount).toBe(hide.json.prices.leadqst);
    expect((await post("mhideqst", { qid }, me)).json.data.amount).toBe(hide.json.prices.hideqst);
    expect((await post("mvip", { money: 1 }, me)).json.data.amount).toBe(vip.json.price);
  });

  it("are refused as a GET (405), from another site (111) and without the session's salt and token (103)", async () => {
    const me = await newUser("Посторонний");
    for (const name of ["smshide", "smsvip"]) {
      expect((await get(name, {})).json, name).toMatchObject({ status: 405, errid: 405 });
      expect((await post(name, {}, undefined, { origin: "https://evil.example" })).json, name).toMatchObject({ status: 403, errid: 111 });
      expect((await post(name, {}, me.cookie)).json, name).toMatchObject({ status: 401, errid: 103 });
    }
  });
});
