import { json, redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PRIVATE_PAGE } from "../lib/http.server";
import { SERVICE_TITLES } from "../lib/payments";
import { signInUrl } from "../lib/return-to";
import { pageMeta } from "../lib/seo";
import { paymentState } from "../models/payments/payments.server";
import { viewerSession } from "../models/users/session.server";

export const meta = () => pageMeta({ title: "Оплата отменена — Ответы", noindex: true });

/**
 * canceled_paid?issuer_id={id}: the payer canceled at the provider. Nothing is granted; a payment
 * that is in fact paid goes to the success page instead.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await viewerSession(context, request);
  const url = new URL(request.url);
  if (!session) throw redirect(signInUrl(url.pathname + url.search), { headers: PRIVATE_PAGE });
  const id = Number(url.searchParams.get("issuer_id"));
  const state = Number.isSafeInteger(id) && id > 0 ? await paymentState(context.cloudflare.env, session.user, id).catch(() => null) : null;
  if (state?.state === "paid") throw redirect(`/success_paid?issuer_id=${id}`, { headers: PRIVATE_PAGE });
  return json({ service: state?.service ?? null }, { headers: PRIVATE_PAGE });
}

export default function CanceledPaid() {
  const data = useLoaderData<typeof loader>();
  return (
    <main className="page">
      <div className="card narrow" data-testid="canceled-paid">
        <h1>Оплата отменена</h1>
        <p>{data.service ? `${SERVICE_TITLES[data.service] ?? data.service}: оплата не прошла, деньги не списаны.` : "Оплата не прошла, деньги не списаны."}</p>
        <a className="btn" href="/">
          На главную
        </a>
      </div>
    </main>
  );
}
