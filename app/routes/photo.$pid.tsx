import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { adultGateUnless, cacheHeaders, notFoundUnless, PRIVATE_PAGE } from "../lib/http.server";
import { photoPagePath } from "../lib/photos";
import { pageMeta } from "../lib/seo";
import { getCategoryTree } from "../models/categories/categories.server";
import { photoPage } from "../models/photos/photo-reads.server";
import { categoryClosed } from "../models/core/visibility.server";
import { readerOf } from "../models/users/reader.server";
import { viewerSession } from "../models/users/session.server";

/**
 * A photo's own page, the image viewer that works with plain links: the photo, previous and next
 * among the photos of the same question, answer or comment, or of its album (wrapping around), and
 * close (back to where the photo is shown). A photo not attached yet is its uploader's alone, and a
 * photo only an album holds is shown to whoever may see the album: neither page is cached for
 * others; a photo of an adult question opens the age confirmation first, as the question does.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const pid = Number(params.pid);
  notFoundUnless(Number.isSafeInteger(pid) && pid > 0, cacheHeaders(404));
  const env = context.cloudflare.env;
  const session = await viewerSession(context, request);
  const reader = readerOf(request, session);
  const [photo, tree] = await Promise.all([photoPage(env, session, reader, pid), getCategoryTree(env, Date.now())]);
  notFoundUnless(photo, session ? PRIVATE_PAGE : cacheHeaders(404));
  // a photo shown in the adult category asks for the same confirmation as its question does
  adultGateUnless(photo.categoryId === null || !categoryClosed(reader, tree, photo.categoryId), request, session !== null);
  const { categoryId: _category, shared: _shared, ...shown } = photo;
  return json(shown, { headers: photo.shared ? cacheHeaders() : PRIVATE_PAGE });
}

export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({ title: data ? `Фото ${data.index} из ${data.count} — Ответы` : "Фото — Ответы", noindex: true });

export default function PhotoViewer() {
  const p = useLoaderData<typeof loader>();
  return (
    <main className="page photo-page">
      <div className="card">
        <figure className="photo-view" data-testid="photo-view">
          <img src={p.src} width={p.width} height={p.height} alt={`Фото ${p.index} из ${p.count}`} />
          <figcaption className="muted" data-testid="photo-counter">
            Фото {p.index} из {p.count}
          </figcaption>
        </figure>
        <nav className="photo-nav" aria-label="Фото">
          {p.count > 1 ? (
            <a className="btn" rel="prev" href={photoPagePath(p.prev)} data-testid="photo-prev">
              ‹ Предыдущее
            </a>
          ) : null}
          <a className="btn" href={p.close} data-testid="photo-close">
            Закрыть
          </a>
          {p.count > 1 ? (
            <a className="btn" rel="next" href={photoPagePath(p.next)} data-testid="photo-next">
              Следующее ›
            </a>
          ) : null}
        </nav>
      </div>
    </main>
  );
}
