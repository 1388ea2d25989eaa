/**
 * What this isolate read of a signed-in reader for a page, kept for a few seconds so that his next
 * views of the page need no D1 round trip and no call to his UserHub (on a question page: his
 * session, his class on the question and his bell).
 *
 * An entry is found only by the same session token on the same page with the same D1 bookmark,
 * and the caller serves it only while the page's generation is the one it was read under:
 * - a write to the question (an answer, a vote, a mark, a comment, a move) purges the page and so
 *   makes a new generation;
 * - a write of the reader himself (on this page or elsewhere: his watch, his settings, his points
 *   spent, new salt and token for the API) leaves a new bookmark in his browser's cookie, so his
 *   next view reads anew;
 * - his sessions ended in this isolate (sign-out, a ban) drop his entries at once.
 *
 * What nothing of that tells (another reader's mark raising his level, a notification for his
 * bell, his session ended from another location) shows on his pages within `READER_SECONDS`.
 * Every write still checks his session and rights in D1: an entry only serves a page to read.
 */
import { BoundedStore } from "../../lib/bounded-store";
import { isolateValue } from "../../lib/isolate-value";

/** How long an entry serves, at most. */
export const READER_SECONDS = 10;

type Entry = { userId: number; value: unknown; generation: string; until: number };

/** Entries are small (a session, a class, a bell): counted as 600 characters each, so about 3,000 readers' pages. */
const ENTRY_CHARS = 600;

/** The isolate's one store: the worker serves the page, a form's action in Remix may sign its reader out. */
const known = isolateValue("otv.known-readers", () => new BoundedStore<Entry>(2_000_000, () => ENTRY_CHARS));

/** The key of a reader on a page: his session token's hash, the page, his D1 bookmark. */
export const readerKey = (tokenHash: string, page: string, bookmark: string | null) => `${tokenHash}|${page}|${bookmark ?? ""}`;

/** What was kept under the key while its time is not over, with the generation it was read under. */
export function knownReader<T>(key: string, now: number): { value: T; generation: string } | undefined {
  const entry = known.get(key);
  if (!entry) return undefined;
  if (entry.until > now) return { value: entry.value as T, generation: entry.generation };
  known.delete(key);
  return undefined;
}

/** Keeps what was read of a reader (user `userId`) on a page under the page's generation. */
export function keepReader(key: string, userId: number, value: unknown, generation: string, now: number) {
  known.set(key, { userId, value, generation, until: now + READER_SECONDS * 1000 });
}

/** Forgets one entry (its generation is outdated). */
export function forgetReader(key: string) {
  known.delete(key);
}

/** Forgets every entry of a user: his sessions ended. */
export function forgetUser(userId: number) {
  known.deleteWhere((entry) => entry.userId === userId);
}
