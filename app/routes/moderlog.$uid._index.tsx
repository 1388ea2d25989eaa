import type { HeadersArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ModerlogPage } from "../components/moderlog-page";
import { pageMeta } from "../lib/seo";
import { moderlogResponse } from "../models/moderation/moderlog.server";

/** /moderlog/id{id}: the moderation log (moderlog.$uid.$tab.tsx is the same page for the other tabs). */
export const headers = ({ loaderHeaders, errorHeaders }: HeadersArgs) => errorHeaders ?? loaderHeaders;

export const loader = (args: LoaderFunctionArgs) => moderlogResponse(args);

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({ title: data ? `Журнал модерации: ${data.owner.nick} — Ответы` : "Страница не найдена — Ответы", noindex: true });

export default function ModerlogRoute() {
  const data = useLoaderData<typeof loader>();
  return <ModerlogPage {...data} />;
}
