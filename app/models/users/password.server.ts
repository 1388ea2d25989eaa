/**
 * Password hashing, used by sign-in and registration and by the seed for the demo accounts:
 * PBKDF2-SHA256 through WebCrypto (Workers and Node alike), 100,000 iterations (the Workers
 * maximum), a per-password random salt and the secret pepper (the PEPPER secret) appended to the
 * password. Stored as "pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>".
 */
export const PBKDF2_ITERATIONS = 100_000;

/**
 * A stored hash that no password matches (its hash bytes are all zero). Sign-in checks the
 * password against it when the e-mail is unknown, so that an unknown e-mail costs the same
 * work (and time) as a wrong password.
 */
export const NO_ACCOUNT_HASH = `pbkdf2-sha256$${PBKDF2_ITERATIONS}$${"A".repeat(22)}==$${"A".repeat(43)}=`;

const enc = new TextEncoder();

function toB64(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

function fromB64(s: string): Uint8Array {
  return Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
}

async function derive(password: string, pepper: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", enc.encode(password + pepper), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt: salt as BufferSource, iterations }, key, 256);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, pepper: string, salt?: Uint8Array): Promise<string> {
  const s = salt ?? crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, pepper, s, PBKDF2_ITERATIONS);
  return `pbkdf2-sha256$${PBKDF2_ITERATIONS}$${toB64(s)}$${toB64(hash)}`;
}

/** Constant-time comparison of a password against a stored hash. */
export async function verifyPassword(password: string, pepper: string, stored: string): Promise<boolean> {
  const [algo, iter, saltB64, hashB64] = stored.split("$");
  if (algo !== "pbkdf2-sha256" || !iter || !saltB64 || !hashB64) return false;
  const expected = fromB64(hashB64);
  const actual = await derive(password, pepper, fromB64(saltB64), Number(iter));
  if (actual.length !== expected.length) return false;
  let diff = 0;
  for (let i = 0; i < actual.length; i++) diff |= actual[i] ^ expected[i];
  return diff === 0;
}
