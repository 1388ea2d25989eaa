import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { MagicBallPage } from "../components/magic-ball-page";
import { ERRORS } from "../lib/errors";
import { cacheHeaders, PRIVATE_PAGE } from "../lib/http.server";
import { ballPath, ballQuestion, drawAnswer } from "../lib/magic-ball";
import { originOf, pageMeta } from "../lib/seo";

export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

/**
 * The seasonal page that hosts the magic ball. With a question (?q=) the ball answers: a random
 * answer, and the reader goes to the share page of his question and that answer; a missing or too
 * long question shows the form again with the refusal (400).
 */
export function loader({ request }: LoaderFunctionArgs) {
  const raw = new URL(request.url).searchParams.get("q");
  const canonical = `${originOf(request)}/newyear/`;
  if (raw === null) return json({ canonical, refused: null }, { headers: cacheHeaders() });
  const q = ballQuestion(raw);
  if (!q.ok) {
    const { status, text } = ERRORS[q.err];
    return json({ canonical, refused: { question: raw.slice(0, 1000), error: text, errid: q.err } }, { status, headers: PRIVATE_PAGE });
  }
  const uniform = crypto.getRandomValues(new Uint32Array(1))[0] / 2 ** 32;
  throw redirect(ballPath(q.text, drawAnswer(uniform)), { headers: PRIVATE_PAGE });
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({
    title: "Магический шар — Ответы",
    description: "Задайте магическому шару вопрос, на который можно ответить «да» или «нет».",
    canonical: data?.canonical,
  });

export default function NewYear() {
  const { refused } = useLoaderData<typeof loader>();
  return <MagicBallPage answered={null} refused={refused} />;
}
