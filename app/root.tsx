import { json, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Links, Meta, Outlet, isRouteErrorResponse, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { viewerSession } from "./models/session.server";
import { SiteShell } from "./components/site-shell";
import { NotFound } from "./components/not-found";
import styles from "./styles/site.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** The signed-in user for the toolbar (guests have no session cookie and cost no query). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await viewerSession(context, request);
  return json({ user: session ? { id: session.user.id, nick: session.user.nick, salt: session.salt, token: session.token } : null });
}

/**
 * The document. It renders no Remix client scripts: pages work as plain HTML (links and forms),
 * and the interactive islands bring their own small entry (app/islands/island.tsx). A signed-in
 * user's page (never cached) carries the session's API salt and token for the islands' calls.
 */
export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {data?.user ? <meta name="otv-session" content={JSON.stringify({ id: data.user.id, salt: data.user.salt, token: data.user.token })} /> : null}
        <Links />
      </head>
      <body>
        <SiteShell user={data?.user ?? null}>{children}</SiteShell>
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
