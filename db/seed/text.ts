/**
 * Builds believable Russian texts for the generated questions from data/topics.ts and
 * data/phrases.ts: titles (plain text), explanations, answers, comments and supplements (stored as
 * sanitised HTML, as the app stores user text: escaped, line breaks as <br>).
 */
import type { Rng } from "./rng";
import type { Topic } from "./data/topics";
import {
  ANSWER_CLOSERS,
  ANSWER_GENERIC,
  ANSWER_OPENERS,
  ANSWER_SHORT,
  COMMENTS,
  EXPLANATIONS,
  REPLIES,
  SOURCES,
  SUPPLEMENTS,
  TITLE_PREFIXES,
  TITLE_SUFFIXES,
} from "./data/phrases";

/** A category as the text builder sees it: its urlname and name, its own words and its top category's. */
export type TextCat = { urlname: string; name: string; leaf: Topic; top: Topic };

const TITLE_MAX = 120;

/** Escapes text for storage as HTML and turns line breaks into <br>. */
export function toHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\n/g, "<br>");
}

/** The entries of a per-top list that fit this subcategory ("@a,b text" fits only a and b). */
export function forLeaf(list: readonly string[] | undefined, leaf: string): string[] {
  const out: string[] = [];
  for (const e of list ?? []) {
    if (!e.startsWith("@")) out.push(e);
    else {
      const sp = e.indexOf(" ");
      if (e.slice(1, sp).split(",").includes(leaf)) out.push(e.slice(sp + 1));
    }
  }
  return out;
}

type Pools = { q: string[]; leafA: string[]; topA: string[]; x: string[]; c: string[] };

export class TextGen {
  private pools = new Map<string, Pools>();

  constructor(private rng: Rng) {}

  private poolsOf(cat: TextCat): Pools {
    let p = this.pools.get(cat.urlname);
    if (!p) {
      p = {
        q: cat.leaf.q ?? [],
        leafA: cat.leaf.a ?? [],
        topA: forLeaf(cat.top.a, cat.urlname),
        x: [...(cat.leaf.x ?? []), ...forLeaf(cat.top.x, cat.urlname)],
        c: [...(cat.leaf.c ?? []), ...forLeaf(cat.top.c, cat.urlname)],
      };
      this.pools.set(cat.urlname, p);
    }
    return p;
  }

  /** Expands `{slot}` values (the leaf's, else the top category's) and `[а|б]` alternatives. */
  render(template: string, cat: TextCat): string {
    const rng = this.rng;
    const out = template.replace(/\{(\w+)\}/g, (_, name: string) => {
      const values = cat.leaf.s?.[name] ?? cat.top.s?.[name];
      return values?.length ? rng.pick(values) : name;
    });
    return out.replace(/\[([^\]]+)\]/g, (_, alts: string) => rng.pick(alts.split("|")));
  }

  title(cat: TextCat): string {
    const q = this.poolsOf(cat).q;
    let t = this.render(q.length ? this.rng.pick(q) : `Вопрос о разделе «${cat.name}»`, cat);
    const r = this.rng.next();
    if (r < 0.05) t = `${this.rng.pick(TITLE_PREFIXES)} ${t}`;
    else if (r < 0.09) t = `${t}${this.rng.pick(TITLE_SUFFIXES)}`;
    const chars = Array.from(t);
    return chars.length > TITLE_MAX ? chars.slice(0, TITLE_MAX).join("") : t;
  }

  /** The explanation under a title, or "" (about 45% of questions have none). */
  explanation(cat: TextCat): string {
    if (this.rng.chance(0.45)) return "";
    const own = this.poolsOf(cat).x;
    const n = this.rng.int(1, 3);
    const used = new Set<string>();
    const parts: string[] = [];
    for (let i = 0; i < n; i++) {
      const template = this.rng.pick(own.length && this.rng.chance(0.6) ? own : EXPLANATIONS);
      if (used.has(template)) continue;
      used.add(template);
      parts.push(this.render(template, cat));
    }
    return toHtml(parts.join(" "));
  }

  private sentence(cat: TextCat): string {
    const { leafA, topA } = this.poolsOf(cat);
    const r = this.rng.next();
    const pool = leafA.length && r < 0.45 ? leafA : topA.length && r < 0.78 ? topA : ANSWER_GENERIC;
    return this.render(this.rng.pick(pool), cat);
  }

  answer(cat: TextCat): string {
    const rng = this.rng;
    if (rng.chance(0.12)) return toHtml(rng.chance(0.5) ? rng.pick(ANSWER_SHORT) : this.sentence(cat));
    const long = rng.chance(0.1);
    const used = new Set<string>();
    const take = (n: number) => {
      const out: string[] = [];
      for (let i = 0; i < n; i++) {
        const s = this.sentence(cat);
        if (!used.has(s)) {
          used.add(s);
          out.push(s);
        }
      }
      return out;
    };
    const first = take(long ? rng.int(2, 3) : rng.int(1, 3));
    if (rng.chance(0.25)) first.unshift(rng.pick(ANSWER_OPENERS));
    const paragraphs = [first.join(" ")];
    if (long) paragraphs.push(take(rng.int(2, 3)).join(" "));
    if (rng.chance(0.2)) paragraphs[paragraphs.length - 1] += ` ${rng.pick(ANSWER_CLOSERS)}`;
    return toHtml(paragraphs.join("\n"));
  }

  source(): string {
    return this.rng.chance(0.05) ? this.rng.pick(SOURCES) : "";
  }

  /** A top-level comment, or a reply that now and then names the nick it answers. */
  comment(cat: TextCat, replyTo?: string): string {
    if (replyTo !== undefined) {
      const text = this.rng.pick(REPLIES);
      return toHtml(this.rng.chance(0.3) ? `${replyTo}, ${text.charAt(0).toLowerCase()}${text.slice(1)}` : text);
    }
    const own = this.poolsOf(cat).c;
    return toHtml(own.length && this.rng.chance(0.2) ? this.rng.pick(own) : this.rng.pick(COMMENTS));
  }

  supplement(): string {
    return toHtml(this.rng.pick(SUPPLEMENTS));
  }
}
