import { json, redirect, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { cacheHeaders, PRIVATE_PAGE } from "../lib/http.server";
import { safeReturn } from "../lib/return-to";
import { pageMeta } from "../lib/seo";
import { readerIsAdult } from "../models/users/adult.server";
import { viewerSession } from "../models/users/session.server";
import sections from "../styles/sections.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: sections }];
export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

/**
 * /adult?return={path}: the adult gate. The adult category and its questions send a reader who has
 * not confirmed his age here. "Да" posts `iamadult` through the form door (stored for a signed-in
 * user, a cookie for a guest) and goes back to `return`; "Нет" goes back to the page he came from
 * on this site (with script), or home. A reader who has already
 * confirmed goes straight back. A plain page with a form, so it works without JavaScript; the page
 * is the same for every guest who has not confirmed, so it may be cached.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const returnTo = safeReturn(url.searchParams.get("return"), url.origin);
  const session = await viewerSession(context, request);
  const headers = session ? PRIVATE_PAGE : cacheHeaders();
  if (readerIsAdult(request, session)) throw redirect(returnTo, { headers });
  return json({ returnTo }, { headers });
}

export const meta: MetaFunction = () => pageMeta({ title: "Только для взрослых — Ответы", noindex: true });

export default function AdultGate() {
  const { returnTo } = useLoaderData<typeof loader>();
  return (
    <main className="page">
      <dialog open className="card adult-gate" aria-labelledby="adult-title" aria-describedby="adult-text" data-testid="adult-gate">
        <h1 id="adult-title">Только для взрослых</h1>
        <p id="adult-text">
          В этом разделе вопросы для тех, кому исполнилось 18 лет. Подтвердите, что вам есть 18, чтобы их читать. Мы запомним ответ в этом браузере, а если вы
          вошли на сайт — в вашем профиле.
        </p>
        <form method="post" action={`/do/iamadult?return=${encodeURIComponent(returnTo)}`} className="adult-actions">
          <button className="btn btn-ask" type="submit" data-testid="adult-yes">
            Да, мне есть 18 лет
          </button>
          {/* home without script; with it, back to the page he came from (app/islands/adult-refusal.ts) */}
          <a className="btn" href="/" data-testid="adult-no" data-adult-no="">
            Нет, мне нет 18
          </a>
        </form>
      </dialog>
    </main>
  );
}
