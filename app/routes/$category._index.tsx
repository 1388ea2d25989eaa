import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { BrandPageView } from "../components/brand-page";
import { ListPage } from "../components/list-page";
import { pageMeta } from "../lib/seo";
import { brandPageResponse } from "../models/brands/brand-route.server";
import { questionListResponse } from "../models/questions/list-route.server";

export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

/** A category's list, or the brand page when the urlname is a brand's (app/models/brand-route.server.ts). */
export const loader = async (args: LoaderFunctionArgs) =>
  (await brandPageResponse(args, args.params.category ?? "")) ?? questionListResponse(args.request, args.context.cloudflare.env.DB, args.params.category ?? "");

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (data && "kind" in data) {
    return pageMeta({ title: `${data.brand.name} — вопросы экспертам — Ответы`, description: data.brand.personText || undefined, canonical: data.canonical });
  }
  return pageMeta({
    title: data?.category ? `${data.category.name}${data.tabTitle ? ` — ${data.tabTitle}` : ""} — Ответы` : "Ответы",
    description: data?.category ? `Вопросы и ответы в категории «${data.category.name}»` : undefined,
    canonical: data?.canonical,
  });
};

export default function CategoryRoute() {
  const data = useLoaderData<typeof loader>();
  if ("kind" in data) return <BrandPageView data={data} />;
  return <ListPage data={data} heading={data.category?.name ?? "Вопросы"} />;
}
