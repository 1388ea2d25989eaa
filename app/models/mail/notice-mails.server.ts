/**
 * Mail at once (docs/decisions/0058-e-mail.md): a notification of a kind with a mail flag (a new
 * answer to his question, a comment, a like, a poll vote) goes to the MAIL queue after its write;
 * the consumer reads it again as his bell would (an item dropped since is not mailed), checks that
 * he wants this kind by mail, is not banned and his address has not bounced, writes the mail's log
 * row (one per notification: a second delivery finds it and sends nothing) and hands it over.
 */
import { eq } from "drizzle-orm";
import { parseStored } from "../../lib/notify-settings";
import { type NoticeItem, noticeHref, noticeLine, noticeTitle } from "../../lib/notice-text";
import { isBanned } from "../../lib/users";
import { noticeMail } from "../../mail/templates";
import { dbOf, schema } from "../core/db.server";
import { KIND_FLAG, type NotificationKind } from "../notifications/create.server";
import { shownToRecipients } from "../notifications/feed.server";
import { recipients } from "../notifications/recipients.server";
import { toItem } from "../notifications/push.server";
import { mailProvider, type OutgoingMail } from "./provider.server";
import { unsubscribeUrl } from "./unsubscribe.server";
import type { MailJob } from "./mail-queue.server";

/** Whether a user's settings want this kind by mail now: the mail channel on and the kind's own mail flag. */
export function mailWanted(storedSettings: string | null, kind: string): boolean {
  const s = parseStored(storedSettings);
  const flag = KIND_FLAG[kind as NotificationKind];
  return s.mail === 1 && flag !== undefined && s[`${flag}_M`] === 1;
}

/**
 * Writes the mail's log row (none when this user, kind and reference already have one) and hands
 * the mail to the provider; a failure takes the row back so that a retry sends it. Whether it was
 * sent now.
 */
export async function sendOnce(
  env: Env,
  o: { userId: number; email: string; kind: "notice" | "digest"; ref: string; mail: Omit<OutgoingMail, "to">; now: number },
) {
  const provider = mailProvider(env);
  if (!provider) return false;
  const db = dbOf(env);
  const log = schema.mailLog;
  const [row] = await db
    .insert(log)
    .values({
      userId: o.userId,
      email: o.email,
      kind: o.kind,
      ref: o.ref,
      subject: o.mail.subject,
      text: o.mail.text,
      html: o.mail.html,
      provider: provider.name,
      added: o.now,
    })
    .onConflictDoNothing()
    .returning({ id: log.id });
  if (!row) return false;
  try {
    const id = await provider.send({ ...o.mail, to: o.email });
    await db.update(log).set({ providerId: id }).where(eq(log.id, row.id));
    return true;
  } catch (e) {
    await db.delete(log).where(eq(log.id, row.id));
    throw e;
  }
}

/** The RFC 8058 headers of a mail to this user: his one-click unsubscribe address. */
export async function listHeaders(env: Env, userId: number): Promise<{ headers: Record<string, string>; unsubscribe: string }> {
  const unsubscribe = await unsubscribeUrl(env, userId);
  return { unsubscribe, headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } };
}

/** The MAIL queue's consumer: how many mails went out. A failed hand-over is retried by the queue. */
export async function sendNoticeMails(env: Env, batch: MessageBatch<MailJob>, now: number): Promise<number> {
  if (!mailProvider(env)) {
    batch.ackAll();
    return 0;
  }
  const nids = [...new Set(batch.messages.map((m) => m.body.nid))];
  const [rows, people] = await Promise.all([shownToRecipients(env, nids, now), recipients(env, [...new Set(batch.messages.map((m) => m.body.userId))])]);
  let sent = 0;
  for (const m of batch.messages) {
    const row = rows.find((r) => r.nid === m.body.nid && r.userId === m.body.userId);
    const person = people.find((p) => p.id === m.body.userId);
    if (!row || !person || person.suppressed || isBanned(person, now) || !mailWanted(person.settings, row.kind)) {
      m.ack();
      continue;
    }
    const item = toItem(row) as NoticeItem;
    const { headers, unsubscribe } = await listHeaders(env, person.id);
    const parts = noticeMail({
      title: noticeTitle(item),
      body: noticeLine(item, 1000),
      href: `${env.SITE_ORIGIN}${noticeHref(item)}`,
      settings: `${env.SITE_ORIGIN}/settings`,
      unsubscribe,
    });
    try {
      if (await sendOnce(env, { userId: person.id, email: person.email, kind: "notice", ref: String(row.nid), mail: { ...parts, headers }, now })) sent++;
      m.ack();
    } catch (e) {
      console.error(`mail: notification ${row.nid} was not handed over`, e);
      m.retry();
    }
  }
  return sent;
}
