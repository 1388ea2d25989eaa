import LinkifyIt from "linkify-it";
import xss from "xss";

const linkify = new LinkifyIt();

/** Tags a user's text may keep; everything else is escaped. */
const ALLOWED: Record<string, string[]> = {
  a: ["href"],
  b: [],
  strong: [],
  i: [],
  em: [],
  u: [],
  s: [],
  br: [],
  p: [],
  ul: [],
  ol: [],
  li: [],
  blockquote: [],
  code: [],
  pre: [],
};

/**
 * An outside link goes through the /301 interstitial; a link to this site stays as it is. A brand
 * user's link also names the brand (`brand`, its urlname), so that the click is reported with
 * linkbrand (docs/decisions/0017-brands-and-private-questions.md).
 */
export function linkTarget(href: string, brand?: string): string | null {
  if (href.startsWith("/") && !href.startsWith("//")) return href;
  try {
    const u = new URL(href);
    if (u.protocol !== "http:" && u.protocol !== "https:") return null;
    return `/301?url=${encodeURIComponent(u.toString())}${brand ? `&brand=${encodeURIComponent(brand)}` : ""}`;
  } catch {
    return null;
  }
}

// xss is CommonJS: its FilterXSS class hangs off the default export in every bundler
const makeFilter = (brand?: string) =>
  new (xss as unknown as { FilterXSS: typeof import("xss").FilterXSS }).FilterXSS({
    whiteList: ALLOWED,
    stripIgnoreTagBody: ["script", "style"],
    onTagAttr(tag, name, value) {
      if (tag === "a" && name === "href") {
        const target = linkTarget(value.replace(/&amp;/g, "&"), brand);
        return target
          ? `href="${target.replace(/"/g, "&quot;")}" rel="nofollow ugc" target="_blank"${brand ? ` data-linkbrand="${brand.replace(/[^a-z0-9_-]/gi, "")}"` : ""}`
          : "";
      }
      return undefined;
    },
  });
const filter = makeFilter();
/** One filter per brand whose users wrote something (few brands). */
const brandFilters = new Map<string, ReturnType<typeof makeFilter>>();

/**
 * A user's text as it is stored and shown: links found in the text are made clickable, then the
 * whole is passed through the allow-list, so nothing but the allowed tags survives and every link
 * is nofollow and goes out through /301. `brand` (a brand user's new item): outside links also
 * carry the brand for tracking.
 */
export function sanitizeUserText(raw: string, opts: { brand?: string } = {}): string {
  const text = raw.replace(/\r\n?/g, "\n").trim();
  const matches = linkify.match(text) ?? [];
  let out = "";
  let last = 0;
  for (const m of matches) {
    out += text.slice(last, m.index);
    out += `<a href="${m.url.replace(/"/g, "%22")}">${m.text}</a>`;
    last = m.lastIndex;
  }
  out += text.slice(last);
  if (!opts.brand) return filter.process(out);
  let f = brandFilters.get(opts.brand);
  if (!f) {
    f = makeFilter(opts.brand);
    brandFilters.set(opts.brand, f);
  }
  return f.process(out);
}

/** The visible length of a text (what the 800/3800 limits count). */
export function textLength(raw: string): number {
  return Array.from(raw.replace(/\r\n?/g, "\n").trim()).length;
}
