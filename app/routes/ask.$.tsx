import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AskPage, askGroups, type AskPageData } from "../components/ask-page";
import { parseAskPath } from "../lib/ask-path";
import { notFoundUnless } from "../lib/http.server";
import { signInUrl } from "../lib/return-to";
import { pageMeta } from "../lib/seo";
import { canAsk } from "../models/questions/ask.server";
import { findBrand } from "../models/brands/brands.server";
import { EXCLUDED_FROM_DROPDOWN, getCategoryTree } from "../models/categories/categories.server";
import { quotaUsage } from "../models/core/hub.server";
import { viewerSession } from "../models/users/session.server";
import { loader as askIndexLoader } from "./ask._index";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({ title: data && !data.guest && data.brand ? "Задать вопрос эксперту — Ответы" : "Задать вопрос — Ответы", noindex: true });

/**
 * The ask paths (app/lib/ask-path.ts): /ask/{text}[/cid-{cid}[/rs-{source}]], mention-{who}, and
 * the private forms /ask/private-{bid}, /ask/%20/private-{bid}, /ask/{text}/private-{bid} (the
 * three-segment ones arrive through ask.$text.$sub.tsx). The private ones show the ask form as
 * 'Задать вопрос эксперту' with no tabs and the 'Пользователи также могут ответить' option
 * (askbrand; with the option, a public question tagged for the brand); the others are the /ask
 * page prefilled. Malformed paths and unknown brands are 404.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { request, context } = args;
  const url = new URL(request.url);
  const path = parseAskPath(url.pathname.replace(/^\/ask\/?/, ""));
  notFoundUnless(path);
  const headers = { "Cache-Control": "private, no-store" };
  const signIn = signInUrl(url.pathname + url.search);
  const extra = { source: path.source, mention: path.mention, back: url.pathname };

  if (path.bid === null) {
    // the /ask page itself, prefilled from the path
    const q = new URLSearchParams();
    if (path.text) q.set("q", path.text);
    if (path.cid !== null) q.set("cid", String(path.cid));
    const base = await askIndexLoader({ ...args, request: new Request(`${url.origin}/ask?${q}`, request) });
    const data = (await base.json()) as AskPageData;
    return json<AskPageData>(data.guest ? { guest: true, signIn } : { ...data, ...extra }, { headers });
  }

  const env = context.cloudflare.env;
  const brand = await findBrand(env, { id: path.bid });
  notFoundUnless(brand);
  const session = await viewerSession(context, request);
  if (!session) return json<AskPageData>({ guest: true, signIn }, { headers });
  const now = Date.now();
  const [tree, limits, may] = await Promise.all([getCategoryTree(env, now), quotaUsage(env, session.user, now), canAsk(env, session, now)]);
  const left = limits.DIQ.left;
  return json<AskPageData>(
    {
      guest: false,
      groups: askGroups(tree, EXCLUDED_FROM_DROPDOWN),
      text: path.text,
      // the brand's category for the public variant
      cid: path.cid ?? brand.categoryId,
      subcid: null,
      brand: { bid: brand.id, name: brand.name },
      canask: !session.user.banned && left > 0 ? 1 : 0,
      asksLeft: left,
      note: `Вопрос эксперту бесплатный. Сегодня можно задать ещё: ${left}. Открытый вопрос стоит 5 баллов, у вас ${may.points}.`,
      ...extra,
    },
    { headers },
  );
}

export default function AskPath() {
  return <AskPage data={useLoaderData<typeof loader>() as AskPageData} />;
}
