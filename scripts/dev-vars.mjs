/**
 * The development values of the Worker's secrets, never used in production (there they are set
 * with `wrangler secret put`): `npm start` writes them to .dev.vars when it is missing, the seed
 * hashes the demo accounts' passwords with this PEPPER (so the demo logins work wherever it is
 * set), and the e2e setup, the benchmark and vitest give this PEPPER with their own CAPTCHA_SECRET.
 * ENVIRONMENT "development" overrides wrangler.toml's "production" and, with PAY_TEST_SECRET, turns
 * on the local test payment provider (its hosted page at /pay/test/{id}). The VAPID pair signs Web
 * Push locally (made once by scripts/vapid-keys.mjs; production has its own). OPS_SECRET opens the
 * operator's move tool locally.
 */
export const DEV_VARS = Object.freeze({
  PEPPER: "dev-pepper",
  CAPTCHA_SECRET: "dev-captcha-secret",
  ENVIRONMENT: "development",
  PAY_TEST_SECRET: "dev-pay-test-secret",
  VAPID_PUBLIC_KEY: "BAKBGfE3lPA80X85U_w12gpS1GlZJjYrUSeu6mJqihm0rCaTJyGRajDshSpnX9_OTBidbwjszEh2TaYbpW1V7yM",
  VAPID_PRIVATE_KEY: "sTCiHeYSIiIi8D6SsYDZPtvkH3CpEzAaNdZz1DOKBfw",
  VAPID_SUBJECT: "mailto:dev@localhost",
  // mail goes to the local sink (/dev/mail); its links point here
  SITE_ORIGIN: "http://127.0.0.1:8787",
  // the operator's move of a range of questions (scripts/move-range.mjs) locally
  OPS_SECRET: "dev-ops-secret",
});
