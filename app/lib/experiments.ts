/**
 * Experiments. A signed-in user's group is decided by his e-mail: a stable hash of the address puts
 * him in a bucket from 1 to 100, and buckets up to 50 make one group, 51–100 the other. Users of a
 * corporate e-mail domain (the company's own people, a configured list) are in no group. The
 * suggest experiment groups every reader, guests too, by a cookie holding 1, 2 or 3, drawn once in
 * the browser. Any feature asks for a reader's group here; the groups go with every tracking event.
 */

/** The e-mail groups: bucket 50 or lower, and 51–100. */
export type EmailGroup = "le50" | "gt50";

/** The cookie of the suggest experiment's group, and its groups. */
export const SUGGEST_COOKIE = "otv_sgx";
export const SUGGEST_GROUPS = [1, 2, 3] as const;
export type SuggestGroup = (typeof SUGGEST_GROUPS)[number];
/** the suggest group cookie lasts a year */
export const SUGGEST_COOKIE_DAYS = 365;

/** The address as compared: trimmed, lower case. */
const normal = (email: string) => email.trim().toLowerCase();

/** The bucket (1–100) of an e-mail address: FNV-1a over its UTF-8 bytes, the same in every isolate and browser. */
export function emailBucket(email: string): number {
  let h = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(normal(email))) {
    h ^= byte;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return (h % 100) + 1;
}

/** The configured corporate domains ("example.ru, corp.example.com"): lower case, without blanks. */
export function corporateDomains(setting: string | undefined): string[] {
  return (setting ?? "")
    .split(",")
    .map((d) => d.trim().toLowerCase().replace(/^@/, ""))
    .filter(Boolean);
}

/** Whether the address is of a corporate domain or of one of its subdomains. */
export function isCorporateEmail(email: string, domains: readonly string[]): boolean {
  const host = normal(email).split("@").pop() ?? "";
  return domains.some((d) => host === d || host.endsWith(`.${d}`));
}

/** The e-mail group of a user, or null for a corporate user. */
export function emailGroup(email: string, domains: readonly string[]): EmailGroup | null {
  if (isCorporateEmail(email, domains)) return null;
  return emailBucket(email) <= 50 ? "le50" : "gt50";
}

/** The suggest group a cookie's value names, or null (no cookie, or not a group). */
export function suggestGroupOf(value: string | null | undefined): SuggestGroup | null {
  const n = Number(value);
  return (SUGGEST_GROUPS as readonly number[]).includes(n) && String(n) === value ? (n as SuggestGroup) : null;
}

/** A suggest group from a uniform draw in [0, 1). */
export function drawSuggestGroup(uniform: number): SuggestGroup {
  return SUGGEST_GROUPS[Math.min(SUGGEST_GROUPS.length - 1, Math.floor(uniform * SUGGEST_GROUPS.length))];
}
