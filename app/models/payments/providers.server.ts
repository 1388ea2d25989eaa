/**
 * Payment providers (docs/decisions/0041-payments.md). A provider creates a payment and sends back
 * where the payer confirms it, and turns a notification it sent us into a verdict about one of its
 * payments — or into nothing, when the notification cannot be trusted.
 *
 * - `test`: the local test provider. Its payment page is served by this worker (/pay/test/{id}), and
 *   the link to it it gives back carries an HMAC of the payment under PAY_TEST_SECRET (`?sig=`), as a
 *   real provider's confirmation link cannot be guessed; the tester's choice there becomes a
 *   notification signed with HMAC-SHA256 under the same secret, handled exactly as one that came
 *   over the network. It is enabled only when PAY_TEST_SECRET is set and ENVIRONMENT is not
 *   "production" (wrangler.toml says production; local runs override it).
 * - `yookassa`: YooKassa's HTTP API (v3). A payment is created with an Idempotence-Key and the payer
 *   is sent to its confirmation URL; a notification's body is never believed: only the id is read
 *   from it, and the payment's status, amount and our id are fetched from the API itself.
 */
import { hmacSha256, sameString } from "../../lib/crypto";

/** What a provider says of one of its payments. */
export type Verdict = { providerId: string; status: "paid" | "canceled" | "pending"; paymentId: number | null; amount: number | null };

export type CreateRequest = { paymentId: number; amount: number; description: string; idemKey: string; returnUrl: string; origin: string };

export interface PaymentProvider {
  readonly name: "test" | "yookassa";
  /** creates the payment at the provider: its id there and the page the payer confirms it on */
  create(req: CreateRequest): Promise<{ providerId: string; confirmationUrl: string }>;
  /** a notification's verdict, or null when it is forged or not about a payment */
  verify(req: Request): Promise<Verdict | null>;
  /** asks the provider for a payment's state (null when it does not know it) */
  status(providerId: string): Promise<Verdict | null>;
}

const YOOKASSA_API = "https://api.yookassa.ru/v3";
/** How long a call to the provider may take. */
const PROVIDER_TIMEOUT_MS = 10_000;

/** Is the local test provider allowed here? Never in production, and only with its secret set. */
export function testProviderEnabled(env: Env): boolean {
  return !!env.PAY_TEST_SECRET && env.ENVIRONMENT !== "production";
}

function yookassaConfigured(env: Env): boolean {
  return !!env.YOOKASSA_SHOP_ID && !!env.YOOKASSA_SECRET_KEY;
}

/** A provider by name, when it is configured and allowed here. */
export function providerNamed(env: Env, name: string): PaymentProvider | null {
  if (name === "test" && testProviderEnabled(env)) return testProvider(env.PAY_TEST_SECRET!);
  if (name === "yookassa" && yookassaConfigured(env)) return yookassaProvider(env);
  return null;
}

/** The provider new payments go to: PAY_PROVIDER when set, else YooKassa when configured, else the test provider when enabled. */
export function currentProvider(env: Env): PaymentProvider | null {
  if (env.PAY_PROVIDER) return providerNamed(env, env.PAY_PROVIDER);
  return providerNamed(env, "yookassa") ?? providerNamed(env, "test");
}

const rub = (amount: number) => `${amount}.00`;

function parseRub(value: unknown): number | null {
  const n = typeof value === "string" ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? n : null;
}

function idOf(value: unknown): number | null {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** A YooKassa-shaped payment object (the test provider speaks the same shape) as a verdict. */
function verdictOf(obj: unknown): Verdict | null {
  if (!obj || typeof obj !== "object") return null;
  const o = obj as { id?: unknown; status?: unknown; paid?: unknown; amount?: { value?: unknown; currency?: unknown }; metadata?: { payment_id?: unknown } };
  if (typeof o.id !== "string" || !o.id) return null;
  const status = o.status === "succeeded" ? "paid" : o.status === "canceled" ? "canceled" : "pending";
  const amount = o.amount?.currency === "RUB" ? parseRub(o.amount.value) : null;
  return { providerId: o.id, status, paymentId: idOf(o.metadata?.payment_id), amount };
}

// ------------------------------------------------------------------------------ the test provider

export const TEST_SIGNATURE_HEADER = "x-test-pay-signature";

async function hmacHex(secret: string, body: string): Promise<string> {
  return [...(await hmacSha256(secret, body))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The query parameter of the test provider's page link that carries its signature. */
export const TEST_PAGE_SIG = "sig";

/** The signature of one payment's page link: our id and the provider's (random per payment), under the secret. */
const pageSignature = (secret: string, p: { paymentId: number; providerId: string }) => hmacHex(secret, `pay-test-page:${p.paymentId}:${p.providerId}`);

/** Is `sig` the signature of this payment's page link? (A link of another payment, or a forged one, is not.) */
export async function testPageSigned(secret: string, p: { paymentId: number; providerId: string }, sig: string): Promise<boolean> {
  return sameString(sig, await pageSignature(secret, p));
}

/** The test provider's notification for a decided payment: YooKassa's shape, signed. */
export async function testNotification(
  secret: string,
  origin: string,
  p: { providerId: string; paymentId: number; amount: number; paid: boolean },
): Promise<Request> {
  const body = JSON.stringify({
    type: "notification",
    event: p.paid ? "payment.succeeded" : "payment.canceled",
    object: {
      id: p.providerId,
      status: p.paid ? "succeeded" : "canceled",
      paid: p.paid,
      amount: { value: rub(p.amount), currency: "RUB" },
      metadata: { payment_id: String(p.paymentId) },
    },
  });
  return new Request(`${origin}/api/pay/notify/test`, {
    method: "POST",
    headers: { "content-type": "application/json", [TEST_SIGNATURE_HEADER]: await hmacHex(secret, body) },
    body,
  });
}

function testProvider(secret: string): PaymentProvider {
  return {
    name: "test",
    async create(req) {
      const providerId = `test-${req.paymentId}-${crypto.randomUUID()}`;
      const sig = await pageSignature(secret, { paymentId: req.paymentId, providerId });
      return { providerId, confirmationUrl: `${req.origin}/pay/test/${req.paymentId}?${TEST_PAGE_SIG}=${sig}` };
    },
    async verify(req) {
      const body = await req.text();
      const signature = req.headers.get(TEST_SIGNATURE_HEADER) ?? "";
      if (!sameString(signature, await hmacHex(secret, body))) return null;
      try {
        return verdictOf((JSON.parse(body) as { object?: unknown }).object);
      } catch {
        return null;
      }
    },
    // the test provider keeps nothing of its own: what its page decided arrives as a notification
    async status() {
      return null;
    },
  };
}

// ----------------------------------------------------------------------------------- YooKassa

function yookassaProvider(env: Env): PaymentProvider {
  const base = (env.YOOKASSA_API_URL || YOOKASSA_API).replace(/\/+$/, "");
  const auth = `Basic ${btoa(`${env.YOOKASSA_SHOP_ID}:${env.YOOKASSA_SECRET_KEY}`)}`;
  const status = async (providerId: string): Promise<Verdict | null> => {
    const res = await fetch(`${base}/payments/${encodeURIComponent(providerId)}`, {
      headers: { Authorization: auth },
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    if (!res.ok) {
      await res.body?.cancel();
      return null;
    }
    const v = verdictOf(await res.json());
    // the provider answered about another payment: not to be believed
    return v && v.providerId === providerId ? v : null;
  };
  return {
    name: "yookassa",
    async create(req) {
      const res = await fetch(`${base}/payments`, {
        method: "POST",
        headers: { Authorization: auth, "Idempotence-Key": req.idemKey, "Content-Type": "application/json" },
        body: JSON.stringify({
          amount: { value: rub(req.amount), currency: "RUB" },
          capture: true,
          confirmation: { type: "redirect", return_url: req.returnUrl },
          description: req.description,
          metadata: { payment_id: String(req.paymentId) },
        }),
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`yookassa create: HTTP ${res.status}`);
      const body = (await res.json()) as { id?: unknown; confirmation?: { confirmation_url?: unknown } };
      const url = body.confirmation?.confirmation_url;
      if (typeof body.id !== "string" || typeof url !== "string" || !/^https?:\/\//.test(url)) throw new Error("yookassa create: no confirmation url");
      return { providerId: body.id, confirmationUrl: url };
    },
    async verify(req) {
      // only the id is read from the body; everything else comes from the provider's own answer
      const body = (await req.json().catch(() => null)) as { object?: { id?: unknown } } | null;
      const id = body?.object?.id;
      if (typeof id !== "string" || !id || id.length > 100) return null;
      return status(id).catch(() => null);
    },
    status: (id) => status(id).catch(() => null),
  };
}
