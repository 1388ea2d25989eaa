import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CallForm } from "../components/forms";
import { TourPlainPage } from "../components/tour";
import { safeReturn, signInUrl } from "../lib/return-to";
import { pageMeta } from "../lib/seo";
import { TOUR_PAGES, TOURS, type TourName } from "../lib/tours";
import { viewerSession } from "../models/users/session.server";
import { tourFacts } from "../models/users/tours.server";

const NO_STORE = { "Cache-Control": "private, no-store" };

/**
 * /tour/{tour}/{page}: a tour's pages for a reader without JavaScript (the tour's dialog shows the
 * same steps). Each answer is a plain form that records it and leads to the next page; the last
 * answer leads to /tour/{tour}/end, whose one button ends the tour and goes where the answer said.
 * A guest goes to the sign-in page; a tour that is over sends him to the index.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const tour = params.tour as TourName;
  if (!TOURS.includes(tour)) throw new Response("Not found", { status: 404 });
  const end = params.page === "end";
  const page = end ? 0 : Number(params.page);
  if (!end && !(Number.isInteger(page) && page >= 1 && page <= TOUR_PAGES[tour].length && String(page) === params.page)) {
    throw new Response("Not found", { status: 404 });
  }
  const session = await viewerSession(context, request);
  if (!session) throw redirect(signInUrl(url.pathname), { headers: NO_STORE });
  if (!session.user.tours?.[tour]) throw redirect("/", { headers: NO_STORE });
  return json({ tour, page, end, to: safeReturn(url.searchParams.get("to"), url.origin), facts: tourFacts(session.user) }, { headers: NO_STORE });
}

export const meta: MetaFunction = () => pageMeta({ title: "Знакомство с сайтом — Ответы", noindex: true });

export default function TourPage() {
  const d = useLoaderData<typeof loader>();
  if (d.end) {
    return (
      <main className="page">
        <section className="card narrow tour-page" aria-labelledby="tour-title" data-testid="tour-page">
          <h1 id="tour-title">Знакомство окончено</h1>
          <p>Спасибо! Больше мы его не покажем.</p>
          <CallForm call="overlay_shown" back={d.to} fields={{ tour: d.tour }}>
            <button className="btn" type="submit">
              Готово
            </button>
          </CallForm>
        </section>
      </main>
    );
  }
  return <TourPlainPage tour={d.tour} page={d.page} facts={d.facts} back="/" />;
}
