import { json, redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PremodList } from "../components/premod-list";
import { PRIVATE_PAGE } from "../lib/http.server";
import { LIMITS } from "../lib/limits";
import { parseOffset } from "../lib/params";
import { signInUrl } from "../lib/return-to";
import { pageMeta } from "../lib/seo";
import { brandQueueOpen, findPlace, isPremodKind, premodList } from "../models/moderation/premoderation.server";
import { viewerSession } from "../models/users/session.server";

export const meta = () => pageMeta({ title: "Премодерация — Ответы", noindex: true });

/**
 * /{urlname}/premoderation/{questions|answers|comments}: the premoderation list of a category or a
 * brand, 20 a page. A brand's queue is 404 for anyone but its administrators and the moderators
 * (checked first, before a guest is sent to sign in). A category's: guests sign in first;
 * moderators and the brand's admins see every item and decide, anyone else sees his own items (docs/decisions/0016-abuse-and-premoderation.md).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const kind = params.kind ?? "";
  if (!isPremodKind(kind)) throw new Response("Not found", { status: 404 });
  const url = new URL(request.url);
  const env = context.cloudflare.env;
  const now = Date.now();
  const [session, place] = await Promise.all([viewerSession(context, request), findPlace(env, params.category ?? "", now)]);
  if (!place) throw new Response("Not found", { status: 404, headers: PRIVATE_PAGE });
  // a brand's queue is its administrators' and the moderators': anyone else, a guest too, gets 404 before any redirect
  if (place.kind === "brand" && !(await brandQueueOpen(env, session?.user ?? null, place.id, now)))
    throw new Response("Not found", { status: 404, headers: PRIVATE_PAGE });
  if (!session) throw redirect(signInUrl(url.pathname + url.search), { headers: { "Cache-Control": "no-store" } });
  const base = `/${place.urlname}/premoderation/${kind}`;
  const offset = parseOffset(url.searchParams);
  if (!offset.ok) {
    if (offset.reason === "too-far") throw new Response("Not found", { status: 404 });
    throw redirect(base);
  }
  const list = await premodList(env, session.user, place, kind, offset.value, now, LIMITS.pageSize);
  return json(
    {
      place,
      kind,
      now,
      items: list.items,
      all: list.all,
      next: list.more ? `${base}?p=${offset.value + LIMITS.pageSize}` : null,
      back: url.pathname + url.search,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function PremoderationRoute() {
  const d = useLoaderData<typeof loader>();
  return <PremodList place={d.place} kind={d.kind} items={d.items} all={d.all} next={d.next} now={d.now} back={d.back} />;
}
