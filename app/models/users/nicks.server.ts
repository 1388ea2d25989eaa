/**
 * Nicks (docs/decisions/0022): what is stripped from a nick before it is stored, the key by which
 * nicks that look alike are equal, and the nicks a new account may not take — those that look like
 * a staff member's nick (a volunteer moderator, a god-level user, a brand's expert or
 * administrator) or a brand's name or person, and those with a staff word in them.
 *
 * The key is what a reader sees, not the code points: Unicode compatibility forms (NFKC: fullwidth,
 * mathematical and circled letters), invisible and format characters, accents and other combining
 * marks (ё is е), case, spaces and punctuation are left out, and letters that look like letters of
 * another script (Latin o, Greek ο and Cyrillic о; 0 and O) become one, by the Unicode confusables
 * table (UTS #39, the `unhomoglyph` package).
 */
import { sql } from "drizzle-orm";
import { ERR } from "../../lib/errids";
import { DomainError } from "../../lib/errors";
import { dbOf, schema } from "../core/db.server";
import { moderatorSql } from "./users.server";

/**
 * Characters no nick keeps: controls, format characters (zero-width spaces and joiners, bidi
 * controls, the soft hyphen, the word joiner, the byte order mark, tags), the other default
 * ignorable code points (Hangul fillers, variation selectors, the combining grapheme joiner), and
 * the blank braille pattern, which draws nothing either.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/gu;
/** Every kind of space and line break (tabs and new lines are controls, but they separate words). */
const SPACES = /[\t\n\v\f\r\p{Zs}\p{Zl}\p{Zp}]+/gu;
/** Something a reader sees: a nick of combining marks alone draws none of its own. */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

/**
 * A nick as it is stored: canonically composed (NFC), every run of spaces one space, invisible
 * characters gone, trimmed. Whether what is left is a nick at all is for `isVisibleNick`.
 */
export function cleanNick(raw: string): string {
  return raw.normalize("NFC").replace(SPACES, " ").replace(INVISIBLE, "").replace(/ {2,}/g, " ").trim();
}

/** A cleaned nick a reader can see: something but spaces and combining marks. */
export function isVisibleNick(nick: string): boolean {
  return VISIBLE.test(nick);
}

const MARKS = /\p{M}/gu;
/** Left out of a key: nicks that differ only in spaces or punctuation look alike. */
const SEPARATORS = /[\s\p{P}]/gu;

type Skeleton = (s: string) => string;

/**
 * The key of a text as it looks, given the confusables mapping. The mapping replaces each
 * character by the one it is confused with (Cyrillic О by Latin O, 0 by O), and it differs by
 * case (capital Т is T, small т is a small capital), so the text is mapped in capitals, then in
 * small letters, which makes the key blind to both case and script.
 */
function keyOf(text: string, skeleton: Skeleton): string {
  const bare = (s: string) => s.normalize("NFD").replace(MARKS, "");
  const plain = bare(text.normalize("NFKC").replace(INVISIBLE, ""));
  return bare(skeleton(bare(skeleton(plain.toUpperCase())).toLowerCase())).replace(SEPARATORS, "");
}

/**
 * Words no new nick may hold, whatever is around them (keys, so that their look-alikes are found
 * too): the staff's titles. «Админ» only where the nick starts with it, as a short word inside
 * others (бадминтон).
 */
const STAFF_WORDS = ["модератор", "модерац", "администр", "поддержк", "moderator", "moderation", "administr"];
const STAFF_STARTS = ["админ", "admin"];

export type NickKeys = {
  /** the key of a nick or a brand's name ('' when nothing of it is kept) */
  key: (text: string) => string;
  /** does the key hold a staff word? */
  hasStaffWord: (key: string) => boolean;
};

let loaded: Promise<NickKeys> | null = null;

/**
 * The key functions, once the confusables table is loaded. It is loaded on first use only
 * (registration, a brand's edit, the cron's filling): parsing the table and building its pattern
 * takes tens of milliseconds, which no page should pay for when the worker starts.
 */
export function nickKeys(): Promise<NickKeys> {
  loaded ??= import("unhomoglyph").then(({ default: skeleton }) => {
    const key = (text: string) => keyOf(text, skeleton);
    const words = STAFF_WORDS.map(key);
    const starts = STAFF_STARTS.map(key);
    return { key, hasStaffWord: (k) => words.some((w) => k.includes(w)) || starts.some((s) => k.startsWith(s)) };
  });
  return loaded;
}

/** A SQL text that is empty for an empty key: an empty key looks like nothing and is never reserved. */
const keyParam = (key: string) => (key === "" ? null : key);

/**
 * The key of a new account's nick, or the refusal nickReserved (109) when the nick holds a staff
 * word or looks like a staff member's nick or a brand's name or person.
 */
export async function allowedNickKey(env: Env, nick: string): Promise<string> {
  const { key, hasStaffWord } = await nickKeys();
  const k = key(nick);
  if (hasStaffWord(k) || (await reservedNickQuery(env, k)).length > 0) throw new DomainError(ERR.nickReserved);
  return k;
}

/**
 * Whether a nick's key is reserved: one row when a staff member's nick or a brand's name or person
 * has that key. Each side is a look-up of its key's index; what makes a user staff is read only on
 * the few rows with his key.
 */
function reservedNickQuery(env: Env, key: string) {
  const u = schema.users;
  const b = schema.brands;
  const k = keyParam(key);
  const staff = sql`(${moderatorSql} OR ${u.isGod} = 1 OR ${u.permissions} LIKE '%"god"%' OR EXISTS (SELECT 1 FROM ${schema.brandMembers} WHERE ${schema.brandMembers.userId} = ${u.id}))`;
  return dbOf(env).all<{ hit: number }>(
    sql`SELECT 1 AS hit FROM ${u} WHERE ${u.nickKey} = ${k} AND ${staff} UNION ALL SELECT 1 FROM ${b} WHERE ${b.nameKey} = ${k} OR ${b.personKey} = ${k} LIMIT 1`,
  );
}

/** Rows whose keys the worker fills per statement. */
const FILL_BATCH = 500;

/**
 * Fills the keys of up to `max` users and brands written without them (a store migrated with rows
 * in it, the seeder, rows put in by hand); returns how many rows it filled. The cron runs it, and
 * so do the seeder and `npm run db:migrate`.
 */
export async function fillNickKeys(db: D1Database, max = FILL_BATCH): Promise<number> {
  let done = 0;
  while (done < max) {
    const limit = Math.min(FILL_BATCH, max - done);
    const [users, brands] = await db.batch<{ id: number; nick?: string; name?: string; person_name?: string }>([
      db.prepare("SELECT id, nick FROM users WHERE nick_key IS NULL LIMIT ?1").bind(limit),
      db.prepare("SELECT id, name, person_name FROM brands WHERE name_key IS NULL OR person_key IS NULL LIMIT ?1").bind(limit),
    ]);
    if (users.results.length === 0 && brands.results.length === 0) break;
    // the table is loaded only when there is something to fill (the cron asks every 5 minutes)
    const { key } = await nickKeys();
    const writes = [
      ...users.results.map((r) => db.prepare("UPDATE users SET nick_key = ?1 WHERE id = ?2").bind(key(r.nick ?? ""), r.id)),
      ...brands.results.map((r) =>
        db.prepare("UPDATE brands SET name_key = ?1, person_key = ?2 WHERE id = ?3").bind(key(r.name ?? ""), key(r.person_name ?? ""), r.id),
      ),
    ];
    await db.batch(writes);
    done += writes.length;
  }
  return done;
}
