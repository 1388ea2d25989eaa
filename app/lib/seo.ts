import type { MetaDescriptor } from "@remix-run/cloudflare";
import { cut, LIMITS } from "./limits";

const SITE = "Ответы";

/** Strips tags and squeezes spaces (for meta descriptions made from stored HTML). */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** <title> cut at 70 characters, the description, the canonical link and Open Graph tags. */
export function pageMeta(opts: { title: string; description?: string; canonical?: string; type?: string; noindex?: boolean }): MetaDescriptor[] {
  const title = cut(opts.title, LIMITS.titleCut);
  const description = opts.description ? cut(plainText(opts.description), 200) : undefined;
  const tags: MetaDescriptor[] = [
    { title },
    { property: "og:title", content: title },
    { property: "og:site_name", content: SITE },
    { property: "og:type", content: opts.type ?? "website" },
    { property: "og:locale", content: "ru_RU" },
  ];
  if (description) {
    tags.push({ name: "description", content: description }, { property: "og:description", content: description });
  }
  if (opts.canonical) {
    tags.push({ tagName: "link", rel: "canonical", href: opts.canonical }, { property: "og:url", content: opts.canonical });
  }
  if (opts.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/** The site's origin as the reader sees it. */
export function originOf(request: Request): string {
  return new URL(request.url).origin;
}
