/** The people a batch of pushes or mails names, with what decides whether they get them (settings, ban, a suppressed address). */
import { eq, inArray } from "drizzle-orm";
import { dbOf, schema } from "../core/db.server";

export function recipients(env: Env, userIds: readonly number[]) {
  const { users: u, mailSuppressions: ms } = schema;
  return dbOf(env)
    .select({ id: u.id, email: u.email, settings: u.notifySettings, bannedUntil: u.bannedUntil, banPermanent: u.banPermanent, suppressed: ms.email })
    .from(u)
    .leftJoin(ms, eq(ms.email, u.email))
    .where(inArray(u.id, [...userIds]));
}
