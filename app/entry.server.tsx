import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { IslandPageContext } from "./islands/island";

const ABORT_DELAY = 5000;

/**
 * Streams the document: the shell (toolbar, question, answers) flushes first, slower parts behind
 * <Suspense> follow in the same response. Crawlers get the whole document at once. The page's
 * scripts are React's small inline swaps for streamed parts (allowed by a nonce) and, when the
 * page has islands, the islands' module entry and its chunks from our own origin.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  const controller = new AbortController();
  const timeoutId = setTimeout(() => controller.abort(), ABORT_DELAY);
  const nonce = crypto.randomUUID().replace(/-/g, "");

  const body = await renderToReadableStream(
    <IslandPageContext.Provider value={{ entryWritten: false }}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />
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

  if (isbot(request.headers.get("user-agent") || "")) {
    await body.allReady;
  }

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set(
    "Content-Security-Policy",
    `default-src 'self'; script-src 'self' 'nonce-${nonce}'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'`,
  );
  responseHeaders.set("X-Content-Type-Options", "nosniff");
  responseHeaders.set("Referrer-Policy", "strict-origin-when-cross-origin");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
