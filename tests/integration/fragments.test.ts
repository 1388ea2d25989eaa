import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { BASE, page, post } from "./helpers/api";
import { newUser } from "./helpers/users";
import { exec, favouriteTopCategory, openQuestions } from "./helpers/db";
import { SHOWCASE } from "../../db/seed/seed";

/**
 * A guest's answers (and the question's card, the menu and the blocks under the answers) are kept
 * as HTML between renders of the question page and put back in place of a marker. The page must be the one React renders whole, show an answer's new state on the
 * next render after it changed, and never carry one reader's controls into another's page.
 */

/** The page rendered with every part drawn anew (no kept fragments): what the kept ones must equal. */
async function pageWithoutFragments(path: string, cookie: string) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`${BASE}${path}`, { headers: { cookie } }), { ...env, FRAGMENTS: "off" }, ctx);
  await waitOnExecutionContext(ctx);
  return res.text();
}

/** A reader with a cookie no session answers to: the whole page is rendered for him, every time. */
const UNCACHED = "sid=no-such-session";

/**
 * A part of a page (`partOf`) as first rendered, after checking that the next render, made of kept
 * fragments, gives the same part and that both are the part React renders whole.
 */
async function keptLikeWhole(path: string, partOf: (html: string) => string): Promise<string> {
  const first = partOf((await page(path, UNCACHED)).html);
  const kept = await page(path, UNCACHED);
  expect(kept.html).not.toContain("otv-frag");
  expect(partOf(kept.html)).toBe(first);
  expect(first).toBe(partOf(await pageWithoutFragments(path, UNCACHED)));
  return first;
}

/** The answers' part of a page (the relative times are the same within a test). */
function answersOf(html: string): string {
  const start = html.indexOf('<section class="card" id="answers">');
  expect(start).toBeGreaterThan(0);
  return html.slice(start, html.indexOf("</section>", start));
}

/** One answer's article. */
function articleOf(html: string, aid: number): string {
  const start = html.indexOf(`<article class="answer" id="answer-${aid}"`);
  expect(start).toBeGreaterThan(0);
  return html.slice(start, html.indexOf("</article>", start));
}

describe("answers kept as HTML between renders of the question page", () => {
  it("the page made of kept answers is the same HTML as the page React renders whole", async () => {
    const asker = await newUser("Спрашивающий");
    const [qid] = await openQuestions(asker.id, ["Ответы из запаса совпадают с отрисованными"]);
    for (const nick of ["Первый", "Второй"]) {
      const who = await newUser(nick);
      const { json } = await post("addans", { qid, Body: `Ответ «${nick}» & <b>жирный</b>` }, who);
      expect(json.status).toBe(200);
      await post("addcmt", { type: "A", refid: json.id, Body: "Комментарий к ответу" }, asker);
    }
    const first = await page(`/question/${qid}`, UNCACHED);
    const kept = await page(`/question/${qid}`, UNCACHED);
    const whole = await pageWithoutFragments(`/question/${qid}`, UNCACHED);
    expect(kept.html).not.toContain("otv-frag");
    expect(answersOf(first.html)).toBe(answersOf(whole));
    expect(answersOf(kept.html)).toBe(answersOf(whole));
    // a guest's cached copy too
    const guest = await page(`/question/${qid}`);
    expect(answersOf(guest.html)).toBe(answersOf(whole));
  });

  it("an edited answer and a marked one show their new state on the next render", async () => {
    const asker = await newUser("Спрашивающий");
    const [qid] = await openQuestions(asker.id, ["Правка ответа видна сразу"]);
    const author = await newUser("Автор ответа");
    const { json } = await post("addans", { qid, Body: "Первая редакция ответа" }, author);
    const aid = json.id as number;
    expect(articleOf((await page(`/question/${qid}`, UNCACHED)).html, aid)).toContain("Первая редакция ответа");
    expect(articleOf((await page(`/question/${qid}`, UNCACHED)).html, aid)).toContain('<span data-testid="mark-count">0</span>');

    expect((await post("editans", { qid, update: aid, Body: "Вторая редакция ответа" }, author)).json.status).toBe(200);
    const edited = articleOf((await page(`/question/${qid}`, UNCACHED)).html, aid);
    expect(edited).toContain("Вторая редакция ответа");
    expect(edited).not.toContain("Первая редакция ответа");

    const marker = await newUser("Отметивший", { points: 300 });
    expect((await post("mark", { aid }, marker)).json.status).toBe(200);
    const marked = articleOf((await page(`/question/${qid}`, UNCACHED)).html, aid);
    expect(marked).toContain('<span data-testid="mark-count">1</span>');
    expect(marked).toContain("Вторая редакция ответа");
  });

  it("a signed-in reader's own controls never reach a guest's answers, nor a guest's answers his page", async () => {
    const asker = await newUser("Спрашивающий");
    const [qid] = await openQuestions(asker.id, ["Свои кнопки остаются своими"]);
    const author = await newUser("Автор ответа");
    const { json } = await post("addans", { qid, Body: "Ответ, который все читают" }, author);
    const aid = json.id as number;
    await post("addcmt", { type: "A", refid: aid, Body: "Комментарий автора вопроса" }, asker);
    const reader = await newUser("Читатель");

    const guestBefore = articleOf((await page(`/question/${qid}`, UNCACHED)).html, aid);
    const mine = articleOf((await page(`/question/${qid}`, reader)).html, aid);
    const guestAfter = articleOf((await page(`/question/${qid}`, UNCACHED)).html, aid);
    // the reader's answer has his islands and his 'Пожаловаться' links; a guest's has neither
    expect(mine).toContain('<otv-island name="answer-actions"');
    expect(mine).toContain('data-testid="abuse-link"');
    expect(mine).toContain("comment-reply");
    for (const guest of [guestBefore, guestAfter]) {
      expect(guest).not.toContain("<otv-island");
      expect(guest).not.toContain('data-testid="abuse-link"');
      expect(guest).not.toContain("comment-reply");
      expect(guest).toContain("data-need-auth");
    }
    expect(guestAfter).toBe(guestBefore);
    expect(mine).not.toContain("data-need-auth");
  });
});

describe("the toolbar's categories menu kept as HTML between renders", () => {
  /** The drop-down's markup. */
  function menuOf(html: string): string {
    const start = html.indexOf('<details class="cats-menu"');
    expect(start).toBeGreaterThan(0);
    return html.slice(start, html.indexOf("</details>", start));
  }

  it("is the menu React renders whole, a reader's favourite category starred on his pages alone", async () => {
    const asker = await newUser("Спрашивающий");
    const [qid] = await openQuestions(asker.id, ["Меню категорий из запаса"]);
    const path = `/question/${qid}`;
    const reader = await newUser("Любитель садов");
    const fav = await favouriteTopCategory(reader.id);

    const guest = menuOf((await page(path, UNCACHED)).html);
    expect(menuOf((await page(path, UNCACHED)).html)).toBe(guest);
    expect(guest).toBe(menuOf(await pageWithoutFragments(path, UNCACHED)));
    expect(guest).not.toContain("★");

    const his = menuOf((await page(path, reader)).html);
    expect(his).toBe(menuOf(await pageWithoutFragments(path, reader.cookie)));
    expect(his).toContain(`★ </span>${fav.name}</a>`);
    // the guest's next page does not get his star from the kept menu
    expect(menuOf((await page(path, UNCACHED)).html)).toBe(guest);
  });
});

describe("the blocks under the answers kept as HTML between renders", () => {
  /** From the similar questions to the end of the recommendations. */
  function blocksOf(html: string): string {
    const start = html.indexOf('aria-label="Похожие вопросы"');
    const end = html.indexOf("</ul>", html.indexOf('data-testid="recommended"'));
    expect(start).toBeGreaterThan(0);
    expect(end).toBeGreaterThan(start);
    return html.slice(start, end);
  }

  it("are the blocks React renders whole", async () => {
    const asker = await newUser("Спрашивающий");
    const [qid] = await openQuestions(asker.id, ["Похожие вопросы из запаса"]);
    const first = await keptLikeWhole(`/question/${qid}`, blocksOf);
    expect(first).toMatch(/data-testid="similar"><li><a href="\/question\/\d+">/);
    expect(first).toMatch(/data-testid="recommended"><li><a href="\/question\/\d+">/);
  });
});

describe("the question's card kept as HTML between renders", () => {
  /** The question's card: its header, poll, controls and comments, up to the first answer's card. */
  function cardOf(html: string): string {
    const start = html.indexOf('<main class="page">');
    const end = html.indexOf('<section class="card"', start);
    expect(start).toBeGreaterThan(0);
    expect(end).toBeGreaterThan(start);
    return html.slice(start, end);
  }

  it("is the card React renders whole: supplements, comments and a poll", async () => {
    const resolved = await keptLikeWhole(`/question/${SHOWCASE.resolvedQuestionId}`, cardOf);
    expect(resolved).toContain('data-testid="supplement"');
    expect(resolved).toContain('class="comment"');
    expect(await keptLikeWhole(`/question/${SHOWCASE.pollSingleQuestionId}`, cardOf)).toContain('type="radio"');
  });

  it("shows a new supplement on the next render, and a reader's own parts on his page alone", async () => {
    const asker = await newUser("Спрашивающий");
    const [qid] = await openQuestions(asker.id, ["Карточка вопроса из запаса"]);
    const path = `/question/${qid}`;
    const before = cardOf((await page(path, UNCACHED)).html);
    expect(cardOf((await page(path, UNCACHED)).html)).toBe(before);
    expect(before).not.toContain("Дополнение из запаса не взято");

    await exec("insert into supplements (qid, text, added) values (?, ?, ?)", qid, "Дополнение из запаса не взято", Date.now());
    const after = cardOf((await page(path, UNCACHED)).html);
    expect(after).toContain("Дополнение из запаса не взято");
    expect(after).toBe(cardOf(await pageWithoutFragments(path, UNCACHED)));

    const reader = await newUser("Читатель");
    const his = cardOf((await page(path, reader)).html);
    expect(his).toContain('<otv-island name="comment-thread"');
    const guest = cardOf((await page(path, UNCACHED)).html);
    expect(guest).not.toContain("<otv-island");
    expect(guest).toBe(after);
  });
});
