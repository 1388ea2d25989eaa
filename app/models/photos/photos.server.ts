import { and, eq, inArray, isNull, notInArray, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { ERR, ERR_MSG } from "../../lib/errids";
import { DomainError } from "../../lib/errors";
import { blank, idField } from "../../lib/fields";
import { LIMITS } from "../../lib/limits";
import { PHOTO, type PhotoSize, photoPagePath, photoUrl, splitPhotoLines } from "../../lib/photos";
import { withQuota } from "../core/hub.server";
import { textLength } from "../core/text.server";
import { batchable, dbOf, schema } from "../core/db.server";
import { bindingOfEnv, SITE_DB } from "../core/databases.server";
import { requireWriter, type Session } from "../users/session.server";
import { declaredSize, makePreviews, sniffPhoto } from "./codec.server";
import { fetchPhotoBytes } from "./fetch-url.server";

const p = schema.photos;

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
    env.PHOTOS.put(previewKey(key, 800), big.bytes, { httpMetadata: { contentType: big.mime } }),
    env.PHOTOS.put(previewKey(key, 120), small.bytes, { httpMetadata: { contentType: small.mime } }),
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

/**
 * The statement that takes off an item the photos its new text no longer shows (`kept` are the
 * ones it does), for the edit's own batch: they become their uploader's own uploads again, shown
 * to nobody else and his to delete; the cron removes those older than a day and in no album.
 */
export function detachStatement(env: Env, type: "Q" | "A" | "C", targetId: number, kept: AttachablePhoto[]) {
  const ids = kept.map((x) => x.id);
  const dropped = and(eq(p.targetType, type), eq(p.targetId, targetId), ids.length > 0 ? notInArray(p.id, ids) : undefined);
  // a thread database holds attached photos alone: the row goes there, and the mirror makes DB's
  // row of the same id the uploader's own again (docs/decisions/0061)
  if (bindingOfEnv(env) !== SITE_DB) return dbOf(env).delete(p).where(dropped);
  return dbOf(env).update(p).set({ targetType: null, targetId: null, qid: null }).where(dropped);
}

// ---------------------------------------------------------------------------------------------
// the previews in the bucket (served by photo-reads.server.ts)

/** The sizes every photo is stored in. */
export const PREVIEW_SIZES: readonly PhotoSize[] = [800, 120];

/** A preview's object in the bucket. */
export function previewKey(src: string, size: PhotoSize): string {
  return `p/${src}/${size}`;
}

/** Deletes the previews of photos whose rows went. */
export async function dropPreviews(env: Env, srcs: string[]) {
  const keys = srcs.flatMap((src) => PREVIEW_SIZES.map((size) => previewKey(src, size)));
  for (let i = 0; i < keys.length; i += 1000) await env.PHOTOS.delete(keys.slice(i, i + 1000));
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

export type AttachablePhoto = { id: number; src: string; width: number; height: number; mime: string; albumId: number | null; added: number };

/**
 * The photos a writer attaches, each his own and not yet attached elsewhere (`target` says which
 * item may already hold them, when an edit keeps its photos); at most PHOTO.perItem.
 */
async function attachablePhotos(env: Env, userId: number, pids: number[], target?: { type: "Q" | "A" | "C"; id: number }): Promise<AttachablePhoto[]> {
  if (pids.length === 0) return [];
  if (pids.length > PHOTO.perItem) throw new DomainError(ERR.photoTooMany);
  const free: SQL | undefined = target ? or(isNull(p.targetType), and(eq(p.targetType, target.type), eq(p.targetId, target.id))) : isNull(p.targetType);
  const rows = await dbOf(env).select().from(p).where(inArray(p.id, pids)).all();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: AttachablePhoto[] = [];
  for (const pid of pids) {
    const r = byId.get(pid);
    if (!r) throw new DomainError(ERR.photoGone);
    if (r.userId !== userId) throw new DomainError(ERR.photoNotYours);
    out.push({ id: r.id, src: r.src, width: r.width, height: r.height, mime: r.mime, albumId: r.albumId, added: r.added });
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
  if (bindingOfEnv(env) !== SITE_DB) return copyAttached(env, userId, list, type, targetId, qid);
  return dbOf(env)
    .update(p)
    .set({ targetType: type, targetId: targetId as number, qid: qid as number })
    .where(and(inArray(p.id, ids), eq(p.userId, userId), or(isNull(p.targetType), eq(p.targetType, type)), sql`${targetId} IS NOT NULL`));
}

/**
 * attachStatement for an item of a thread that lives in a thread database, which holds no uploads:
 * the photos' rows are written there, attached, with the ids and files they have in DB; the mirror
 * then writes them over DB's rows of the same ids, which so become attached too (docs/decisions/0061).
 */
function copyAttached(env: Env, userId: number, list: AttachablePhoto[], type: "Q" | "A" | "C", targetId: number | SQL, qid: number | SQL) {
  const rows = JSON.stringify(list);
  const [insert] = batchable(env, [
    dbOf(env).run(sql`INSERT INTO photos (id, album_id, user_id, src, width, height, mime, target_type, target_id, qid, added)
    SELECT j.value ->> 'id', j.value ->> 'albumId', ${userId}, j.value ->> 'src', j.value ->> 'width', j.value ->> 'height', j.value ->> 'mime',
      ${type}, ${targetId}, ${qid}, j.value ->> 'added'
    FROM json_each(${rows}) j WHERE ${targetId} IS NOT NULL`),
  ]);
  return insert;
}
