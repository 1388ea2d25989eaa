import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { IslandPageContext } from "./islands/island";
import { FragmentSinkContext, newFragmentSink, withFragments } from "./components/fragments";
import { isCacheableRequest } from "./calls/page-cache.server";
import { pageContentPolicy } from "./lib/http.server";

const ABORT_DELAY = 5000;

/**
 * Streams the document: the shell (toolbar, question, answers) flushes first, slower parts behind
 * <Suspense> follow in the same response, swapped in by React's small inline scripts, which the
 * content policy allows by a nonce new on every render. A document a shared cache may keep for
 * everybody (a guest's GET: no session cookie) must not carry a nonce others would reuse, so it is
 * rendered whole before it is sent, with no inline script and a policy without a nonce; crawlers
 * get the whole document at once too. Pages with islands also load the islands' module entry and
 * its chunks from our own origin.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const controller = new AbortController();
  const timeoutId = setTimeout(() => controller.abort(), ABORT_DELAY);
  // a guest's page, or a signed-in reader's question page rendered once for all the readers alike (shared-page.server.tsx)
  const shared = isCacheableRequest(request) || (loadContext as { sharedRender?: boolean }).sharedRender === true;
  const nonce = shared ? undefined : crypto.randomUUID().replace(/-/g, "");
  // parts of the page kept as HTML between renders (components/fragments.tsx); FRAGMENTS=off renders every part
  const sink = (loadContext as { cloudflare?: { env?: Env } }).cloudflare?.env?.FRAGMENTS === "off" ? null : newFragmentSink();

  const body = await renderToReadableStream(
    <IslandPageContext.Provider value={{ entryWritten: false }}>
      <FragmentSinkContext.Provider value={sink}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />
      </FragmentSinkContext.Provider>
    </IslandPageContext.Provider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(error);
        responseStatusCode = 500;
      },
    },
  );
  body.allReady.then(() => clearTimeout(timeoutId));

  // everything resolved before the first byte is read: React writes it in place, with no script
  if (shared || isbot(request.headers.get("user-agent") || "")) {
    await body.allReady;
  }

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Content-Security-Policy", pageContentPolicy(nonce));
  // a nonce is this render's alone: a page that carries one is kept by no cache, whatever its route
  // said (a guest's page asked for with a session cookie whose session has ended, a HEAD request)
  if (nonce) responseHeaders.set("Cache-Control", "private, no-store");
  const res = new Response(body, { headers: responseHeaders, status: responseStatusCode });
  // the shell is rendered: its markers stand for kept fragments; parts rendered later render in place
  if (!sink || sink.parts.length === 0) {
    if (sink) sink.closed = true;
    return res;
  }
  return withFragments(res, sink);
}
