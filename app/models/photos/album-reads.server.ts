/**
 * Reading photo albums (docs/decisions/0044-avatars-and-albums.md): a user's albums, one album's
 * photos 12 a page, and who may see them. An album is seen by everyone (privacy 0), by the owner's
 * followers (1) or by the owner alone (2); the owner and the moderators see every album. A profile
 * whose activity is hidden shows its albums only to those who may see it (its owner, the
 * moderators), as its other lists. Every read path applies these rules: the profile's photos tab,
 * the album page, the `albums` and `album` calls and a photo's own page.
 */
import { and, asc, count, desc, eq, gt, lt, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { ERR, ERR_MSG } from "../../lib/errids";
import { DomainError } from "../../lib/errors";
import { idField, Offset } from "../../lib/fields";
import { isModerator } from "../../lib/moderation";
import { ALBUM, ALBUM_PRIVACY, type AlbumPrivacy, photoPagePath, photoUrl } from "../../lib/photos";
import { assertActivityOpen, GUEST, userReader } from "../core/visibility.server";
import { dbOf, schema } from "../core/db.server";
import { followingQuery } from "../users/follows.server";
import type { Session, SessionUser } from "../users/session.server";

const al = schema.albums;
const p = schema.photos;
const u = schema.users;

/** An album as the API and the pages show it: aid, title, size, privacy, its owner and its cover (the newest photo's 120 preview). */
export type AlbumItem = { aid: number; usrid: number; title: string; size: number; privacy: AlbumPrivacy; added: number; cover: string | null };

/** A photo of an album: pid, src (the 800 preview), src_small (120×120), src_big (800), width, height, and its page. */
export type AlbumPhoto = { pid: number; src: string; src_small: string; src_big: string; width: number; height: number; url: string };

/**
 * The most private level of an owner's albums a reader may see: everything for the owner and the
 * moderators, the followers' albums for his followers, the public ones for anyone else.
 */
export function albumLevel(viewer: Pick<SessionUser, "id" | "type" | "permissions"> | null, ownerId: number, following: boolean): AlbumPrivacy {
  if (viewer && (viewer.id === ownerId || isModerator(viewer))) return ALBUM_PRIVACY.owner;
  return viewer && following ? ALBUM_PRIVACY.followers : ALBUM_PRIVACY.everyone;
}

/** Whether the reader must be asked if he follows the owner (only a signed-in stranger). */
function mayFollow(viewer: SessionUser | null, ownerId: number): viewer is SessionUser {
  return viewer !== null && albumLevel(viewer, ownerId, false) === ALBUM_PRIVACY.everyone;
}

/** The reader's level on an owner's albums; whether he follows the owner is read only when `ask` and it can matter. */
async function readerLevel(env: Env, viewer: SessionUser | null, ownerId: number, ask = true): Promise<AlbumPrivacy> {
  const following = ask && mayFollow(viewer, ownerId) ? (await followingQuery(env, viewer.id, ownerId)).length > 0 : false;
  return albumLevel(viewer, ownerId, following);
}

const ALBUM_COLUMNS = {
  id: al.id,
  userId: al.userId,
  title: al.title,
  privacy: al.privacy,
  size: al.size,
  added: al.added,
};

/** A user's albums, newest first (albums_user_idx), each with its newest photo's key (photos_album_idx). */
export function albumsQuery(env: Env, uid: number) {
  return dbOf(env)
    .select({
      ...ALBUM_COLUMNS,
      cover: sql<string | null>`(select ${p.src} from ${p} where ${p.albumId} = ${al.id} order by ${p.added} desc, ${p.id} desc limit 1)`.as("cover"),
    })
    .from(al)
    .where(eq(al.userId, uid))
    .orderBy(desc(al.added), desc(al.id))
    .limit(ALBUM.perUser);
}

/** One album by its id. */
export function albumQuery(env: Env, aid: number) {
  return dbOf(env).select(ALBUM_COLUMNS).from(al).where(eq(al.id, aid)).limit(1);
}

/** A page of an album's photos, newest first (photos_album_idx). */
export function albumPhotosQuery(env: Env, aid: number, offset: number, limit: number) {
  return dbOf(env)
    .select({ id: p.id, src: p.src, width: p.width, height: p.height })
    .from(p)
    .where(eq(p.albumId, aid))
    .orderBy(desc(p.added), desc(p.id))
    .limit(limit)
    .offset(offset);
}

type AlbumRow = Awaited<ReturnType<typeof albumQuery>>[number] & { cover?: string | null };

export function albumItem(r: AlbumRow): AlbumItem {
  return {
    aid: r.id,
    usrid: r.userId,
    title: r.title,
    size: r.size,
    privacy: r.privacy as AlbumPrivacy,
    added: r.added,
    cover: r.cover ? photoUrl(r.cover, 120) : null,
  };
}

export function albumPhoto(r: { id: number; src: string; width: number; height: number }): AlbumPhoto {
  const big = photoUrl(r.src, 800);
  return { pid: r.id, src: big, src_small: photoUrl(r.src, 120), src_big: big, width: r.width, height: r.height, url: photoPagePath(r.id) };
}

/** One page of photos (one row more than a page is read to know whether another follows). */
export function photoPage(rows: { id: number; src: string; width: number; height: number }[]) {
  return { items: rows.slice(0, ALBUM.perPage).map(albumPhoto), more: rows.length > ALBUM.perPage };
}

// ---- the profile's photos tab

/** What the photos tab holds before the reader's level is known: all the owner's albums, or one album and a page of its photos. */
export type PhotosList = { kind: "albums"; items: AlbumItem[] } | { kind: "album"; album: AlbumItem; items: AlbumPhoto[] };

/** The tab's reads for the profile's batch: the albums, or the album (which must be the owner's) and a page of its photos. */
export function photosTabQueries(env: Env, uid: number, sub: string, offset: number) {
  const aid = Number(sub);
  if (!Number.isSafeInteger(aid) || aid <= 0) return { kind: "albums" as const, albums: albumsQuery(env, uid) };
  return { kind: "album" as const, album: albumQuery(env, aid), photos: albumPhotosQuery(env, aid, offset, ALBUM.perPage + 1) };
}

/** What of the tab the reader sees: the albums of his level, or the album when he may see it (null: not found for him). */
export function photosFor(list: PhotosList, level: AlbumPrivacy, uid: number): PhotosList | null {
  if (list.kind === "albums") return { kind: "albums", items: list.items.filter((a) => a.privacy <= level) };
  return list.album.usrid === uid && list.album.privacy <= level ? list : null;
}

// ---- the calls

export const AlbumsInput = z.object({ user: idField(ERR_MSG.userNotFound) });

/** albums: a user's albums the reader may see, newest first, each with its cover. */
export async function readAlbums(env: Env, session: Session | null, input: z.infer<typeof AlbumsInput>) {
  const viewer = session?.user ?? null;
  const db = dbOf(env);
  const [owner, rows] = await db.batch([db.select({ id: u.id, hidden: u.hidden }).from(u).where(eq(u.id, input.user)).limit(1), albumsQuery(env, input.user)]);
  if (!owner[0]) throw new DomainError(ERR.userNotFound);
  await assertActivityOpen(env, viewer ? userReader(viewer) : GUEST, owner[0]);
  const level = await readerLevel(env, viewer, input.user);
  return { albums: rows.map(albumItem).filter((a) => a.privacy <= level) };
}

export const AlbumInput = z.object({ aid: idField(ERR_MSG.albumMissing), p: Offset });

/**
 * The album an owner's reader may see, or a refusal: 404 (612) for an album that does not exist or
 * that this reader may not see, 508 when the owner's activity is hidden from him.
 */
export async function visibleAlbum(env: Env, viewer: SessionUser | null, aid: number): Promise<AlbumItem> {
  const db = dbOf(env);
  const row = await db
    .select({ ...ALBUM_COLUMNS, hidden: u.hidden })
    .from(al)
    .innerJoin(u, eq(u.id, al.userId))
    .where(eq(al.id, aid))
    .get();
  if (!row) throw new DomainError(ERR.albumMissing);
  await assertActivityOpen(env, viewer ? userReader(viewer) : GUEST, { id: row.userId, hidden: row.hidden });
  if (row.privacy > (await readerLevel(env, viewer, row.userId, row.privacy === ALBUM_PRIVACY.followers))) throw new DomainError(ERR.albumMissing);
  return albumItem(row);
}

/** album: the album and 12 of its photos from offset p, newest first; `more` 1 when another page follows. */
export async function readAlbum(env: Env, session: Session | null, input: z.infer<typeof AlbumInput>) {
  const album = await visibleAlbum(env, session?.user ?? null, input.aid);
  const { items, more } = photoPage(await albumPhotosQuery(env, album.aid, input.p ?? 0, ALBUM.perPage + 1));
  return { album, photos: items, more: more ? 1 : 0 };
}

/**
 * A photo's place in the album its own page pages through (its viewer without JavaScript), when
 * the reader may see that album; null otherwise. Read by the album's index in one batch, whatever
 * the album's size: how many photos come before it (newest first), how many there are, its
 * neighbours, and the first and the last photo (the neighbours wrap around).
 */
export async function albumContext(env: Env, viewer: SessionUser | null, ph: { id: number; added: number; albumId: number }) {
  let album: AlbumItem;
  try {
    album = await visibleAlbum(env, viewer, ph.albumId);
  } catch (e) {
    if (e instanceof DomainError) return null;
    throw e;
  }
  const db = dbOf(env);
  const inAlbum = eq(p.albumId, ph.albumId);
  const newer = and(inAlbum, or(gt(p.added, ph.added), and(eq(p.added, ph.added), gt(p.id, ph.id))));
  const older = and(inAlbum, or(lt(p.added, ph.added), and(eq(p.added, ph.added), lt(p.id, ph.id))));
  const one = (where: SQL | undefined, order: "newest" | "oldest") =>
    db
      .select({ id: p.id })
      .from(p)
      .where(where)
      .orderBy(...(order === "newest" ? [desc(p.added), desc(p.id)] : [asc(p.added), asc(p.id)]))
      .limit(1);
  const [before, all, prev, next, first, last] = await db.batch([
    db.select({ n: count() }).from(p).where(newer),
    db.select({ n: count() }).from(p).where(inAlbum),
    one(newer, "oldest"),
    one(older, "newest"),
    one(inAlbum, "newest"),
    one(inAlbum, "oldest"),
  ]);
  const at = before[0]?.n ?? 0;
  return {
    album,
    place: { at, index: at + 1, count: all[0]?.n ?? 1, prev: (prev[0] ?? last[0])?.id ?? ph.id, next: (next[0] ?? first[0])?.id ?? ph.id },
  };
}
