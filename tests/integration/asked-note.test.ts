import { describe, expect, it } from "vitest";
import { quotaLimit } from "../../app/lib/quotas";
import { page, post, postForm } from "./helpers/api";
import { one } from "./helpers/db";
import { newUser } from "./helpers/users";

const QUESTION = { qtext: "Как выбрать первый ноутбук для учёбы?", Body: "Бюджет до 50 тысяч", cid: "1", subcid: "100" };

/** The `asked` cookie a reply sets, as a browser would send it back ("asked=123"), or null. */
const askedCookieOf = (res: Response) => {
  const c = res.headers.getSetCookie().find((h) => h.startsWith("asked="));
  return c ? c.split(";")[0] : null;
};

describe("the message after asking", () => {
  it("right after asking, the question's page tells its author where it went, what it cost and what is left of today, once", async () => {
    const me = await newUser("Спрашивающий");
    const asked = await post("addqst", QUESTION, me);
    expect(asked.json.status).toBe(200);
    const qid = asked.json.qid as number;
    const setCookie = asked.res.headers.getSetCookie().find((h) => h.startsWith("asked="))!;
    expect(setCookie).toContain(`Path=/question/${qid}`);
    expect(setCookie).toContain("HttpOnly");
    const cookie = `${me.cookie}; ${askedCookieOf(asked.res)}`;

    const first = await page(`/question/${qid}`, cookie);
    expect(first.status).toBe(200);
    const u = (await one<{ points: number; lvl: number }>("select points, lvl from users where id = ?", me.id))!;
    const cat = (await one<{ name: string; urlname: string }>("select name, urlname from categories where id = 100"))!;
    const limit = quotaLimit("ASK", u.lvl, false);
    expect(first.html).toContain('data-testid="asked-note"');
    expect(first.html).toContain(`href="/${cat.urlname}/">«${cat.name}»</a>`);
    expect(first.html).toContain(`Вопрос стоил 5 баллов, у вас осталось ${u.points} баллов.`);
    expect(first.html).toMatch(new RegExp(`Сегодня вы можете задать ещё ${limit - 1} вопрос[а-я]* из ${limit}\\.`));
    // shown once: the page clears the cookie, and the page without it is the question alone
    expect(first.res.headers.getSetCookie().some((h) => h.startsWith("asked=;") && h.includes("Max-Age=0"))).toBe(true);
    expect((await page(`/question/${qid}`, me)).html).not.toContain('data-testid="asked-note"');
  });

  it("the message is the author's alone: another reader with the same cookie, or a guest, sees the question only", async () => {
    const me = await newUser("Спрашивающий");
    const asked = await post("addqst", QUESTION, me);
    const qid = asked.json.qid as number;
    const other = await newUser("Читатель");
    expect((await page(`/question/${qid}`, `${other.cookie}; asked=${qid}`)).html).not.toContain('data-testid="asked-note"');
    expect((await page(`/question/${qid}`, `asked=${qid}`)).html).not.toContain('data-testid="asked-note"');
    // a cookie of another question says nothing here
    expect((await page(`/question/${qid}`, `${me.cookie}; asked=${qid + 1}`)).html).not.toContain('data-testid="asked-note"');
  });

  it("without JavaScript the form door's ask sets the same message for the page it redirects to", async () => {
    const me = await newUser("Без скриптов");
    const { res } = await postForm("addqst", QUESTION, "/ask", me);
    expect(res.status).toBe(302);
    const to = res.headers.get("location")!;
    expect(to).toMatch(/^\/question\/\d+$/);
    const shown = await page(to, `${me.cookie}; ${askedCookieOf(res)}`);
    expect(shown.html).toContain('data-testid="asked-note"');
  });
});
