import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { NotFound } from "../components/not-found";
import { PrivateQuestionDeleted, PrivateQuestionPage } from "../components/private-question-page";
import { PRIVATE_PAGE } from "../lib/http.server";
import { parseId, parsePrefixedId } from "../lib/params";
import { pageMeta } from "../lib/seo";
import { isPrivateComment, loadPrivateQuestion } from "../models/brands/private-questions.server";
import { viewerSession } from "../models/users/session.server";

export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

/**
 * /private/{pqid}[/cid-{cmid}]: a private question to a brand, for its asker and the brand's
 * members only, optionally with one comment highlighted. Missing (also to guests and strangers) and
 * deleted ('Вопрос удален') are 404 pages; a comment that is not one of this question's goes back
 * to the question. Never cached.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const session = await viewerSession(context, request);
  const env = context.cloudflare.env;
  const pqid = parseId(params.pqid);
  const cmid = params.cid === undefined ? null : parsePrefixedId(params.cid, "cid-");
  if (pqid === null || (params.cid !== undefined && cmid === null)) return json({ kind: "missing" as const }, { status: 404, headers: PRIVATE_PAGE });
  const page = await loadPrivateQuestion(env, pqid, session?.user.id ?? null);
  if (page.kind === "missing") return json({ kind: "missing" as const }, { status: 404, headers: PRIVATE_PAGE });
  if (page.kind === "deleted") return json(page, { status: 404, headers: PRIVATE_PAGE });
  if (cmid !== null && !(await isPrivateComment(env, pqid, cmid))) throw redirect(`/private/${pqid}`);
  return json({ ...page, now: Date.now(), highlight: cmid }, { headers: PRIVATE_PAGE });
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({
    title: data?.kind === "ok" ? `${data.question.qtext} — Ответы` : data?.kind === "deleted" ? "Вопрос удален — Ответы" : "Вопрос не найден — Ответы",
    noindex: true,
  });

export default function PrivateQuestionRoute() {
  const data = useLoaderData<typeof loader>();
  if (data.kind === "missing") return <NotFound text="Вопрос не найден" />;
  if (data.kind === "deleted") return <PrivateQuestionDeleted brand={data.brand} />;
  return <PrivateQuestionPage data={data} />;
}
