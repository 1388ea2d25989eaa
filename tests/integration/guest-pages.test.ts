import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SHOWCASE } from "../../db/seed/seed";
import { BASE, page, workerFetch } from "./helpers/api";

function count(html: string, needle: string | RegExp): number {
  return (html.match(needle instanceof RegExp ? new RegExp(needle.source, "g") : new RegExp(needle.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "g")) ?? []).length;
}

async function questionCategory(qid: number) {
  return env.DB.prepare(
    "SELECT c.urlname AS leaf, t.urlname AS top FROM questions q JOIN categories c ON c.id = q.category_id JOIN categories t ON t.id = q.top_category_id WHERE q.id = ?",
  )
    .bind(qid)
    .first<{ leaf: string; top: string }>();
}

describe("a guest reading the site", () => {
  it("the index lists the 20 newest questions with a real 'Показать ещё' link", async () => {
    const { res, html } = await page("/");
    expect(res.status).toBe(200);
    expect(html).toContain('<html lang="ru">');
    expect(html).toContain("Новые вопросы");
    expect(count(html, /<li data-qid="\d+"><a class="qtitle" href="\/question\/\d+"/)).toBe(20);
    expect(html).toMatch(/href="\/\?p=20"[^>]*>Показать ещё/);
  });

  it("the second page of the index continues where the first ended", async () => {
    // the list itself: the columns after it name questions too (the leader questions)
    const list = (html: string) => html.slice(0, html.indexOf('data-testid="left-column"'));
    const first: string[] = list((await page("/")).html).match(/href="\/question\/(\d+)"/g) ?? [];
    const second = list((await page("/?p=20")).html).match(/href="\/question\/(\d+)"/g) ?? [];
    expect(second.length).toBeGreaterThan(0);
    expect(second.filter((l) => first.includes(l))).toEqual([]);
  });

  it("a category page has the tabs and lists only its questions", async () => {
    const cat = await questionCategory(SHOWCASE.resolvedQuestionId);
    const { res, html } = await page(`/${cat!.top}/`);
    expect(res.status).toBe(200);
    expect(html).toContain(`href="/${cat!.top}/open"`);
    expect(html).toContain(`href="/${cat!.top}/vote"`);
    expect(html).toContain(`href="/${cat!.top}/best"`);
    const tab = await page(`/${cat!.top}/resolve`);
    expect(tab.res.status).toBe(200);
    const ids = [...tab.html.matchAll(/href="\/question\/(\d+)"/g)].map((m) => Number(m[1]));
    if (ids.length > 0) {
      const states = await env.DB.prepare(`SELECT DISTINCT state FROM questions WHERE id IN (${ids.map(() => "?").join(",")})`)
        .bind(...ids)
        .all<{ state: string }>();
      expect(states.results.map((r) => r.state)).toEqual(["R"]);
    }
  });

  it("the category list shows top categories with their subcategories", async () => {
    const { res, html } = await page("/categories/");
    expect(res.status).toBe(200);
    const cat = await questionCategory(SHOWCASE.resolvedQuestionId);
    expect(html).toContain(`href="/${cat!.top}/"`);
    expect(html).toContain(`href="/${cat!.leaf}/"`);
  });

  it("a resolved question shows its state, the best answer first and, having more than five answers, its first three with a link to the rest", async () => {
    const qid = SHOWCASE.resolvedQuestionId;
    const { res, html } = await page(`/question/${qid}`);
    expect(res.status).toBe(200);
    expect(html).toContain("Вопрос решён");
    const q = await env.DB.prepare("SELECT qtext, anscnt FROM questions WHERE id = ?").bind(qid).first<{ qtext: string; anscnt: number }>();
    expect(html).toContain(`${q!.anscnt} ответов`);
    expect(html.indexOf('data-testid="best-answer"')).toBeGreaterThan(0);
    expect(html.indexOf('data-testid="best-answer"')).toBeLessThan(html.indexOf('data-testid="answer"'));
    expect(count(html, 'data-testid="answer"')).toBe(3);
    expect(html).toContain(`href="/question/${qid}?p=3#answers"`);
  });

  it("the answer pages follow each other until the last one", async () => {
    const qid = SHOWCASE.resolvedQuestionId;
    const q = await env.DB.prepare("SELECT anscnt FROM questions WHERE id = ?").bind(qid).first<{ anscnt: number }>();
    const rest = q!.anscnt - 1; // the best answer is shown apart
    const seen = new Set<string>();
    // the first page shows three (the question has more than five answers), then 20 at a time
    for (let p = 0; p < rest; p += p === 0 ? 3 : 20) {
      const size = p === 0 ? 3 : 20;
      const { res, html } = await page(`/question/${qid}${p ? `?p=${p}` : ""}`);
      expect(res.status).toBe(200);
      const ids = [...html.matchAll(/data-testid="answer" data-answer-id="(\d+)"/g)].map((m) => m[1]);
      expect(ids.length).toBe(Math.min(size, rest - p));
      for (const id of ids) seen.add(id);
      expect(html.includes(`?p=${p + size}#answers`)).toBe(p + size < rest);
    }
    expect(seen.size).toBe(rest);
  });

  it("comments are nested and a long thread is cut by the '20,3,3' rule with 'more' links", async () => {
    const { html } = await page(`/question/${SHOWCASE.resolvedQuestionId}`);
    expect(html).toMatch(/<ul class="comments"><li[^>]*>.*<ul class="comments">/s);
    expect(html).toMatch(/Показать ещё \d+ комментари(й|я|ев)/);
  });

  it("a question on voting and an open question say so", async () => {
    expect((await page(`/question/${SHOWCASE.votingQuestionId}`)).html).toContain("Вопрос на голосовании");
    expect((await page(`/question/${SHOWCASE.openQuestionId}`)).html).toContain("Вопрос открыт");
  });

  it("a poll shows its options, their votes and how many voted", async () => {
    const qid = SHOWCASE.pollSingleQuestionId;
    const { html } = await page(`/question/${qid}`);
    const opts = await env.DB.prepare("SELECT text, votes FROM poll_options WHERE qid = ? ORDER BY position").bind(qid).all<{ text: string; votes: number }>();
    expect(opts.results.length).toBeGreaterThanOrEqual(3);
    expect(count(html, 'data-testid="poll-option"')).toBe(opts.results.length);
    const total = await env.DB.prepare("SELECT total_voted AS t FROM questions WHERE id = ?").bind(qid).first<{ t: number }>();
    expect(html).toMatch(new RegExp(`Проголосовал[аи]? ${total!.t} человек`));
  });

  it("a deleted question shows the deleted view with the three reasons and status 404", async () => {
    const { res, html } = await page(`/question/${SHOWCASE.deletedQuestionId}`);
    expect(res.status).toBe(404);
    expect(html).toContain("Вопрос не найден или удален");
    expect(html).toContain("с помощью SMS");
    expect(html).toContain("если на вопрос не было ответов");
    expect(html).toContain("модераторами за нарушение правил");
  });

  it("a missing question shows the not-found view with status 404", async () => {
    const { res, html } = await page(`/question/${SHOWCASE.missingQuestionId}`);
    expect(res.status).toBe(404);
    expect(html).toContain("Вопрос не найден. Воспользуйтесь поиском");
  });

  it("a comment in context is the question page: its answer first with the whole thread, the comment highlighted, the reply form under it", async () => {
    const qid = SHOWCASE.resolvedQuestionId;
    const { res, html } = await page(`/question/${qid}/cid-${SHOWCASE.contextCommentId}`);
    expect(res.status).toBe(200);
    expect(html).toMatch(new RegExp(`id="cmt-${SHOWCASE.contextCommentId}"[^>]*><div class="comment-hl" data-highlighted="1"`));
    expect(html).toContain(`href="/question/${qid}"`);
    // the question page itself, from that answer on: the question, the answers' count and the answers after it
    expect(html).toContain("Какой язык программирования выбрать для первой работы в IT?");
    expect(html).toContain('data-testid="answers-count"');
    const ids = [...html.matchAll(/data-testid="answer" data-answer-id="(\d+)"/g)].map((m) => Number(m[1]));
    expect(ids[0]).toBe(SHOWCASE.contextAnswerId);
    expect(ids.length).toBeGreaterThan(1);
    // the reply under the comment, and no index of this second address
    const form = html.slice(html.indexOf('data-testid="focus-reply"'));
    expect(form).toContain(`name="cmid" value="${SHOWCASE.contextCommentId}"`);
    expect(html).toContain('content="noindex');
    // every comment of that answer is there, not the '20,3,3' cut
    const total = await env.DB.prepare("select count(*) n from comments where ref_type = 'A' and ref_id = ?").bind(SHOWCASE.contextAnswerId).first<number>("n");
    const article = html.slice(html.indexOf(`data-answer-id="${SHOWCASE.contextAnswerId}"`), html.indexOf('data-testid="focus-reply"'));
    expect(article.match(/ data-comment-id="/g)?.length).toBe(total);
  });

  it("a comment on the question itself is highlighted in the question's thread; another question's comment goes to the question", async () => {
    const qid = SHOWCASE.pollSingleQuestionId;
    const cmid = await env.DB.prepare("select max(id) id from comments where ref_type = 'Q' and ref_id = ?").bind(qid).first<number>("id");
    const { res, html } = await page(`/question/${qid}/cid-${cmid}`);
    expect(res.status).toBe(200);
    expect(html).toMatch(new RegExp(`id="cmt-${cmid}"[^>]*><div class="comment-hl" data-highlighted="1"`));
    expect(html.slice(html.indexOf('data-testid="focus-reply"'))).toContain(`name="type" value="Q"`);
    const elsewhere = await page(`/question/${SHOWCASE.resolvedQuestionId}/cid-${cmid}`);
    expect(elsewhere.res.status).toBe(302);
    expect(elsewhere.res.headers.get("location")).toBe(`/question/${SHOWCASE.resolvedQuestionId}`);
  });

  it("a single answer page shows the question header and a link to all answers", async () => {
    const { res, html } = await page(`/answer/${SHOWCASE.contextAnswerId}`);
    expect(res.status).toBe(200);
    expect(html).toContain(`data-answer-id="${SHOWCASE.contextAnswerId}"`);
    expect(html).toContain("Все ответы на вопрос");
  });

  it("pages carry a title cut at 70 characters, a description, a canonical link and Open Graph tags", async () => {
    const { html } = await page(`/question/${SHOWCASE.resolvedQuestionId}`);
    const title = html.match(/<title>([^<]*)<\/title>/)![1];
    expect(Array.from(title).length).toBeLessThanOrEqual(70);
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(html).toContain(`<link rel="canonical" href="${BASE}/question/${SHOWCASE.resolvedQuestionId}"/>`);
    expect(html).toMatch(/<meta property="og:title" content="[^"]+"/);
  });

  it("guest pages ship no Remix client runtime: the toolbar's suggestions script, and the islands' one async module entry only where there are islands", async () => {
    const TOOLBAR = /^<script type="module" src="\/islands\/toolbar-suggest-[\w-]{8}\.js" async="">$/;
    const ENTRY = /^<script type="module" src="\/islands\/client-[\w-]{8}\.js" async="">$/;
    for (const path of ["/", "/categories/", `/question/${SHOWCASE.resolvedQuestionId}`, `/answer/${SHOWCASE.contextAnswerId}`]) {
      const { html } = await page(path);
      const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"[^>]*>/g)].map((m) => m[0]);
      // the toolbar's script on every page, first; the entry only where there are islands
      expect(scripts[0], path).toMatch(TOOLBAR);
      expect(scripts.slice(1), path).toEqual(html.includes("<otv-island") ? [expect.stringMatching(ENTRY)] : []);
      expect(html).not.toContain("__remixContext");
      expect(html).not.toContain("modulepreload");
    }
    // the category list has no islands: the toolbar's script is all it ships
    expect([...(await page("/categories/")).html.matchAll(/<script[^>]*>/g)].map((m) => m[0])).toEqual([expect.stringMatching(TOOLBAR)]);
  });

  it("the question page reads D1 in one batch, the streamed blocks after the answers with it, and within the minute only its own part", async () => {
    await page("/categories/"); // warm the category tree
    await page("/"); // and the house ads
    // a question no page of this file has shown: this isolate has not kept its blocks
    const shown = Object.values(SHOWCASE).flatMap((v) => (typeof v === "number" ? [v] : []));
    const { id } = (await env.DB.prepare(
      `SELECT id FROM questions WHERE hidden = 0 AND state != 'D' AND id NOT IN (${shown.join(",")}) ORDER BY id DESC LIMIT 1`,
    ).first<{
      id: number;
    }>())!;
    // a query of its own each time: rendered, not served from the guests' copy of the first
    const d1 = async (n: number) => {
      const res = await workerFetch(`${BASE}/question/${id}?uncached=${n}`);
      await res.text();
      return { status: res.status, roundTrips: res.headers.get("x-d1-roundtrips"), statements: res.headers.get("x-d1-statements") };
    };
    // the page's own seven statements (the last: which database holds the question, from the range map)
    expect(await d1(1)).toEqual({ status: 200, roundTrips: "1", statements: "13" });
    expect(await d1(2)).toEqual({ status: 200, roundTrips: "1", statements: "7" });
  });

  it("a second guest gets the question page from the page cache", async () => {
    const path = `/question/${SHOWCASE.openQuestionId}`;
    await page(path);
    const again = await page(path);
    expect(again.res.headers.get("x-page-cache")).toBe("hit");
    expect(again.html).toContain("Вопрос открыт");
  });
});

describe("bad input never breaks a page", () => {
  const notFound = [
    "/question/abc",
    "/question/-1",
    "/question/0",
    "/question/1e3",
    "/question/99999999999999999999",
    "/question/1?p=99999999",
    "/question/1/whatever",
    "/question/1/cid-abc",
    "/answer/abc",
    "/answer/99999999999",
    "/no-such-category/",
    "/no-such-category/open",
    "/?p=1000000",
    "/404",
    "/some/deep/unknown/path",
  ];
  for (const path of notFound) {
    it(`${path} is a 404 page`, async () => {
      const { res, html } = await page(path);
      expect(res.status).toBe(404);
      expect(html).toContain('<html lang="ru">');
    });
  }

  it("an unknown tab of a real category is 404", async () => {
    const cat = await questionCategory(SHOWCASE.resolvedQuestionId);
    expect((await page(`/${cat!.top}/bogus`)).res.status).toBe(404);
  });

  const redirects: [string, string][] = [
    ["/?p=-1", "/"],
    ["/?p=abc", "/"],
    [`/question/1?p=-20`, "/question/1"],
    [`/question/1?p=x`, "/question/1"],
    [`/question/1?p=400`, "/question/1"],
  ];
  for (const [from, to] of redirects) {
    it(`${from} redirects cleanly to ${to}`, async () => {
      const { res } = await page(from);
      expect(res.status).toBe(302);
      expect(new URL(res.headers.get("location")!, BASE).pathname + new URL(res.headers.get("location")!, BASE).search).toBe(to);
    });
  }
});
