import { json, redirect, type HeadersArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ModerlogPage } from "../components/moderlog-page";
import { notFoundUnless, PRIVATE_PAGE } from "../lib/http.server";
import { LIMITS } from "../lib/limits";
import { isModerlogTab, MODERLOG_TAB_ORDER } from "../lib/moderation";
import { parseOffset, parsePrefixedId } from "../lib/params";
import { pageMeta } from "../lib/seo";
import { loadModerator } from "../models/moderation/moderation.server";
import { moderlogOwner, moderlogPage, moderlogPath } from "../models/moderation/moderlog.server";
import { viewerSession } from "../models/users/session.server";
import { pageAds } from "../models/ads/house-ads.server";

export const headers = ({ loaderHeaders, errorHeaders }: HeadersArgs) => errorHeaders ?? loaderHeaders;

/**
 * /moderlog/id{id}[/{tab}]: moderator {id}'s log, one tab per kind of action
 * (docs/decisions/0015-moderation.md). 404 for a guest, a non-moderator, a bad id or tab, or an
 * unknown user; never cached. The viewer's own permissions decide the restore buttons.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const id = parsePrefixedId(params.uid, "id");
  const tab = params.tab ?? "questions";
  notFoundUnless(id !== null && isModerlogTab(tab), PRIVATE_PAGE);
  const session = await viewerSession(context, request);
  const env = context.cloudflare.env;
  const moder = session ? await loadModerator(env, session.user.id) : null;
  notFoundUnless(moder, PRIVATE_PAGE);
  const base = moderlogPath(id, tab);
  const offset = parseOffset(new URL(request.url).searchParams);
  if (!offset.ok) {
    notFoundUnless(offset.reason !== "too-far", PRIVATE_PAGE);
    throw redirect(base);
  }
  const owner = await moderlogOwner(env, id);
  notFoundUnless(owner, PRIVATE_PAGE);
  const now = Date.now();
  const [{ items, more }, ads] = await Promise.all([moderlogPage(env, id, tab, offset.value), pageAds(env, "moderlog", now)]);
  return json(
    {
      owner,
      tab,
      tabs: MODERLOG_TAB_ORDER.map((t) => ({ tab: t, href: moderlogPath(id, t) })),
      items,
      back: `${base}${offset.value ? `?p=${offset.value}` : ""}`,
      next: more ? `${base}?p=${offset.value + LIMITS.pageSize}` : null,
      can: { qstrestore: moder.permissions.includes("qstrestore"), ansrestore: moder.permissions.includes("ansrestore") },
      ads,
      now,
    },
    { headers: PRIVATE_PAGE },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({ title: data ? `Журнал модерации: ${data.owner.nick} — Ответы` : "Страница не найдена — Ответы", noindex: true });

export default function ModerlogRoute() {
  const data = useLoaderData<typeof loader>();
  return <ModerlogPage {...data} />;
}
