/**
 * Deciding on a brand's recommendation (kqapprove, kqdecline; docs/decisions/0039-brand-pages.md):
 * a recommendation that a brand administrator sent (`kqrecommend`, status N) is approved (A) or
 * declined (D) by an administrator of that brand or a site moderator with the qstmove permission.
 * The new status and its moderation-log row are written in one batch, the status only while it is
 * still N, so a second or concurrent decision finds nothing to decide and writes nothing.
 */
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { ERR, ERR_MSG } from "../../lib/errids";
import { DomainError } from "../../lib/errors";
import { idField } from "../../lib/fields";
import { isModerator } from "../../lib/moderation";
import { batchable, dbOf, schema } from "../core/db.server";
import { requireWriter, type Session, type SessionUser } from "../users/session.server";
import { brandRoleQuery } from "./brands.server";

const rec = schema.brandRecommendations;
const b = schema.brands;
const log = schema.modLog;

/** A site moderator who may decide on any brand's recommendations: one who may move questions between categories. */
export const decidesRecommendations = (user: Pick<SessionUser, "type" | "permissions"> | null | undefined) =>
  isModerator(user) && user!.permissions.includes("qstmove");

export type RecommendationStatus = "N" | "A" | "D";

/** kqapprove, kqdecline {id}: the recommendation's number. */
export const DecideRecommendationInput = z.object({ id: idField(ERR_MSG.recommendationMissing) });

/**
 * kqapprove / kqdecline: the recommendation `id` becomes A or D. Refused, writing nothing: 525 an
 * unknown one, 527 anyone but the brand's administrators and the moderators who decide them, 526
 * one already decided.
 */
export async function decideRecommendation(
  env: Env,
  session: Session | null,
  input: z.infer<typeof DecideRecommendationInput>,
  status: "A" | "D",
  now: number,
) {
  const user = requireWriter(session);
  const db = dbOf(env);
  const row = await db
    .select({ id: rec.id, brandId: rec.brandId, qid: rec.qid, userId: rec.userId, status: rec.status, urlname: b.urlname })
    .from(rec)
    .innerJoin(b, eq(b.id, rec.brandId))
    .where(eq(rec.id, input.id))
    .get();
  if (!row) throw new DomainError(ERR.recommendationMissing);
  if (!decidesRecommendations(user)) {
    const role = await brandRoleQuery(env, row.brandId, user.id).get();
    if (role?.role !== "admin") throw new DomainError(ERR.recommendationDeciders);
  }
  if (row.status !== "N") throw new DomainError(ERR.recommendationDecided);
  const action = status === "A" ? "kqapprove" : "kqdecline";
  const [updated] = await db.batch(
    batchable(env, [
      db
        .update(rec)
        .set({ status })
        .where(and(eq(rec.id, row.id), eq(rec.status, "N")))
        .returning({ id: rec.id }),
      // the log row only when the status above changed: target R is the recommendation, user_id who recommended it
      db
        .insert(log)
        .select(sql`SELECT NULL, ${user.id}, ${action}, 'R', ${row.id}, ${row.userId}, ${row.qid}, NULL, NULL, ${row.urlname}, ${now} WHERE changes() = 1`),
    ] as const),
  );
  if (updated.length === 0) throw new DomainError(ERR.recommendationDecided);
  return { id: row.id, qid: row.qid, urlname: row.urlname, decision: status };
}
