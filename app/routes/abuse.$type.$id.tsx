import { json, redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AbuseForm, type AbusePageState } from "../components/abuse-form";
import { ERRORS } from "../lib/errors";
import { notFoundUnless, PRIVATE_PAGE } from "../lib/http.server";
import { cut } from "../lib/limits";
import { parseId } from "../lib/params";
import { signInUrl } from "../lib/return-to";
import { pageMeta } from "../lib/seo";
import type { AbuseTarget } from "../lib/abuse";
import { hasReported, loadTarget, reportedItemHref, reportRefusal } from "../models/moderation/abuse.server";
import { viewerSession } from "../models/users/session.server";
import { getCategoryTree } from "../models/categories/categories.server";
import { categoryClosed } from "../models/core/visibility.server";
import { readerOf } from "../models/users/reader.server";

export const meta = () => pageMeta({ title: "Пожаловаться — Ответы", noindex: true });

const TYPES = new Set<string>(["Q", "A", "C"]);

/**
 * /abuse/{Q|A|C}/{id}: the report form for someone else's question, answer or comment (works with
 * JavaScript off; posts to /do/abuse). ?sent=1 after sending shows the thanks. Guests sign in first.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const type = (params.type ?? "").toUpperCase();
  const id = parseId(params.id);
  notFoundUnless(TYPES.has(type) && id !== null);
  const url = new URL(request.url);
  const session = await viewerSession(context, request);
  if (!session) throw redirect(signInUrl(url.pathname), { headers: { "Cache-Control": "no-store" } });
  const env = context.cloudflare.env;
  const t = type as AbuseTarget;
  const [target, reported, tree] = await Promise.all([loadTarget(env, t, id), hasReported(env, session.user.id, t, id), getCategoryTree(env)]);
  notFoundUnless(target);
  // the form quotes the item only to a reader who may read it (not in an adult category before he confirmed his age)
  const quoted = target.live && !categoryClosed(readerOf(request, session), tree, target.categoryId);
  const refusal = reportRefusal(target, session.user.id);
  let state: AbusePageState = "form";
  if (url.searchParams.get("sent") === "1" && reported) state = "sent";
  else if (reported) state = "already";
  else if (refusal !== null) state = "refused";
  return json(
    {
      type: t,
      id,
      state,
      refusal: refusal !== null ? ERRORS[refusal].text : undefined,
      excerpt: quoted ? cut(target.text, 200) : "",
      back: quoted ? reportedItemHref(t, id, target) : "/",
    },
    { headers: PRIVATE_PAGE },
  );
}

export default function AbuseRoute() {
  const d = useLoaderData<typeof loader>();
  return <AbuseForm type={d.type} id={d.id} state={d.state} excerpt={d.excerpt} back={d.back} refusal={d.refusal} />;
}
