import { describe, expect, it } from "vitest";
import { bookmarkCookies, formPost, page, post, withBookmark } from "./helpers/api";
import { as, hasReaderCard, newUser } from "./helpers/users";
import { dropSharedCopies } from "./helpers/cache";

/**
 * Read replicas: every request goes through a D1 session; a write leaves the session's bookmark in
 * the `d1b` cookie, so the same browser's next reads start from it and see the write.
 */

describe("the D1 bookmark cookie", () => {
  it("signing in leaves the bookmark in an HttpOnly cookie that holds the bookmark and nothing else", async () => {
    const { res, json } = await post("auth", { email: "user@demo.local", password: "demo12345" });
    expect(json.status).toBe(200);
    const set = bookmarkCookies(res);
    expect(set).toHaveLength(1);
    const [pair, ...attributes] = set[0].split(";").map((s) => s.trim());
    // the value is D1's bookmark: hex groups joined by dashes, no user, no session, no time
    expect(pair).toMatch(/^d1b=[0-9a-f]+(-[0-9a-f]+)*$/i);
    expect(attributes.sort()).toEqual(["HttpOnly", "Path=/", "SameSite=Lax"]);
    // nothing was written to a thread database: no bookmark cookie of one (d1b_THREADS_n)
    expect(res.headers.getSetCookie().filter((c) => c.startsWith("d1b_"))).toEqual([]);
  });

  it("a question asked through the plain form is on the next page the same browser reads", async () => {
    const me = await as("vip@demo.local");
    const qtext = "Где в городе можно сдать старые батарейки на переработку?";
    const res = await formPost("/do/addqst?return=/", { qtext, cid: "25", salt: me.salt, token: me.token }, me);
    expect(res.status).toBeLessThan(400);
    expect(bookmarkCookies(res)).toHaveLength(1);
    const cookie = withBookmark(me.cookie, res);
    const mine = await page(`/profile/id${me.id}/questions`, cookie);
    expect(mine.status).toBe(200);
    expect(mine.html).toContain(qtext);
  });

  it("an answer posted through the API is on the question page the same browser reads next, and the page sets no cookie", async () => {
    const me = await as("guru@demo.local");
    const asker = await as("user@demo.local");
    const q = await post("addqst", { qtext: "Как понять, что арбуз спелый, не разрезая его?", cid: "25" }, asker);
    expect(q.json.status).toBe(200);
    const text = "Постучите: спелый арбуз звенит, а жёлтое пятно на боку большое и яркое.";
    const a = await post("addans", { qid: q.json.qid, Body: text }, me);
    expect(a.json.status).toBe(200);
    const read = await page(`/question/${q.json.qid}`, withBookmark(me.cookie, a.res));
    expect(read.status).toBe(200);
    expect(read.html).toContain("Постучите: спелый арбуз звенит");
    expect(bookmarkCookies(read.res)).toEqual([]);
  });

  it("pages read by guests never set the bookmark cookie, so the shared cache may keep them", async () => {
    for (const path of ["/", "/question/1", "/categories/"]) {
      const { res, status } = await page(path);
      expect(status, path).toBe(200);
      expect(res.headers.getSetCookie(), path).toEqual([]);
    }
  });

  it("a bookmark cookie D1 could not have written is ignored: the page is served as usual", async () => {
    for (const forged of ["d1b=<script>", "d1b=zz-top", `d1b=${"a".repeat(300)}`, "d1b="]) {
      const { status, html } = await page("/question/1", forged);
      expect(status, forged).toBe(200);
      expect(html, forged).toContain("</html>");
    }
  });

  it("a signed-in reader's pages wait for at most two D1 round trips in a row before their first byte, the question page's shared copy for one, and his next view of it for none", async () => {
    // two new readers alike (same level, nothing done on the question)
    const [me, alike] = [await newUser("Читатель"), await newUser("Такой же читатель")];
    // the first reader of his kind makes the question page's shared copy: his session with his
    // facts on the question and the page's reads, in one round trip (what the page shows around the
    // question in a second, when this isolate has not kept it); the next reader of his kind only
    // needs the first (and none once his UserHub has his card, from his first page on), and the
    // first reader's next view needs none (what was read of him is kept)
    for (const [path, alikeTrips] of [
      ["/question/1", 1],
      ["/question/1?p=20", 0],
    ] as const) {
      await dropSharedCopies("/question/1");
      const made = await page(path, me);
      expect(made.res.headers.get("x-page-cache"), path).toBe("shared-miss");
      expect(Number(made.res.headers.get("x-d1-serial")), path).toBeLessThanOrEqual(2);
      const kept = await page(path, alike);
      expect(kept.res.headers.get("x-page-cache"), path).toBe("shared-hit");
      expect(Number(kept.res.headers.get("x-d1-serial")), path).toBe(alikeTrips);
      const again = await page(path, me);
      expect(again.res.headers.get("x-page-cache"), path).toBe("shared-hit");
      expect(Number(again.res.headers.get("x-d1-serial")), path).toBe(0);
      // his card, kept by his hub after the reply, serves his next pages
      expect(await hasReaderCard(alike)).toBe(true);
    }
    for (const path of ["/question/1", "/question/1?p=20", "/", "/vote/", "/comp/", `/profile/id${me.id}`, "/top/points/week/", "/answer/1"]) {
      const { res, status } = await page(path, me);
      expect(status, path).toBe(200);
      expect(Number(res.headers.get("x-d1-serial")), path).toBeLessThanOrEqual(2);
    }
  });
});
