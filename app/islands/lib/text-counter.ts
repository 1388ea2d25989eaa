/**
 * The character counter of the answer, comment and supplement forms: a text
 * counts its visible characters (the server's textLength: line breaks normalised, trimmed) plus
 * 200 for each attached photo or video. The counter reads 'Осталось символов: N' or, when over,
 * 'Лишние символы: N'; sending is possible only when something is written and nothing is over.
 *
 * Media are attached by link (there is no upload yet): each link is kept apart from the text while
 * editing (counted as 200) and sent as its own line at the end of Body, where the server makes it a
 * link. The server counts the characters it receives, so a form is also held back when the text
 * with the links written out would pass the limit.
 */
import { LIMITS } from "../../lib/limits";

/** The visible length of a text, exactly as app/models/core/text.server.ts textLength counts it. */
export function textLength(raw: string): number {
  return Array.from(raw.replace(/\r\n?/g, "\n").trim()).length;
}

/** What the server receives: the text, then each media link on its own line. */
export function composeBody(text: string, media: readonly string[]): string {
  const t = text.replace(/\r\n?/g, "\n").trim();
  return media.length === 0 ? t : [t, ...media].filter(Boolean).join("\n");
}

export type Count = {
  /** characters counted against the limit (text + 200 per media item) */
  used: number;
  limit: number;
  /** characters left (0 when over) */
  left: number;
  /** characters over the limit (0 when within) */
  over: number;
  /** nothing written and nothing attached */
  empty: boolean;
  /** may be sent: something written, nothing over (counted either way) */
  ok: boolean;
  /** the counter's text */
  label: string;
};

export function countText(text: string, media: readonly string[], limit: number): Count {
  const used = textLength(text) + media.length * LIMITS.media;
  const over = Math.max(0, used - limit);
  const empty = textLength(text) === 0 && media.length === 0;
  const sent = textLength(composeBody(text, media));
  return {
    used,
    limit,
    left: Math.max(0, limit - used),
    over,
    empty,
    ok: !empty && over === 0 && sent <= limit,
    label: over > 0 ? `Лишние символы: ${over}` : `Осталось символов: ${limit - used}`,
  };
}

/** Attaching is offered only while the text is within its limit. */
export function canAttach(c: Count): boolean {
  return c.over === 0;
}

/** A photo or video link: http(s), at most the link field's 1000 characters; null when not one. */
export function mediaLink(raw: string): string | null {
  const s = raw.trim();
  if (s.length === 0 || s.length > LIMITS.linkField) return null;
  try {
    const u = new URL(s);
    return u.protocol === "http:" || u.protocol === "https:" ? u.toString() : null;
  } catch {
    return null;
  }
}
