/**
 * The ask page's poll-option editor rules, pure so that they are
 * unit-tested: three options to start ('Первый вариант', 'Второй вариант', 'Третий вариант');
 * filling the last one adds an empty '{n} вариант' after it, up to 16; clearing one beyond the
 * second removes it, clearing one of the first two only empties it. There is always an empty
 * last option while fewer than 16 are shown, and never fewer than 3.
 */
import { LIMITS } from "../../lib/limits";

/** One option as the editor keeps it: `key` stays with the option (React's key), `text` is typed. */
export type PollOption = { key: number; text: string };

const FIRST = ["Первый вариант", "Второй вариант", "Третий вариант"];

/** The label (and placeholder) of the option at this position: 'Первый вариант' … '16 вариант'. */
export function optionLabel(index: number): string {
  return FIRST[index] ?? `${index + 1} вариант`;
}

const filled = (o: PollOption) => o.text.trim() !== "";

/** The three empty options the editor starts with. */
export function initialOptions(): PollOption[] {
  return Array.from({ length: LIMITS.pollOptionsInitial }, (_, key) => ({ key, text: "" }));
}

/** The next free key. */
function nextKey(list: PollOption[]): number {
  return list.reduce((m, o) => Math.max(m, o.key), -1) + 1;
}

/** Fewer than 3 are padded, and an empty last option is added while there is room for it. */
function normalise(list: PollOption[]): PollOption[] {
  const out = list.slice(0, LIMITS.pollOptionsMax);
  while (out.length < LIMITS.pollOptionsInitial) out.push({ key: nextKey(out), text: "" });
  if (filled(out[out.length - 1]) && out.length < LIMITS.pollOptionsMax) out.push({ key: nextKey(out), text: "" });
  return out;
}

/** The options after the option at `index` was changed to `text`. */
export function editOption(list: PollOption[], index: number, text: string): PollOption[] {
  if (index < 0 || index >= list.length) return list;
  if (text.trim() === "" && index >= 2 && filled(list[index])) {
    // clearing one beyond the second removes it
    return normalise(list.filter((_, i) => i !== index));
  }
  return normalise(list.map((o, i) => (i === index ? { ...o, text } : o)));
}

/** The options a saved list of texts gives back (restored text, a server-side re-render). */
export function optionsFrom(texts: string[]): PollOption[] {
  return normalise(texts.filter((t, i) => i < 2 || t.trim() !== "").map((text, key) => ({ key, text })));
}

/** The texts the call sends: the non-empty ones, trimmed. */
export function optionTexts(list: PollOption[]): string[] {
  return list.map((o) => o.text.trim()).filter((t) => t !== "");
}
