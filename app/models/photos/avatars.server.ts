import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { ERR, ERR_MSG } from "../../lib/errids";
import { DomainError } from "../../lib/errors";
import { avatarSrc } from "../../lib/photos";
import { dbOf, schema } from "../core/db.server";
import { requireWriter, type Session } from "../users/session.server";
import { storePhoto } from "./photos.server";

const p = schema.photos;
const u = schema.users;

/** A photo row that is a user's avatar now ('U', target_id his id), or was one ('X'). */
export const AVATAR_TARGET = "U";
const FORMER_AVATAR = "X";

/** `uid` names whose avatar: a user changes only his own, so it may be left out or must be his id. */
const Owner = z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number(ERR_MSG.avatarNotYours).int(ERR_MSG.avatarNotYours).optional());

/** filin: the new avatar, a multipart file as the upload calls take it. */
export const SetAvatarInput = z.object({
  file: z.instanceof(File, { message: ERR_MSG.photoMissing }),
  uid: Owner,
});

/** delfilin: back to the generated default. */
export const RemoveAvatarInput = z.object({ uid: Owner });

/** How many of his latest questions and answers have their pages dropped from the cache when his avatar changes. */
const RECENT_PAGES = 20;

/**
 * The questions whose pages show the user's avatar and were most likely read lately: those of
 * his latest questions and answers. Their cached copies are dropped with the change; any other
 * page that shows him is rendered anew within the page cache's lifetime (a minute).
 */
async function recentQuestionIds(env: Env, uid: number): Promise<number[]> {
  const db = dbOf(env);
  const q = schema.questions;
  const a = schema.answers;
  const [asked, answered] = await db.batch([
    db.select({ id: q.id }).from(q).where(eq(q.userId, uid)).orderBy(desc(q.added)).limit(RECENT_PAGES),
    db.select({ id: a.qid }).from(a).where(eq(a.userId, uid)).orderBy(desc(a.added)).limit(RECENT_PAGES),
  ]);
  return [...new Set([...asked, ...answered].map((r) => r.id))];
}

function ownerOf(session: Session | null, uid: number | undefined) {
  const user = requireWriter(session);
  if (uid !== undefined && uid !== user.id) throw new DomainError(ERR.avatarNotYours);
  return user;
}

/**
 * The owner's new avatar: the file goes through the same checks, codec and bucket as any photo
 * (a banned user uploads nothing; the call spends one of the day's photos), then in one batch the
 * photo becomes his avatar, the one before it is retired and users.filin takes the new key. The
 * old previews stay in the bucket under their own key, so a page cached a moment ago still shows
 * a picture; the new key reaches every page as soon as it is rendered anew.
 */
export async function setAvatar(env: Env, session: Session | null, input: z.infer<typeof SetAvatarInput>, now: number) {
  const user = ownerOf(session, input.uid);
  const photo = await storePhoto(env, session, new Uint8Array(await input.file.arrayBuffer()), now);
  // the big preview's address is /img/p/{key}/800
  const key = photo.src_big.split("/")[3];
  const db = dbOf(env);
  await db.batch([
    db
      .update(p)
      .set({ targetType: FORMER_AVATAR })
      .where(and(eq(p.targetType, AVATAR_TARGET), eq(p.targetId, user.id))),
    db
      .update(p)
      .set({ targetType: AVATAR_TARGET, targetId: user.id })
      .where(and(eq(p.id, photo.pid), eq(p.userId, user.id))),
    db.update(u).set({ filin: key }).where(eq(u.id, user.id)),
  ]);
  return { uid: user.id, filin: key, src: avatarSrc(key, 72), src_small: avatarSrc(key, 24), pid: photo.pid, qids: await recentQuestionIds(env, user.id) };
}

/** The owner's avatar removed: the generated default is shown again; having none to remove is refused. */
export async function removeAvatar(env: Env, session: Session | null, input: z.infer<typeof RemoveAvatarInput>) {
  const user = ownerOf(session, input.uid);
  const db = dbOf(env);
  const [row] = await db.batch([
    db.select({ filin: u.filin }).from(u).where(eq(u.id, user.id)),
    db
      .update(p)
      .set({ targetType: FORMER_AVATAR })
      .where(and(eq(p.targetType, AVATAR_TARGET), eq(p.targetId, user.id))),
    db.update(u).set({ filin: null }).where(eq(u.id, user.id)),
  ]);
  if (!row[0]?.filin) throw new DomainError(ERR.avatarNone);
  return { uid: user.id, filin: null, qids: await recentQuestionIds(env, user.id) };
}
