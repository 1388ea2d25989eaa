import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ListPage } from "../components/list-page";
import { cacheHeaders, notFoundUnless } from "../lib/http.server";
import { LIMITS } from "../lib/limits";
import { parseOffset } from "../lib/params";
import { pageMeta } from "../lib/seo";
import { getCategoryTree } from "../models/categories/categories.server";
import { loadQuestionList } from "../models/questions/lists.server";

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
  const { more, ...list } = await loadQuestionList(env, tree, { category: null, tab: null }, offset.value);
  return json(
    {
      now,
      ...list,
      next: more ? `/?p=${offset.value + LIMITS.pageSize}` : null,
      offset: offset.value,
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
