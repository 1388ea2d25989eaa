/**
 * HTML fragments kept between renders. A part of a page that is the same for every reader who gets
 * it (an answer with its comments on a guest's question page) is rendered to a string once, by the
 * same components, and kept in this isolate under a key made of everything its markup depends on;
 * the next render of a page that shows it writes a small marker instead, and the document's stream
 * puts the kept HTML in the marker's place (HTMLRewriter). A part whose data changed has another
 * key, so it is rendered anew; the old one ages out of the store, which is bounded in size.
 *
 * Only markup that carries nothing of one reader may be kept: the key holds the page facts (who
 * reads, his moderator rights), and a fragment that holds an island (whose props may be the
 * reader's own, and whose first one writes the page's entry script) or a script is never kept.
 */
import { createContext, type ReactElement, useContext } from "react";
import { renderToString } from "react-dom/server";
import { BoundedStore } from "../lib/bounded-store";
import { PageFactsContext, usePageFacts } from "./page-facts";

/** The most characters (keys and fragments together) one isolate keeps. */
const STORE_CHARS = 4_000_000;

const store = new BoundedStore(STORE_CHARS);

/** What one render collects: the fragments its markers stand for, by number. */
export type FragmentSink = {
  /** the markers' prefix, new for every render, so nothing but this render's markers is replaced */
  readonly tag: string;
  readonly parts: string[];
  /** once the document's stream is set up without the rewriter, later parts render in place */
  closed: boolean;
};

export const FragmentSinkContext = createContext<FragmentSink | null>(null);

export function newFragmentSink(): FragmentSink {
  return { tag: crypto.randomUUID().slice(0, 8), parts: [], closed: false };
}

/**
 * `children`, or the marker of its kept HTML. `cacheKey` must name everything the markup depends
 * on but the page facts, which are added here.
 */
export function CachedFragment({ cacheKey, children }: { cacheKey: string; children: ReactElement }) {
  const sink = useContext(FragmentSinkContext);
  const facts = usePageFacts();
  if (!sink || sink.closed) return children;
  const key = `${JSON.stringify(facts)}\n${cacheKey}`;
  let html = store.get(key);
  if (html === undefined) {
    html = renderToString(<PageFactsContext.Provider value={facts}>{children}</PageFactsContext.Provider>);
    // an island or a script belongs to its page and its reader: render it in place every time
    if (html.includes("<otv-island") || html.includes("<script")) return children;
    store.set(key, html);
  }
  sink.parts.push(html);
  return <otv-frag data-k={`${sink.tag}-${sink.parts.length - 1}`} />;
}

/** The document with every marker of `sink` replaced by its fragment, as the response streams. */
export function withFragments(res: Response, sink: FragmentSink): Response {
  const prefix = `${sink.tag}-`;
  return new HTMLRewriter()
    .on("otv-frag", {
      element(el) {
        const k = el.getAttribute("data-k") ?? "";
        const html = k.startsWith(prefix) ? sink.parts[Number(k.slice(prefix.length))] : undefined;
        if (html !== undefined) el.replace(html, { html: true });
      },
    })
    .transform(res);
}

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "otv-frag": { "data-k": string };
    }
  }
}
