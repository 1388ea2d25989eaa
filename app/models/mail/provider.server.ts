/**
 * Where mail goes (docs/decisions/0058-e-mail.md), as the payments have their providers: the local
 * sink in development and tests (nothing leaves: the mail log is the sink, shown at /dev/mail), or
 * Cloudflare's own sending (the `MAILER` send_email binding, from MAIL_FROM). In production the
 * sink is refused: without a real provider mail is off, not silently dropped.
 */
export type OutgoingMail = { to: string; subject: string; text: string; html: string; headers: Record<string, string> };

export type MailProvider = {
  name: "sink" | "cloudflare";
  /** hands the mail over; the provider's id for it */
  send(mail: OutgoingMail): Promise<string>;
};

const SINK: MailProvider = { name: "sink", send: async () => `sink-${crypto.randomUUID()}` };

function cloudflare(mailer: SendEmail, from: string): MailProvider {
  return {
    name: "cloudflare",
    send: async (m) =>
      (await mailer.send({ from: { email: from, name: "Ответы" }, to: m.to, subject: m.subject, text: m.text, html: m.html, headers: m.headers })).messageId,
  };
}

/** The provider mail goes through, or null when mail is off (the site's address for links unset, or no provider). */
export function mailProvider(env: Env): MailProvider | null {
  if (!env.SITE_ORIGIN) return null;
  const production = env.ENVIRONMENT === "production";
  const choice = env.MAIL_PROVIDER ?? (production ? "cloudflare" : "sink");
  if (choice === "sink") return production ? null : SINK;
  if (choice === "cloudflare" && env.MAILER && env.MAIL_FROM) return cloudflare(env.MAILER, env.MAIL_FROM);
  return null;
}
