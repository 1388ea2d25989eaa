import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { purgePages } from "../calls/page-cache.server";
import { NotFound } from "../components/not-found";
import { PRIVATE_PAGE } from "../lib/http.server";
import { SERVICE_TITLES } from "../lib/payments";
import { pageMeta } from "../lib/seo";
import { testPaymentDecide, testPaymentPage, type TestPageVisitor } from "../models/payments/payments.server";
import { TEST_PAGE_SIG } from "../models/payments/providers.server";
import { viewerSession } from "../models/users/session.server";

/** A payment id from the path: digits only, else 0 (no payment). */
const idOf = (s: string | undefined) => (s && /^\d{1,15}$/.test(s) ? Number(s) : 0);

// the link's signature is not sent on from this page, even to the site's own pages (only the origin is)
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...pageMeta({ title: data?.payment ? "Тестовая оплата — Ответы" : "Платёж не найден — Ответы", noindex: true }),
  { name: "referrer", content: "strict-origin" },
];

/** Who opens the page: the signed-in viewer, and the signature of the link he followed. */
async function visitorOf(context: LoaderFunctionArgs["context"], request: Request): Promise<TestPageVisitor> {
  const session = await viewerSession(context, request);
  return { userId: session?.user.id ?? null, sig: new URL(request.url).searchParams.get(TEST_PAGE_SIG) };
}

/**
 * /pay/test/{id}?sig=…: the local test provider's payment page (never in production), as a real
 * provider's hosted page: reached by the signed link the order gave, or by the payer signed in;
 * anyone else finds no payment there. The tester pays or cancels (the form posts to this same
 * address, link included); the choice becomes the provider's signed notification, handled as one
 * from the network, and the payer returns to success_paid or canceled_paid as from a real provider.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const payment = await testPaymentPage(context.cloudflare.env, idOf(params.id), await visitorOf(context, request));
  if (!payment) return json({ payment: null }, { status: 404, headers: PRIVATE_PAGE });
  return json({ payment }, { headers: PRIVATE_PAGE });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const decision = (await request.formData().catch(() => null))?.get("decision");
  if (decision !== "pay" && decision !== "cancel") throw new Response("Выберите «Оплатить» или «Отменить»", { status: 400, headers: PRIVATE_PAGE });
  const origin = new URL(request.url).origin;
  const { env, ctx } = context.cloudflare;
  const done = await testPaymentDecide(env, idOf(params.id), await visitorOf(context, request), decision === "pay", origin, Date.now());
  if (!done) throw new Response("Платёж не найден", { status: 404, headers: PRIVATE_PAGE });
  if (done.purge.length > 0) await purgePages(origin, done.purge, env, (p) => ctx.waitUntil(p));
  return redirect(done.to, { headers: PRIVATE_PAGE });
}

export default function TestPayment() {
  const { payment } = useLoaderData<typeof loader>();
  if (!payment) return <NotFound text="Платёж не найден" />;
  return (
    <main className="page">
      <div className="card narrow" data-testid="test-payment">
        <h1>Тестовая оплата</h1>
        <p className="muted">Это тестовая платёжная система: деньги не списываются.</p>
        <dl className="pay-summary">
          <dt>Услуга</dt>
          <dd>{SERVICE_TITLES[payment.service] ?? payment.service}</dd>
          <dt>Сумма</dt>
          <dd data-testid="test-payment-amount">{`${payment.amount} ₽`}</dd>
        </dl>
        {payment.status === "pending" ? (
          <form method="post" className="inline-form">
            <button className="btn btn-ask" type="submit" name="decision" value="pay">
              Оплатить
            </button>{" "}
            <button className="btn" type="submit" name="decision" value="cancel">
              Отменить
            </button>
          </form>
        ) : (
          <p data-testid="test-payment-done">{payment.status === "paid" ? "Платёж уже оплачен." : "Платёж отменён."}</p>
        )}
      </div>
    </main>
  );
}
