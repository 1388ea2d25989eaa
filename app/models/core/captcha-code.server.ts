import { hmacSha256 } from "../../lib/crypto";

/**
 * The code of a captcha: HMAC-SHA-256 of its id keyed by the CAPTCHA_SECRET, reduced to 5 digits,
 * so the picture can be drawn without the code being stored. Only WebCrypto: the tests and the e2e
 * setup, which know the secret they gave the worker, compute codes with it the same way.
 */
export const CAPTCHA_DIGITS = 5;

export async function captchaCodeFor(secret: string, id: string): Promise<string> {
  const mac = await hmacSha256(secret, id);
  const n = ((mac[0] << 24) | (mac[1] << 16) | (mac[2] << 8) | mac[3]) >>> 0;
  return String(n % 10 ** CAPTCHA_DIGITS).padStart(CAPTCHA_DIGITS, "0");
}
