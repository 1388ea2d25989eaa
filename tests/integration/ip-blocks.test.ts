import { describe, expect, it } from "vitest";
import { BASE, formPost, get, page, post, workerFetch } from "./helpers/api";
import { exec, fingerprint, value } from "./helpers/db";
import { as, newUser } from "./helpers/users";
import { SHOWCASE } from "../../db/seed/seed";

/**
 * Address blocks (docs/decisions/0046-core-loose-ends.md): a moderator holding usrkiller blocks an
 * address (an IPv6 /64 network) for a while; every write from it is refused with errid 100 and the
 * caller's address in the text, at the API door and at the form door, and writes nothing; reading
 * stays open, as do other addresses; the block ends by itself or when lifted.
 */

const MODER = "moder@demo.local";
const refusalOf = (ip: string) => `Доступ с вашего IP-адреса (${ip}) временно ограничен`;

/** Everything a refused write could have written. */
const writes = () =>
  fingerprint({
    questions: "select count(*) from questions",
    answers: "select count(*) from answers",
    comments: "select count(*) from comments",
    users: "select count(*) from users",
    ledger: "select count(*) from points_ledger",
  });

async function block(ip: string, period = 3) {
  const r = await post("a_ipblock", { ip, period, text: "spam" }, await as(MODER));
  expect(r.json).toMatchObject({ status: 200, id: expect.any(Number) });
  return r.json as { id: number; address: string; until: number };
}

describe("address blocks", () => {
  it("a write from a blocked address is refused at the API door with errid 100 and the caller's address, and writes nothing; other addresses and reads go on", async () => {
    const ip = "203.0.113.77";
    const asker = await newUser("Сосед");
    await block(ip);
    const before = await writes();
    const refused = await post("addqst", { qtext: "Можно ли написать вопрос с этого адреса?", cid: "100" }, asker, { ip });
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ status: 403, errid: 100, error: refusalOf(ip) });
    const answer = await post("addans", { qid: SHOWCASE.openQuestionId, Body: "Ответ с заблокированного адреса" }, asker, { ip });
    expect(answer.json).toMatchObject({ errid: 100, error: refusalOf(ip) });
    // a guest's registration from there as well (it reads no session: the block alone)
    const reg = await post("register", { nick: "Новый сосед", email: "neighbour@blocked.test", password: "secret-pass" }, undefined, { ip });
    expect(reg.json).toMatchObject({ status: 403, errid: 100, error: refusalOf(ip) });
    expect(await writes()).toEqual(before);

    // reads stay open: a named read and a page from the blocked address
    const read = await get("question", { qid: SHOWCASE.openQuestionId }, asker, "v2", ip);
    expect(read.json).toMatchObject({ status: 200 });
    const home = await workerFetch(`${BASE}/question/${SHOWCASE.openQuestionId}`, { headers: { cookie: asker.cookie, "cf-connecting-ip": ip } });
    expect(home.status).toBe(200);
    expect(await home.text()).not.toContain(refusalOf(ip));
    // signing in is not a write of content: it stays open
    expect((await post("auth", { email: "user@demo.local", password: "demo12345" }, undefined, { ip })).json.status).toBe(200);

    // the same user from another address writes
    const elsewhere = await post("addqst", { qtext: "А с другого адреса вопрос проходит?", cid: "100" }, asker, { ip: "203.0.113.78" });
    expect(elsewhere.json).toMatchObject({ status: 200, qid: expect.any(Number) });
  });

  it("a plain form from a blocked address gets the page with the Russian text and its address, and nothing is written", async () => {
    const ip = "198.51.100.23";
    const answerer = await newUser("Форма");
    await block(ip);
    const before = await writes();
    const res = await formPost(
      `/do/addans?return=${encodeURIComponent(`/question/${SHOWCASE.openQuestionId}`)}`,
      { qid: SHOWCASE.openQuestionId, Body: "Ответ из формы без JavaScript" },
      answerer,
      { "cf-connecting-ip": ip },
    );
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(html).toContain('data-errid="100"');
    expect(html).toContain(refusalOf(ip));
    expect(await writes()).toEqual(before);
    // the sign-up page's own form too
    const signUp = await formPost("/register", { nick: "Гость формы", email: "form@blocked.test", password: "secret-pass" }, undefined, {
      "cf-connecting-ip": ip,
    });
    expect(await signUp.text()).toContain(refusalOf(ip));
    expect(await writes()).toEqual(before);
  });

  it("an IPv6 block holds the whole /64 network and nothing outside it", async () => {
    const asker = await newUser("Шестой");
    const r = await block("2001:db8:5:6::1");
    expect(r.address).toBe("2001:db8:5:6::/64");
    const inside = "2001:db8:5:6:ffff::9";
    const refused = await post("addqst", { qtext: "Пройдёт ли вопрос из той же сети?", cid: "100" }, asker, { ip: inside });
    expect(refused.json).toEqual({ status: 403, errid: 100, error: refusalOf(inside) });
    const outside = await post("addqst", { qtext: "А вопрос из соседней сети пройдёт?", cid: "100" }, asker, { ip: "2001:db8:5:7::1" });
    expect(outside.json.status).toBe(200);
  });

  it("a block ends by itself when its period is over, or earlier when a moderator lifts it", async () => {
    const asker = await newUser("Подождавший");
    const ip = "203.0.113.91";
    const { id } = await block(ip);
    const text = "Когда закончится блокировка адреса?";
    expect((await post("addqst", { qtext: text, cid: "100" }, asker, { ip })).json.errid).toBe(100);
    // its three hours are over
    await exec("update ip_blocks set until = ? where id = ?", Date.now() - 1000, id);
    expect((await post("addqst", { qtext: text, cid: "100" }, asker, { ip })).json).toMatchObject({ status: 200, qid: expect.any(Number) });
    expect(await value("select count(*) v from questions where qtext = ?", text)).toBe(1);

    const other = "203.0.113.92";
    const second = await block(other, 24);
    expect((await post("addqst", { qtext: "Снимут ли блокировку раньше срока?", cid: "100" }, asker, { ip: other })).json.errid).toBe(100);
    expect((await post("a_ipunblock", { id: second.id }, await as(MODER))).json.status).toBe(200);
    expect((await post("addqst", { qtext: "Снимут ли блокировку раньше срока?", cid: "100" }, asker, { ip: other })).json.status).toBe(200);
    // lifted once: a second lift finds nothing running
    expect((await post("a_ipunblock", { id: second.id }, await as(MODER))).json).toMatchObject({ status: 404, errid: 437 });
  });

  it("only a moderator with usrkiller blocks, for a temporary period, never his own address nor one blocked already; the list page is his alone", async () => {
    const moder = await as(MODER);
    const user = await newUser("Простой участник");
    expect((await post("a_ipblock", { ip: "203.0.113.100", period: 3, text: "spam" }, user)).json).toMatchObject({ status: 403, errid: 410 });
    expect((await post("a_ipblock", { ip: "203.0.113.100", period: 3, text: "spam" })).json.errid).toBe(101);
    expect((await post("a_ipblock", { ip: "300.1.2.3", period: 3, text: "spam" }, moder)).json).toMatchObject({ status: 400, errid: 436 });
    expect((await post("a_ipblock", { ip: "203.0.113.100", period: 8640, text: "spam" }, moder)).json).toMatchObject({ status: 403, errid: 431 });
    // the moderator writes from 127.0.0.1 here
    expect((await post("a_ipblock", { ip: "127.0.0.1", period: 3, text: "spam" }, moder)).json).toMatchObject({ status: 400, errid: 438 });
    await block("203.0.113.100");
    expect((await post("a_ipblock", { ip: "203.0.113.100", period: 6, text: "spam" }, moder)).json).toMatchObject({ status: 409, errid: 439 });
    expect(await value("select count(*) v from ip_blocks where address = '203.0.113.100'")).toBe(1);

    const list = await page("/moderlog/ipblocks", moder);
    expect(list.status).toBe(200);
    expect(list.html).toContain("203.0.113.100");
    expect(list.html).toContain("Реклама или спам");
    expect((await page("/moderlog/ipblocks", user)).status).toBe(404);
    expect((await page("/moderlog/ipblocks")).status).toBe(404);
  });

  it("a moderator behind a blocked address still writes: he may be the one to lift it", async () => {
    const moder = await as(MODER);
    const ip = "203.0.113.120";
    await block(ip);
    const r = await post("addqst", { qtext: "Модератор пишет с заблокированного адреса?", cid: "100" }, moder, { ip });
    expect(r.json.status).toBe(200);
  });
});
