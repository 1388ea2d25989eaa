import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { adBucket, chooseAds, ROTATION_MS, type HouseAdRow } from "../../app/lib/house-ads";
import { pageContentPolicy } from "../../app/lib/http.server";
import { questionsAround } from "../../app/models/questions/related.server";
import { page } from "./helpers/api";
import { all, exec, one } from "./helpers/db";
import { as } from "./helpers/users";

const ADULT = "(select id from categories where adult = 1)";

/** The slots of a page's HTML: their numbers and where each leads, in the order of the page. */
const slots = (html: string) =>
  [...html.matchAll(/data-testid="ad-slot" data-slot="(\d+)"><span class="ad-label">Промо<\/span><a class="ad-link" href="([^"]*)"/g)].map((m) => ({
    n: Number(m[1]),
    href: m[2],
  }));

/** The list's items in order: a question's id, or "ad" for the in-list slot. */
const listOrder = (html: string) => {
  const list = html.slice(html.indexOf('data-testid="question-list"'), html.indexOf("</ul>", html.indexOf('data-testid="question-list"')));
  return [...list.matchAll(/<li (?:data-qid="(\d+)"|class="ad-slot" data-testid="ad-slot")/g)].map((m) => (m[1] ? Number(m[1]) : "ad"));
};

const liveRows = () => all<HouseAdRow>("select id, title, text, href, image, pages, weight from house_ads where active = 1 order by id");

describe("house ad slots", () => {
  it("the migration seeds our own promotions, each leading to a page of this site", async () => {
    const rows = await liveRows();
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.map((r) => r.href)).toEqual(expect.arrayContaining(["/newyear/", "/myprofile", "/ask"]));
    for (const r of rows) expect(r.href).toMatch(/^\/(?!\/)/);
  });

  it("the chooser gives the same promotions for a page type all through a rotation bucket, and two slots of a page different ones", async () => {
    const rows = await liveRows();
    const start = adBucket(Date.now()) * ROTATION_MS;
    for (const type of ["index", "category", "question", "search"] as const) {
      const first = chooseAds(rows, type, adBucket(start), [1, 2]);
      expect(chooseAds(rows, type, adBucket(start + 59_000), [1, 2])).toEqual(first);
      expect(chooseAds(rows, type, adBucket(start + ROTATION_MS - 1), [1, 2])).toEqual(first);
      expect(first[1]?.id).toBeDefined();
      expect(first[2]?.id).not.toBe(first[1]?.id);
    }
    // over a day's buckets every promotion of the index gets its turn in slot 1
    const seen = new Set<number>();
    for (let b = 0; b < 144; b++) seen.add(chooseAds(rows, "index", adBucket(start) + b, [1])[1]!.id);
    expect(seen.size).toBe(rows.filter((r) => r.pages === "" || r.pages.split(",").includes("index")).length);
  });

  it("a guest's index page shows the chooser's promotion in the side column and another after the 4th question", async () => {
    const rows = await liveRows();
    const before = adBucket(Date.now());
    const { html } = await page("/");
    if (adBucket(Date.now()) !== before) return; // the bucket turned during the request: nothing to compare against
    const chosen = chooseAds(rows, "index", before, [1, 2]);
    const shown = slots(html);
    expect(shown.map((s) => s.n).sort()).toEqual([1, 2]);
    expect(shown.find((s) => s.n === 1)?.href).toBe(chosen[1]?.href);
    expect(shown.find((s) => s.n === 2)?.href).toBe(chosen[2]?.href);
    const order = listOrder(html);
    expect(order.filter((x) => x !== "ad")).toHaveLength(20);
    expect(order.indexOf("ad")).toBe(4);
    expect(order.filter((x) => x === "ad")).toHaveLength(1);
  });

  it("the page's loader data carries the same promotions as its HTML, and a second rendering of the same page type the same ones", async () => {
    const before = adBucket(Date.now());
    const data = JSON.parse((await page("/?_data=routes%2F_index")).html) as { ads: Record<string, { href: string }> };
    const again = slots((await page("/?p=20")).html);
    if (adBucket(Date.now()) !== before) return;
    expect(Object.keys(data.ads).sort()).toEqual(["1", "2"]);
    expect(again.find((s) => s.n === 1)?.href).toBe(data.ads["1"].href);
    expect(again.find((s) => s.n === 2)?.href).toBe(data.ads["2"].href);
  });

  it("a category page has the in-list slot after its 4th question", async () => {
    const top = await one<{ urlname: string }>(
      `select c.urlname from questions q join categories c on c.id = q.top_category_id where q.hidden = 0 and q.state != 'D' and c.special is null and c.adult = 0
       group by c.id having count(*) >= 6 order by count(*) desc limit 1`,
    );
    const { html } = await page(`/${top!.urlname}/`);
    expect(listOrder(html).indexOf("ad")).toBe(4);
    expect(
      slots(html)
        .map((s) => s.n)
        .sort(),
    ).toEqual([1, 2]);
  });

  it("golden, smstop and nosmoking leave the in-list slot out and keep the side slot, even with more than 4 questions", async () => {
    const now = Date.now();
    const pick = async (state: string) =>
      (await all<{ id: number }>(`select id from questions where state = ? and hidden = 0 and category_id not in ${ADULT} order by id limit 6`, state)).map(
        (r) => r.id,
      );
    const resolved = await pick("R");
    const open = await pick("A");
    await exec(`update questions set goldrec = 1 where id in (${resolved.join(",")})`);
    await exec(`update questions set lead_until = ? where id in (${open.join(",")})`, now + 3_600_000);
    const nosmoking = await one<{ id: number }>("select id from categories where special = 'nosmoking'");
    const moved = (
      await all<{ id: number }>(`select id from questions where hidden = 0 and state != 'D' and category_id not in ${ADULT} order by id desc limit 6`)
    ).map((r) => r.id);
    await exec(`update questions set category_id = ?1, top_category_id = ?1 where id in (${moved.join(",")})`, nosmoking!.id);
    for (const path of ["/golden/?p=0", "/smstop?p=0", "/nosmoking/?p=0"]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      const order = listOrder(html);
      expect(order.length, path).toBeGreaterThanOrEqual(5);
      expect(order, path).not.toContain("ad");
      expect(
        slots(html).map((s) => s.n),
        path,
      ).toEqual([1]);
    }
  });

  it("a profile's questions and answers tabs and the search results have the in-list slot after their 4th item", async () => {
    // one asker with 6 visible questions
    const asker = 3;
    await exec(
      `update questions set user_id = ? where id in (select id from questions where hidden = 0 and state != 'D' and category_id not in ${ADULT} order by id limit 6)`,
      asker,
    );
    const answerer = (await one<{ user_id: number }>(
      `select a.user_id from answers a join questions q on q.id = a.qid where a.hidden = 0 and q.hidden = 0 and q.state != 'D' and q.category_id not in ${ADULT}
       group by a.user_id having count(*) >= 6 order by count(*) desc limit 1`,
    ))!.user_id;
    const lists = [
      { path: `/profile/id${asker}`, list: "profile-questions" },
      { path: `/profile/id${answerer}/answers`, list: "profile-answers" },
    ];
    // the most frequent long word of the titles finds more than 4 questions
    const titles = await all<{ qtext: string }>(`select qtext from questions where hidden = 0 and state != 'D' and category_id not in ${ADULT}`);
    const counts = new Map<string, number>();
    for (const t of titles) for (const w of new Set(t.qtext.toLowerCase().match(/[а-яё]{6,}/g) ?? [])) counts.set(w, (counts.get(w) ?? 0) + 1);
    const word = [...counts].sort((a, b) => b[1] - a[1])[0][0];
    lists.push({ path: `/search/${encodeURIComponent(word)}`, list: "search-results" });
    for (const { path, list } of lists) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      const at = html.indexOf(`data-testid="${list}"`);
      expect(at, path).toBeGreaterThan(0);
      const body = html.slice(at, html.indexOf(list === "search-results" ? "</ol>" : "</ul>", at));
      const items = [...body.matchAll(/<li( class="ad-slot" data-testid="ad-slot" data-slot="2")?/g)].map((m) => (m[1] ? "ad" : "item"));
      expect(items.length, path).toBeGreaterThanOrEqual(6);
      expect(items.indexOf("ad"), path).toBe(4);
      expect(
        items.filter((x) => x === "ad"),
        path,
      ).toHaveLength(1);
    }
  });

  it("every page type carries its numbered slot: index, category, top, question, answer, profile, moderlog and search", async () => {
    const qid = (await one<{ id: number }>(
      `select id from questions where hidden = 0 and state = 'R' and anscnt > 0 and category_id not in ${ADULT} order by id limit 1`,
    ))!.id;
    const aid = (await one<{ id: number }>("select id from answers where qid = ? and hidden = 0 limit 1", qid))!.id;
    const moder = await as("moder@demo.local");
    const paths = ["/", "/top/points/week/", `/question/${qid}`, `/answer/${aid}`, "/profile/id3", "/search/вопрос"];
    for (const path of paths) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      expect(
        slots(html).map((s) => s.n),
        path,
      ).toContain(1);
    }
    const log = await page(`/moderlog/id${moder.id}`, moder);
    expect(log.status).toBe(200);
    expect(slots(log.html).map((s) => s.n)).toContain(1);
  });

  it("pages with slots keep the strict content policy: nothing from another origin", async () => {
    for (const path of ["/", "/top/points/week/", "/search/вопрос"]) {
      const { res, html } = await page(path);
      expect(res.headers.get("Content-Security-Policy"), path).toBe(pageContentPolicy());
      for (const s of slots(html)) expect(s.href, path).toMatch(/^\/(?!\/)/);
    }
  });
});

describe("the recommendation block", () => {
  /** The questions the block links to, in order. */
  const recommended = (html: string) => {
    const at = html.indexOf('data-testid="recommended"');
    if (at < 0) return [];
    return [...html.slice(at, html.indexOf("</ul>", at)).matchAll(/href="\/question\/(\d+)"/g)].map((m) => Number(m[1]));
  };

  it("shows 4 other visible questions of the question's category, never the question itself nor a hidden or deleted one", async () => {
    // one category gathers a dozen visible questions of every state
    const cat = (await one<{ category_id: number }>(
      `select category_id from questions where hidden = 0 and state != 'D' and category_id not in ${ADULT} group by category_id order by count(*) desc limit 1`,
    ))!.category_id;
    await exec(
      `update questions set category_id = ? where id in (select id from questions where hidden = 0 and state != 'D' and category_id not in ${ADULT} order by id limit 12)`,
      cat,
    );
    const inCat = await all<{ id: number; state: string }>(
      "select id, state from questions where category_id = ? and hidden = 0 and state != 'D' order by added desc, id desc",
      cat,
    );
    const qid = inCat[0].id;
    // the next newest questions of each state would be recommended: one is hidden, one deleted
    const others = inCat.filter((q) => q.id !== qid);
    const hidden = others[0].id;
    const deleted = others[1].id;
    await exec("update questions set hidden = 1, state = 'R' where id = ?", hidden);
    await exec("update questions set state = 'D' where id = ?", deleted);
    const { status, html } = await page(`/question/${qid}?p=0`);
    expect(status).toBe(200);
    const ids = recommended(html);
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(4);
    expect(ids).not.toContain(qid);
    expect(ids).not.toContain(hidden);
    expect(ids).not.toContain(deleted);
    const rows = await all<{ category_id: number; hidden: number; state: string }>(
      `select category_id, hidden, state from questions where id in (${ids.join(",")})`,
    );
    for (const r of rows) expect(r).toMatchObject({ category_id: cat, hidden: 0 });
    for (const r of rows) expect(r.state).not.toBe("D");
    // resolved questions come first
    const states = ids.map((id) => inCat.find((q) => q.id === id)?.state);
    const firstNotResolved = states.findIndex((s) => s !== "R");
    if (firstNotResolved >= 0) expect(states.slice(firstNotResolved)).not.toContain("R");
  });

  it("reads the category by its index, newest first, without sorting the category's questions", async () => {
    const plan = await all<{ detail: string }>(
      "explain query plan select id, qtext from questions where category_id = 1 and state = 'R' and hidden = 0 and id != 5 order by added desc, id desc limit 4",
    );
    const text = plan.map((p) => p.detail).join("\n");
    expect(text).toMatch(/USING INDEX questions_cat_idx/);
    expect(text).not.toMatch(/TEMP B-TREE/);
  });

  it("an isolate reads a question's blocks once a minute: a question new to the category shows after that minute, not before", async () => {
    const { id: qid, category_id: cat } = (await one<{ id: number; category_id: number }>(
      `select id, category_id from questions where hidden = 0 and state != 'D' and category_id not in ${ADULT} order by id desc limit 1`,
    ))!;
    const t = Date.now();
    const first = await questionsAround(env, qid, t);
    // another question moves into the category as its newest: the first of its similar questions once read anew
    const moved = (await one<{ id: number }>(
      `select id from questions where hidden = 0 and state != 'D' and category_id != ? and category_id not in ${ADULT} order by id limit 1`,
      cat,
    ))!.id;
    await exec("update questions set category_id = ?, added = (select max(added) + 1 from questions) where id = ?", cat, moved);
    const withinTheMinute = await questionsAround(env, qid, t + 59_000);
    expect(withinTheMinute).toEqual(first);
    expect(withinTheMinute.similar.map((q) => q.id)).not.toContain(moved);
    const afterIt = await questionsAround(env, qid, t + 61_000);
    expect(afterIt.similar[0].id).toBe(moved);
  });
});
