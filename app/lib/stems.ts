/**
 * The words and stems search works with, the same for what is indexed and what is asked for: a
 * word is a run of letters and digits, lower-cased, ё as е; a word of 3 letters or more stands for
 * its Russian Snowball stem (@orama/stemmers: «ноутбуки», «ноутбука» → «ноутбук»), a shorter one
 * for itself («0», «ps»). The search indexes hold these terms, never the words as written.
 */
import { stemmer } from "@orama/stemmers/russian";
import { plainText } from "./seo";

/** The words of a text: runs of letters and digits, lower-cased, ё as е. */
export function wordsOf(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/ё/g, "е")
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/**
 * A word's stem (Russian Snowball; other scripts come back as they are). Snowball's Russian
 * stemmer only cuts endings, so a stem is always the beginning of its word: a word that does not
 * begin with a stem cannot have it, which spares the stemmer most words of a text (marks.server.ts).
 */
export function stemOf(word: string): string {
  const s = stemmer(word);
  return s.length >= 2 ? s : word;
}

/** The term a word is indexed and searched by: its stem, or a word of 1 or 2 letters as it is. */
export function termOf(word: string): string {
  return word.length >= 3 ? stemOf(word) : word;
}

/** The terms of a plain text, in order, separated by spaces: what an index's column holds. */
export function termsOfText(text: string): string {
  return wordsOf(text).map(termOf).join(" ");
}

/** The terms of stored HTML (an answer, an explanation): its text without tags or character references. */
export function termsOfHtml(html: string): string {
  return termsOfText(plainText(html).replace(/&(?:[a-z]+|#[0-9]+|#x[0-9a-f]+);/gi, " "));
}
