#!/usr/bin/env node
/**
 * `node scripts/vapid-keys.mjs`: a new VAPID key pair for Web Push (docs/decisions/0057), printed as
 * the commands that store it: the public key (an uncompressed P-256 point) and the private key
 * (its scalar), both base64url, as the Worker reads them from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY.
 * Keep the pair: browsers subscribed with one public key receive nothing signed with another.
 */
const pair = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);
const jwk = await crypto.subtle.exportKey("jwk", pair.privateKey);
const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
const b64url = (bytes) => Buffer.from(bytes).toString("base64url");
console.log(`echo ${b64url(raw)} | npx wrangler secret put VAPID_PUBLIC_KEY`);
console.log(`echo ${jwk.d} | npx wrangler secret put VAPID_PRIVATE_KEY`);
console.log('echo "mailto:admin@example.ru" | npx wrangler secret put VAPID_SUBJECT   # who the push services may write to');
