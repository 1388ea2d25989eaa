/**
 * Mail at once, the write's side (docs/decisions/0058-e-mail.md): after a write, its notifications
 * of the kinds mail can be chosen for go to the MAIL queue; its consumer (notice-mails.server.ts)
 * decides who wants them.
 */
import { KIND_FLAG, type NotificationKind } from "../notifications/create.server";
import { sendAll } from "../core/queues.server";
import { mailProvider } from "./provider.server";

/** One notification to mail: whose and which. */
export type MailJob = { userId: number; nid: number };

/** Queues the mails of notifications of the kinds mail can be chosen for; never throws (a write stands without its mail). */
export async function queueMails(env: Env, jobs: readonly (MailJob & { kind: string })[]): Promise<void> {
  const mailable = jobs.filter((j) => KIND_FLAG[j.kind as NotificationKind] !== undefined).map(({ userId, nid }) => ({ userId, nid }));
  if (mailable.length === 0 || !env.MAIL || !mailProvider(env)) return;
  try {
    await sendAll(env.MAIL, mailable);
  } catch (e) {
    console.error("mail: queueing failed", e);
  }
}
