import { json, redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { DossierPage } from "../components/dossier-page";
import { DomainError } from "../lib/errors";
import { notFoundUnless, PRIVATE_PAGE } from "../lib/http.server";
import { parseId } from "../lib/params";
import { signInUrl } from "../lib/return-to";
import { pageMeta } from "../lib/seo";
import { userDossier } from "../models/moderation/dossier.server";
import { viewerSession } from "../models/users/session.server";

export const meta = () => pageMeta({ title: "Досье участника — Ответы", noindex: true });

/** /admin/usrview/{uid}: a user's dossier, for moderators with user management only (the profile's 'Досье' link). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const uid = parseId(params.uid);
  notFoundUnless(uid !== null);
  const session = await viewerSession(context, request);
  if (!session) throw redirect(signInUrl(new URL(request.url).pathname), { headers: { "Cache-Control": "no-store" } });
  try {
    return json({ kind: "ok" as const, now: Date.now(), ...(await userDossier(context.cloudflare.env, session, uid)) }, { headers: PRIVATE_PAGE });
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    return json({ kind: "refused" as const, error: e.message }, { status: e.status, headers: PRIVATE_PAGE });
  }
}

export default function DossierRoute() {
  const d = useLoaderData<typeof loader>();
  return <DossierPage {...d} />;
}
