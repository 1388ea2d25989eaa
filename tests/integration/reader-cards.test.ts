import { describe, expect, it } from "vitest";
import { page, post, withBookmark } from "./helpers/api";
import { ageReaderCard, cardNick, cardsOf, hasReaderCard, newUser } from "./helpers/users";
import { exec, openQuestions, value } from "./helpers/db";
import { decide } from "./helpers/payments";

/**
 * A signed-in reader's card: his UserHub keeps what his question pages read of him in D1 (his
 * session, the questions he has done something on), so a page of a question he has done nothing on
 * needs no D1 read. A card must never show him a page other than the one D1 would give, nor serve
 * anyone but him, and his own writes and a sign-out must end it at once.
 */

const roundTrips = (res: Response) => Number(res.headers.get("x-d1-roundtrips"));

describe("a signed-in reader's card in his UserHub", () => {
  it("serves his page of a question he has done nothing on without a D1 read, as the page of another reader alike read from D1", async () => {
    const [q1, q2] = await openQuestions(0, ["Первый вопрос для карточки читателя", "Второй вопрос для карточки читателя"]);
    const [reader, other] = [await newUser("Читатель с карточкой"), await newUser("Другой читатель")];
    // a session token names its user before its random part
    expect(reader.cookie).toMatch(new RegExp(`^sid=${reader.id}\\.[A-Za-z0-9_-]{20,}$`));

    const first = await page(`/question/${q1}`, reader);
    expect(roundTrips(first.res)).toBeGreaterThan(0);
    expect(await hasReaderCard(reader)).toBe(true);

    // the other reader's page is read from D1 (he has no card yet) and kept for his class
    const theirs = await page(`/question/${q2}`, other);
    expect(theirs.res.headers.get("x-page-cache")).toBe("shared-miss");
    const mine = await page(`/question/${q2}`, reader);
    // the same class as the other's, read from D1: the same copy; and not one D1 round trip
    expect(mine.res.headers.get("x-page-cache")).toBe("shared-hit");
    expect(roundTrips(mine.res)).toBe(0);
    expect(mine.html).toContain(`href="/profile/id${reader.id}"`);
    expect(mine.html).not.toContain(other.salt);
  });

  it("on a question he asked, his class is read from D1: his page is the asker's", async () => {
    const [q1, own] = await openQuestions(0, ["Чужой вопрос", "Его собственный вопрос"]);
    const reader = await newUser("Автор вопроса");
    await exec("update questions set user_id = ? where id = ?", reader.id, own);
    await page(`/question/${q1}`, reader);
    expect(await hasReaderCard(reader)).toBe(true);
    const mine = await page(`/question/${own}`, reader);
    expect(roundTrips(mine.res)).toBeGreaterThan(0);
    // the asker is offered no answer form on his own question
    expect(mine.html).not.toContain('<otv-island name="answer-form"');
    const stranger = await page(`/question/${own}`, await newUser("Посторонний"));
    expect(stranger.html).toContain('<otv-island name="answer-form"');
  });

  it("a write of his ends his card before its reply, and none is kept right after it: his next page shows the write", async () => {
    const [q1, q2] = await openQuestions(0, ["Вопрос до подписки", "Вопрос, за которым он будет следить"]);
    const reader = await newUser("Подписчик");
    await page(`/question/${q1}`, reader);
    await page(`/question/${q2}`, reader);
    expect(await hasReaderCard(reader)).toBe(true);
    const watched = await post("startwatch", { qid: q2 }, reader);
    expect(watched.json.status).toBe(200);
    expect(await hasReaderCard(reader, false)).toBe(false);

    // his browser carries the write's bookmark, as after any write
    const after = await page(`/question/${q2}`, withBookmark(reader.cookie, watched.res));
    expect(roundTrips(after.res)).toBeGreaterThan(0);
    expect(after.html).toContain("&quot;watching&quot;:true");
    // a read replica may not have his write yet: no card is kept for a while
    await new Promise((r) => setTimeout(r, 200));
    expect(await hasReaderCard(reader, false)).toBe(false);
  });

  it("past half its time his card still serves his page, and is read anew from D1 after the reply", async () => {
    const [q1, q2, q3, q4] = await openQuestions(0, [
      "Вопрос свежей карточки",
      "Вопрос старой карточки",
      "Вопрос при замене карточки",
      "Вопрос обновлённой карточки",
    ]);
    const [reader, other] = [await newUser("Читатель надолго"), await newUser("Читатель того же класса")];
    // the pages' copies for their class are there (a reader alike read them), so a page served from
    // his card needs no D1 read at all
    for (const q of [q2, q3, q4]) await page(`/question/${q}`, other);
    await page(`/question/${q1}`, reader);
    expect(await hasReaderCard(reader)).toBe(true);
    // his nick changed in D1 where nothing tells his hub (as others' marks change his points)
    const renamed = `${reader.nick} второй`;
    await exec("update users set nick = ? where id = ?", renamed, reader.id);

    // a card read 20 s ago serves as it is
    await ageReaderCard(reader, 20_000);
    const fresh = await page(`/question/${q2}`, reader);
    expect(roundTrips(fresh.res)).toBe(0);
    await new Promise((r) => setTimeout(r, 200));
    expect(await cardNick(reader)).toBe(reader.nick);

    // one read 40 s ago serves this page, and his next ones get a card read from D1 after it
    await ageReaderCard(reader, 40_000);
    const old = await page(`/question/${q3}`, reader);
    // served from the card (D1 has his new nick), and one round trip counted: the renewal's, which
    // starts beside the page and which the page does not wait for
    expect(old.html).toContain(reader.nick);
    expect(old.html).not.toContain(renamed);
    expect(roundTrips(old.res)).toBe(1);
    for (let i = 0; i < 40 && (await cardNick(reader)) !== renamed; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await cardNick(reader)).toBe(renamed);
    const next = await page(`/question/${q4}`, reader);
    expect(roundTrips(next.res)).toBe(0);
    expect(next.html).toContain(renamed);
  });

  it("of the pages that find his card past half its time, only the first renews it", async () => {
    const [q1] = await openQuestions(0, ["Вопрос одной замены карточки"]);
    const reader = await newUser("Читатель одной замены");
    await page(`/question/${q1}`, reader);
    expect(await hasReaderCard(reader)).toBe(true);
    await ageReaderCard(reader, 40_000);
    const { hub, hash } = await cardsOf(reader);
    const asks = [];
    for (let i = 0; i < 3; i++) asks.push(((await hub.readerCard(hash, q1, Date.now())) as { renew?: boolean }).renew);
    expect(asks).toEqual([true, false, false]);
  });

  it("a sign-out ends his card: the old cookie is served no page as him", async () => {
    const [q1] = await openQuestions(0, ["Вопрос перед выходом"]);
    const reader = await newUser("Уходящий");
    await page(`/question/${q1}`, reader);
    expect(await hasReaderCard(reader)).toBe(true);
    expect((await post("exit", {}, reader)).json.status).toBe(200);
    expect(await hasReaderCard(reader, false)).toBe(false);
    const after = await page(`/question/${q1}`, reader.cookie);
    expect(after.html).not.toContain(`href="/profile/id${reader.id}"`);
    expect(after.html).not.toContain(reader.salt);
  });

  it("a VIP paid for him by someone else ends his card: his next page reads him from D1", async () => {
    const [q1, q2] = await openQuestions(0, ["Вопрос до подарка VIP", "Вопрос после подарка VIP"]);
    const [holder, payer] = [await newUser("Получатель VIP"), await newUser("Даритель VIP")];
    await page(`/question/${q1}`, holder);
    expect(await hasReaderCard(holder)).toBe(true);
    const { json } = await post("mvip", { uid: holder.id, period: 10, money: 1 }, payer);
    expect(json.status).toBe(200);
    // the provider's decision, not a request of his
    await decide(json.data.issuer_id as number, "pay");
    expect(await hasReaderCard(holder, false)).toBe(false);
    expect(await value("select vip v from users where id = ?", holder.id)).toBe(1);
    // another question (the isolate keeps his view of the first for seconds: known-readers.server.ts)
    expect(roundTrips((await page(`/question/${q2}`, holder)).res)).toBeGreaterThan(0);
  });

  it("a cookie naming another user's id finds no card of his", async () => {
    const [q1] = await openQuestions(0, ["Вопрос для чужой карточки"]);
    const [victim, intruder] = [await newUser("Владелец карточки"), await newUser("Подделывающий")];
    await page(`/question/${q1}`, victim);
    expect(await hasReaderCard(victim)).toBe(true);
    const forged = `sid=${victim.id}.${intruder.cookie.split(".").slice(1).join(".")}`;
    const res = await page(`/question/${q1}`, forged);
    expect(res.html).not.toContain(`href="/profile/id${victim.id}"`);
    expect(res.html).not.toContain(victim.salt);
    expect(res.html).not.toContain(victim.nick);
  });
});
