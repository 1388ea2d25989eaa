import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { categoryClosed } from "../models/core/visibility.server";
import { pageReader } from "../models/users/reader.server";
import { getCategoryTree } from "../models/categories/categories.server";
import { AnswerPageView } from "../components/answer-page";
import { QuestionDeleted, QuestionMissing } from "../components/question-gone";
import { adultGateUnless, cacheHeaders, PRIVATE_PAGE } from "../lib/http.server";
import { parseId, parsePrefixedId } from "../lib/params";
import { originOf, pageMeta } from "../lib/seo";
import { answerPageWithTrail, locateComment } from "../models/questions/question-page.server";
import { viewerSession } from "../models/users/session.server";
import { UnwatchPage } from "../components/unwatch";
import { notifyState } from "../models/questions/watch.server";
import { signInUrl } from "../lib/return-to";

export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

/** /question/{qid}/cid-{cmid}: the comment shown in its answer's thread, highlighted. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const qid = parseId(params.qid);
  const unwatch: "Q" | "C" | null = params.sub === "unwatch" ? "Q" : params.sub === "unwatch-comments" ? "C" : null;
  if (qid !== null && unwatch) {
    const session = await viewerSession(context, request);
    const url = new URL(request.url);
    if (!session) throw redirect(signInUrl(url.pathname));
    // «Вы отписались» only for an unsubscribe that happened: ?done=1 alone confirms nothing
    const state = await notifyState(env, session.user.id, qid, unwatch);
    return json({ kind: "unwatch" as const, qid, unwatch, state, done: url.searchParams.get("done") === "1" && state === "off" }, { headers: PRIVATE_PAGE });
  }
  const cmid = parsePrefixedId(params.sub, "cid-");
  if (qid === null || cmid === null) return json({ kind: "missing" as const, now: Date.now() }, { status: 404, headers: cacheHeaders(404) });
  const where = await locateComment(env, cmid);
  // a comment that is gone, or of another question, falls back to the question itself
  if (!where || where.qid !== qid) throw redirect(`/question/${qid}`);
  if (where.answerId === null) throw redirect(`/question/${qid}#cmt-${cmid}`);
  const page = await answerPageWithTrail(env, where.answerId, cmid, Date.now());
  if (page.kind !== "ok") return json(page, { status: 404, headers: cacheHeaders(404) });
  // an answer in the adult category asks its reader to confirm his age first, as its question does
  const { session, reader } = await pageReader(context, request);
  adultGateUnless(!categoryClosed(reader, await getCategoryTree(env), page.question.categoryId), request, session !== null);
  return json({ ...page, canonical: `${originOf(request)}/question/${qid}` }, { headers: cacheHeaders() });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (data?.kind === "unwatch") return pageMeta({ title: "Отписка — Ответы", noindex: true });
  if (data?.kind !== "ok") return pageMeta({ title: "Вопрос не найден — Ответы", noindex: true });
  return pageMeta({ title: data.question.qtext, description: data.answer.text, canonical: data.canonical, noindex: true });
};

export default function CommentInContext() {
  const data = useLoaderData<typeof loader>();
  if (data.kind === "unwatch") return <UnwatchPage qid={data.qid} kind={data.unwatch} done={data.done} watching={data.state !== "none"} />;
  if (data.kind === "missing") return <QuestionMissing />;
  if (data.kind === "deleted") return <QuestionDeleted question={null} trail={data.trail} />;
  return <AnswerPageView {...data} />;
}
