/**
 * The owner's photo albums (docs/decisions/0044-avatars-and-albums.md): create one (addalbum),
 * rename it or change who sees it (editalbum), delete it (delalbum), upload a photo into it (the
 * upload calls with `aid`) and take a photo out of it (delphoto). Only the owner changes his
 * albums; a banned user changes nothing. An album's `size` moves in the same D1 batch as its
 * photos' rows. A photo taken out of its album, or left when the album goes, is deleted with its
 * previews unless a question, answer or comment shows it: then it only leaves the album.
 */
import { and, count, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { ERR, ERR_MSG } from "../../lib/errids";
import { DomainError } from "../../lib/errors";
import { blank, idField, last, plainLine } from "../../lib/fields";
import { ALBUM, type AlbumPrivacy, albumPath } from "../../lib/photos";
import { dbOf, schema } from "../core/db.server";
import { requireWriter, type Session, type SessionUser } from "../users/session.server";
import { photoWithText } from "./photo-reads.server";
import { dropPreviews, type UploadedPhoto, type UploadInput, type UploadUrlInput, uploadPhoto, uploadPhotoByUrl } from "./photos.server";

const al = schema.albums;
const p = schema.photos;

/** A title: one line of 1–100 characters, spaces collapsed (shown escaped). */
const Title = z.preprocess(
  (v) => {
    const x = last(v);
    return typeof x === "string" ? plainLine(x) : x;
  },
  z
    .string(ERR_MSG.albumTitleInvalid)
    .min(1, ERR_MSG.albumTitleInvalid)
    .refine((s) => [...s].length <= ALBUM.titleMax, ERR_MSG.albumTitleInvalid),
);

/** Who sees the album: 0 everyone, 1 the owner's followers, 2 the owner alone. */
const Privacy = z.preprocess(
  (v) => {
    const x = blank(last(v));
    return typeof x === "number" ? String(x) : x;
  },
  z.enum(["0", "1", "2"], ERR_MSG.albumPrivacyInvalid).transform((s) => Number(s) as AlbumPrivacy),
);

const AlbumId = idField(ERR_MSG.albumMissing);

export const AddAlbumInput = z.object({ title: Title, privacy: Privacy.optional() });
export const EditAlbumInput = z
  .object({ aid: AlbumId, title: z.preprocess(blank, Title.optional()), privacy: Privacy.optional() })
  .refine((x) => x.title !== undefined || x.privacy !== undefined, ERR_MSG.albumTitleInvalid);
export const DelAlbumInput = z.object({ aid: AlbumId });
export const DelPhotoInput = z.object({ pid: idField(ERR_MSG.photoGone) });

/** The album, which must exist (612) and be the writer's (615). */
async function ownAlbum(env: Env, user: SessionUser, aid: number) {
  const row = await dbOf(env).select({ id: al.id, userId: al.userId }).from(al).where(eq(al.id, aid)).get();
  if (!row) throw new DomainError(ERR.albumMissing);
  if (row.userId !== user.id) throw new DomainError(ERR.albumNotYours);
  return row;
}

/** addalbum: a new empty album of the writer's, at most 100 of them; the form goes to its page. */
export async function addAlbum(env: Env, session: Session | null, input: z.infer<typeof AddAlbumInput>, now: number) {
  const user = requireWriter(session);
  const db = dbOf(env);
  const privacy = input.privacy ?? 0;
  // the count and the insert are one statement: two albums made at once cannot pass the limit together
  const row = await db.get<{ id: number } | undefined>(
    sql`insert into ${al} (user_id, title, privacy, size, added)
        select ${user.id}, ${input.title}, ${privacy}, 0, ${now}
        where (select ${count()} from ${al} where ${al.userId} = ${user.id}) < ${ALBUM.perUser}
        returning id`,
  );
  if (!row) throw new DomainError(ERR.albumsTooMany);
  return { aid: row.id, usrid: user.id, title: input.title, privacy, size: 0, redirect: albumPath(user.id, row.id) };
}

/** editalbum: a new title, a new privacy, or both. */
export async function editAlbum(env: Env, session: Session | null, input: z.infer<typeof EditAlbumInput>) {
  const user = requireWriter(session);
  await ownAlbum(env, user, input.aid);
  const row = await dbOf(env)
    .update(al)
    .set({ ...(input.title !== undefined ? { title: input.title } : {}), ...(input.privacy !== undefined ? { privacy: input.privacy } : {}) })
    .where(and(eq(al.id, input.aid), eq(al.userId, user.id)))
    .returning({ title: al.title, privacy: al.privacy, size: al.size })
    .get();
  if (!row) throw new DomainError(ERR.albumMissing);
  return { aid: input.aid, usrid: user.id, title: row.title, privacy: row.privacy, size: row.size };
}

/**
 * delalbum: the album and, in the same batch, its photos: those no text shows are deleted (their
 * previews then leave the bucket), those a question, answer or comment shows only leave the album.
 */
export async function delAlbum(env: Env, session: Session | null, input: z.infer<typeof DelAlbumInput>) {
  const user = requireWriter(session);
  await ownAlbum(env, user, input.aid);
  const db = dbOf(env);
  const [gone] = await db.batch([
    db
      .delete(p)
      .where(and(eq(p.albumId, input.aid), isNull(p.targetType)))
      .returning({ src: p.src }),
    db.update(p).set({ albumId: null }).where(eq(p.albumId, input.aid)),
    db.delete(al).where(and(eq(al.id, input.aid), eq(al.userId, user.id))),
  ]);
  await dropPreviews(
    env,
    gone.map((g) => g.src),
  );
  return { aid: input.aid, usrid: user.id, removed: gone.length, redirect: `/profile/id${user.id}/photos` };
}

/**
 * delphoto: the owner deletes his photo — out of his album, or one no text of his shows any more (an
 * upload he took out of his answer, a photo of a text that was removed). In one batch the album's
 * size goes down (only while the photo is still in it, so two removals at once count once) and the
 * photo is deleted with its previews; a photo a live text shows only leaves the album, and one in no
 * album is refused while a live text shows it (618: take it out of the text first).
 */
export async function delPhoto(env: Env, session: Session | null, input: z.infer<typeof DelPhotoInput>) {
  const user = requireWriter(session);
  const db = dbOf(env);
  const ph = await photoWithText(env, input.pid);
  if (!ph || ph.targetType === "U" || ph.targetType === "X") throw new DomainError(ERR.photoGone);
  if (ph.userId !== user.id) throw new DomainError(ERR.albumNotYours);
  const shown = ph.targetType !== null && ph.removed === 0;
  if (ph.albumId === null && shown) throw new DomainError(ERR.photoInText);
  const aid = ph.albumId;
  const mine = and(eq(p.id, ph.id), eq(p.userId, user.id));
  // what it was when read: a photo attached to a live text meanwhile stays
  const unchanged = and(mine, ph.targetType === null ? isNull(p.targetType) : eq(p.targetType, ph.targetType));
  const [, gone] = await db.batch([
    db
      .update(al)
      .set({ size: sql`max(${al.size} - 1, 0)` })
      .where(and(eq(al.id, aid ?? 0), sql`exists (select 1 from ${p} where ${and(mine, eq(p.albumId, aid ?? 0))})`)),
    db
      .delete(p)
      .where(shown ? sql`0` : unchanged)
      .returning({ src: p.src }),
    db.update(p).set({ albumId: null }).where(mine),
  ]);
  await dropPreviews(
    env,
    gone.map((g) => g.src),
  );
  return { pid: ph.id, aid, usrid: user.id, deleted: gone.length > 0 ? 1 : 0 };
}

/**
 * A stored photo put into the writer's album, in one batch with the album's size; when the album
 * went meanwhile neither changes and the photo stays a plain upload (the cron removes it a day
 * later).
 */
async function intoAlbum(env: Env, userId: number, aid: number, photo: UploadedPhoto) {
  const db = dbOf(env);
  const mine = sql`exists (select 1 from ${al} where ${al.id} = ${aid} and ${al.userId} = ${userId})`;
  await db.batch([
    db
      .update(p)
      .set({ albumId: aid })
      .where(and(eq(p.id, photo.pid), eq(p.userId, userId), isNull(p.albumId), mine)),
    db
      .update(al)
      .set({ size: sql`${al.size} + 1` })
      .where(and(eq(al.id, aid), eq(al.userId, userId), sql`exists (select 1 from ${p} where ${p.id} = ${photo.pid} and ${p.albumId} = ${aid})`)),
  ]);
}

/** An upload's reply: the photo, and the album and its owner when it went into one. */
export type AlbumUpload = UploadedPhoto & { aid?: number; usrid?: number };

/**
 * A photo stored by `store` and, with `aid`, put into that album: the album is checked first (no
 * photo is spent on an album that is not the writer's). Without `aid` it is a plain upload for a text.
 */
async function storeInto(env: Env, session: Session | null, aid: number | undefined, store: () => Promise<UploadedPhoto>): Promise<AlbumUpload> {
  if (aid === undefined) return store();
  const user = requireWriter(session);
  await ownAlbum(env, user, aid);
  const photo = await store();
  await intoAlbum(env, user.id, aid, photo);
  return { ...photo, aid, usrid: user.id };
}

/** upload and addimg, perhaps into an album. */
export const uploadInto = (env: Env, session: Session | null, input: z.infer<typeof UploadInput>, now: number) =>
  storeInto(env, session, input.aid, () => uploadPhoto(env, session, input, now));

/** addimgurl, perhaps into an album: the same, for a photo by its address. */
export const uploadUrlInto = (env: Env, session: Session | null, input: z.infer<typeof UploadUrlInput>, now: number) =>
  storeInto(env, session, input.aid, () => uploadPhotoByUrl(env, session, input, now));
