/**
 * What the search page shows of a matched text: the words the query matched, marked for the page
 * to highlight, and a plain-text excerpt around the first of them. A word matches when its term
 * (the same stem the index holds) is one of the query's.
 */
import { cut } from "../../lib/limits";
import { plainText } from "../../lib/seo";
import { termOf } from "../../lib/stems";

/**
 * A word of the search page's query as the index is asked for it: `s` the term it is indexed by
 * (app/lib/stems.ts: the stem of a word of 3 letters or more, a word of 1 or 2 letters, such as
 * «0» or «PS», as it is), matched whole.
 */
export type Term = { s: string };

/**
 * Whether a word of a text is one the index matched for these terms (the same rule as the index:
 * its term is one of them). A word's term is always its beginning (the stemmer only cuts endings,
 * app/lib/stems.ts), so a word that no term begins is not stemmed at all: most words of a result,
 * and stemming is what a page of results spent its time on.
 */
function wordMatches(word: string, terms: Term[]): boolean {
  const w = word.toLowerCase().replace(/ё/g, "е");
  if (!terms.some((x) => w.startsWith(x.s))) return false;
  const t = termOf(w);
  return terms.some((x) => x.s === t);
}

/** A text cut into runs, the words the query matched marked, for the page to highlight. */
export function highlightParts(text: string, terms: Term[]): { text: string; mark: boolean }[] {
  const out: { text: string; mark: boolean }[] = [];
  const push = (t: string, mark: boolean) => {
    if (t === "") return;
    const prev = out[out.length - 1];
    if (prev && prev.mark === mark && !mark) prev.text += t;
    else out.push({ text: t, mark });
  };
  let at = 0;
  for (const m of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    push(text.slice(at, m.index), false);
    push(m[0], wordMatches(m[0], terms));
    at = m.index + m[0].length;
  }
  push(text.slice(at), false);
  return out;
}

/** How long an excerpt of an answer or an explanation is, and how much of it comes before the first matched word. */
export const EXCERPT = 240;
const EXCERPT_LEAD = 60;

/**
 * A plain-text excerpt of stored HTML around the first word the query matched (the beginning when
 * none matches), with an ellipsis where it was cut; null when the text is empty.
 */
export function excerptOf(html: string, terms: Term[]): string | null {
  // the stored text's only escapes are the sanitiser's &lt; and &gt; (the page escapes the excerpt again)
  const text = plainText(html).replace(/&lt;/g, "<").replace(/&gt;/g, ">");
  if (text === "") return null;
  let first = 0;
  for (const m of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    if (wordMatches(m[0], terms)) {
      first = m.index;
      break;
    }
  }
  let start = Math.max(0, first - EXCERPT_LEAD);
  if (start > 0) {
    // begin at a word
    const space = text.indexOf(" ", start);
    start = space >= 0 && space < first ? space + 1 : first;
  }
  const rest = cut(text.slice(start), EXCERPT);
  return start > 0 ? `…${rest}` : rest;
}
