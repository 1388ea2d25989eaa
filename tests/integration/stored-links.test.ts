import { describe, expect, it } from "vitest";
import { BASE, page, post } from "./helpers/api";
import { all, one } from "./helpers/db";
import { newUser } from "./helpers/users";

/**
 * Links in users' texts are rewritten once, when the text is stored: a link to this site stays a
 * plain path, any other goes through /301. What D1 holds and what the page shows never contains a
 * link a browser would follow to another site.
 */

const SITE = new URL(BASE).origin;

/** Every href of a stored or rendered HTML text, as a browser reads the attribute. */
const hrefs = (html: string) =>
  [...html.matchAll(/href="([^"]*)"/g)].map((m) =>
    m[1]
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&"),
  );

/** A link leads where a browser would go: this site, by a plain path (an outside one through /301). */
function expectStaysOnSite(href: string) {
  const target = new URL(href, `${SITE}/question/1`);
  expect(target.origin, href).toBe(SITE);
  expect(href, href).toMatch(/^(\/(?![/\\])|#)/);
}

describe("links in stored texts", () => {
  it("the demo data's texts hold no link that would leave the site directly (so no stored row needs rewriting)", async () => {
    const columns = [
      ["questions", "qcomment"],
      ["supplements", "text"],
      ["answers", "text"],
      ["answers", "source"],
      ["comments", "text"],
      ["private_questions", "qcomment"],
      ["private_answers", "text"],
    ];
    const texts = (await Promise.all(columns.map(([table, column]) => all<{ t: string | null }>(`select ${column} t from ${table}`)))).flat();
    for (const { t } of texts) for (const href of hrefs(t ?? "")) expectStaysOnSite(href);
    expect(texts.length).toBeGreaterThan(100);
  });

  it("an answer's backslash and protocol-relative links are stored as /301 links, and its page shows no direct outside link", async () => {
    const author = await newUser("Ссылки");
    const q = (await one<{ id: number }>(
      "select id from questions where state = 'A' and hidden = 0 and user_id <> ? and top_category_id <> 601 order by id limit 1",
      author.id,
    ))!;
    const body = [
      '<a href="/\\evil.example">раз</a>',
      '<a href="\\\\evil.example/x">два</a>',
      '<a href="/&#92;evil.example">три</a>',
      '<a href="/question/1">свой</a>',
    ].join(" ");
    const r = await post("addans", { qid: q.id, Body: body, source: "" }, author);
    expect(r.json.status).toBe(200);
    const stored = (await one<{ text: string }>("select text from answers where id = ?", r.json.id))!.text;
    const links = hrefs(stored);
    expect(links).toHaveLength(4);
    for (const href of links) expectStaysOnSite(href);
    expect(links.filter((h) => h.startsWith("/301?url="))).toHaveLength(3);
    expect(links).toContain("/question/1");

    const shown = await page(`/answer/${r.json.id}`);
    for (const href of hrefs(shown.html)) expect(new URL(href, `${SITE}/answer/1`).origin, href).toBe(SITE);
  });
});
