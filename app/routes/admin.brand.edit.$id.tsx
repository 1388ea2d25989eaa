import { json, type HeadersArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { BrandEditPageView } from "../components/brand-edit-page";
import { notFoundUnless, PRIVATE_PAGE } from "../lib/http.server";
import { parseId } from "../lib/params";
import { pageMeta } from "../lib/seo";
import { loadBrandEdit } from "../models/brands/brand-edit.server";
import { viewerSession } from "../models/users/session.server";

/** /admin/brand/edit/{id}: the brand edit page for god-level users; 404 for everyone else, as for an unknown brand. */
export const headers = ({ loaderHeaders, errorHeaders }: HeadersArgs) => errorHeaders ?? loaderHeaders;

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const id = parseId(params.id);
  notFoundUnless(id !== null, PRIVATE_PAGE);
  const session = await viewerSession(context, request);
  const data = await loadBrandEdit(context.cloudflare.env, session, id);
  notFoundUnless(data, PRIVATE_PAGE);
  return json({ ...data, now: Date.now(), saved: new URL(request.url).searchParams.get("saved") === "1" }, { headers: PRIVATE_PAGE });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta({ title: `${data?.brand.name ?? "Бренд"} — редактирование — Ответы`, noindex: true });

export default function BrandEditRoute() {
  const data = useLoaderData<typeof loader>();
  return <BrandEditPageView data={data} />;
}
