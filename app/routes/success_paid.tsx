import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PRIVATE_PAGE } from "../lib/http.server";
import { SERVICE_TITLES } from "../lib/payments";
import { signInUrl } from "../lib/return-to";
import { pageMeta } from "../lib/seo";
import { reconcilePayment } from "../models/payments/payments.server";
import { viewerSession } from "../models/users/session.server";

/** How many times the payment is checked, and how far apart. */
const CHECKS = 6;
const CHECK_GAP_MS = 500;
export const meta: MetaFunction<typeof loader> = () => pageMeta({ title: "Оплата прошла — Ответы", noindex: true });

/**
 * success_paid?issuer_id={id}: the payer is back from the provider. The return alone grants
 * nothing: the payment is checked up to 6 times 500 ms apart (our record, and the provider's own
 * answer where it gives one) on the server, so it works without JavaScript and with no timed
 * refresh. Paid and granted: straight on to the service's place (a hidden question → /, a lead or
 * an answer → the question, a user → his profile). Paid, but its target had gone meanwhile: this
 * page says the amount went to the payer's balance. Canceled: the cancel page. Still not paid after
 * the checks: /.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await viewerSession(context, request);
  const url = new URL(request.url);
  if (!session) throw redirect(signInUrl(url.pathname + url.search), { headers: PRIVATE_PAGE });
  const id = Number(url.searchParams.get("issuer_id"));
  if (!Number.isSafeInteger(id) || id <= 0) throw redirect("/", { headers: PRIVATE_PAGE });
  const env = context.cloudflare.env;
  for (let i = 0; i < CHECKS; i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, CHECK_GAP_MS));
    const state = await reconcilePayment(env, session.user, id, Date.now()).catch(() => null);
    if (!state) break;
    if (state.state === "paid" && state.granted) throw redirect(state.go, { headers: PRIVATE_PAGE });
    if (state.state === "paid") return json({ go: state.go, service: state.service, amount: state.amount, granted: state.granted }, { headers: PRIVATE_PAGE });
    if (state.state === "canceled") throw redirect(`/canceled_paid?issuer_id=${id}`, { headers: PRIVATE_PAGE });
  }
  throw redirect("/", { headers: PRIVATE_PAGE });
}

export default function SuccessPaid() {
  const data = useLoaderData<typeof loader>();
  return (
    <main className="page">
      <div className="card narrow" data-testid="success-paid">
        <h1>Оплата прошла</h1>
        <p>
          {`${SERVICE_TITLES[data.service] ?? data.service}: ${data.amount} ₽.`} Услугу подключить не удалось: то, для чего она была, уже удалено. Сумма
          зачислена на ваш счёт на сайте и оплатит следующую услугу.
        </p>
        <a className="btn btn-ask" href={data.go} data-testid="success-paid-go">
          Продолжить
        </a>
      </div>
    </main>
  );
}
