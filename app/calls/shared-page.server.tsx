/**
 * One rendering of a question page for many signed-in readers. A signed-in reader's question page
 * depends on the page's data and on a few facts about him on that question (his level, whether he
 * asked, answered, voted, watches, marked, which answers are his: read with his session in one D1
 * batch). Readers with equal facts see the same page but for three slots: the toolbar's link to
 * his profile, the bell's unread count and the session's salt and token in the head. So the page
 * is rendered once per such class, whole (no streaming, no nonce: nothing in it may be one
 * reader's), with the slots marked before it is stored in the Cache API and in the isolate's
 * memory; every reader of the class gets the stored copy with his own slots put in place of the
 * marks before the first byte leaves. The bell's count is part of the class (it is an island's
 * property), so it is never another's.
 *
 * The stored copies of a page carry a generation: a write's purge drops the generation with the
 * guests' copy (here, and through the zone's purge in every location), so the next reader starts a
 * new one. Copies live as long as guests' copies (the same edge minute); the generation is looked
 * up beside the reader's session, so a hit waits for one D1 round trip, and the same reader's next
 * views within seconds for none (what was read of him is kept: known-readers.server.ts).
 * Moderators (their own controls), loader data (?_data=) and anything but a plain 200 page are
 * rendered as before.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { SessionMeta, ToolbarUser } from "../components/site-shell";
import { BoundedStore } from "../lib/bounded-store";
import { isModerator } from "../lib/moderation";
import { userHub } from "../models/core/hub.server";
import { readerFromD1, sessionAndClassOnQuestion, untouchedClass, type Viewer, type ViewerClass, viewerOfClass } from "../models/questions/viewer.server";
import { readerCard, rememberCard, tokenUserId } from "../models/users/reader-cards.server";
import { forgetReader, keepReader, knownReader, readerKey } from "../models/users/known-readers.server";
import { keepViewerSession, readCookie, SESSION_COOKIE, type Session, visitDue } from "../models/users/session.server";
import { sha256Hex } from "../lib/crypto";
import { tourPending } from "../models/users/tours.server";
import { hasAskedCookie } from "../models/questions/asked-note.server";
import { type PageAhead, readPageAhead } from "../models/questions/page-ahead.server";
import { parseOffset } from "../lib/params";
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
  /** the page's reads, started with the reader's session: the loader takes them */
  pageAhead?: PageAhead;
};

type Reader = { session: Session; bell: { unread: number; interval: number; sound: boolean } | null };

/** The header that carries a generation: its entry has no body to read. */
const GENERATION_HEADER = "x-generation";

async function generationOf(url: URL, ctx: ExecutionContext): Promise<string> {
  const cache = defaultCache();
  const key = generationKey(url);
  const known = (await cache.match(key))?.headers.get(GENERATION_HEADER);
  if (known) return known;
  const generation = crypto.randomUUID();
  const entry = new Response(null, { headers: { "Cache-Control": `s-maxage=${SHARED_SECONDS}`, [GENERATION_HEADER]: generation } });
  ctx.waitUntil(cache.put(key, entry));
  return generation;
}

/** The reader's own parts, each as the page renders it. */
function slotsOf({ session }: Reader): Slots {
  const u = session.user;
  return {
    meta: renderToStaticMarkup(<SessionMeta id={u.id} salt={session.salt} token={session.token} />),
    user: renderToStaticMarkup(<ToolbarUser user={{ id: u.id, nick: u.nick, filin: u.filin ?? null }} />),
  };
}

type Slots = { meta: string; user: string };

/**
 * A stored copy: the page's HTML with each personal slot replaced by a mark holding a random word
 * of this copy (`marksOf`), which no text of the page can hold, and the response's status and headers.
 */
type Copy = { html: string; word: string; status: number; headers: [string, string][] };

/** The header of a copy in the Cache API that names its marks' random word. */
const MARK_HEADER = "x-slot-mark";

/** What a copy does not keep of the response it was made from: its lifetime, its length (the slots change it) and its render's D1 counts. */
const UNKEPT_HEADERS = ["cache-control", "content-length", "x-d1-roundtrips", "x-d1-statements", "x-d1-rows-read"];

const marksOf = (word: string): Slots => ({ meta: `<!--${word}:meta-->`, user: `<!--${word}:user-->` });

/** The document with its personal slots replaced by the given markup. */
function withSlots(res: Response, slots: Slots): Response {
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

/** A copy's page for one reader: his slots in place of the marks (a function, so no `$` of a nick is read as a pattern). */
function filled(copy: Copy, slots: Slots): Response {
  const marks = marksOf(copy.word);
  const html = copy.html.replace(marks.meta, () => slots.meta).replace(marks.user, () => slots.user);
  return new Response(html, { status: copy.status, headers: copy.headers });
}

/**
 * The copies this isolate has read or made, by page, generation and class: a hit needs no second
 * Cache API lookup. A new generation makes new keys, so what a write outdated is never served and
 * ages out, least recently used first, within a bound of characters.
 */
const kept = new BoundedStore<Copy>(2_000_000, (copy) => copy.html.length);

/** A copy from the Cache API (another isolate of this location made it), kept in this one too; or undefined. */
async function cachedCopy(keyReq: Request): Promise<Copy | undefined> {
  const hit = await defaultCache().match(keyReq);
  const word = hit?.headers.get(MARK_HEADER);
  if (!hit || !word) return undefined;
  const headers = [...hit.headers].filter(([k]) => k !== MARK_HEADER && !UNKEPT_HEADERS.includes(k));
  const copy: Copy = { html: await hit.text(), word, status: hit.status, headers };
  kept.set(keyReq.url, copy);
  return copy;
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
 * How the bench asks to read this request's reader, or null: only `npm run bench` (the BENCH_KNOBS
 * var is set nowhere else) asks, to measure other readers of the same class beside the same reader
 * again.
 */
const benchKnown = (env: Env, req: Request) => (env.BENCH_KNOBS === "1" ? req.headers.get("x-bench-known") : null);

/** Whether the bench asks to read this reader anew: "off" passes over what the isolate kept of him, "cold" his UserHub's card too. */
const lookedUpAnew = (env: Env, req: Request) => ["off", "cold"].includes(benchKnown(env, req) ?? "");
const coldReader = (env: Env, req: Request) => benchKnown(env, req) === "cold";

/**
 * What a page's copies for a reader depend on: his session, his class on the question and his bell,
 * as read under a generation; `classMark` names his copy (the hash of his class, his bell and his
 * favourite categories, which the toolbar's menu lists first and stars).
 */
type ReaderOnPage = { reader: Reader; facts: ViewerClass; classMark: string };

/**
 * The page's generation in this location and the reader on it: kept from his last view of the page
 * when nothing since may have changed it (known-readers.server.ts); otherwise, beside the
 * generation's lookup, his card and bell's count from his UserHub (reader-cards.server.ts), which
 * serve alone on a question he has done nothing on; otherwise his session and class in one D1
 * round trip. Null when the page is not one for the shared copies (no session, a moderator, a
 * tour due, no question). He is known by his session token's hash, the page and his D1 bookmark.
 */
async function readerOnPage(req: Request, url: URL, qid: number, bookmark: string | null, ctx: ExecutionContext, context: SharedRenderContext) {
  const token = readCookie(req, SESSION_COOKIE);
  if (!token) return null;
  const now = Date.now();
  const hash = await sha256Hex(token);
  const key = readerKey(hash, url.pathname, bookmark);
  const seen = lookedUpAnew(context.cloudflare.env, req) ? undefined : knownReader<ReaderOnPage>(key, now);
  const generationNow = generationOf(url, ctx);
  if (seen) {
    const generation = await generationNow;
    if (generation === seen.generation) {
      // the session is the request's, as if read now (the day's first view still earns its point)
      const session = await keepViewerSession(context, seen.value.reader.session, now);
      return session && { generation, ...seen.value };
    }
    forgetReader(key);
  }
  const env = context.cloudflare.env;
  // his card from his UserHub (with his bell's count) beside the page's generation in this location
  const cardUser = tokenUserId(token);
  const asksHub = cardUser !== null && !coldReader(env, req);
  const [generation, card] = await Promise.all([generationNow, asksHub ? readerCard(env, cardUser, hash, qid, now) : null]);
  const onCard = card?.card && !card.touched ? card.card.session : null;
  let session: Session | null;
  let facts: ViewerClass | null;
  if (onCard && onCard.expiresAt > now && !visitDue(onCard, now)) {
    // a question he has done nothing on: his class is his card's, no D1 read
    session = await keepViewerSession(context, onCard, now);
    facts = session && untouchedClass(session.user);
    if (card?.card && card.renew && cardUser !== null) ctx.waitUntil(renewCard(env, card.epoch, cardUser, hash, qid, now));
  } else {
    // the session and the reader's class in one round trip (the session is kept for the render),
    // and his card kept for his next pages when his hub answered. The page's own reads go in the
    // same round trip: a reader read from D1 is often one whose page is rendered (his class has no
    // copy here, his session has ended, he moderates), and then it needs no second one; when his
    // copy is there, they were read for nothing, in a trip made anyway
    const reading = sessionAndClassOnQuestion(context, req, qid, hash);
    const offset = parseOffset(url.searchParams);
    if (offset.ok) context.pageAhead = readPageAhead(env, qid, offset.value, now);
    const read = await reading;
    ({ session, facts } = read);
    if (card && session?.user.id === cardUser && read.touched) ctx.waitUntil(rememberCard(env, card.epoch, hash, session, read.touched, now));
  }
  // a reader with an onboarding tour due gets his own page: the tour's island is his alone
  if (!session || !facts || isModerator(session.user) || tourPending(session.user)) return null;
  const user = session.user;
  // his bell's count came with his card's reply when his hub answered for him
  const unread = async () =>
    card && user.id === cardUser
      ? card.unread
      : userHub(env, user.id)
          .unread()
          .catch(() => 0);
  const bell = user.bell?.on ? { unread: await unread(), interval: user.bell.interval, sound: user.bell.sound } : null;
  const classMark = await sha256Hex(JSON.stringify({ facts, bell, favs: user.favs ?? [] }));
  const read: ReaderOnPage = { reader: { session, bell }, facts, classMark };
  keepReader(key, session.user.id, read, generation, now);
  return { generation, ...read };
}

/** His card past half its time, just served, read anew from D1 after the page's reply for his next pages (never fails the page). */
async function renewCard(env: Env, epoch: string, userId: number, hash: string, qid: number, now: number) {
  try {
    const { session, touched } = await readerFromD1(env, hash, qid, now);
    if (session?.user.id === userId && touched) await rememberCard(env, epoch, hash, session, touched, now);
  } catch (e) {
    console.error("reader card renewal failed", e);
  }
}

/**
 * A signed-in reader's GET of a question page through the shared copies; null when the request is
 * not one (the caller renders it as before). `render` runs Remix with the load context given.
 */
export async function sharedQuestionPage(
  req: Request,
  ctx: ExecutionContext,
  context: SharedRenderContext,
  render: (context: SharedRenderContext) => Promise<Response>,
  bookmark: string | null,
): Promise<Response | null> {
  if (!isSharedCandidate(req)) return null;
  const url = new URL(req.url);
  const qid = QUESTION_PAGE.exec(url.pathname)![1];
  const read = await readerOnPage(req, url, Number(qid), bookmark, ctx, context);
  if (!read) return null;
  const { generation, facts, reader, classMark } = read;
  const key = new URL(url);
  key.searchParams.set(GENERATION_MARK, generation);
  key.searchParams.set(CLASS_MARK, classMark);
  const keyReq = new Request(key.toString(), { method: "GET" });

  const copy = kept.get(keyReq.url) ?? (await cachedCopy(keyReq));
  if (copy) return forReader(filled(copy, slotsOf(reader)), "shared-hit");

  // the same context: the session read above is not read again, nor the reader's facts on the question
  context.sharedRender = true;
  context.viewerOnQuestion = viewerOfClass(reader.session.user.id, facts);
  const res = await render(context);
  if (res.status !== 200 || res.headers.has("set-cookie") || !res.body || !(res.headers.get("content-type") ?? "").startsWith("text/html")) {
    // rendered for this reader: kept by no cache, whatever the route said
    res.headers.set("Cache-Control", "private, no-store");
    return res;
  }
  // the page was rendered whole before its first byte anyway: keep it as text, its reader's parts marked
  const word = crypto.randomUUID();
  const marked = withSlots(res, marksOf(word));
  const headers = [...marked.headers].filter(([k]) => !UNKEPT_HEADERS.includes(k));
  const made: Copy = { html: await marked.text(), word, status: marked.status, headers };
  kept.set(keyReq.url, made);
  const stored = new Response(made.html, { status: made.status, headers: made.headers });
  stored.headers.set("Cache-Control", `s-maxage=${SHARED_SECONDS}`);
  stored.headers.set(MARK_HEADER, word);
  ctx.waitUntil(defaultCache().put(keyReq, stored));
  return forReader(filled(made, slotsOf(reader)), "shared-miss");
}
