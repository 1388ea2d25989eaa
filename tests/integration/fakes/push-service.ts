import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
// the reference implementation of RFC 8188 (the encoding Web Push uses), by its author
import ece from "http_ece";

/**
 * A Web Push service on 127.0.0.1 for the integration tests (started by vitest.config.ts, so the
 * worker's queue consumer sends real HTTP requests to it), doing what a browser's push service and
 * the browser do with a push: it makes subscriptions (a P-256 key pair and an auth secret of its
 * own, as a browser does), and on POST /push/{id} checks the VAPID Authorization (RFC 8292: an
 * ES256 JWT for its origin, signed by the key it names) and decrypts the body (RFC 8291,
 * aes128gcm) with the subscription's private key. The tests steer it through /_control:
 *   POST /_control/subscribe            → {id, endpoint, keys: {p256dh, auth}}
 *   GET  /_control/messages?sub={id}     → [{payload, ttl, topic, urgency, at}] (decrypted)
 *   POST /_control/gone/{id}             → later pushes to it are answered 410 Gone
 * A push that fails a check is answered 400/401/403 and recorded under `rejected`.
 */
type Received = { payload: unknown; ttl: string | null; topic: string | null; urgency: string | null; at: number };
type Sub = { ecdh: crypto.ECDH; auth: Buffer; gone: boolean; messages: Received[] };

const b64url = (b: Buffer) => b.toString("base64url");

/** Verifies a VAPID header for this origin; the reason it fails, or null. */
async function vapidProblem(authorization: string | undefined, origin: string): Promise<string | null> {
  const m = /^vapid t=([^,]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? "");
  if (!m) return "no vapid authorization";
  const [header, claims, signature] = m[1].split(".");
  const pub = Buffer.from(m[2], "base64url");
  if (pub.length !== 65 || pub[0] !== 4) return "k is not a P-256 point";
  const key = await crypto.webcrypto.subtle.importKey(
    "jwk",
    { kty: "EC", crv: "P-256", x: b64url(pub.subarray(1, 33)), y: b64url(pub.subarray(33, 65)) },
    { name: "ECDSA", namedCurve: "P-256" },
    false,
    ["verify"],
  );
  const ok = await crypto.webcrypto.subtle.verify(
    { name: "ECDSA", hash: "SHA-256" },
    key,
    Buffer.from(signature, "base64url"),
    Buffer.from(`${header}.${claims}`),
  );
  if (!ok) return "bad signature";
  const h = JSON.parse(Buffer.from(header, "base64url").toString());
  const c = JSON.parse(Buffer.from(claims, "base64url").toString());
  if (h.alg !== "ES256") return "alg is not ES256";
  if (c.aud !== origin) return `aud ${c.aud} is not ${origin}`;
  const now = Date.now() / 1000;
  if (!(c.exp > now && c.exp <= now + 86_400)) return "exp is not within 24 hours";
  if (!/^(mailto:|https:)/.test(String(c.sub))) return "sub is no contact";
  return null;
}

export async function startFakePushService(): Promise<{ url: string; close: () => void }> {
  const subs = new Map<string, Sub>();
  const rejected: { path: string; reason: string }[] = [];
  let serial = 0;
  let origin = "";

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const url = new URL(req.url ?? "/", origin);
      const send = (status: number, value?: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(value === undefined ? "" : JSON.stringify(value));
      };
      if (req.method === "POST" && url.pathname === "/_control/subscribe") {
        const id = `s${++serial}`;
        const ecdh = crypto.createECDH("prime256v1");
        ecdh.generateKeys();
        const sub: Sub = { ecdh, auth: crypto.randomBytes(16), gone: false, messages: [] };
        subs.set(id, sub);
        return send(200, { id, endpoint: `${origin}/push/${id}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(sub.auth) } });
      }
      if (req.method === "GET" && url.pathname === "/_control/messages") return send(200, subs.get(url.searchParams.get("sub") ?? "")?.messages ?? []);
      if (req.method === "GET" && url.pathname === "/_control/rejected") return send(200, rejected);
      const gone = /^\/_control\/gone\/([^/]+)$/.exec(url.pathname);
      if (req.method === "POST" && gone) {
        const sub = subs.get(gone[1]);
        if (sub) sub.gone = true;
        return send(sub ? 200 : 404);
      }
      const push = /^\/push\/([^/]+)$/.exec(url.pathname);
      if (req.method !== "POST" || !push) return send(404);
      const sub = subs.get(push[1]);
      if (!sub) return send(404);
      if (sub.gone) return send(410);
      const reject = (status: number, reason: string) => {
        rejected.push({ path: url.pathname, reason });
        return send(status, { reason });
      };
      const problem = await vapidProblem(req.headers.authorization, origin);
      if (problem) return reject(problem === "bad signature" ? 403 : 401, problem);
      if (req.headers["content-encoding"] !== "aes128gcm") return reject(400, "content-encoding is not aes128gcm");
      if (!req.headers.ttl) return reject(400, "no TTL");
      let plain: Buffer;
      try {
        plain = ece.decrypt(Buffer.concat(chunks), { version: "aes128gcm", privateKey: sub.ecdh, authSecret: b64url(sub.auth) });
      } catch (e) {
        return reject(400, `does not decrypt: ${(e as Error).message}`);
      }
      const header = (name: string) => (req.headers[name] as string | undefined) ?? null;
      sub.messages.push({
        payload: JSON.parse(plain.toString("utf8")),
        ttl: header("ttl"),
        topic: header("topic"),
        urgency: header("urgency"),
        at: Date.now(),
      });
      return send(201);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  server.unref();
  return { url: origin, close: () => server.close() };
}
