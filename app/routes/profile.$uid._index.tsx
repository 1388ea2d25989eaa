import type { HeadersArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ProfileHidden, ProfilePageView } from "../components/profile-page";
import { levelById } from "../lib/levels";
import { ANSWER, countOf, POINT } from "../lib/plural";
import { pageMeta } from "../lib/seo";
import { profileResponse } from "../models/users/profile.server";

/** /profile/id{userid}; profile.$uid.$tab._index.tsx and profile.$uid.$tab.$sub.tsx are the same page. */
export const headers = ({ loaderHeaders, errorHeaders }: HeadersArgs) => errorHeaders ?? loaderHeaders;

export const loader = (args: LoaderFunctionArgs) => profileResponse(args);

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
  return <ProfilePageView user={data.user} view={data.view} isOwner={data.isOwner} list={data.list} nav={data.nav} next={data.next} now={data.now} />;
}
