/**
 * `BENCH_ONLY=push` (also in the full run): how long a notification takes from the write to the
 * push service (docs/decisions/0057). The bench's server runs with the development VAPID pair and
 * the local push service of the integration tests (tests/integration/fakes/push-service.ts, which
 * checks the signature and decrypts); for each of PUSHES questions its owner signs in and
 * subscribes a browser of that service, the bench's writer answers, and the time from the answer's
 * reply to the push service receiving the push is taken.
 */
import { DEV_VARS } from "../../scripts/dev-vars.mjs";
import { startFakePushService } from "../integration/fakes/push-service";

export const PUSHES = Number(process.env.BENCH_PUSHES ?? 10);

/** The local push service, started before the server (whose vars name it) and the server's vars for Web Push. */
export async function pushService() {
  const service = await startFakePushService();
  const vars = {
    VAPID_PUBLIC_KEY: DEV_VARS.VAPID_PUBLIC_KEY,
    VAPID_PRIVATE_KEY: DEV_VARS.VAPID_PRIVATE_KEY,
    VAPID_SUBJECT: DEV_VARS.VAPID_SUBJECT,
    PUSH_TEST_ORIGINS: service.url,
    ENVIRONMENT: "development",
  };
  return { service, vars };
}

type Session = { cookie: string; salt: string; token: string };

async function signInAs(base: string, email: string): Promise<Session> {
  const res = await fetch(`${base}/api/v2/auth`, {
    method: "POST",
    headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password: "demo12345" }),
  });
  const json = (await res.json()) as { status: number; salt: string; token: string };
  if (json.status !== 200) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(json)}`);
  return { cookie: res.headers.get("set-cookie")!.split(";")[0], salt: json.salt, token: json.token };
}

async function call(base: string, name: string, who: Session, fields: Record<string, string>) {
  const res = await fetch(`${base}/api/v2/${name}`, {
    method: "POST",
    headers: { origin: base, cookie: who.cookie, "content-type": "application/x-www-form-urlencoded", "x-bench-quota": "off", "x-bench-rate": "off" },
    body: new URLSearchParams({ ...fields, salt: who.salt, token: who.token }),
  });
  return (await res.json()) as { status: number };
}

/** The push lines: for each question, the ms from the answer's reply to the push's arrival. */
export async function pushLatency(base: string, pushUrl: string, writer: Session, questions: { qid: number; owner: string }[]): Promise<string[]> {
  const took: number[] = [];
  for (const { qid, owner } of questions) {
    const sub = (await (await fetch(`${pushUrl}/_control/subscribe`, { method: "POST" })).json()) as {
      id: string;
      endpoint: string;
      keys: { p256dh: string; auth: string };
    };
    const ownerSession = await signInAs(base, owner);
    const subscribed = await call(base, "pushsubscribe", ownerSession, { endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth });
    if (subscribed.status !== 200) throw new Error(`pushsubscribe for ${owner}: ${JSON.stringify(subscribed)}`);
    const answered = await call(base, "addans", writer, { qid: String(qid), Body: `Ответ для проверки push ${Date.now()}` });
    if (answered.status !== 200) throw new Error(`addans on ${qid}: ${JSON.stringify(answered)}`);
    const sentAt = Date.now();
    const deadline = sentAt + 30_000;
    for (;;) {
      const got = (await (await fetch(`${pushUrl}/_control/messages?sub=${sub.id}`)).json()) as { at: number }[];
      if (got.length > 0) {
        took.push(got[0].at - sentAt);
        break;
      }
      if (Date.now() > deadline) throw new Error(`no push for question ${qid} within 30 s`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  const sorted = [...took].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  return [
    `Web Push, a new answer to the owner's question → the local push service (${took.length} answers, one at a time): median ${median} ms, max ${sorted[sorted.length - 1]} ms (goal 2000 ms: ${sorted[sorted.length - 1] <= 2000 ? "met" : "MISSED"})`,
  ];
}
