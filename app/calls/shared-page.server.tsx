/**
 * One rendering of a question page for many signed-in readers. A signed-in reader's question page
 * depends on the page's data and on a few facts about him on that question (his level, whether he
 * asked, answered, voted, watches, marked, which answers are his: read with his session in one D1
 * batch). Readers with equal facts see the same page but for three slots: the toolbar's link to
 * his profile, the bell's unread count and the session's salt and token in the head. So the page
 * is rendered once per such class, whole (no streaming, no nonce: nothing in it may be one
 * reader's), with the slots emptied before it is stored in the Cache API; every reader of the
 * class gets the stored copy with his own slots filled in by HTMLRewriter while it streams. The
 * bell's count is part of the class (it is an island's property), so it is never another's.
 *
 * The stored copies of a page carry a generation: a write's purge drops the generation with the
 * guests' copy (here, and through the zone's purge in every location), so the next reader starts a
 * new one. Copies live as long as guests' copies (the same edge minute). Moderators (their own
 * controls), loader data (?_data=) and anything but a plain 200 page are rendered as before.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { SessionMeta, ToolbarUser } from "../components/site-shell";
import { isModerator } from "../lib/moderation";
import { userHub } from "../models/core/hub.server";
import { sessionAndClassOnQuestion, type Viewer, viewerOfClass } from "../models/questions/viewer.server";
import type { Session } from "../models/users/session.server";
import { tourPending } from "../models/users/tours.server";
import { hasAskedCookie } from "../models/questions/asked-note.server";
import { generationKey, isCacheableRequest } from "./page-cache.server";

/** The query parameters of the stored copies' keys: the generation of a page, and the readers' class. */
const GENERATION_MARK = "__generation";
const CLASS_MARK = "__class";
/** How long a stored copy and a generation live in one location: a guest's copy's edge lifetime. */
const SHARED_SECONDS = 60;

const QUESTION_PAGE = /^\/question\/(\d+)$/;

/** The Workers default cache (the DOM typings of CacheStorage lack it). */
function defaultCache(): Cache {
  return (caches as unknown as { default: Cache }).default;
}

/** The load context a shared rendering runs with: entry.server renders it whole, with no nonce. */
export type SharedRenderContext = {
  cloudflare: { env: Env; cf: unknown; ctx: ExecutionContext; caches: CacheStorage };
  sharedRender?: boolean;
  /** the reader's facts on the question, already read with his class: the page's loader reads them no more */
  viewerOnQuestion?: Viewer;
};

type Reader = { session: Session; bell: { unread: number; interval: number; sound: boolean } | null };

async function sha256(s: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(s));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function generationOf(url: URL, ctx: ExecutionContext): Promise<string> {
  const cache = defaultCache();
  const key = generationKey(url);
  const known = await cache.match(key);
  if (known) return known.text();
  const generation = crypto.randomUUID();
  ctx.waitUntil(cache.put(key, new Response(generation, { headers: { "Cache-Control": `s-maxage=${SHARED_SECONDS}` } })));
  return generation;
}

/** The reader's own parts, each as the page renders it. */
function slotsOf({ session }: Reader) {
  const u = session.user;
  return {
    meta: renderToStaticMarkup(<SessionMeta id={u.id} salt={session.salt} token={session.token} />),
    user: renderToStaticMarkup(<ToolbarUser user={{ id: u.id, nick: u.nick, filin: u.filin ?? null }} />),
  };
}

const EMPTY_SLOTS = { meta: '<meta name="otv-session" content=""/>', user: '<a class="toolbar-user"></a>' };

/** The document with its personal slots replaced by the given markup. */
function withSlots(res: Response, slots: { meta: string; user: string }): Response {
  return new HTMLRewriter()
    .on('meta[name="otv-session"]', {
      element: (el) => {
        el.replace(slots.meta, { html: true });
      },
    })
    .on("a.toolbar-user", {
      element: (el) => {
        el.replace(slots.user, { html: true });
      },
    })
    .transform(res);
}

/** The headers a reader gets with a page rendered for him: his own, never kept by any cache. */
function forReader(res: Response, state: string): Response {
  const out = new Response(res.body, res);
  out.headers.set("Cache-Control", "private, no-store");
  out.headers.set("x-page-cache", state);
  return out;
}

/** Whether a request may be served from the shared copies: a signed-in reader's GET of a question page (its query at most the answers' page). */
export function isSharedCandidate(req: Request): boolean {
  if (req.method !== "GET" || isCacheableRequest(req)) return false;
  const url = new URL(req.url);
  // right after asking, the asker's page carries the message of what it cost: his alone
  return QUESTION_PAGE.test(url.pathname) && [...url.searchParams.keys()].every((k) => k === "p") && !hasAskedCookie(req);
}

/**
 * A signed-in reader's GET of a question page through the shared copies; null when the request is
 * not one (the caller renders it as before). `render` runs Remix with the load context given.
 */
export async function sharedQuestionPage(
  req: Request,
  env: Env,
  ctx: ExecutionContext,
  context: SharedRenderContext,
  render: (context: SharedRenderContext) => Promise<Response>,
): Promise<Response | null> {
  if (!isSharedCandidate(req)) return null;
  const url = new URL(req.url);
  const qid = QUESTION_PAGE.exec(url.pathname)![1];
  // the session and the reader's class in one round trip; the session is kept for the render
  const { session, facts } = await sessionAndClassOnQuestion(context, req, Number(qid));
  // a reader with an onboarding tour due gets his own page: the tour's island is his alone
  if (!session || !facts || isModerator(session.user) || tourPending(session.user)) return null;
  const bell = session.user.bell?.on
    ? await userHub(env, session.user.id)
        .unread()
        .catch(() => 0)
        .then((unread) => ({ unread, interval: session.user.bell!.interval, sound: session.user.bell!.sound }))
    : null;
  const reader: Reader = { session, bell };
  const cache = defaultCache();
  const key = new URL(url);
  key.searchParams.set(GENERATION_MARK, await generationOf(url, ctx));
  key.searchParams.set(CLASS_MARK, await sha256(JSON.stringify({ facts, bell })));
  const keyReq = new Request(key.toString(), { method: "GET" });

  const hit = await cache.match(keyReq);
  if (hit) return forReader(withSlots(hit, slotsOf(reader)), "shared-hit");

  // the same context: the session read above is not read again, nor the reader's facts on the question
  context.sharedRender = true;
  context.viewerOnQuestion = viewerOfClass(session.user.id, facts);
  const res = await render(context);
  if (res.status !== 200 || res.headers.has("set-cookie") || !res.body || !(res.headers.get("content-type") ?? "").startsWith("text/html")) {
    // rendered for this reader: kept by no cache, whatever the route said
    res.headers.set("Cache-Control", "private, no-store");
    return res;
  }
  // the page was rendered whole before its first byte anyway: keep it as text, emptied of the reader's parts
  const emptied = withSlots(res, EMPTY_SLOTS);
  const html = await emptied.text();
  const stored = new Response(html, emptied);
  stored.headers.set("Cache-Control", `s-maxage=${SHARED_SECONDS}`);
  for (const h of ["x-d1-roundtrips", "x-d1-statements", "x-d1-rows-read"]) stored.headers.delete(h);
  ctx.waitUntil(cache.put(keyReq, stored));
  return forReader(withSlots(new Response(html, emptied), slotsOf(reader)), "shared-miss");
}
