import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AnswerPageView } from "../components/answer-page";
import { QuestionDeleted, QuestionMissing } from "../components/question-gone";
import { parseId } from "../lib/params";
import { originOf, pageMeta } from "../lib/seo";
import { answerPageResponse, missingResponse } from "../models/questions/answer-route.server";

export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const aid = parseId(params.aid);
  if (aid === null) return missingResponse();
  return answerPageResponse(context.cloudflare.env.DB, aid, null, `${originOf(request)}/answer/${aid}`);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (data?.kind !== "ok") return pageMeta({ title: "Ответ не найден — Ответы", noindex: true });
  return pageMeta({ title: data.question.qtext, description: data.answer.text, canonical: data.canonical, type: "article" });
};

export default function AnswerRoute() {
  const data = useLoaderData<typeof loader>();
  if (data.kind === "missing") return <QuestionMissing />;
  if (data.kind === "deleted") return <QuestionDeleted question={data.question} trail={data.trail} />;
  return <AnswerPageView {...data} />;
}
