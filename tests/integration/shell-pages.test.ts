import { describe, expect, it } from "vitest";
import { SHOWCASE } from "../../db/seed/seed";
import { page } from "./helpers/api";
import { exec, one } from "./helpers/db";
import { as } from "./helpers/users";

/** The addresses of a page's links (<a href>) that stay on this site. */
const localLinks = (html: string) => [...html.matchAll(/<a [^>]*href="(\/[^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, "&"));

describe("the help pages and the pages that point to them", () => {
  it("the rules page answers 200 with the site's rules in Russian, cacheable for guests", async () => {
    const { status, html, res } = await page("/help/rules");
    expect(status).toBe(200);
    expect(html).toContain("<h1>Правила проекта</h1>");
    expect(html).toContain("Что запрещено");
    expect(res.headers.get("cache-control")).toContain("public");
  });

  it("the support page answers 200 and says how to reach support", async () => {
    const { status, html } = await page("/help/support");
    expect(status).toBe(200);
    expect(html).toContain("<h1>Служба поддержки</h1>");
    expect(html).toContain("Пожаловаться");
  });

  it("/help leads to the rules", async () => {
    const { status, location } = await page("/help");
    expect(status).toBe(301);
    expect(location).toBe("/help/rules");
  });

  it("every link in the deleted-question notice leads to a page that exists", async () => {
    const deleted = await page(`/question/${SHOWCASE.deletedQuestionId}`);
    expect(deleted.html).toContain("Вопрос не найден или удален");
    const block = deleted.html.slice(deleted.html.indexOf('data-testid="question-deleted"'));
    const links = localLinks(block.slice(0, block.indexOf("</main>")));
    expect(links).toContain("/help/support");
    expect(links).toContain("/help/rules");
    for (const link of new Set(links)) {
      const { status } = await page(link);
      expect([200, 301, 302], `${link} answers ${status}`).toContain(status);
    }
  });

  it("the not-found page offers a plain search form to /search with the query in q", async () => {
    const { status, html } = await page("/no-such-page/at-all");
    expect(status).toBe(404);
    const main = html.slice(html.indexOf('data-testid="not-found"'));
    expect(main).toMatch(/<form method="get" action="\/search">/);
    expect(main).toMatch(/<input type="search" name="q"/);
  });
});

describe("the toolbar", () => {
  it("a guest's toolbar has the categories drop-down, ask, leaders, a search form and a sign-in link", async () => {
    const { html } = await page("/");
    const header = html.slice(html.indexOf("<header"), html.indexOf("</header>"));
    expect(header).toMatch(/<details class="cats-menu"[^>]*><summary>Категории<\/summary>/);
    expect(header).toContain('href="/ask"');
    expect(header).toContain('href="/top/points/week/"');
    expect(header).toMatch(/<form class="toolbar-search" method="get" action="\/search"><input type="search" name="q"/);
    expect(header).toContain('href="/login"');
    // the drop-down's first entry is all questions; 601 and 2024 are left out
    expect(header).toContain('<a href="/">Все вопросы</a>');
    expect(header).not.toContain('href="/together/"');
    expect(header).not.toContain('href="/newyear/"');
  });

  it("a signed-in user's toolbar shows his nick cut at 15 characters, the whole nick in its title", async () => {
    const expert = await as("expert@demo.local");
    const { html } = await page("/", expert);
    const header = html.slice(html.indexOf("<header"), html.indexOf("</header>"));
    expect(header).toContain('title="Эксперт ТехноМира"');
    expect(header).toContain('<span class="toolbar-nick">Эксперт ТехноМ…</span>');
  });

  it("the ask page's left column shows the user's nick and how many questions he may still ask today", async () => {
    const user = await as("user@demo.local");
    const { html } = await page("/ask", user);
    const left = html.slice(html.indexOf('data-testid="left-column"'));
    // «Любознательная Маша» is cut at 16 characters here
    expect(left).toContain('<a class="user" href="/profile/id1">Любознательная…</a>');
    expect(left).toMatch(/data-testid="asks-left">Сегодня можно задать ещё: (?:<!-- -->)?\d+</);
  });

  it("the index has a left column with the week's leaders and the categories, and a right column with help", async () => {
    const { html } = await page("/");
    const left = html.slice(html.indexOf('data-testid="left-column"'), html.indexOf('data-testid="right-column"'));
    expect(left).toContain('data-testid="leaders-block"');
    expect(left).toContain('href="/games/"');
    const right = html.slice(html.indexOf('data-testid="right-column"'));
    expect(right).toContain('href="/help/rules"');
    expect(right).toContain('href="/help/support"');
  });

  it("the search and leaders pages have a right column with the ask button and help, and still one side promotion each", async () => {
    for (const path of ["/search/вопрос", "/top/points/week/", "/top/anscnt/all/"]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      const right = html.slice(html.indexOf('data-testid="right-column"'));
      expect(html, path).toContain('data-testid="right-column"');
      expect(right, path).toContain('href="/ask"');
      expect(right, path).toContain('href="/help/rules"');
      expect(right, path).not.toContain('data-testid="ad-slot"');
      expect(html.match(/data-testid="ad-slot" data-slot="1"/g)?.length ?? 0, path).toBeLessThanOrEqual(1);
    }
  });

  it("a category's left column names the current category, its section and its subcategories", async () => {
    const sub = await one<{ name: string; urlname: string; parent: string; parentName: string }>(
      `select c.name, c.urlname, p.urlname parent, p.name parentName from categories c join categories p on p.id = c.parent_id
       where c.hidden = 0 and p.hidden = 0 and c.adult = 0 and p.adult = 0 and c.special is null and p.special is null and c.urlname not like 'http%'
       and c.name not like '%&%' and p.name not like '%&%' and c.name not like '%"%' and p.name not like '%"%' order by c.id limit 1`,
    );
    const child = (await page(`/${sub!.urlname}/`)).html;
    const left = child.slice(child.indexOf('data-testid="left-column"'), child.indexOf('data-testid="right-column"'));
    expect(left).toContain(`<a href="/${sub!.urlname}/">${sub!.name}</a>`);
    expect(left).toContain(`<a href="/${sub!.parent}/">${sub!.parentName}</a>`);
    const parent = (await page(`/${sub!.parent}/`)).html;
    const parentLeft = parent.slice(parent.indexOf('data-testid="left-column"'), parent.indexOf('data-testid="right-column"'));
    expect(parentLeft).toContain(`<a href="/${sub!.urlname}/">${sub!.name}</a>`);
    expect(parentLeft).toContain('href="/categories/"');
  });

  it("a profile's left column lists its activity; the owner also gets his feed, followers and settings", async () => {
    const user = await as("user@demo.local");
    const leftOf = (html: string) => html.slice(html.indexOf('data-testid="left-column"'), html.indexOf('data-testid="right-column"'));
    const stranger = leftOf((await page(`/profile/id${user.id}`)).html);
    expect(stranger).toContain(`href="/profile/id${user.id}/questions"`);
    expect(stranger).toContain(`href="/profile/id${user.id}/answers"`);
    expect(stranger).not.toContain(`href="/profile/id${user.id}/feed"`);
    expect(stranger).not.toContain('href="/settings"');
    const own = leftOf((await page(`/profile/id${user.id}`, user)).html);
    expect(own).toContain(`href="/profile/id${user.id}/feed"`);
    expect(own).toContain(`href="/profile/id${user.id}/followers"`);
    expect(own).toContain('href="/settings"');
  });
});

describe("the columns each page type gets", () => {
  const leftOf = (html: string) => html.slice(html.indexOf('data-testid="left-column"'), html.indexOf('data-testid="right-column"'));
  const rightOf = (html: string) => html.slice(html.indexOf('data-testid="right-column"'));

  it("the index's left column lists the leader questions, its right column the site's best sections", async () => {
    const lead = await one<{ id: number; qtext: string }>(
      "select q.id, q.qtext from questions q join categories c on c.id = q.category_id where q.state = 'A' and q.hidden = 0 and c.adult = 0 and q.qtext not like '%&%' and q.qtext not like '%\"%' order by q.id desc limit 1",
    );
    await exec("update questions set lead_until = ? where id = ?", Date.now() + 3_600_000, lead!.id);
    try {
      const { html } = await page("/?leaders=1");
      const left = leftOf(html);
      expect(left).toContain('data-testid="lead-questions"');
      expect(left).toContain(`href="/question/${lead!.id}"`);
      expect(left).toContain('href="/smstop"');
      const right = rightOf(html);
      expect(right).toContain('data-testid="col-index"');
      expect(right).toContain('href="/golden/"');
    } finally {
      await exec("update questions set lead_until = null where id = ?", lead!.id);
    }
  });

  it("the ask page's right column shows the day's limits open; the owner's profile shows his in the right column, nobody else's", async () => {
    const user = await as("user@demo.local");
    const ask = rightOf((await page("/ask", user)).html);
    expect(ask).toContain('data-testid="col-limits"');
    expect(ask).toContain('data-testid="limits-panel" open=""');
    expect(ask).toContain('data-quota="ASK"');
    const own = rightOf((await page(`/profile/id${user.id}`, user)).html);
    expect(own).toContain('data-testid="limits-panel"');
    expect(own).toContain('data-testid="col-profile"');
    const stranger = rightOf((await page(`/profile/id${user.id}`, await as("guru@demo.local"))).html);
    expect(stranger).not.toContain('data-testid="limits-panel"');
    expect(stranger).toContain('data-testid="col-profile"');
  });

  it("a profile's left column offers a gift, and to a moderator his links about the user", async () => {
    const user = await as("user@demo.local");
    const guest = leftOf((await page(`/profile/id${user.id}`)).html);
    expect(guest).toContain(`href="/profile/id${user.id}/gifts/choose"`);
    expect(guest).not.toContain('data-testid="moder-profile-links"');
    const moder = leftOf((await page(`/profile/id${user.id}`, await as("moder@demo.local"))).html);
    expect(moder).toContain('data-testid="moder-profile-links"');
  });

  it("the search page's right column says how to search; the moderation log's lists the moderator's pages; the brand's left column starts with its head", async () => {
    expect(rightOf((await page("/search/вопрос")).html)).toContain('data-testid="col-search"');
    const moder = await as("moder@demo.local");
    const log = await page(`/moderlog/id${moder.id}`, moder);
    expect(log.status).toBe(200);
    expect(rightOf(log.html)).toContain('data-testid="col-moderlog"');
    expect(rightOf(log.html)).toContain(`href="/moderlog/id${moder.id}"`);
    const brand = leftOf((await page(`/${SHOWCASE.brandUrlname}/`)).html);
    expect(brand.indexOf('data-testid="brand-column-head"')).toBeGreaterThan(-1);
    expect(brand.indexOf('data-testid="brand-column-head"')).toBeLessThan(brand.indexOf('data-testid="brand-experts"'));
    expect(brand).toContain("<h2>ТехноМир</h2>");
  });
});
