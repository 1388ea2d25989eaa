import { json, redirect, type HeadersArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ProfileHidden, ProfilePageView } from "../components/profile-page";
import { cacheHeaders, notFoundUnless, PRIVATE_PAGE } from "../lib/http.server";
import { levelById } from "../lib/levels";
import { parseOffset } from "../lib/params";
import { ANSWER, countOf, POINT } from "../lib/plural";
import { originOf, pageMeta } from "../lib/seo";
import { moderOnPage } from "../models/moderation/on-page.server";
import { quotaUsage } from "../models/core/hub.server";
import { isOwnerOnly, loadProfilePage, parseProfilePath, profileNav, profilePath } from "../models/users/profile.server";
import { readerIsAdult } from "../models/users/adult.server";
import { viewerSession } from "../models/users/session.server";
import { pageAds } from "../models/ads/house-ads.server";

export const headers = ({ loaderHeaders, errorHeaders }: HeadersArgs) => errorHeaders ?? loaderHeaders;

/**
 * The user profile /profile/id{userid}[/{tab}[/{sub}]] (the tab and sub arrive through
 * profile.$uid.$tab.($sub).tsx; docs/decisions/0011-profile-page.md): 404 for a bad id, tab, sub
 * or a too-deep offset; a malformed offset redirects to the clean path. Guests' pages may be
 * shared-cached; a signed-in reader's (the owner's above all) are private. D1: the session
 * (signed-in only) and one batch.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const now = Date.now();
  const path = parseProfilePath(params.uid, params.tab, params.sub);
  notFoundUnless(path, cacheHeaders(404));
  const base = profilePath(path.uid, path.view);
  const offset = parseOffset(new URL(request.url).searchParams);
  if (!offset.ok) {
    notFoundUnless(offset.reason !== "too-far", cacheHeaders(404));
    throw redirect(base);
  }
  const session = await viewerSession(context, request);
  const page = await loadProfilePage(context.cloudflare.env, session?.user ?? null, path.uid, path.view, offset.value, now, readerIsAdult(request, session));
  const headers = session ? PRIVATE_PAGE : cacheHeaders();
  if (page.kind === "redirect") throw redirect(page.to, { headers: { "Cache-Control": "no-store" } });
  notFoundUnless(page.kind !== "missing", session ? headers : cacheHeaders(404));
  if (page.kind === "hidden") return json({ ...page, now }, { headers });
  // the owner's daily limits come from his UserHub, asked beside the moderator's facts
  const [viewer, limits, ads] = await Promise.all([
    moderOnPage(context.cloudflare.env, session),
    page.isOwner && session ? quotaUsage(context.cloudflare.env, session.user, now) : null,
    pageAds(context.cloudflare.env, "profile", now, { inList: true }),
  ]);
  return json(
    {
      ...page,
      now,
      viewer,
      limits,
      ads,
      url: `${originOf(request)}/profile/id${path.uid}`,
      nav: profileNav(path.uid, path.view, page.isOwner),
      next: page.more ? `${base}?p=${offset.value + page.step}` : null,
      canonical: `${originOf(request)}${base}${offset.value ? `?p=${offset.value}` : ""}`,
      noindex: isOwnerOnly(path.view),
    },
    { headers },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return pageMeta({ title: "Страница не найдена — Ответы", noindex: true });
  if (data.kind === "hidden") return pageMeta({ title: `${data.user.nick}: личный кабинет скрыт — Ответы`, noindex: true });
  const u = data.user;
  const level = levelById(u.lvl).name;
  return pageMeta({
    title: `${u.nick} — ${level} — Ответы`,
    description: `${u.nick}: ${level}, ${countOf(u.points, POINT)}, ${countOf(u.answersCount, ANSWER)}, КПД ${u.kpd}%.`,
    canonical: data.canonical,
    type: "profile",
    noindex: data.noindex,
  });
};

export default function ProfileRoute() {
  const data = useLoaderData<typeof loader>();
  if (data.kind === "hidden") return <ProfileHidden user={data.user} />;
  return (
    <ProfilePageView
      user={data.user}
      view={data.view}
      isOwner={data.isOwner}
      list={data.list}
      nav={data.nav}
      next={data.next}
      now={data.now}
      url={data.url}
      offset={data.offset}
      relation={data.relation}
      ads={data.ads}
    />
  );
}
