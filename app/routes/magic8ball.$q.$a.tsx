import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { MagicBallPage } from "../components/magic-ball-page";
import { cacheHeaders, notFoundUnless } from "../lib/http.server";
import { ballAnswer, ballPath, ballQuestion } from "../lib/magic-ball";
import { originOf, pageMeta } from "../lib/seo";

export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

/**
 * The share page of the magic ball: a question and the number of the ball's answer. Anything the
 * ball would not have answered (an empty or too long question, an unknown number) is 404. The
 * page is the same for everyone and cached like other guest pages; its text is the sharer's, so it
 * is kept out of search engines.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  const q = ballQuestion(params.q ?? "");
  const answer = ballAnswer(params.a ?? "");
  notFoundUnless(q.ok && answer, cacheHeaders(404));
  const url = `${originOf(request)}${ballPath(q.text, Number(params.a))}`;
  return json({ answered: { question: q.text, answer, url } }, { headers: cacheHeaders() });
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({
    title: data ? `«${data.answered.question}» — ${data.answered.answer}` : "Магический шар — Ответы",
    description: "Ответ магического шара. Задайте ему свой вопрос.",
    canonical: data?.answered.url,
    noindex: true,
  });

export default function MagicBallShare() {
  const { answered } = useLoaderData<typeof loader>();
  return <MagicBallPage answered={answered} refused={null} />;
}
