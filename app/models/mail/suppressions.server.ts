/**
 * Bounces and complaints (docs/decisions/0058-e-mail.md): the mail provider reports an address that
 * bounced for good or whose owner marked a mail as spam to POST /api/mail/events (JSON
 * `{type: "bounce" | "complaint", email}`, or a list of them, with the shared secret in
 * `x-mail-secret`), and no mail goes to that address again.
 */
import { z } from "zod";
import { sameString } from "../../lib/crypto";
import { dbOf, schema } from "../core/db.server";

const MailEvent = z.object({ type: z.enum(["bounce", "complaint"]), email: z.email().max(254) });
const MailEvents = z.union([MailEvent, z.array(MailEvent).max(500)]);

/** Records a provider's report; the HTTP status to answer (403 without the secret, 400 for a report it cannot read). */
export async function recordMailEvents(env: Env, req: Request, now: number): Promise<{ status: 200 | 400 | 403; suppressed: number }> {
  const secret = env.MAIL_EVENTS_SECRET;
  if (!secret || !sameString(req.headers.get("x-mail-secret") ?? "", secret)) return { status: 403, suppressed: 0 };
  const parsed = MailEvents.safeParse(await req.json().catch(() => null));
  if (!parsed.success) return { status: 400, suppressed: 0 };
  const events = Array.isArray(parsed.data) ? parsed.data : [parsed.data];
  if (events.length === 0) return { status: 200, suppressed: 0 };
  const ms = schema.mailSuppressions;
  const db = dbOf(env);
  const rows = events.map((e) => ({ email: e.email.toLowerCase(), reason: e.type, added: now }));
  // D1 binds at most 100 values a statement: 30 rows of 3 each, all in one batch
  const chunks = Array.from({ length: Math.ceil(rows.length / 30) }, (_, i) =>
    db
      .insert(ms)
      .values(rows.slice(i * 30, i * 30 + 30))
      .onConflictDoNothing(),
  );
  await db.batch(chunks as [(typeof chunks)[0], ...typeof chunks]);
  return { status: 200, suppressed: events.length };
}
