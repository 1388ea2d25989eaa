import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AskPage, askGroups, type AskPageData } from "../components/ask-page";
import { LIMITS } from "../lib/limits";
import { countOf, POINT } from "../lib/plural";
import { signInUrl } from "../lib/return-to";
import { pageMeta } from "../lib/seo";
import { EXCLUDED_FROM_DROPDOWN, getCategoryTree } from "../models/categories/categories.server";
import { ASK_COST, canAsk } from "../models/questions/ask.server";
import { readCatBrands } from "../models/categories/category-reads.server";
import { viewerSession } from "../models/users/session.server";

export const meta = () => pageMeta({ title: "Задать вопрос — Ответы", noindex: true });

/**
 * The ask page: the ask-form island (components/ask-page.tsx) prefilled from ?q= (the quick-ask
 * box, up to 1000 characters), ?cid= and ?subcid=. Guests get the sign-in dialog (without
 * JavaScript, a redirect to the sign-in page).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await viewerSession(context, request);
  const url = new URL(request.url);
  const headers = { "Cache-Control": "private, no-store" };
  if (!session) return json<AskPageData>({ guest: true, signIn: signInUrl(url.pathname + url.search) }, { headers });
  const env = context.cloudflare.env;
  const [tree, may, brands] = await Promise.all([getCategoryTree(env), canAsk(env, session, Date.now()), readCatBrands(env)]);
  const asksLeft = may.limits.ASK?.left ?? 0;
  const page: AskPageData = {
    guest: false,
    groups: askGroups(tree, EXCLUDED_FROM_DROPDOWN, brands.catbrands),
    text: Array.from(url.searchParams.get("q") ?? "")
      .slice(0, LIMITS.quickAsk)
      .join(""),
    cid: Number(url.searchParams.get("cid")) || null,
    subcid: Number(url.searchParams.get("subcid")) || null,
    canask: may.canask,
    note: `Вопрос стоит ${countOf(ASK_COST, POINT)}, у вас ${session.user.points}. Сегодня можно задать ещё: ${asksLeft}.`,
    back: url.pathname + url.search,
    asksLeft,
    limits: may.limits,
  };
  return json(page, { headers });
}

export default function Ask() {
  return <AskPage data={useLoaderData<typeof loader>() as AskPageData} />;
}
