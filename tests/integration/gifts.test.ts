import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get, type Me, page, post, postForm, unread } from "./helpers/api";
import { fingerprint, ledgerSum, notificationsOf, points, value } from "./helpers/db";
import { as } from "./helpers/users";

/** Everything a gift may write. */
const snapshot = () =>
  fingerprint({
    gifts: "select count(*) from sent_gifts",
    deleted: "select count(*) from sent_gifts where deleted_at is not null",
    notes: "select count(*) from notifications",
    ledger: "select count(*) from points_ledger",
    points: "select sum(points) from users",
  });

const giftNotes = (uid: number) => notificationsOf(uid, { kind: "gift", columns: "kind, actor_id, gid, txt" });

describe("gifts paid in points (makegift)", () => {
  it("a cheap gift paid in points moves exactly 100 points, writes the sent gift and the recipient's gift notification, and his unread counter rises", async () => {
    const znatok = await as("znatok@demo.local");
    const masha = await as("user@demo.local");
    const before = await points(znatok.id);
    const unreadBefore = await unread(masha);
    const { res, json } = await post(
      "makegift",
      { user: masha.id, gift: 1, pointsgift: 1, hidden: 0, mes: "С днём рождения!", nickto: "Любознательная Маша", type: "0", filin: "" },
      znatok,
    );
    expect(res.status).toBe(200);
    // the reply names the recipient as he is now, for the confirmation
    expect(json).toMatchObject({ status: 200, gid: 1, price: 100, points: before - 100, nickto: "Любознательная Маша", filin: null });

    expect(await points(znatok.id)).toBe(before - 100);
    expect(await ledgerSum(znatok.id)).toBe(before - 100);
    expect(
      await env.DB.prepare("select delta, reason, ref_type, ref_id from points_ledger where user_id = ? order by id desc limit 1").bind(znatok.id).first(),
    ).toEqual({
      delta: -100,
      reason: "gift",
      ref_type: "G",
      ref_id: 1,
    });
    expect(
      await env.DB.prepare("select id, gift_id, from_id, to_id, mes, hidden, paid_with, deleted_at from sent_gifts where id = ?").bind(json.id).first(),
    ).toEqual({
      id: json.id,
      gift_id: 1,
      from_id: znatok.id,
      to_id: masha.id,
      mes: "С днём рождения!",
      hidden: 0,
      paid_with: "points",
      deleted_at: null,
    });
    expect(await giftNotes(masha.id)).toEqual([{ kind: "gift", actor_id: znatok.id, gid: 1, txt: "С днём рождения!" }]);
    expect(await giftNotes(znatok.id)).toEqual([]);
    expect(await unread(masha)).toBe(unreadBefore + 1);

    // the recipient sees it in his list and in the profile's short list, with the sender
    const bulk = (await get("show_bulk", {}, masha, "notify")).json.bulk as Record<string, unknown>[];
    expect(bulk.find((i) => i.a === "gift")).toMatchObject({ uid: znatok.id, gid: 1, id: 1, txt: "С днём рождения!" });
    const short = await get("giftedlist", { user: masha.id });
    expect(short.json).toMatchObject({ status: 200, count: 1 });
    expect(short.json.gifts).toEqual([
      expect.objectContaining({ id: json.id, gid: 1, title: "Букет ромашек", usrid: znatok.id, nick: "Знаток Пётр", mes: "С днём рождения!", hidden: 0 }),
    ]);
  });

  it("an expensive hidden gift costs 200 points and names no sender: not in the notification, not in the lists, except to the sender", async () => {
    const guru = await as("guru@demo.local");
    const masha = await as("user@demo.local");
    const before = await points(guru.id);
    const { json } = await post("makegift", { user: masha.id, gift: 3, pointsgift: 1, hidden: 1, mes: "" }, guru);
    expect(json).toMatchObject({ status: 200, price: 200, points: before - 200 });
    expect(await points(guru.id)).toBe(before - 200);
    expect(await giftNotes(masha.id)).toEqual([
      { kind: "gift", actor_id: (await as("znatok@demo.local")).id, gid: 1, txt: "С днём рождения!" },
      { kind: "gift", actor_id: null, gid: 3, txt: null },
    ]);

    const seen = async (me?: Me) => ((await get("gifteduserlist", { user: masha.id }, me)).json.gifts as any[]).find((x) => x.id === json.id);
    expect(await seen()).toMatchObject({ usrid: null, nick: null, filin: null, hidden: 1, title: "Корзина тюльпанов" });
    expect(await seen(masha)).toMatchObject({ usrid: null, nick: null });
    expect(await seen(guru)).toMatchObject({ usrid: guru.id, nick: "Гуру Ирина" });
  });

  it("a gift to oneself is allowed and notifies nobody", async () => {
    const moder = await as("moder@demo.local");
    const notes = await value("select count(*) v from notifications");
    const { json } = await post("makegift", { user: moder.id, gift: 15, pointsgift: 1, hidden: 1 }, moder);
    expect(json).toMatchObject({ status: 200, price: 100 });
    expect(await value("select count(*) v from notifications")).toBe(notes);
    expect(await value("select count(*) v from sent_gifts where to_id = ? and from_id = ?", moder.id, moder.id)).toBe(1);
  });

  it("refuses below 250 points, unknown gifts and users, a recipient or price other than the form showed, a long message, a blacklisting recipient, a banned user and a guest, changing nothing", async () => {
    const masha = await as("user@demo.local");
    const guru = await as("guru@demo.local");
    const banned = await as("banned@demo.local");
    await env.DB.prepare("insert into blacklist (owner_id, user_id, added) values (?, ?, ?)").bind(6, guru.id, Date.now()).run();
    const snap = await snapshot();
    const cases: [Record<string, string | number>, Me | undefined, number, number][] = [
      [{ user: guru.id, gift: 1, pointsgift: 1 }, masha, 403, 501], // 180 points
      [{ user: 999999, gift: 1, pointsgift: 1 }, guru, 404, 120],
      [{ user: "abc", gift: 1, pointsgift: 1 }, guru, 404, 120],
      [{ user: masha.id, gift: 9999, pointsgift: 1 }, guru, 404, 500],
      [{ user: masha.id, gift: 0, pointsgift: 1 }, guru, 404, 500],
      [{ user: masha.id, gift: 1, pointsgift: 1, mes: "д".repeat(201) }, guru, 400, 504],
      [{ user: 6, gift: 1, pointsgift: 1 }, guru, 403, 506],
      [{ user: masha.id, gift: 1, pointsgift: 1 }, banned, 403, 110],
      // the form showed someone else, or another price (gift 1 is cheap: cost '0')
      [{ user: masha.id, gift: 1, pointsgift: 1, nickto: "Гуру Ирина" }, guru, 404, 120],
      [{ user: masha.id, gift: 1, pointsgift: 1, type: "1" }, guru, 409, 509],
      [{ user: masha.id, gift: 1, pointsgift: 0, type: "1" }, guru, 409, 509],
      [{ user: masha.id, gift: 1, pointsgift: 1 }, undefined, 401, 101],
    ];
    for (const [body, who, status, errid] of cases) {
      const { res, json } = await post("makegift", body, who);
      expect({ body, status: res.status, errid: json.errid }).toEqual({ body, status, errid });
    }
    expect((await post("makegift", { user: guru.id, gift: 1, pointsgift: 1 }, masha)).json.error).toBe(
      "Оплата баллами открывается на уровне «Знаток» (250 баллов)",
    );
    expect(await snapshot()).toEqual(snap);
  });

  it("five expensive gifts sent at once by a user with 410 points: one is paid, the others are refused, the points never go below what one payment leaves", async () => {
    const admin = await as("brandadmin@demo.local");
    const masha = await as("user@demo.local");
    const before = await points(admin.id);
    expect(before).toBe(410);
    const replies = await Promise.all(Array.from({ length: 5 }, () => post("makegift", { user: masha.id, gift: 5, pointsgift: 1 }, admin)));
    expect(replies.filter((r) => r.json.status === 200)).toHaveLength(1);
    for (const r of replies.filter((r) => r.json.status !== 200)) expect([501, 502]).toContain(r.json.errid);
    expect(await points(admin.id)).toBe(210);
    expect(await ledgerSum(admin.id)).toBe(210);
    expect(await value("select count(*) v from sent_gifts where from_id = ?", admin.id)).toBe(1);
    expect(await value("select count(*) v from notifications where user_id = ? and kind = 'gift' and actor_id = ?", masha.id, admin.id)).toBe(1);
  });

  it("the form door sends a gift and goes back to the return address", async () => {
    const guru = await as("guru@demo.local");
    const before = await points(guru.id);
    const fields = { user: "7", gift: "2", pointsgift: "1", hidden: "0", mes: "Спасибо за ответ" };
    const { res } = await postForm("makegift", fields, "/profile/id7/gifts", guru);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/profile/id7/gifts");
    expect(await points(guru.id)).toBe(before - 100);
    expect(await value("select count(*) v from sent_gifts where from_id = ? and to_id = 7 and mes = 'Спасибо за ответ'", guru.id)).toBe(1);
  });
});

describe("deleting a received gift (delgift)", () => {
  it("the recipient deletes a received gift: it leaves his lists, stays in D1, and nothing is refunded", async () => {
    const masha = await as("user@demo.local");
    const list = await get("gifteduserlist", { user: masha.id });
    const count = (await get("giftedlist", { user: masha.id })).json.count as number;
    const victim = list.json.gifts[0];
    const snap = (await snapshot()) as Record<string, number>;
    const { res, json } = await post("delgift", { id: victim.id }, masha);
    expect(res.status).toBe(200);
    expect(json).toEqual({ status: 200, id: victim.id });
    expect(await value("select deleted_at is not null v from sent_gifts where id = ?", victim.id)).toBe(1);
    expect(await snapshot()).toEqual({ ...snap, deleted: snap.deleted + 1 });
    const after = await get("giftedlist", { user: masha.id });
    expect(after.json.count).toBe(count - 1);
    expect((after.json.gifts as any[]).map((g) => g.id)).not.toContain(victim.id);
    expect(((await get("gifteduserlist", { user: masha.id })).json.gifts as any[]).map((g) => g.id)).not.toContain(victim.id);
  });

  it("refuses a second delete, the sender, an unknown id and a guest, changing nothing", async () => {
    const masha = await as("user@demo.local");
    const guru = await as("guru@demo.local");
    const deleted = await value("select id v from sent_gifts where to_id = ? and deleted_at is not null", masha.id);
    const kept = await value("select id v from sent_gifts where to_id = ? and from_id = ? and deleted_at is null", masha.id, guru.id);
    const snap = await snapshot();
    const cases: [number | string, Me | undefined, number, number][] = [
      [deleted, masha, 404, 505],
      [kept, guru, 404, 505],
      [999999, masha, 404, 505],
      ["x", masha, 404, 505],
      [kept, undefined, 401, 101],
    ];
    for (const [id, who, status, errid] of cases) {
      const { res, json } = await post("delgift", { id }, who);
      expect({ id, status: res.status, errid: json.errid }).toEqual({ id, status, errid });
    }
    expect((await post("delgift", { id: kept }, guru)).json.error).toBe("Подарок не найден или уже удалён");
    expect(await snapshot()).toEqual(snap);
  });
});

describe("the gift lists (giftlist, giftedlist, gifteduserlist)", () => {
  it("giftlist gives the catalogue 5 a page with its prices and categories; the last page says no more", async () => {
    const first = await get("giftlist");
    expect(first.res.status).toBe(200);
    expect(first.json.gift).toHaveLength(5);
    expect(first.json.gift[0]).toEqual({ id: 1, gid: 1, ver: 1, cost: "0", cid: 1, title: "Букет ромашек", image: null, rub: 20, points: 100 });
    expect(first.json.gift[2]).toMatchObject({ title: "Корзина тюльпанов", cost: "1", rub: 40, points: 200 });
    expect(first.json.giftsmore).toBe(1);
    expect(first.json.canpoints).toBe(0);
    expect(first.json.info[0].categories[0]).toEqual({ cid: 1, title: "Цветы" });
    expect(first.json.info[0].minpoints).toBe(250);

    const last = await get("giftlist", { p: 10 });
    expect(last.json.gift.map((x: any) => x.id)).toEqual([11, 12, 13, 14, 15]);
    expect(last.json.giftsmore).toBe(0);
    expect((await get("giftlist", { p: 12 })).json.gift.map((x: any) => x.id)).toEqual([13, 14, 15]);

    const flowers = await get("giftlist", { cid: 1 });
    expect(flowers.json.gift.map((x: any) => x.title)).toEqual(["Букет ромашек", "Алая роза", "Корзина тюльпанов"]);
    expect(flowers.json.giftsmore).toBe(0);

    expect((await get("giftlist", {}, await as("guru@demo.local"))).json.canpoints).toBe(1);
    expect((await get("giftlist", {}, await as("user@demo.local"))).json.canpoints).toBe(0);
    expect((await get("giftlist", { cid: 77 })).json).toMatchObject({ status: 404, errid: 507 });
  });

  it("gifteduserlist pages the received gifts newest first; giftedlist of a user without gifts is empty; unknown users and hidden profiles are refused", async () => {
    const masha = await as("user@demo.local");
    const all = (await get("gifteduserlist", { user: masha.id })).json.gifts as any[];
    expect(all).toHaveLength(2);
    expect(all.map((g) => g.date)).toEqual([...all.map((g) => g.date)].sort((a, b) => b - a));
    const page1 = await get("gifteduserlist", { user: masha.id, n: 1 });
    expect(page1.json.gifts.map((g: any) => g.id)).toEqual([all[0].id]);
    expect(page1.json.more).toBe(1);
    const page2 = await get("gifteduserlist", { user: masha.id, n: 1, p: 1 });
    expect(page2.json.gifts.map((g: any) => g.id)).toEqual([all[1].id]);

    expect((await get("giftedlist", { user: 4 })).json).toEqual({ status: 200, gifts: [], count: 0 });
    expect((await get("giftedlist", { user: 999999 })).json).toMatchObject({ status: 404, errid: 120 });
    expect((await get("gifteduserlist", { user: masha.id, n: 50 })).json).toMatchObject({ errid: 301 });

    await env.DB.prepare("update users set hidden = 1 where id = ?").bind(masha.id).run();
    expect((await get("giftedlist", { user: masha.id })).json).toMatchObject({ status: 403, errid: 508, error: "Личный кабинет скрыт" });
    expect((await get("giftedlist", { user: masha.id }, masha)).json.status).toBe(200);
    expect((await get("gifteduserlist", { user: masha.id }, await as("moder@demo.local"))).json.status).toBe(200);
    await env.DB.prepare("update users set hidden = 0 where id = ?").bind(masha.id).run();
  });
});

describe("the profile's gifts tab (/profile/id{id}/gifts)", () => {
  it("shows the received gifts to everyone, a hidden one without its giver; the owner gets delete buttons and a form with 'hidden' checked", async () => {
    const masha = await as("user@demo.local");
    const guest = await page(`/profile/id${masha.id}/gifts`);
    expect(guest.res.status).toBe(200);
    const ids = [...guest.html.matchAll(/data-gift-id="(\d+)"/g)].map((m) => Number(m[1]));
    const listed = ((await get("gifteduserlist", { user: masha.id })).json.gifts as any[]).map((g) => g.id);
    expect(ids).toEqual(listed);
    expect(guest.html).toContain("Букет ромашек");
    expect(guest.html).toContain("Тайный даритель");
    expect(guest.html).toContain(`href="/profile/id${masha.id}/gifts"`);
    expect(guest.html).not.toContain('data-testid="gift-form"');
    expect(guest.html).not.toContain('data-testid="delgift"');

    const own = await page(`/profile/id${masha.id}/gifts`, masha);
    expect(own.html).toContain('data-testid="delgift"');
    expect(own.html).toContain('data-testid="gift-form"');
    expect(own.html).toContain('type="checkbox" name="hidden" checked=""');
    // 180 points: paying in points is closed, with the hint; roubles are chosen
    expect(own.html).toContain('type="radio" name="pointsgift" disabled="" value="1"');
    expect(own.html).toContain('type="radio" name="pointsgift" checked="" value="0"');
    expect(own.html).toContain("Оплата баллами открывается на уровне «Знаток» (250 баллов)");
  });

  it("another signed-in user with 250+ points gets the gift form with points payment open and chosen, roubles offered, and 'hidden' unchecked", async () => {
    const guru = await as("guru@demo.local");
    const { html } = await page("/profile/id4/gifts", guru);
    expect(html).toContain('data-testid="gift-form"');
    expect(html).toContain('action="/do/makegift?return=%2Fprofile%2Fid4%2Fgifts"');
    expect(html).toContain('<input type="checkbox" name="hidden" value="1"/>');
    expect(html).toContain('type="radio" name="pointsgift" checked="" value="1"');
    expect(html).not.toContain('data-testid="gift-points-hint"');
    expect(html).toContain("Подарков пока нет");
  });

  it("the choose-gift mode shows the catalogue by its categories, each gift a choice; the choice is given with JavaScript off; a guest signs in first", async () => {
    const guru = await as("guru@demo.local");
    const all = await page("/profile/id4/gifts", guru);
    expect(all.html).toContain('href="/profile/id4/gifts/choose"');
    const { res, html } = await page("/profile/id4/gifts/choose", guru);
    expect(res.status).toBe(200);
    expect(html).toContain('data-testid="gift-chooser"');
    // every gift of the catalogue, under its category
    const total = await value("select count(*) v from gifts");
    expect([...html.matchAll(/type="radio" name="gift"/g)]).toHaveLength(total);
    expect(html).toContain("<legend>Цветы</legend>");
    expect(html.replace(/<!-- -->/g, "")).toContain("Букет ромашек — 20 ₽ или 100 баллов");
    // the form door: the chosen gift goes to the profile's owner
    const before = await value("select count(*) v from sent_gifts where to_id = 4 and gift_id = 3");
    const sent = await postForm("makegift", { user: 4, gift: 3, pointsgift: 1, hidden: 0, mes: "" }, "/profile/id4/gifts", guru);
    expect(sent.res.status).toBe(302);
    expect(await value("select count(*) v from sent_gifts where to_id = 4 and gift_id = 3")).toBe(before + 1);
    // a guest sees the catalogue, not a form, and a way to sign in
    const guest = await page("/profile/id4/gifts/choose");
    expect(guest.res.status).toBe(200);
    expect(guest.html).toContain("Букет ромашек");
    expect(guest.html).not.toContain('action="/do/makegift');
    expect(guest.html).toContain("Войдите, чтобы подарить");
    expect((await page("/profile/id4/gifts/other")).res.status).toBe(404);
  });
});
