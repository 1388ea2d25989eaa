import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { signInUrl } from "../lib/return-to";
import { DomainError } from "../lib/errors";
import { confirmationOf } from "../models/payments/payments.server";
import { viewerSession } from "../models/users/session.server";

/**
 * /pay/{id}: where an order sends the payer — the provider's page while the payment is pending
 * (the test provider's /pay/test/{id}, or YooKassa's confirmation page), its destination once paid,
 * the cancel page otherwise. Only the payer may follow it.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const session = await viewerSession(context, request);
  const url = new URL(request.url);
  const headers = { "Cache-Control": "no-store" };
  if (!session) throw redirect(signInUrl(url.pathname), { headers });
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw new Response("Платёж не найден", { status: 404, headers });
  try {
    return redirect(await confirmationOf(context.cloudflare.env, session.user, id), { headers });
  } catch (e) {
    if (e instanceof DomainError) throw new Response(e.message, { status: e.status, headers });
    throw e;
  }
}
