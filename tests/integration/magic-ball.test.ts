import { describe, expect, it } from "vitest";
import { BALL_ANSWERS } from "../../app/lib/magic-ball";
import { page } from "./helpers/api";

const decode = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");

describe("the magic ball", () => {
  it("/magic8ball alone leads to the seasonal page, which hosts the ball's form for a guest", async () => {
    const bare = await page("/magic8ball");
    expect(bare.status).toBe(301);
    expect(bare.location).toBe("/newyear/");
    const home = await page("/newyear/");
    expect(home.status).toBe(200);
    expect(home.html).toContain("<h1>Магический шар</h1>");
    expect(home.html).toMatch(/<form method="get" action="\/newyear\/"/);
    expect(home.html).toContain('maxLength="255"');
    expect(home.res.headers.get("cache-control")).toContain("public");
  });

  it("a question gets one of the 21 answers at random and leads to its share page, which shows both", async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const asked = await page(`/newyear/?q=${encodeURIComponent("  Будет ли завтра   снег? ")}`);
      expect(asked.status).toBe(302);
      expect(asked.res.headers.get("cache-control")).toContain("no-store");
      const m = /^\/magic8ball\/([^/]+)\/(\d+)$/.exec(asked.location ?? "");
      expect(m, asked.location ?? "no location").not.toBeNull();
      expect(decodeURIComponent(m![1])).toBe("Будет ли завтра снег?");
      const n = Number(m![2]);
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(21);
      seen.add(m![2]);
    }
    // twelve draws from 21 answers all alike would be a broken draw (odds about 1e-15)
    expect(seen.size).toBeGreaterThan(1);

    const share = await page(`/magic8ball/${encodeURIComponent("Будет ли завтра снег?")}/4`);
    expect(share.status).toBe(200);
    expect(share.html).toContain("«Будет ли завтра снег?»");
    expect(share.html).toContain(BALL_ANSWERS[3]);
    expect(share.html).toContain('name="robots" content="noindex"');
    expect(share.res.headers.get("cache-control")).toContain("public");
  });

  it("a question with a slash, a question mark and ё keeps its text on the share page", async () => {
    const text = "Ёлку ставить 31/12 или раньше?";
    const asked = await page(`/newyear/?q=${encodeURIComponent(text)}`);
    expect(asked.status).toBe(302);
    const share = await page(asked.location!);
    expect(share.status).toBe(200);
    expect(decode(share.html)).toContain(`«${text}»`);
  });

  it("the share links carry the question and answer cut to 70 characters, each with its window size", async () => {
    const long = "Стоит ли мне ".repeat(15).trim();
    const share = await page(`/magic8ball/${encodeURIComponent(long)}/10`);
    expect(share.status).toBe(200);
    const vk = /href="(https:\/\/vk\.com\/share\.php\?[^"]+)"[^>]*data-share-window="626x436"/.exec(share.html);
    expect(vk).not.toBeNull();
    const title = new URL(decode(vk![1])).searchParams.get("title") ?? "";
    expect(Array.from(title)).toHaveLength(70);
    expect(title.startsWith("«Стоит ли мне")).toBe(true);
    expect(title.endsWith("…")).toBe(true);
    expect(share.html).toContain('data-share-window="580x336"');
    expect(share.html).toContain('data-share-window="550x450"');
  });

  it("an empty or too long question is refused on the form with the catalogue's errid and text (400), and nothing is drawn", async () => {
    const empty = await page("/newyear/?q=%20%20");
    expect(empty.status).toBe(400);
    expect(empty.html).toContain("Задайте шару вопрос, на который можно ответить «да» или «нет»");
    expect(empty.html).toContain('role="alert"');
    const long = await page(`/newyear/?q=${"а".repeat(256)}`);
    expect(long.status).toBe(400);
    expect(long.html).toContain("Вопрос шару — не длиннее 255 символов");
    expect(long.html).toContain("а".repeat(256));
    expect(long.res.headers.get("cache-control")).toContain("no-store");
  });

  it("a share address the ball could not have made is 404: answer 0 or 22, a word, an empty or too long question", async () => {
    for (const path of [
      "/magic8ball/Да%3F/0",
      "/magic8ball/Да%3F/22",
      "/magic8ball/Да%3F/01",
      "/magic8ball/Да%3F/два",
      "/magic8ball/%20/3",
      `/magic8ball/${"я".repeat(256)}/3`,
    ]) {
      const { status } = await page(path);
      expect(status, path).toBe(404);
    }
  });
});
