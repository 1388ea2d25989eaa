import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ListPage } from "../components/list-page";
import { pageMeta } from "../lib/seo";
import { questionListResponse } from "../models/list-route.server";

export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

export const loader = ({ request, params, context }: LoaderFunctionArgs) =>
  questionListResponse(request, context.cloudflare.env.DB, params.category ?? "");

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({
    title: data?.category ? `${data.category.name}${data.tabTitle ? ` — ${data.tabTitle}` : ""} — Ответы` : "Ответы",
    description: data?.category ? `Вопросы и ответы в категории «${data.category.name}»` : undefined,
    canonical: data?.canonical,
  });

export default function CategoryRoute() {
  const data = useLoaderData<typeof loader>();
  return <ListPage data={data} heading={data.category?.name ?? "Вопросы"} />;
}
