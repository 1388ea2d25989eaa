/** The local mail sink's page (/dev/mail): the last mails in the log, newest first. */
import { desc } from "drizzle-orm";
import { dbOf, schema } from "../core/db.server";

export const SINK_PAGE_SIZE = 30;

export function sinkMails(env: Env) {
  const l = schema.mailLog;
  return dbOf(env)
    .select({ id: l.id, email: l.email, kind: l.kind, subject: l.subject, text: l.text, provider: l.provider, added: l.added })
    .from(l)
    .orderBy(desc(l.id))
    .limit(SINK_PAGE_SIZE);
}
