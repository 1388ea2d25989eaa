/**
 * The server's secrets (docs/decisions/0022). There is no fallback: a Worker without them refuses
 * every request (worker/index.ts), and these accessors throw rather than hash or sign with a value
 * anyone could read in the repository. Production sets them with `wrangler secret put`; local
 * development gets development values from the .dev.vars that `npm start` writes.
 */

/** PEPPER is mixed into every password hash; CAPTCHA_SECRET is what captcha codes are derived from. */
const SECRETS = ["PEPPER", "CAPTCHA_SECRET"] as const;

/** The names of the secrets that are not set (empty counts as not set). */
export function missingSecrets(env: Env): string[] {
  return SECRETS.filter((name) => !env[name]);
}

function secret(env: Env, name: (typeof SECRETS)[number]): string {
  const value = env[name];
  if (!value) throw new Error(`the secret ${name} is not set`);
  return value;
}

export const pepperOf = (env: Env) => secret(env, "PEPPER");
export const captchaSecretOf = (env: Env) => secret(env, "CAPTCHA_SECRET");
