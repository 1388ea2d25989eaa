/**
 * The code of a captcha: HMAC-SHA-256 of its id keyed by the CAPTCHA_SECRET, reduced to 5 digits,
 * so the picture can be drawn without the code being stored. Only WebCrypto: the tests and the e2e
 * setup, which know the secret they gave the worker, compute codes with it the same way.
 */
export const CAPTCHA_DIGITS = 5;

export async function captchaCodeFor(secret: string, id: string): Promise<string> {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", enc.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, enc.encode(id)));
  const n = ((mac[0] << 24) | (mac[1] << 16) | (mac[2] << 8) | mac[3]) >>> 0;
  return String(n % 10 ** CAPTCHA_DIGITS).padStart(CAPTCHA_DIGITS, "0");
}
