import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SHOWCASE } from "../../db/seed/seed";
import { levelById } from "../../app/lib/levels";
import { listQueryFor, PROFILE_TABS, type ProfileTab } from "../../app/models/users/profile.server";
import { BASE, page, workerFetch } from "./helpers/api";
import { all, exec, one } from "./helpers/db";
import { as, newUser } from "./helpers/users";

/**
 * The profile page /profile/id{userid}[/{tab}[/{sub}]] as people see it (docs/decisions/0011).
 * Guests' pages are kept in the page cache for a minute, so a check made after a change asks for
 * a URL no earlier test asked for (an extra query parameter).
 */

/** The question ids a page links to as list titles, in page order. */
const listedQuestions = (html: string) => [...html.matchAll(/<a class="qtitle" href="\/question\/(\d+)"/g)].map((m) => Number(m[1]));
const testid = (html: string, id: string) => html.match(new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`))?.[1];

type UserRow = { nick: string; lvl: number; points: number; kpd: number; answers_count: number };

describe("a guest reading a profile", () => {
  it("the profile shows the nick, the level name, points, efficiency and the counts", async () => {
    const u = (await one<UserRow>("SELECT nick, lvl, points, kpd, answers_count FROM users WHERE id = 3"))!;
    const { res, html } = await page("/profile/id3");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("s-maxage=60");
    expect(testid(html, "profile-nick")).toBe(u.nick);
    expect(testid(html, "profile-level")).toBe(levelById(u.lvl).name);
    expect(testid(html, "profile-level")).toBe("Гуру");
    expect(testid(html, "profile-points")).toBe(`${u.points} баллов`);
    expect(testid(html, "profile-kpd")).toBe(`КПД ${u.kpd}%`);
    expect(html).toMatch(new RegExp(`${u.answers_count} ответ`));
    expect(html).toContain(`<title>${u.nick} — Гуру — Ответы</title>`);
    expect(html).toContain(`<link rel="canonical" href="${BASE}/profile/id3"/>`);
    expect(html).toContain('data-testid="avatar-placeholder"');
    expect(html).not.toContain('data-testid="ban-notice"');
  });

  it("a nick longer than 16 characters is cut", async () => {
    const { html } = await page("/profile/id6");
    expect((await one<{ nick: string }>("SELECT nick FROM users WHERE id = 6"))!.nick).toBe("Эксперт ТехноМира");
    expect(testid(html, "profile-nick")).toBe("Эксперт ТехноМи…");
    expect(html).toContain('title="Эксперт ТехноМира"');
  });

  it("the banned user shows 'Заблокирован' with the hours left", async () => {
    const { res, html } = await page("/profile/id8");
    expect(res.status).toBe(200);
    expect(testid(html, "ban-notice")).toMatch(/^Заблокирован, осталось (72|71) ч$/);
    expect(testid(html, "profile-nick")).toBe("Нарушитель");
  });

  it("a permanent ban shows just 'Заблокирован', and a ban under an hour counts minutes", async () => {
    await exec("UPDATE users SET ban_permanent = 1 WHERE id = 7");
    const permanent = await page("/profile/id7?permanent");
    expect(testid(permanent.html, "ban-notice")).toBe("Заблокирован");
    await exec("UPDATE users SET ban_permanent = 0, banned_until = ? WHERE id = 7", Date.now() + 25 * 60_000);
    const short = await page("/profile/id7?short");
    expect(testid(short.html, "ban-notice")).toMatch(/^Заблокирован, осталось (25|24) мин$/);
    await exec("UPDATE users SET banned_until = NULL WHERE id = 7");
    const free = await page("/profile/id7?free");
    expect(free.html).not.toContain("Заблокирован");
  });

  it("the questions tab lists the user's questions newest first; a state sub only that state", async () => {
    const expected = await all<{ id: number }>("SELECT id FROM questions WHERE user_id = 1 AND hidden = 0 AND state <> 'D' ORDER BY added DESC");
    const { html } = await page("/profile/id1");
    expect(listedQuestions(html)).toEqual(expected.map((r) => r.id));
    expect(listedQuestions(html)).toContain(SHOWCASE.unansweredQuestionId);
    expect(html).toContain('href="/profile/id1/questions/open"');
    expect(html).toContain('href="/profile/id1/answers"');
    const open = await page("/profile/id1/questions/open");
    const openIds = listedQuestions(open.html);
    expect(openIds.length).toBeGreaterThan(0);
    const states = await all<{ state: string }>(`SELECT DISTINCT state FROM questions WHERE id IN (${openIds.join(",")})`);
    expect(states.map((s) => s.state)).toEqual(["A"]);
    expect(open.html).toContain("Вопрос открыт");
    const vote = await page("/profile/id1/questions/vote");
    expect(vote.res.status).toBe(200);
    expect(vote.html).toContain("Нет вопросов");
  });

  it("a guest sees neither the owner's subs nor the feed and followers tabs", async () => {
    const { html } = await page("/profile/id1");
    expect(html).not.toContain("/profile/id1/questions/deleted");
    expect(html).not.toContain("/profile/id1/questions/private");
    expect(html).not.toContain("/profile/id1/feed");
    expect(html).not.toContain("/profile/id1/followers");
  });

  it("the answers tab shows the user's answers under their question titles; 'best' only the best ones", async () => {
    // a guest who has not confirmed he is an adult is not shown answers to adult questions
    const answers = await all<{ id: number; qid: number; qtext: string }>(
      "SELECT a.id, a.qid, q.qtext FROM answers a JOIN questions q ON q.id = a.qid WHERE a.user_id = 3 AND a.hidden = 0 AND q.hidden = 0 AND q.category_id NOT IN (SELECT id FROM categories WHERE adult = 1) ORDER BY a.added DESC",
    );
    expect(answers.length).toBeGreaterThan(1);
    const { res, html } = await page("/profile/id3/answers");
    expect(res.status).toBe(200);
    expect([...html.matchAll(/data-answer-id="(\d+)"/g)].map((m) => Number(m[1]))).toEqual(answers.map((a) => a.id));
    expect(html).toContain(`href="/question/${answers[0].qid}"`);
    expect(html).toContain(`href="/answer/${answers[0].id}"`);
    const best = await all<{ id: number }>(
      "SELECT a.id FROM answers a JOIN questions q ON q.id = a.qid WHERE a.user_id = 3 AND a.best = 1 AND a.hidden = 0 AND q.category_id NOT IN (SELECT id FROM categories WHERE adult = 1) ORDER BY a.added DESC",
    );
    expect(best.length).toBeGreaterThan(0);
    const bestPage = await page("/profile/id3/answers/best");
    expect([...bestPage.html.matchAll(/data-answer-id="(\d+)"/g)].map((m) => Number(m[1]))).toEqual(best.map((a) => a.id));
    expect(bestPage.html).toContain("Лучший ответ");
  });

  it("a user without answers: 'Нет ответов' for others", async () => {
    const { html } = await page("/profile/id8/answers");
    expect(testid(html, "profile-empty")).toBe("Нет ответов");
  });

  it("a list longer than 20 has a 'Показать ещё' link, and the next page continues it", async () => {
    const base = (await one<{ category_id: number; top_category_id: number }>(
      "SELECT category_id, top_category_id FROM questions WHERE id = ?",
      SHOWCASE.pollSingleQuestionId,
    ))!;
    const now = Date.now();
    await exec(
      `INSERT INTO questions (user_id, category_id, top_category_id, qtext, state, added, state_changed_at, updated_at)
       WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 25)
       SELECT 2, ?1, ?2, 'Вопрос для листания профиля № ' || i, 'A', ?3 - i * 60000, ?3, ?3 FROM n`,
      base.category_id,
      base.top_category_id,
      now,
    );
    const total = (await one<{ n: number }>("SELECT count(*) AS n FROM questions WHERE user_id = 2 AND hidden = 0 AND state <> 'D'"))!.n;
    expect(total).toBeGreaterThan(20);
    const first = await page("/profile/id2?paging");
    expect(listedQuestions(first.html)).toHaveLength(20);
    expect(first.html).toMatch(/href="\/profile\/id2\?p=20"[^>]*>Показать ещё/);
    const second = await page("/profile/id2?p=20");
    const ids = listedQuestions(second.html);
    expect(ids).toHaveLength(total - 20);
    expect(ids.filter((id) => listedQuestions(first.html).includes(id))).toEqual([]);
    expect(second.html).not.toContain("Показать ещё");
    const open = await page("/profile/id2/questions/open?paging");
    expect(open.html).toMatch(/href="\/profile\/id2\/questions\/open\?p=20"[^>]*>Показать ещё/);
  });

  it("a guest's profile page is read in one D1 round trip", async () => {
    const res = await workerFetch(`${BASE}/profile/id3/answers?roundtrips`);
    await res.text();
    expect({ roundTrips: res.headers.get("x-d1-roundtrips"), statements: res.headers.get("x-d1-statements") }).toEqual({ roundTrips: "1", statements: "2" });
  });

  it("the profile ships no React: its scripts are the toolbar's suggestions and the entry of its one plain island (copy the link)", async () => {
    const { html } = await page("/profile/id3");
    const scripts = [...html.matchAll(/<script[^>]*>/g)].map((m) => m[0]);
    expect(scripts).toHaveLength(2);
    for (const s of scripts) expect(s).toMatch(/^<script type="module" src="\/islands\/[\w.-]+\.js" async="">$/);
    expect(scripts.some((s) => s.includes("/islands/toolbar-suggest-"))).toBe(true);
    expect([...html.matchAll(/<otv-island name="([^"]+)"/g)].map((m) => m[1])).toEqual(["copy-link"]);
    expect(html).not.toContain("__remixContext");
  });
});

describe("profile addresses that do not exist", () => {
  const notFound = [
    "/profile/abc",
    "/profile/3",
    "/profile/id",
    "/profile/id0",
    "/profile/idabc",
    "/profile/id-3",
    "/profile/id999999",
    "/profile/id3/bogus",
    "/profile/id3/answers/open",
    "/profile/id3/questions/bogus",
    "/profile/id3/questions/all/extra",
    "/profile/id3?p=99999999",
  ];
  for (const path of notFound) {
    it(`${path} is a 404 page`, async () => {
      const { res, html } = await page(path);
      expect(res.status).toBe(404);
      expect(html).toContain('<html lang="ru">');
      expect(html).toContain("Такой страницы нет");
    });
  }

  it("a malformed page offset redirects to the clean address", async () => {
    const { res } = await page("/profile/id3/answers?p=abc");
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get("location")!, BASE).pathname).toBe("/profile/id3/answers");
  });
});

describe("the owner's own parts", () => {
  const ownerOnly = [
    "/profile/id1/questions/deleted",
    "/profile/id1/questions/private",
    "/profile/id1/feed",
    "/profile/id1/feed/users",
    "/profile/id1/followers",
    "/profile/id1/followers/blacklist",
  ];
  for (const path of ownerOnly) {
    it(`a guest asking for ${path} is sent to the plain profile`, async () => {
      const { res } = await page(path);
      expect(res.status).toBe(302);
      expect(new URL(res.headers.get("location")!, BASE).pathname).toBe("/profile/id1");
    });
  }

  it("another signed-in user is sent to the plain profile too", async () => {
    const other = await as("znatok@demo.local");
    const { res } = await page("/profile/id1/questions/deleted", other.cookie);
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get("location")!, BASE).pathname).toBe("/profile/id1");
  });

  it("the owner finds his deleted question under the deleted sub, and no longer in 'all'", async () => {
    const qid = SHOWCASE.unansweredQuestionId;
    await exec("UPDATE questions SET state = 'D', hidden = 1, deleted_by = 'author', state_before_delete = 'A' WHERE id = ? AND user_id = 1", qid);
    const me = await as("user@demo.local");
    const deleted = await page("/profile/id1/questions/deleted", me.cookie);
    expect(deleted.res.status).toBe(200);
    expect(deleted.res.headers.get("cache-control")).toBe("private, no-store");
    expect(listedQuestions(deleted.html)).toContain(qid);
    expect(deleted.html).toContain("Вопрос удалён");
    const mine = await page("/profile/id1", me.cookie);
    expect(mine.res.headers.get("cache-control")).toBe("private, no-store");
    expect(listedQuestions(mine.html)).not.toContain(qid);
    expect(mine.html).toContain('href="/profile/id1/questions/deleted"');
    expect(mine.html).toContain('href="/profile/id1/feed"');
    expect(mine.html).toContain('href="/profile/id1/followers"');
    const guest = await page("/profile/id1?after-delete");
    expect(listedQuestions(guest.html)).not.toContain(qid);
  });

  it("the owner sees his private questions to brands", async () => {
    const pq = (await one<{ qtext: string }>("SELECT qtext FROM private_questions WHERE user_id = 1 AND hidden = 0"))!;
    const me = await as("user@demo.local");
    const { res, html } = await page("/profile/id1/questions/private", me.cookie);
    expect(res.status).toBe(200);
    expect(html).toContain('data-testid="profile-private"');
    expect(html).toContain(pq.qtext.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;"));
  });

  it("a new owner's feeds, followers and blacklist are empty lists, each with its message", async () => {
    const me = await newUser("Пустой");
    const empty = async (path: string) => testid((await page(`/profile/id${me.id}${path}`, me.cookie)).html, "profile-empty");
    expect(await empty("/feed")).toBe("Обновлений пока нет");
    expect(await empty("/feed/users")).toBe("Лента пуста: подпишитесь на людей, и их вопросы и ответы появятся здесь");
    expect(await empty("/feed/questions")).toBe("Лента пуста: следите за вопросами, и новое в них появится здесь");
    expect(await empty("/followers")).toBe("Подписчиков пока нет");
    expect(await empty("/followers/blacklist")).toBe("Чёрный список пуст");
  });

  it("a hidden profile is 'Личный кабинет скрыт' for guests and others, open to its owner and to a volunteer moderator", async () => {
    await exec("UPDATE users SET hidden = 1 WHERE id = 3");
    const guest = await page("/profile/id3?hidden");
    expect(guest.res.status).toBe(200);
    expect(guest.html).toContain("Личный кабинет скрыт");
    expect(guest.html).not.toContain('data-testid="profile-questions"');
    expect(guest.html).not.toContain('data-testid="profile-tabs"');
    const data = await page(`/profile/id3?hidden-data&_data=${encodeURIComponent("routes/profile.$uid._index")}`);
    expect(JSON.parse(data.html)).toMatchObject({ kind: "hidden", user: { id: 3 } });
    expect(data.html).not.toContain("points");
    const other = await page("/profile/id3/answers", (await as("znatok@demo.local")).cookie);
    expect(other.html).toContain("Личный кабинет скрыт");
    const owner = await page("/profile/id3/answers", (await as("guru@demo.local")).cookie);
    expect(owner.html).not.toContain("Личный кабинет скрыт");
    expect(owner.html).toContain('data-testid="profile-answers"');
    const moder = await page("/profile/id3/answers", (await as("moder@demo.local")).cookie);
    expect(moder.html).not.toContain("Личный кабинет скрыт");
    expect(moder.html).toContain('data-testid="profile-answers"');
    await exec("UPDATE users SET hidden = 0 WHERE id = 3");
  });

  it("the owner with no answers reads 'У вас нет ни одного ответа'", async () => {
    const me = await as("banned@demo.local");
    const { html } = await page("/profile/id8/answers", me.cookie);
    expect(testid(html, "profile-empty")).toBe("У вас нет ни одного ответа");
    expect(testid(html, "ban-notice")).toMatch(/^Заблокирован, осталось/);
  });
});

describe("the profile's lists are read through indexes", () => {
  for (const tab of Object.keys(PROFILE_TABS) as ProfileTab[]) {
    for (const sub of PROFILE_TABS[tab].subs) {
      for (const leaveOut of [[], [13, 1301]]) {
        const query = listQueryFor(env, 1, { tab, sub }, 20, 21, leaveOut);
        if (!query) continue;
        it(`${tab}/${sub}${leaveOut.length ? " without the adult categories" : ""} searches an index and needs no sort`, async () => {
          const { sql, params } = query.toSQL();
          const plan = await all<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, ...params);
          const details = plan.map((p) => p.detail);
          expect(details[0]).toMatch(/^SEARCH \w+ USING INDEX \w+_user_\w*idx \(user_id=\?/);
          expect(details.join("\n")).not.toMatch(/TEMP B-TREE|^SCAN/m);
        });
      }
    }
  }
});
