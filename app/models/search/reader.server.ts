/**
 * Whether the reader confirmed being an adult, which lets search show the questions of the adult
 * categories: a signed-in reader by the account's flag (users.is_adult), a guest by the `adult=1`
 * cookie the confirmation sets.
 */
import { eq } from "drizzle-orm";
import { dbOf, schema } from "../core/db.server";
import { readCookie, type Session } from "../users/session.server";

const ADULT_COOKIE = "adult";

export async function readerIsAdult(env: Env, session: Session | null, request: Request): Promise<boolean> {
  if (!session) return readCookie(request, ADULT_COOKIE) === "1";
  const u = schema.users;
  const row = await dbOf(env).select({ isAdult: u.isAdult }).from(u).where(eq(u.id, session.user.id)).get();
  return row?.isAdult === 1;
}
