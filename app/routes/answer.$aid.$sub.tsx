import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { categoryClosed } from "../models/core/visibility.server";
import { pageReader } from "../models/users/reader.server";
import { getCategoryTree } from "../models/categories/categories.server";
import { AnswerPageView } from "../components/answer-page";
import { QuestionDeleted, QuestionMissing } from "../components/question-gone";
import { AnswerReactionPage, UnwatchPage } from "../components/unwatch";
import { notifyState } from "../models/questions/watch.server";
import { adultGateUnless, cacheHeaders, PRIVATE_PAGE } from "../lib/http.server";
import { parseId, parsePrefixedId } from "../lib/params";
import { signInUrl } from "../lib/return-to";
import { originOf, pageMeta } from "../lib/seo";
import { answerPageWithTrail, answerQuestionId, locateComment } from "../models/questions/question-page.server";
import { viewerSession } from "../models/users/session.server";

export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

const SIGNED_IN_SUBS = new Set(["unwatch-comments", "thanks", "bad"]);

/**
 * /answer/{aid}/cid-{cmid}: the answer with that comment highlighted (a failed context goes to
 * /answer/{aid}); /answer/{aid}/unwatch-comments, /thanks and /bad: the e-mail links' confirmation
 * pages (signed-in readers; guests go to the sign-in page first).
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const missing = () => json({ kind: "missing" as const, now: Date.now() }, { status: 404, headers: cacheHeaders(404) });
  const aid = parseId(params.aid);
  if (aid === null) return missing();
  const sub = params.sub ?? "";
  if (SIGNED_IN_SUBS.has(sub)) {
    const url = new URL(request.url);
    const session = await viewerSession(context, request);
    if (!session) throw redirect(signInUrl(url.pathname));
    const qid = await answerQuestionId(env, aid);
    if (qid === null) return missing();
    const done = url.searchParams.get("done") === "1";
    if (sub === "unwatch-comments") {
      const state = await notifyState(env, session.user.id, qid, "C");
      return json({ kind: "unwatch" as const, qid, state, done: done && state === "off" }, { headers: PRIVATE_PAGE });
    }
    return json({ kind: "reaction" as const, aid, reaction: sub as "thanks" | "bad", done }, { headers: PRIVATE_PAGE });
  }
  const cmid = parsePrefixedId(sub, "cid-");
  if (cmid === null) return missing();
  const where = await locateComment(env, cmid);
  if (!where || where.answerId !== aid) throw redirect(`/answer/${aid}`);
  const page = await answerPageWithTrail(env, aid, cmid, Date.now());
  if (page.kind !== "ok") return json(page, { status: 404, headers: cacheHeaders(404) });
  // an answer in the adult category asks its reader to confirm his age first, as its question does
  const { session, reader } = await pageReader(context, request);
  adultGateUnless(!categoryClosed(reader, await getCategoryTree(env), page.question.categoryId), request, session !== null);
  return json({ ...page, canonical: `${originOf(request)}/answer/${aid}` }, { headers: cacheHeaders() });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (data?.kind === "unwatch" || data?.kind === "reaction") return pageMeta({ title: "Ответы", noindex: true });
  if (data?.kind !== "ok") return pageMeta({ title: "Ответ не найден — Ответы", noindex: true });
  return pageMeta({ title: data.question.qtext, description: data.answer.text, canonical: data.canonical, noindex: true });
};

export default function AnswerSubRoute() {
  const data = useLoaderData<typeof loader>();
  if (data.kind === "unwatch") return <UnwatchPage qid={data.qid} kind="C" done={data.done} watching={data.state !== "none"} />;
  if (data.kind === "reaction") return <AnswerReactionPage aid={data.aid} kind={data.reaction} done={data.done} />;
  if (data.kind === "missing") return <QuestionMissing />;
  if (data.kind === "deleted") return <QuestionDeleted question={null} trail={data.trail} />;
  return <AnswerPageView {...data} />;
}
