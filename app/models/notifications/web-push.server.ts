/**
 * Web Push, the queue's side (docs/decisions/0057-web-push.md): the PUSH queue's consumer reads
 * each notification again as its recipient's bell would (so an item dropped since is not sent),
 * checks that he wants this kind by push and is not banned, and sends it to each of his devices,
 * encrypted for that browser (RFC 8291, aes128gcm, by @block65/webcrypto-web-push) and signed with
 * the site's VAPID key (RFC 8292). A device the push service says is gone (404, 410) is removed.
 */
import { encryptNotification } from "@block65/webcrypto-web-push";
import { inArray } from "drizzle-orm";
import { base64url, fromBase64url } from "../../lib/crypto";
import { parseStored } from "../../lib/notify-settings";
import { type NoticeItem, noticeHref, noticeLine, noticeTitle } from "../../lib/notice-text";
import { isBanned } from "../../lib/users";
import { dbOf, schema } from "../core/db.server";
import { KIND_FLAG, type NotificationKind } from "./create.server";
import { shownToRecipients } from "./feed.server";
import { dropSubscriptions, pushEndpointAllowed } from "./push-devices.server";
import { recipients } from "./recipients.server";
import { toItem } from "./push.server";
import { type PushConfig, type PushJob, pushConfig } from "./web-push-queue.server";

/** How long a push service keeps a push for a device that is off (seconds): a day, then it is old news. */
export const PUSH_TTL_S = 86_400;

/** What the service worker shows: the title, a line of text, the page a click opens, and the tag that folds one question's pushes into one. */
export type PushPayload = { title: string; body: string; url: string; tag: string };

/** The push of a notification, in the words of the bell. */
export function pushPayload(item: NoticeItem): PushPayload {
  const tag = item.qid ? `q${item.qid}` : item.pqid ? `p${item.pqid}` : `n${item.nid}`;
  return { title: noticeTitle(item), body: noticeLine(item), url: noticeHref(item), tag };
}

/** Whether a user's settings want this kind by push: the push channel on, and the kind's own push flag when it has one. */
export function pushWanted(storedSettings: string | null, kind: string): boolean {
  const s = parseStored(storedSettings);
  const flag = KIND_FLAG[kind as NotificationKind];
  return s.push === 1 && (!flag || s[`${flag}_P`] === 1);
}

/** The VAPID Authorization header for a push service (RFC 8292): an ES256 JWT for its origin, valid 12 hours, and the public key. */
export async function vapidAuthorization(cfg: PushConfig, endpoint: string, now: number): Promise<string> {
  const pub = fromBase64url(cfg.publicKey);
  const key = await crypto.subtle.importKey(
    "jwk",
    { kty: "EC", crv: "P-256", x: base64url(pub.slice(1, 33)), y: base64url(pub.slice(33, 65)), d: cfg.privateKey },
    { name: "ECDSA", namedCurve: "P-256" },
    false,
    ["sign"],
  );
  const part = (o: object) => base64url(new TextEncoder().encode(JSON.stringify(o)));
  const unsigned = `${part({ typ: "JWT", alg: "ES256" })}.${part({ aud: new URL(endpoint).origin, exp: Math.floor(now / 1000) + 12 * 3600, sub: cfg.subject })}`;
  const signature = await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, key, new TextEncoder().encode(unsigned));
  return `vapid t=${unsigned}.${base64url(signature)}, k=${cfg.publicKey}`;
}

type Subscription = typeof schema.pushSubscriptions.$inferSelect;
type Sent = "ok" | "gone" | "retry";

/** One push to one device. */
async function sendOne(env: Env, authorization: (endpoint: string) => Promise<string>, sub: Subscription, payload: PushPayload): Promise<Sent> {
  if (!pushEndpointAllowed(env, sub.endpoint)) return "gone";
  try {
    const body = await encryptNotification(
      { endpoint: sub.endpoint, expirationTime: null, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      new TextEncoder().encode(JSON.stringify(payload)),
    );
    const res = await fetch(sub.endpoint, {
      method: "POST",
      headers: {
        authorization: await authorization(sub.endpoint),
        ttl: String(PUSH_TTL_S),
        urgency: "normal",
        // a push service keeps one undelivered push per topic: the newest of a question's
        topic: payload.tag,
        "content-encoding": "aes128gcm",
        "content-type": "application/octet-stream",
      },
      body,
    });
    await res.body?.cancel();
    if (res.status === 404 || res.status === 410) return "gone";
    return res.ok ? "ok" : "retry";
  } catch (e) {
    console.error("web push: a send failed", e);
    return "retry";
  }
}

/**
 * The PUSH queue's consumer. A message is acknowledged once its push reached at least one device
 * (or there is nothing to send); retried when every device failed for a reason that may pass.
 * Returns how many pushes went out.
 */
export async function sendPushes(env: Env, batch: MessageBatch<PushJob>, now: number): Promise<number> {
  const cfg = pushConfig(env);
  if (!cfg) {
    batch.ackAll();
    return 0;
  }
  const ps = schema.pushSubscriptions;
  const nids = [...new Set(batch.messages.map((m) => m.body.nid))];
  const userIds = [...new Set(batch.messages.map((m) => m.body.userId))];
  // side by side rather than one batch: a batch's rows come keyed by column name, not by these fields
  const [rows, people, subs] = await Promise.all([
    shownToRecipients(env, nids, now),
    recipients(env, userIds),
    dbOf(env).select().from(ps).where(inArray(ps.userId, userIds)),
  ]);
  // one VAPID signature per push service in this batch
  const signed = new Map<string, Promise<string>>();
  const authorization = (endpoint: string) => {
    const origin = new URL(endpoint).origin;
    if (!signed.has(origin)) signed.set(origin, vapidAuthorization(cfg, endpoint, now));
    return signed.get(origin)!;
  };
  let sent = 0;
  const gone: number[] = [];
  for (const m of batch.messages) {
    const row = rows.find((r) => r.nid === m.body.nid && r.userId === m.body.userId);
    const person = people.find((p) => p.id === m.body.userId);
    const devices = subs.filter((s) => s.userId === m.body.userId);
    if (!row || !person || isBanned(person, now) || !pushWanted(person.settings, row.kind) || devices.length === 0) {
      m.ack();
      continue;
    }
    const payload = pushPayload(toItem(row) as NoticeItem);
    const results = await Promise.all(devices.map((d) => sendOne(env, authorization, d, payload)));
    results.forEach((r, i) => {
      if (r === "gone") gone.push(devices[i].id);
    });
    sent += results.filter((r) => r === "ok").length;
    if (results.includes("ok") || !results.includes("retry")) m.ack();
    else m.retry();
  }
  await dropSubscriptions(env, gone);
  return sent;
}
