import { json, redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AnswerEditPage } from "../components/answer-edit-page";
import { DomainError } from "../lib/errors";
import { notFoundUnless, PRIVATE_PAGE } from "../lib/http.server";
import { parseId } from "../lib/params";
import { signInUrl } from "../lib/return-to";
import { pageMeta } from "../lib/seo";
import { answerForEdit } from "../models/answers/answers.server";
import { viewerSession } from "../models/users/session.server";

export const meta = () => pageMeta({ title: "Редактирование ответа — Ответы", noindex: true });

/**
 * /answer/{aid}/edit: the author's edit form for his answer, posting to /do/editans (the door a
 * reader without JavaScript uses; with it the question page edits in place). Guests sign in first;
 * anyone the rule refuses gets its text and no form.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const aid = parseId(params.aid);
  notFoundUnless(aid !== null);
  const session = await viewerSession(context, request);
  if (!session) throw redirect(signInUrl(new URL(request.url).pathname), { headers: { "Cache-Control": "no-store" } });
  try {
    const answer = await answerForEdit(context.cloudflare.env, session, aid);
    return json({ kind: "form" as const, ...answer }, { headers: PRIVATE_PAGE });
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    return json({ kind: "refused" as const, error: e.message }, { status: e.status, headers: PRIVATE_PAGE });
  }
}

export default function AnswerEditRoute() {
  const d = useLoaderData<typeof loader>();
  return <AnswerEditPage {...d} />;
}
