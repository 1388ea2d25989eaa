import { eq } from "drizzle-orm";
import { guestConfirmedAdult } from "../../lib/adult";
import { dbOf, schema } from "../core/db.server";
import type { Session } from "./session.server";

/**
 * The reader has confirmed that he is an adult: a signed-in user by users.is_adult = 1 (his own
 * confirmation, read with his session, whatever cookies his browser holds), a guest by the cookie adult=1.
 */
export function readerIsAdult(request: Request, session: Session | null): boolean {
  return session ? session.user.adult === true : guestConfirmedAdult(request.headers.get("cookie"));
}

/**
 * `iamadult`: the reader confirms that he is an adult. A signed-in user's confirmation is stored
 * (users.is_adult = 1); a guest's is the cookie the call sets. Answers {is_adult: 1}.
 */
export async function confirmAdult(env: Env, session: Session | null): Promise<{ is_adult: 1 }> {
  if (session) await dbOf(env).update(schema.users).set({ isAdult: 1 }).where(eq(schema.users.id, session.user.id));
  return { is_adult: 1 };
}
