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
 * The origin a link in a stored text is resolved against. A text is stored once and shown on
 * whatever host serves the site, so a link that resolves to this made-up origin is a link to this
 * site; every other origin is outside.
 */
const HERE = "https://here.invalid";

/**
 * Where a link in a user's text (or a brand's site address) may lead: a link to this site becomes
 * the plain path a browser would open, resolved the way a browser resolves it (so "/\\host",
 * "/\t/host" and "//host" are outside links, not paths); an outside http(s) link goes through the
 * /301 interstitial; anything else (javascript:, data:, mailto: …, or a path a browser would read
 * as a host) is no link (null). A brand user's link also names the brand (`brand`, its urlname),
 * so that the click is reported with linkbrand (docs/decisions/0017-brands-and-private-questions.md).
 */
export function linkTarget(href: string, brand?: string): string | null {
  let url: URL;
  try {
    url = new URL(href, HERE);
  } catch {
    return null;
  }
  if (url.origin === HERE) {
    const path = url.pathname + url.search + url.hash;
    // "/.//host" resolves to the path "//host", which written out would name another host
    return path.startsWith("//") ? null : path;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  return `/301?url=${encodeURIComponent(url.toString())}${brand ? `&brand=${encodeURIComponent(brand)}` : ""}`;
}

// xss is CommonJS: its FilterXSS class and helpers hang off the default export in every bundler
const xssLib = xss as unknown as { FilterXSS: typeof import("xss").FilterXSS; friendlyAttrValue: (s: string) => string };

/**
 * An href as a browser reads it from the attribute: the library decodes numeric character
 * references, &quot; and the HTML5 names of ':' and newline (and turns control characters into
 * spaces), then &amp; is one '&'. Whatever it leaves undecoded stays literal text of the address.
 */
const hrefOf = (attr: string) => xssLib.friendlyAttrValue(attr).replace(/&amp;/g, "&");

/** A value written into a double-quoted attribute: nothing in it is read as markup or a reference. */
const attrEscape = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const makeFilter = (brand?: string) =>
  new xssLib.FilterXSS({
    whiteList: ALLOWED,
    stripIgnoreTagBody: ["script", "style"],
    onTagAttr(tag, name, value) {
      if (tag === "a" && name === "href") {
        const target = linkTarget(hrefOf(value), brand);
        return target
          ? `href="${attrEscape(target)}" rel="nofollow ugc" target="_blank"${brand ? ` data-linkbrand="${brand.replace(/[^a-z0-9_-]/gi, "")}"` : ""}`
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
