import { json, redirect, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ListPage } from "../components/list-page";
import { cacheHeaders, notFoundUnless } from "../lib/http.server";
import { LIMITS } from "../lib/limits";
import { parseId, parseOffset } from "../lib/params";
import { pageMeta } from "../lib/seo";
import { getCategoryTree } from "../models/categories/categories.server";
import { loadQuestionList } from "../models/questions/lists.server";
import { readerIsAdult } from "../models/users/adult.server";
import { pageAds } from "../models/ads/house-ads.server";
import { leadersBlock } from "../models/users/leaders.server";
import { leaderQuestionsBlock } from "../models/categories/category-reads.server";
import { viewerSession } from "../models/users/session.server";

import sections from "../styles/sections.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: sections }];
export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

/** The home page: all questions, newest first; a too-deep offset is 404, a malformed one redirects to /. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const now = Date.now();
  const url = new URL(request.url);
  const tree = await getCategoryTree(env, now);
  const offset = parseOffset(url.searchParams);
  if (!offset.ok) {
    notFoundUnless(offset.reason !== "too-far");
    throw redirect("/");
  }
  // adult questions are listed only for a reader who confirmed his age
  const adultOk = readerIsAdult(request, await viewerSession(context, request));
  const [{ more, ...list }, leaders, leadQuestions, ads] = await Promise.all([
    loadQuestionList(env, tree, { category: null, tab: null }, offset.value, { now, adultOk }),
    leadersBlock(env, null, now),
    leaderQuestionsBlock(env, tree, now, adultOk),
    pageAds(env, "index", now, { inList: true }),
  ]);
  return json(
    {
      now,
      ...list,
      leaders,
      leadQuestions,
      ads,
      next: more ? `/?p=${offset.value + LIMITS.pageSize}` : null,
      offset: offset.value,
      newAfter: parseId(url.searchParams.get("new")),
      canonical: `${url.origin}/${offset.value ? `?p=${offset.value}` : ""}`,
    },
    { headers: cacheHeaders() },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({
    title: "Ответы — вопросы и ответы на любые темы",
    description: "Задавайте вопросы и получайте ответы от людей: тысячи вопросов в десятках категорий.",
    canonical: data?.canonical,
  });

export default function Index() {
  return <ListPage data={useLoaderData<typeof loader>()} heading="Новые вопросы" />;
}
