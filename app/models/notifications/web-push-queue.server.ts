/**
 * Web Push, the write's side (docs/decisions/0057-web-push.md): a notification whose recipient had
 * no page of the site open goes to the PUSH queue, and the queue's consumer (web-push.server.ts)
 * sends it to his devices. Without the VAPID secrets push is off and nothing is queued.
 */

import { sendAll } from "../core/queues.server";

/** One notification to push: whose and which (the consumer reads it again as his bell would). */
export type PushJob = { userId: number; nid: number };

/** The VAPID key pair and contact Web Push is signed with, or null when push is off (a secret is missing). */
export type PushConfig = { publicKey: string; privateKey: string; subject: string };

export function pushConfig(env: Env): PushConfig | null {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = env;
  return publicKey && privateKey && subject ? { publicKey, privateKey, subject } : null;
}

/** Queues the pushes of notifications nobody saw live; never throws (a write stands without its push). */
export async function queuePushes(env: Env, jobs: readonly PushJob[]): Promise<void> {
  if (jobs.length === 0 || !pushConfig(env) || !env.PUSH) return;
  try {
    await sendAll(env.PUSH, jobs);
  } catch (e) {
    console.error("web push: queueing failed", e);
  }
}
