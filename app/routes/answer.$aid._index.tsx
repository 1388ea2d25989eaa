import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { categoryClosed } from "../models/core/visibility.server";
import { pageReader } from "../models/users/reader.server";
import { getCategoryTree } from "../models/categories/categories.server";
import { AnswerPageView } from "../components/answer-page";
import { QuestionDeleted, QuestionMissing } from "../components/question-gone";
import { adultGateUnless, cacheHeaders } from "../lib/http.server";
import { parseId } from "../lib/params";
import { originOf, pageMeta } from "../lib/seo";
import { answerPageWithTrail } from "../models/questions/question-page.server";

import { pageAds } from "../models/ads/house-ads.server";

export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

/** /answer/{aid}: one answer under its question's header, with all of its comments; a gone one is a 404 page. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const aid = parseId(params.aid);
  if (aid === null) return json({ kind: "missing" as const, now: Date.now() }, { status: 404, headers: cacheHeaders(404) });
  const now = Date.now();
  const [page, ads] = await Promise.all([answerPageWithTrail(context.cloudflare.env, aid, null, now), pageAds(context.cloudflare.env, "answer", now)]);
  if (page.kind !== "ok") return json(page, { status: 404, headers: cacheHeaders(404) });
  // an answer in the adult category asks its reader to confirm his age first, as its question does
  const { session, reader } = await pageReader(context, request);
  adultGateUnless(!categoryClosed(reader, await getCategoryTree(context.cloudflare.env), page.question.categoryId), request, session !== null);
  return json({ ...page, ads, canonical: `${originOf(request)}/answer/${aid}` }, { headers: cacheHeaders() });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (data?.kind !== "ok") return pageMeta({ title: "Ответ не найден — Ответы", noindex: true });
  return pageMeta({ title: data.question.qtext, description: data.answer.text, canonical: data.canonical, type: "article" });
};

export default function AnswerRoute() {
  const data = useLoaderData<typeof loader>();
  if (data.kind === "missing") return <QuestionMissing />;
  if (data.kind === "deleted") return <QuestionDeleted question={null} trail={data.trail} />;
  return <AnswerPageView {...data} />;
}
