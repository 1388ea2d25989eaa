import { json, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Links, Meta, Outlet, isRouteErrorResponse, useLocation, useMatches, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { PageFactsContext, pageFactsOf } from "./components/page-facts";
import { viewerSession } from "./models/users/session.server";
import { tourOffer, tourPending } from "./models/users/tours.server";
import { userHub } from "./models/core/hub.server";
import { SessionMeta, SiteShell } from "./components/site-shell";
import { LeftColumn, pageKindOf, RightColumn } from "./components/columns";
import { EXCLUDED_FROM_DROPDOWN, getCategoryTree } from "./models/categories/categories.server";
import { seasonOf } from "./lib/shell";
import { NotFound } from "./components/not-found";
import styles from "./styles/site.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // installable: the web app manifest and the home-screen icon of iOS, which reads no manifest icons
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

/**
 * The toolbar's data: the signed-in user (guests have no session cookie and cost no query), the
 * categories of the drop-down (the isolate keeps the tree, so this is rarely a query) and the
 * logo of the day.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const now = Date.now();
  const [session, tree] = await Promise.all([viewerSession(context, request), getCategoryTree(env, now)]);
  const [bell, tour] = await Promise.all([
    session?.user.bell?.on ? bellState(env, session.user.id, session.user.bell) : null,
    // a user with a tour due is offered it on every page but the tour's own; others cost nothing
    session && tourPending(session.user) && !new URL(request.url).pathname.startsWith("/tour/") ? tourOffer(env, session.user) : null,
  ]);
  // the drop-down leaves out hidden categories and the two kept out of every drop-down; a signed-in
  // user's favourite categories (of any depth) come first, then the other top-level ones
  const favs = (session?.user.favs ?? []).map((id) => tree.byId.get(id)).filter((c) => c !== undefined && !c.hidden);
  const favIds = new Set(favs.map((c) => c!.id));
  const categories = [
    ...favs.map((c) => ({ name: c!.name, href: `/${c!.urlname}/`, fav: true })),
    ...tree.top.filter((c) => !c.hidden && !EXCLUDED_FROM_DROPDOWN.has(c.id) && !favIds.has(c.id)).map((c) => ({ name: c.name, href: `/${c.urlname}/` })),
  ];
  return json({
    user: session
      ? {
          id: session.user.id,
          nick: session.user.nick,
          filin: session.user.filin ?? null,
          salt: session.salt,
          token: session.token,
          favs: favs.map((c) => c!.urlname),
        }
      : null,
    bell,
    tour,
    categories,
    season: seasonOf(now),
  });
}

/**
 * The toolbar bell (bell.island.tsx): shown when the user's notify flag is 1 (read with the
 * session), with the unread count from his UserHub.
 */
async function bellState(env: Env, userId: number, prefs: { interval: number; sound: boolean }) {
  const unread = await userHub(env, userId)
    .unread()
    .catch(() => 0);
  return { unread, interval: prefs.interval, sound: prefs.sound };
}

/**
 * The document. It renders no Remix client scripts: pages work as plain HTML (links and forms),
 * and the interactive islands bring their own small entry (app/islands/island.tsx). A signed-in
 * user's page (never cached) carries the session's API salt and token for the islands' calls.
 */
export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const matches = useMatches();
  const facts = pageFactsOf(matches, useLocation().pathname);
  const user = data?.user ?? null;
  const categories = data?.categories ?? [];
  const place = pageKindOf(matches);
  const left = place ? <LeftColumn place={place} user={user} categories={categories} /> : null;
  const right = place ? <RightColumn place={place} user={user} categories={categories} /> : null;
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b64b5" />
        <Meta />
        {data?.user ? <SessionMeta id={data.user.id} salt={data.user.salt} token={data.user.token} /> : null}
        <Links />
      </head>
      <body>
        <PageFactsContext.Provider value={facts}>
          <SiteShell user={user} bell={data?.bell ?? null} tour={data?.tour ?? null} categories={categories} season={data?.season ?? null}>
            <div className={`layout${place ? " layout-columns" : ""}`}>
              {children}
              {left}
              {right}
            </div>
          </SiteShell>
        </PageFactsContext.Provider>
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <title>Страница не найдена — Ответы</title>
        <NotFound />
      </>
    );
  }
  return (
    <>
      <title>Ошибка — Ответы</title>
      <main className="page">
        <h1>Что-то пошло не так</h1>
        <p>Попробуйте перезагрузить страницу чуть позже.</p>
        <p>
          <a href="/">На главную</a>
        </p>
      </main>
    </>
  );
}
