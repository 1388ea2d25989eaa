import { ID_DIGITS, isRowId } from "./ids";
import { LIMITS } from "./limits";

/** A positive integer id from a URL segment, or null ("12abc", "-1", "0", "1e3", huge → null); a thread database's ids (ids.ts) included. */
export function parseId(raw: string | undefined | null): number | null {
  if (!raw || !ID_DIGITS.test(raw)) return null;
  const n = Number(raw);
  return isRowId(n) ? n : null;
}

export type Offset = { ok: true; value: number } | { ok: false; reason: "malformed" | "too-far" };

/** The list offset `p` of a query string: absent → 0; malformed or negative → a clean redirect; huge → 404. */
export function parseOffset(params: URLSearchParams): Offset {
  const raw = params.get("p");
  if (raw === null) return { ok: true, value: 0 };
  if (!/^[0-9]{1,9}$/.test(raw)) return { ok: false, reason: "malformed" };
  const n = Number(raw);
  if (n > LIMITS.maxOffset) return { ok: false, reason: "too-far" };
  return { ok: true, value: n };
}

/** /{prefix}/{name} segments like "cid-123" → 123. */
export function parsePrefixedId(segment: string | undefined, prefix: string): number | null {
  if (!segment?.startsWith(prefix)) return null;
  return parseId(segment.slice(prefix.length));
}
