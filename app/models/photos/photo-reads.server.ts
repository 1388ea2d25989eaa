/**
 * Who sees a photo, at both of its doors: its own page (/photo/{pid}, the viewer without
 * JavaScript) and its previews (/img/p/{key}/{size}). A photo is seen where it is shown, by whoever
 * may read that (docs/decisions/0050-what-each-reader-may-see.md):
 * - in a question, an answer or a comment: by whoever may read that text — not once it or anything
 *   above it (its answer, its question) was removed, but by a moderator; in an adult category only
 *   by a reader who confirmed his age (the page asks him first, as the question does);
 * - only in an album: by whoever may see the album (album-reads.server.ts: its privacy, the owner's
 *   hidden profile or blacklist);
 * - in neither (a fresh upload, or one its author took out of his text): by its uploader alone;
 * - an avatar, present or past: by everybody, beside its owner's nick.
 * The previews' key is random, so a reader learns it only where he saw the photo; still every
 * request is checked, so that a photo whose text was removed stops being served.
 */
import { and, eq, sql } from "drizzle-orm";
import { BoundedStore } from "../../lib/bounded-store";
import { isolateValue } from "../../lib/isolate-value";
import { ALBUM, albumPath, photoUrl } from "../../lib/photos";
import { dbOf, schema } from "../core/db.server";
import { readThreadRow, rowAtHome } from "../core/thread-ranges.server";
import { envOn, threadBindings } from "../core/databases.server";
import { isAdultCategory, type Reader, seesText } from "../core/visibility.server";
import { readerOf } from "../users/reader.server";
import { getCategoryTree } from "../categories/categories.server";
import { getSession, type Session } from "../users/session.server";
import { albumContext, visibleAlbum } from "./album-reads.server";
import { previewKey } from "./photos.server";

const p = schema.photos;
const q = schema.questions;
const a = schema.answers;
const c = schema.comments;

// ---------------------------------------------------------------------------------------------
// a photo and where it is shown

/**
 * A photo with the state of the text that shows it: its question, its answer (an answer's photo,
 * or the answer a comment's photo is under) and its comment, each removed or not.
 */
function photoQuery(env: Env) {
  return dbOf(env)
    .select({
      id: p.id,
      userId: p.userId,
      src: p.src,
      width: p.width,
      height: p.height,
      targetType: p.targetType,
      targetId: p.targetId,
      qid: p.qid,
      albumId: p.albumId,
      added: p.added,
      categoryId: q.categoryId,
      // 1 when its question, its answer or its comment was removed (or is not there any more)
      removed: sql<number>`(CASE WHEN ${p.targetType} IN ('Q', 'A', 'C') THEN
        ${q.id} IS NULL OR ${q.hidden} = 1 OR ${q.state} = 'D'
        OR (${p.targetType} = 'A' AND (${a.id} IS NULL OR ${a.hidden} = 1))
        OR (${p.targetType} = 'C' AND (${c.id} IS NULL OR ${c.hidden} = 1 OR (${c.refType} = 'A' AND (${a.id} IS NULL OR ${a.hidden} = 1))))
        ELSE 0 END)`.as("removed"),
    })
    .from(p)
    .leftJoin(q, eq(q.id, p.qid))
    .leftJoin(c, and(eq(p.targetType, "C"), eq(c.id, p.targetId)))
    .leftJoin(a, sql`${a.id} = (CASE WHEN ${p.targetType} = 'A' THEN ${p.targetId} WHEN ${c.refType} = 'A' THEN ${c.refId} END)`);
}

type PhotoRow = NonNullable<Awaited<ReturnType<ReturnType<typeof photoQuery>["get"]>>>;

/** A photo with the state of the text that shows it (`removed`: 1 when that text, or one above it, was removed). */
export function photoWithText(env: Env, pid: number) {
  return photoQuery(env).where(eq(p.id, pid)).get();
}

const inText = (r: PhotoRow) => r.targetType === "Q" || r.targetType === "A" || r.targetType === "C";
const isAvatar = (r: PhotoRow) => r.targetType === "U" || r.targetType === "X";

// ---------------------------------------------------------------------------------------------
// the previews

/** A preview the reader may not see, or that is not there: nothing about it is kept by anyone. */
const notFound = () => new Response("Not found", { status: 404, headers: { "Cache-Control": "private, no-store" } });

/**
 * How long a browser keeps a preview: a key never changes what it shows, but a photo stops being
 * served when its text is removed, so no browser keeps it longer than this after that.
 */
const PREVIEW_MAX_AGE = 600;

/** How each audience's previews may be kept: an avatar's key never changes what it shows and nothing hides it. */
const CACHE_OF = {
  forever: "public, max-age=31536000, immutable",
  everyone: `public, max-age=${PREVIEW_MAX_AGE}`,
  reader: `private, max-age=${PREVIEW_MAX_AGE}`,
} as const;

/**
 * May the reader of this request see the photo's previews? `forever`: an avatar, present or past,
 * which nothing hides; `everyone`: any reader (kept by shared caches too); `reader`: this one (kept
 * by his browser alone); null: not him. His session is read only when the answer depends on who he is.
 */
async function previewAudience(env: Env, request: Request, r: PhotoRow): Promise<"forever" | "everyone" | "reader" | null> {
  if (isAvatar(r)) return "forever";
  const reader = lazyReader(env, request);
  if (inText(r)) {
    const adult = r.categoryId !== null && isAdultCategory(await getCategoryTree(env), r.categoryId);
    if (!r.removed && !adult) return "everyone";
    return seesText(await reader.get(), { removed: r.removed === 1, adult }) ? "reader" : null;
  }
  const session = await reader.session();
  if (r.albumId !== null) {
    const album = await visibleAlbum(env, session?.user ?? null, r.albumId).catch(() => null);
    return album ? "reader" : null;
  }
  return session?.user.id === r.userId ? "reader" : null;
}

/**
 * The keys of avatars this isolate has served: an avatar stays one (a replaced avatar is a past
 * one, shown as it was), so its previews — most of the previews any page shows — need no read.
 */
const AVATARS = isolateValue("photo-reads.avatars", () => new BoundedStore<"">(400_000, () => 0));

/** The photo row `read` finds in a thread database, all asked side by side; null when none has it. */
async function inThreadDbs(env: Env, read: (on: Env) => Promise<PhotoRow | undefined>) {
  const found = await Promise.all(
    threadBindings(env).map(async (name) => {
      const on = envOn(env, name)!;
      const row = await read(on);
      return row ? { row, on, joined: false } : null;
    }),
  );
  return found.find((x) => x !== null) ?? null;
}

/**
 * The row of the photo under `key`, where its text's thread lives: read in DB (photos not in a text
 * live there, and every thread no range names), and when DB has none, in each thread database side
 * by side (a key is unique everywhere); then where its question lives (`rowAtHome`).
 */
async function photoByKey(env: Env, key: string): Promise<PhotoRow | null> {
  const read = (on: Env) => photoQuery(on).where(eq(p.src, key)).get();
  const inDb = await read(env);
  const found = inDb ? { row: inDb, on: env, joined: true } : await inThreadDbs(env, read);
  return found ? ((await rowAtHome(env, found, Date.now(), read))?.row ?? null) : null;
}

/** Who may see the previews of the photo under `key` (previewAudience), read from its row; an avatar's key is kept. */
async function audienceOf(env: Env, request: Request, key: string) {
  const row = await photoByKey(env, key);
  const audience = row ? await previewAudience(env, request, row) : null;
  if (audience === "forever") AVATARS.set(key, "");
  return audience;
}

/** The request's reader and session, read once and only when asked for. */
function lazyReader(env: Env, request: Request) {
  let s: Promise<Session | null> | null = null;
  const session = () => {
    s ??= getSession(env, request);
    return s;
  };
  return { session, get: async () => readerOf(request, await session()) };
}

/**
 * GET /img/p/{key}/{size}: a preview from the bucket, served only by its key and only to a reader
 * who may see the photo where it is shown; anything else is 404.
 */
export async function servePreview(env: Env, request: Request, key: string, size: string): Promise<Response> {
  if (!/^[0-9a-f]{32}$/.test(key) || (size !== "800" && size !== "120")) return notFound();
  const audience = AVATARS.get(key) !== undefined ? "forever" : await audienceOf(env, request, key);
  if (!audience) return notFound();
  const obj = await env.PHOTOS.get(previewKey(key, size === "800" ? 800 : 120));
  if (!obj) return notFound();
  const headers = new Headers();
  obj.writeHttpMetadata(headers);
  headers.set("Cache-Control", CACHE_OF[audience]);
  headers.set("ETag", obj.httpEtag);
  headers.set("Content-Length", String(obj.size));
  return new Response(obj.body, { headers });
}

// ---------------------------------------------------------------------------------------------
// the viewer page

/** A photo's place on its page: its number among the photos it is paged with, and the previous and next of them (wrapping around). */
function around(siblings: { id: number }[], pid: number) {
  const at = Math.max(
    0,
    siblings.findIndex((s) => s.id === pid),
  );
  const n = siblings.length;
  return { at, index: at + 1, count: n, prev: siblings[(at - 1 + n) % n].id, next: siblings[(at + 1) % n].id };
}

/**
 * A photo shown in a question, answer or comment: its siblings in that text (read on `on`, where its
 * thread lives), for a reader who may read the text (seesText; the adult gate is the page's, which asks for the confirmation); null
 * otherwise. A removed text's photo (a moderator's view) is never a page shared between readers.
 */
async function textContext(on: Env, reader: Reader, ph: PhotoRow) {
  if (!seesText(reader, { removed: ph.removed === 1, adult: false })) return null;
  const siblings = await dbOf(on)
    .select({ id: p.id })
    .from(p)
    .where(and(eq(p.targetType, ph.targetType ?? ""), eq(p.targetId, ph.targetId ?? 0)))
    .orderBy(p.id);
  const { at: _, ...place } = around(siblings, ph.id);
  return {
    ...place,
    categoryId: ph.categoryId,
    close: ph.targetType === "A" ? `/question/${ph.qid}#answer-${ph.targetId}` : `/question/${ph.qid}`,
    shared: ph.removed === 0,
  };
}

/**
 * A photo's page: the photo, the previous and next photo of the same item (wrapping around) and
 * where "close" leads. A photo shown in a question, answer or comment is paged with that text's
 * photos, for whoever may read the text. A photo that only an album holds is paged with the
 * album's, for whoever may see the album (album-reads.server.ts), and such a page is never shared
 * between readers. A photo in neither is shown to its uploader only.
 */
export async function photoPage(env: Env, session: Session | null, reader: Reader, pid: number) {
  // a photo in a text is read where that text's thread lives, with its siblings there
  const found = await readThreadRow(env, pid, Date.now(), (on) => photoQuery(on).where(eq(p.id, pid)).get());
  if (!found) return null;
  const { row: ph, home } = found;
  // an avatar (present or past) is shown beside its owner's nick, never as a photo page of its own
  if (isAvatar(ph)) return null;
  const photo = { pid: ph.id, src: photoUrl(ph.src, 800), width: ph.width, height: ph.height };
  if (inText(ph)) {
    const context = await textContext(home.env, reader, ph);
    return context ? { ...photo, ...context } : null;
  }
  if (ph.albumId !== null) {
    const inAlbum = await albumContext(env, session?.user ?? null, { id: ph.id, added: ph.added, albumId: ph.albumId });
    if (!inAlbum) return null;
    const { at, ...place } = inAlbum.place;
    const page = Math.floor(at / ALBUM.perPage) * ALBUM.perPage;
    return { ...photo, ...place, categoryId: null, close: `${albumPath(ph.userId, ph.albumId, page)}#photo-${ph.id}`, shared: false };
  }
  if (session?.user.id !== ph.userId) return null;
  return { ...photo, index: 1, count: 1, prev: ph.id, next: ph.id, categoryId: null, close: `/profile/id${ph.userId}`, shared: false };
}
