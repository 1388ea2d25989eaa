import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { ERR, ERR_MSG } from "../../lib/errids";
import { DomainError } from "../../lib/errors";
import { dbOf, schema } from "../core/db.server";

const u = schema.users;

/**
 * The user's own refusal to be found by his e-mail: usrsettings title "privacy", flag
 * "email_lookup", value "0" (set with usrsettings_set).
 */
const optedOut = sql`coalesce(json_extract(case when json_valid(${u.welcomeFlags}) then ${u.welcomeFlags} else '{}' end, '$.privacy.email_lookup'), '1') = '0'`;

/**
 * The user an e-mail address may be looked up to (docs/decisions/0032): one whose profile is not
 * hidden and who has not opted out. For anyone else, and for an address nobody registered, null:
 * the caller answers the same in every case, so the answer never tells which it was.
 */
export async function findByEmail(env: Env, email: string): Promise<number | null> {
  const row = await dbOf(env)
    .select({ id: u.id })
    .from(u)
    .where(and(eq(u.email, email.trim().toLowerCase()), eq(u.hidden, 0), sql`not ${optedOut}`))
    .get();
  return row?.id ?? null;
}

export const IdPoEmailInput = z.object({
  xmail: z.string(ERR_MSG.emailLookupInvalid).trim().toLowerCase().max(320, ERR_MSG.emailLookupInvalid).pipe(z.email(ERR_MSG.emailLookupInvalid)),
});

/** `id_po_email` {xmail}: {id} of the user the address may be looked up to; 120 otherwise, whatever the reason. */
export async function idByEmail(env: Env, input: z.infer<typeof IdPoEmailInput>): Promise<{ id: number }> {
  const id = await findByEmail(env, input.xmail);
  if (id === null) throw new DomainError(ERR.userNotFound);
  return { id };
}
