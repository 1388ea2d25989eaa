import { and, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { ERR, ERR_MSG } from "../../lib/errids";
import { DomainError } from "../../lib/errors";
import { blank, idField } from "../../lib/fields";
import { LIMITS } from "../../lib/limits";
import { ALBUM, albumPath, PHOTO, type PhotoSize, photoPagePath, photoUrl, splitPhotoLines } from "../../lib/photos";
import { withQuota } from "../core/hub.server";
import { textLength } from "../core/text.server";
import { dbOf, schema } from "../core/db.server";
import { requireWriter, type Session } from "../users/session.server";
import { declaredSize, makePreviews, sniffPhoto } from "./codec.server";
import { albumContext } from "./album-reads.server";
import { fetchPhotoBytes } from "./fetch-url.server";

const p = schema.photos;

/** A preview never changes under its key: browsers and the edge may keep it for a year. */
export const PREVIEW_CACHE = "public, max-age=31536000, immutable";

// ---------------------------------------------------------------------------------------------
// upload / addimg / addimgurl

/** The album a photo is uploaded into (albums.server.ts), or none: a photo for a text. */
const IntoAlbum = z.preprocess(blank, idField(ERR_MSG.albumMissing).optional());

/** upload and addimg: the file of a multipart form (salt, token and uiid ride along), and the album it goes into, if any. */
export const UploadInput = z.object({
  file: z.instanceof(File, { message: ERR_MSG.photoMissing }),
  uiid: z.string().max(100).optional(),
  aid: IntoAlbum,
});

/** addimgurl: the address of a photo on the internet, at most the link field's 1000 characters; the album, if any. */
export const UploadUrlInput = z.object({
  url: z.string({ message: ERR_MSG.photoUrlInvalid }).trim().min(1, ERR_MSG.photoUrlInvalid).max(1000, ERR_MSG.photoUrlInvalid),
  aid: IntoAlbum,
});

export type UploadedPhoto = {
  pid: number;
  src: string;
  src_small: string;
  src_big: string;
  width: number;
  height: number;
  /** the photo's own page (the viewer without JavaScript) */
  url: string;
  /** the previews promised by an upload's answer: 800 and 120×120 */
  previews: { "800": string; "120x120": string };
};

function randomKey(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}

/**
 * A signed-in user's photo: the bytes decide what it is (JPEG, PNG or GIF, whatever the name or
 * the declared type say), its header's size is checked before it is decoded, and it is kept as
 * its two previews (codec.server.ts) in the R2 bucket under a random key, with its row in D1.
 * A banned user uploads nothing. The daily photo quota (IMQ) is the call's.
 */
export async function storePhoto(env: Env, session: Session | null, bytes: Uint8Array, now: number): Promise<UploadedPhoto> {
  const user = requireWriter(session);
  if (bytes.byteLength > PHOTO.maxBytes) throw new DomainError(ERR.photoTooLarge);
  if (bytes.byteLength === 0) throw new DomainError(ERR.photoMissing);
  const kind = sniffPhoto(bytes);
  if (!kind) throw new DomainError(ERR.photoWrongFormat);
  declaredSize(bytes, kind);
  const { big, small } = await makePreviews(bytes, kind);
  const key = randomKey();
  await Promise.all([
    env.PHOTOS.put(previewKey(key, 800), big.bytes, { httpMetadata: { contentType: big.mime, cacheControl: PREVIEW_CACHE } }),
    env.PHOTOS.put(previewKey(key, 120), small.bytes, { httpMetadata: { contentType: small.mime, cacheControl: PREVIEW_CACHE } }),
  ]);
  const [row] = await dbOf(env)
    .insert(p)
    .values({ userId: user.id, src: key, mime: big.mime, width: big.width, height: big.height, added: now })
    .returning({ id: p.id });
  return uploaded({ id: row.id, src: key, width: big.width, height: big.height });
}

export async function uploadPhoto(env: Env, session: Session | null, input: z.infer<typeof UploadInput>, now: number) {
  requireWriter(session);
  if (input.file.size > PHOTO.maxBytes) throw new DomainError(ERR.photoTooLarge);
  return storePhoto(env, session, new Uint8Array(await input.file.arrayBuffer()), now);
}

/** A form's photo field: a file that was chosen (an empty file part means none was). */
export const formPhoto = z
  .unknown()
  .optional()
  .transform((v) => (v instanceof File && v.size > 0 ? v : undefined));

/**
 * The text of a form sent without JavaScript, with the photo chosen in its file field: the photo
 * is uploaded (one of the day's photos, IMQ, as an upload call takes) and its line added to the
 * text, as the islands add it after their own upload.
 */
export async function withFormPhoto<T extends { Body: string; photo?: File }>(env: Env, session: Session | null, input: T, now: number): Promise<T> {
  const { photo, ...fields } = input;
  const rest = { ...fields, photo: undefined } as T;
  if (!photo) return rest;
  const user = requireWriter(session);
  const uploaded = await withQuota(env, user, "IMQ", now, () => uploadPhoto(env, session, { file: photo }, now));
  return { ...rest, Body: `${rest.Body}\n${photoPagePath(uploaded.pid)}` };
}

/** addimgurl: the photo at an address (fetch-url.server.ts says which addresses), kept as an upload is. */
export async function uploadPhotoByUrl(env: Env, session: Session | null, input: z.infer<typeof UploadUrlInput>, now: number, fetcher?: typeof fetch) {
  requireWriter(session);
  return storePhoto(env, session, await fetchPhotoBytes(input.url, fetcher), now);
}

function uploaded(r: { id: number; src: string; width: number; height: number }): UploadedPhoto {
  const big = photoUrl(r.src, 800);
  const small = photoUrl(r.src, 120);
  return {
    pid: r.id,
    src: big,
    src_small: small,
    src_big: big,
    width: r.width,
    height: r.height,
    url: photoPagePath(r.id),
    previews: { "800": big, "120x120": small },
  };
}

// ---------------------------------------------------------------------------------------------
// serving the previews

/** The sizes every photo is stored in. */
export const PREVIEW_SIZES: readonly PhotoSize[] = [800, 120];

/** A preview's object in the bucket. */
export function previewKey(src: string, size: PhotoSize): string {
  return `p/${src}/${size}`;
}

/**
 * GET /img/p/{key}/{size}: a preview from the bucket, private there and served only by its key,
 * with the year-long immutable cache (a key is never reused); anything else is 404.
 */
export async function servePreview(env: Env, key: string, size: string): Promise<Response> {
  if (!/^[0-9a-f]{32}$/.test(key) || (size !== "800" && size !== "120")) return new Response("Not found", { status: 404 });
  const obj = await env.PHOTOS.get(previewKey(key, size === "800" ? 800 : 120));
  if (!obj) return new Response("Not found", { status: 404, headers: { "Cache-Control": "public, max-age=60" } });
  const headers = new Headers();
  obj.writeHttpMetadata(headers);
  headers.set("Cache-Control", PREVIEW_CACHE);
  headers.set("ETag", obj.httpEtag);
  headers.set("Content-Length", String(obj.size));
  return new Response(obj.body, { headers });
}

// ---------------------------------------------------------------------------------------------
// photos in the text of a question, answer or comment

/** The length a text counts against its limit: its words, and LIMITS.media for each photo line. */
export function countedLength(body: string): number {
  const { text, pids } = splitPhotoLines(body);
  return textLength(text) + pids.length * LIMITS.media;
}

/**
 * A text with its photos, as stored: the words through the sanitiser, then the photos' markup
 * (photosHtml). Each photo must be the writer's and free, or already the item's (`target`, when an
 * edit keeps its photos). `attach` is the statement for the item's own batch, or null.
 */
export async function textWithPhotos(
  env: Env,
  userId: number,
  body: string,
  sanitize: (words: string) => string,
  target?: { type: "Q" | "A" | "C"; id: number },
) {
  const { text, pids } = splitPhotoLines(body);
  const list = await attachablePhotos(env, userId, pids, target);
  return { html: sanitize(text) + photosHtml(list), list };
}

export type AttachablePhoto = { id: number; src: string; width: number; height: number };

/**
 * The photos a writer attaches, each his own and not yet attached elsewhere (`target` says which
 * item may already hold them, when an edit keeps its photos); at most PHOTO.perItem.
 */
async function attachablePhotos(env: Env, userId: number, pids: number[], target?: { type: "Q" | "A" | "C"; id: number }): Promise<AttachablePhoto[]> {
  if (pids.length === 0) return [];
  if (pids.length > PHOTO.perItem) throw new DomainError(ERR.photoTooMany);
  const free: SQL | undefined = target ? or(isNull(p.targetType), and(eq(p.targetType, target.type), eq(p.targetId, target.id))) : isNull(p.targetType);
  const rows = await dbOf(env)
    .select({ id: p.id, userId: p.userId, src: p.src, width: p.width, height: p.height, targetType: p.targetType })
    .from(p)
    .where(inArray(p.id, pids))
    .all();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: AttachablePhoto[] = [];
  for (const pid of pids) {
    const r = byId.get(pid);
    if (!r) throw new DomainError(ERR.photoGone);
    if (r.userId !== userId) throw new DomainError(ERR.photoNotYours);
    out.push({ id: r.id, src: r.src, width: r.width, height: r.height });
  }
  if (free) {
    const ok = await dbOf(env)
      .select({ id: p.id })
      .from(p)
      .where(and(inArray(p.id, pids), free))
      .all();
    if (ok.length !== pids.length) throw new DomainError(ERR.photoNotYours);
  }
  return out;
}

/**
 * The photos as they are stored at the end of the item's HTML: each its 800 preview, a link to its
 * own page (the viewer). The markup is made here, after the user's text went through the
 * sanitiser, from the photo's row alone.
 */
function photosHtml(list: AttachablePhoto[]): string {
  if (list.length === 0) return "";
  const items = list
    .map(
      (ph) =>
        `<a class="photo-link" href="${photoPagePath(ph.id)}" data-photo="${ph.id}" data-big="${photoUrl(ph.src, 800)}"><img src="${photoUrl(ph.src, 800)}" width="${ph.width}" height="${ph.height}" alt="Фото" loading="lazy"></a>`,
    )
    .join("");
  return `<span class="photos">${items}</span>`;
}

/**
 * The statement that marks the photos as attached to the item, for the item's own batch: only
 * the writer's photos that are still free (or already the item's), so a photo is never taken
 * from another item; nothing when the item was not written (its id is null).
 */
export function attachStatement(env: Env, userId: number, list: AttachablePhoto[], type: "Q" | "A" | "C", targetId: number | SQL, qid: number | SQL) {
  const ids = list.map((x) => x.id);
  return dbOf(env)
    .update(p)
    .set({ targetType: type, targetId: targetId as number, qid: qid as number })
    .where(and(inArray(p.id, ids), eq(p.userId, userId), or(isNull(p.targetType), eq(p.targetType, type)), sql`${targetId} IS NOT NULL`));
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

type PhotoRow = { id: number; userId: number; targetType: string | null; targetId: number | null; qid: number | null };

/** A photo shown in a question, answer or comment: its siblings in that text, unless the question is gone or hidden (null). */
async function textContext(env: Env, ph: PhotoRow) {
  const db = dbOf(env);
  const [siblings, question] = await db.batch([
    db
      .select({ id: p.id })
      .from(p)
      .where(and(eq(p.targetType, ph.targetType ?? ""), eq(p.targetId, ph.targetId ?? 0)))
      .orderBy(p.id),
    db
      .select({ hidden: schema.questions.hidden, state: schema.questions.state, categoryId: schema.questions.categoryId })
      .from(schema.questions)
      .where(eq(schema.questions.id, ph.qid ?? 0))
      .limit(1),
  ]);
  const q = question[0];
  if (ph.qid && (!q || q.hidden === 1 || q.state === "D")) return null;
  const { at: _, ...place } = around(siblings, ph.id);
  return {
    ...place,
    categoryId: q?.categoryId ?? null,
    close: ph.qid ? (ph.targetType === "A" ? `/question/${ph.qid}#answer-${ph.targetId}` : `/question/${ph.qid}`) : `/profile/id${ph.userId}`,
    shared: true,
  };
}

/**
 * A photo's page: the photo, the previous and next photo of the same item (wrapping around) and
 * where "close" leads. A photo shown in a question, answer or comment is paged with that text's
 * photos, for whoever may read the question. A photo that only an album holds is paged with the
 * album's, for whoever may see the album (album-reads.server.ts), and such a page is never shared
 * between readers. A photo in neither is shown to its uploader only.
 */
export async function photoPage(env: Env, session: Session | null, pid: number) {
  const ph = await dbOf(env)
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
    })
    .from(p)
    .where(eq(p.id, pid))
    .get();
  if (!ph) return null;
  // an avatar (present or past) is shown beside its owner's nick, never as a photo page of its own
  if (ph.targetType === "U" || ph.targetType === "X") return null;
  const photo = { pid: ph.id, src: photoUrl(ph.src, 800), width: ph.width, height: ph.height };
  const inText = ph.targetType ? await textContext(env, ph) : null;
  if (inText) return { ...photo, ...inText };
  if (ph.albumId !== null) {
    const inAlbum = await albumContext(env, session?.user ?? null, { id: ph.id, added: ph.added, albumId: ph.albumId });
    if (!inAlbum) return null;
    const { at, ...place } = inAlbum.place;
    const page = Math.floor(at / ALBUM.perPage) * ALBUM.perPage;
    return { ...photo, ...place, categoryId: null, close: `${albumPath(ph.userId, ph.albumId, page)}#photo-${ph.id}`, shared: false };
  }
  if (ph.targetType || session?.user.id !== ph.userId) return null;
  return { ...photo, index: 1, count: 1, prev: ph.id, next: ph.id, categoryId: null, close: `/profile/id${ph.userId}`, shared: false };
}
