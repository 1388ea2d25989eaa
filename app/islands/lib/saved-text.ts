/**
 * The ask text a visitor typed, kept in localStorage with the time it was typed: the
 * quick-ask box and the ask page save it (debounced 100 and 200 ms), the ask page puts it back
 * only when it is under 300 seconds old. Storage errors (private mode, quota) are ignored.
 */
export const SAVED_TEXT_KEY = "otv-ask-text";
/** Stored ask text is valid under this many milliseconds. */
export const SAVED_TEXT_TTL_MS = 300_000;

export type SavedText = { text: string; body?: string; at: number };

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

export function saveText(text: string, body: string | undefined, now = Date.now()): void {
  try {
    const s = storage();
    if (!s) return;
    if (text.trim() === "" && !body?.trim()) s.removeItem(SAVED_TEXT_KEY);
    else s.setItem(SAVED_TEXT_KEY, JSON.stringify({ text, ...(body === undefined ? {} : { body }), at: now } satisfies SavedText));
  } catch {
    /* storage full or denied */
  }
}

/** The saved text when it is under 300 s old, else null. */
export function loadText(now = Date.now()): SavedText | null {
  try {
    const raw = storage()?.getItem(SAVED_TEXT_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as SavedText;
    if (typeof v?.text !== "string" || typeof v.at !== "number" || now - v.at >= SAVED_TEXT_TTL_MS || now < v.at) return null;
    return v;
  } catch {
    return null;
  }
}

export function clearText(): void {
  try {
    storage()?.removeItem(SAVED_TEXT_KEY);
  } catch {
    /* ignored */
  }
}

/** A function that runs `f` once `ms` after its last call (the typing debounces); `cancel` drops a pending run. */
export function debounce<A extends unknown[]>(f: (...a: A) => void, ms: number): ((...a: A) => void) & { cancel: () => void } {
  let t: ReturnType<typeof setTimeout> | undefined;
  const run = (...a: A) => {
    if (t !== undefined) clearTimeout(t);
    t = setTimeout(() => f(...a), ms);
  };
  return Object.assign(run, { cancel: () => t !== undefined && clearTimeout(t) });
}
