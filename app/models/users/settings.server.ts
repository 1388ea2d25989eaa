/**
 * The client's own settings (`usrsettings`, `usrsettings_set`): small flags a signed-in user's
 * browser keeps on the server — the welcome-tour steps seen, a closed banner and the like. They live
 * in users.welcome_flags as one JSON object keyed by title: {title: {flag: val}} (the welcome tour
 * uses the title "welcome"). Guests have none: both calls are 101 for them.
 */
import { ERR, ERR_MSG } from "../../lib/errids";
import { eq, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { DomainError } from "../../lib/errors";
import { dbOf, schema } from "../core/db.server";
import { requireUser, type Session } from "./session.server";

/** The most the whole JSON may hold; a set that would grow it past this is refused (400). */
export const SETTINGS_MAX_CHARS = 4000;

const Key = z.string(ERR_MSG.badFields).regex(/^[a-z0-9_]{1,32}$/, ERR_MSG.badFields);
const Value = z.string(ERR_MSG.badFields).max(64, ERR_MSG.badFields);

export const UsrSettingsInput = z.object({ title: Key });
export const UsrSettingsSetInput = z.object({ title: Key, flag: Key, val: Value });

type Content = Record<string, string>;

function parseContent(raw: unknown): Content {
  if (typeof raw !== "string") return {};
  try {
    const v = JSON.parse(raw) as unknown;
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Content) : {};
  } catch {
    return {};
  }
}

/** users.welcome_flags as a JSON object: anything else (not JSON, not an object) reads as {}. */
const flagsObject = sql`(case when json_valid(welcome_flags) then (case when json_type(welcome_flags) = 'object' then welcome_flags else '{}' end) else '{}' end)`;

/** The object stored under a title of a JSON object, or {} when it holds nothing or something else. */
function titleObject(obj: SQL, titlePath: string): SQL {
  return sql`(case when json_type(${obj}, ${titlePath}) = 'object' then json_extract(${obj}, ${titlePath}) else '{}' end)`;
}

const pathOf = (key: string) => `$."${key}"`;

/** users.welcome_flags with val stored under title.flag, as an SQL expression for one UPDATE (see setUsrSetting). */
export function settingSet(title: string, flag: string, val: string): SQL {
  const titlePath = pathOf(title);
  return sql`json_set(${flagsObject}, ${titlePath}, json_set(${titleObject(flagsObject, titlePath)}, ${pathOf(flag)}, ${val}))`;
}

/** `usrsettings` {title}: {title, content: {flag: val, …}} ({} when nothing is stored under that title). */
export async function readUsrSettings(env: Env, session: Session | null, input: z.infer<typeof UsrSettingsInput>) {
  const uid = requireUser(session).id;
  const u = schema.users;
  const row = await dbOf(env)
    .select({ content: sql<string>`${titleObject(flagsObject, pathOf(input.title))}` })
    .from(u)
    .where(eq(u.id, uid))
    .get();
  return { title: input.title, content: parseContent(row?.content) };
}

/**
 * `usrsettings_set` {title, flag, val}: stores val (a string of up to 64 characters) under
 * title.flag and answers the title's content. One UPDATE with json_set, so two sets racing each
 * other (other flags, other titles) both stay: neither reads the JSON and writes it back later.
 * A value that is not a JSON object is replaced by {}, and a title that holds something else than
 * an object by {flag: val}. Past SETTINGS_MAX_CHARS the set is refused (400) and nothing changes.
 */
export async function setUsrSetting(env: Env, session: Session | null, input: z.infer<typeof UsrSettingsSetInput>) {
  const uid = requireUser(session).id;
  const titlePath = pathOf(input.title);
  const next = settingSet(input.title, input.flag, input.val);
  const row = await dbOf(env)
    .update(schema.users)
    .set({ welcomeFlags: next })
    .where(sql`id = ${uid} and length(${next}) <= ${SETTINGS_MAX_CHARS}`)
    .returning({ content: sql<string | null>`json_extract(welcome_flags, ${titlePath})` })
    .get();
  if (!row) throw new DomainError(ERR.badFields);
  return { title: input.title, content: parseContent(row.content) };
}
