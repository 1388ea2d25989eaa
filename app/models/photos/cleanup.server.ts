/**
 * Uploads nobody used: a photo is uploaded before the text it goes into is sent, so a writer who
 * gives up leaves a row and two previews behind. The cron deletes those still unattached a day
 * after their upload — not in an album, not in a question, answer or comment — at most `batch`
 * a run. The rows go first, each checked again in the same statement (a photo attached meanwhile
 * stays), and then their previews in the bucket.
 */
import { and, inArray, isNull, lt } from "drizzle-orm";
import { dbOf, schema } from "../core/db.server";
import { dropPreviews } from "./photos.server";

/** How long an upload may wait for the text it was made for. */
export const UNATTACHED_KEPT_MS = 86_400_000;

const PHOTOS_BATCH = 500;

/** Deletes photos left unattached for a day, rows and previews; how many went. */
export async function dropUnattachedPhotos(env: Env, now: number, batch = PHOTOS_BATCH): Promise<number> {
  const db = dbOf(env);
  const p = schema.photos;
  const unused = and(isNull(p.targetType), isNull(p.albumId), lt(p.added, now - UNATTACHED_KEPT_MS));
  const gone = await db
    .delete(p)
    .where(and(inArray(p.id, db.select({ id: p.id }).from(p).where(unused).limit(batch)), unused))
    .returning({ src: p.src });
  await dropPreviews(
    env,
    gone.map((g) => g.src),
  );
  return gone.length;
}
