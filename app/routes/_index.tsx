import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ListPage } from "../components/list-page";
import { pageMeta } from "../lib/seo";
import { questionListResponse } from "../models/questions/list-route.server";

export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

export const loader = ({ request, context }: LoaderFunctionArgs) => questionListResponse(request, context.cloudflare.env.DB);

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({
    title: "Ответы — вопросы и ответы на любые темы",
    description: "Задавайте вопросы и получайте ответы от людей: тысячи вопросов в десятках категорий.",
    canonical: data?.canonical,
  });

export default function Index() {
  return <ListPage data={useLoaderData<typeof loader>()} heading="Новые вопросы" />;
}
