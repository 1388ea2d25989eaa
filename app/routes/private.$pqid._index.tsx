import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { NotFound } from "../components/not-found";
import { PrivateQuestionDeleted, PrivateQuestionPage } from "../components/private-question-page";
import { pageMeta } from "../lib/seo";
import { privatePageResponse } from "../models/brands/private-route.server";
import { viewerSession } from "../models/users/session.server";

export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

/** /private/{pqid}: a private question to a brand, for its asker and the brand's members only. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const session = await viewerSession(context, request);
  return privatePageResponse(context.cloudflare.env, session?.user.id ?? null, params.pqid);
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({
    title: data?.kind === "ok" ? `${data.question.qtext} — Ответы` : data?.kind === "deleted" ? "Вопрос удален — Ответы" : "Вопрос не найден — Ответы",
    noindex: true,
  });

export default function PrivateQuestionRoute() {
  const data = useLoaderData<typeof loader>();
  if (data.kind === "missing") return <NotFound text="Вопрос не найден" />;
  if (data.kind === "deleted") return <PrivateQuestionDeleted question={data.question} />;
  return <PrivateQuestionPage data={data} />;
}
