import { ERR, ERR_MSG } from "../../lib/errids";
import { eq, sql } from "drizzle-orm";
import { brandOfUserQuery, linkOptions } from "../brands/brand-links.server";
import { z } from "zod";
import { canReplyUnder } from "../../lib/can";
import { DomainError, LEVEL_TOO_LOW_TO_COMMENT } from "../../lib/errors";
import { isExpertLevel } from "../../lib/levels";
import { LIMITS } from "../../lib/limits";
import { requireCaptchaIfBurst } from "../core/captcha.server";
import { dbOf, schema } from "../core/db.server";
import { answerWriteEnv, threadWriteEnv } from "../core/thread-ranges.server";
import { announce } from "../notifications/push.server";
import { commentNotifications } from "../notifications/create.server";
import { holdForPremoderation } from "../moderation/premoderation.server";
import { blacklistedBy, refuseIfBlacklisted } from "../users/blacklist.server";
import { requireWriter, type Session } from "../users/session.server";
import { sanitizeUserText, textLength } from "../core/text.server";
import { attachStatement, countedLength, textWithPhotos } from "../photos/photos.server";

/** A question counts as "new" for commenting while it is open and younger than this. */
export const NEW_QUESTION_MS = 60 * 60_000;

const id = (errid: string) => z.coerce.number(errid).int(errid).positive(errid);

/** addcmt: type Q or A, refid, Body, optional cmid (the parent comment), captcha on retry. */
export const AddCommentInput = z.object({
  type: z.enum(["Q", "A"], ERR_MSG.commentTargetInvalid),
  refid: id(ERR_MSG.badFields),
  Body: z.string(ERR_MSG.commentTextMissing).refine((s) => textLength(s) > 0, ERR_MSG.commentTextMissing),
  cmid: z.preprocess((v) => (v === "" || v === "0" ? undefined : v), id(ERR_MSG.commentParentGone).optional()),
  captcha_id: z.string().optional(),
  captcha_val: z.string().optional(),
});
export type AddCommentInput = z.infer<typeof AddCommentInput>;

/** The length a comment counts against the 800 limit: its words plus 200 per attached photo (countedLength). */
export function commentLength(raw: string): number {
  return countedLength(raw);
}

/**
 * Adds a comment to a question (type Q) or an answer (type A), or a reply under another comment
 * of the same target. Refused (391) when the author of the question or answer commented on, or of
 * the comment replied to, has the writer on his blacklist. One batch: the comment, the parent's
 * comcnt, the target's comcnt.
 */
export async function addComment(env: Env, session: Session | null, input: AddCommentInput, now: number) {
  const user = requireWriter(session);
  if (commentLength(input.Body) > LIMITS.comment) throw new DomainError(ERR.commentTooLong);
  const db = dbOf(env);
  const q = schema.questions;
  const a = schema.answers;
  const c = schema.comments;
  // the thread is written where it lives (the range map); its writers' blacklists are in DB
  const home = input.type === "Q" ? await threadWriteEnv(env, input.refid, now) : await answerWriteEnv(env, input.refid, now);
  const tdb = dbOf(home);

  // the target and its question in one round trip
  // whose blacklist counts: the author of the question or answer, and of the parent comment
  const authors =
    input.type === "Q"
      ? sql`SELECT user_id FROM questions WHERE id = ${input.refid} UNION ALL SELECT user_id FROM comments WHERE id = ${input.cmid ?? 0}`
      : sql`SELECT user_id FROM answers WHERE id = ${input.refid} UNION ALL SELECT user_id FROM comments WHERE id = ${input.cmid ?? 0}`;
  const thread = [
    input.type === "Q"
      ? tdb
          .select({ id: q.id, userId: q.userId, state: q.state, hidden: q.hidden, added: q.added, cancomment: q.cancomment })
          .from(q)
          .where(eq(q.id, input.refid))
      : tdb
          .select({ id: q.id, userId: q.userId, state: q.state, hidden: q.hidden, added: q.added, cancomment: q.cancomment })
          .from(a)
          .innerJoin(q, eq(q.id, a.qid))
          .where(eq(a.id, input.refid)),
    tdb
      .select({ id: a.id, qid: a.qid, hidden: a.hidden, userId: a.userId })
      .from(a)
      .where(eq(a.id, input.type === "A" ? input.refid : 0)),
    tdb
      .select({ id: c.id, refType: c.refType, refId: c.refId, depth: c.depth, hidden: c.hidden, isclosed: c.isclosed, userId: c.userId })
      .from(c)
      .where(eq(c.id, input.cmid ?? 0)),
  ] as const;
  const [qRows, aRows, pRows, brand, blacklisted] =
    home === env
      ? await db.batch([...thread, brandOfUserQuery(env, user.id), blacklistedBy(env, user.id, authors)])
      : await threadThenPeople(env, tdb.batch(thread), user.id, input.type);
  const question = qRows[0];
  if (input.type === "A" && (!aRows[0] || aRows[0].hidden)) {
    if (question && (question.hidden || question.state === "D")) throw new DomainError(ERR.questionGone);
    throw new DomainError(ERR.commentAnswerGone);
  }
  if (!question || question.hidden || question.state === "D") throw new DomainError(ERR.questionGone);
  if (!question.cancomment) throw new DomainError(ERR.commentsClosed);
  // "Commenting on a new question needs lvl above 2": a comment on the question itself while it is
  // open and less than an hour old; the owner may always comment on his own question.
  if (input.type === "Q" && question.state === "A" && now - question.added < NEW_QUESTION_MS && question.userId !== user.id && !isExpertLevel(user.lvl)) {
    throw new DomainError(ERR.levelTooLow, LEVEL_TOO_LOW_TO_COMMENT);
  }
  let depth = 0;
  const parent = pRows[0];
  if (input.cmid !== undefined) {
    if (!parent || parent.hidden) throw new DomainError(ERR.commentParentGone);
    if (parent.refType !== input.type || parent.refId !== input.refid) throw new DomainError(ERR.commentParentElsewhere);
    if (parent.isclosed) throw new DomainError(ERR.commentParentGone);
    if (!canReplyUnder(parent.depth)) throw new DomainError(ERR.commentTooDeep);
    depth = parent.depth + 1;
  }
  refuseIfBlacklisted(blacklisted, ERR.blacklistedComment);

  // a held comment stores only its premoderation row (docs/decisions/0016)
  const aid = input.type === "A" ? input.refid : null;
  await holdForPremoderation(env, user, { type: aid ? "CA" : "CQ", qid: question.id, aid, text: input.Body, payload: input }, now);
  // the 5th comment within 10 minutes needs a captcha (errid 237); a good one is used up
  const burst = await requireCaptchaIfBurst(env, user, "comment", input, now);

  const { html: text, list: photos } = await textWithPhotos(env, user.id, input.Body, (words) => sanitizeUserText(words, linkOptions(brand)));
  const newCommentId = sql`(SELECT max(id) FROM comments WHERE user_id = ${user.id} AND added = ${now})`;
  const results = await tdb
    .batch([
      tdb
        .insert(c)
        .values({ qid: question.id, refType: input.type, refId: input.refid, parentId: input.cmid ?? null, depth, userId: user.id, text, added: now })
        .returning({ id: c.id }),
      input.type === "A"
        ? tdb
            .update(a)
            .set({ comcnt: sql`${a.comcnt} + 1` })
            .where(eq(a.id, input.refid))
        : tdb
            .update(q)
            .set({ comcnt: sql`${q.comcnt} + 1` })
            .where(eq(q.id, input.refid)),
      tdb
        .update(c)
        .set({ comcnt: sql`${c.comcnt} + 1` })
        .where(eq(c.id, input.cmid ?? 0)),
      // the author of what was commented on and, for a reply, the parent comment's author
      ...commentNotifications(home, {
        qid: question.id,
        aid: input.type === "A" ? input.refid : null,
        to: [input.type === "A" ? aRows[0].userId : question.userId, ...(parent && input.cmid !== undefined ? [parent.userId] : [])],
        actorId: user.id,
        cmid: newCommentId,
        text,
        now,
      }),
      // the photos become the comment's in the same write
      ...(photos.length > 0 ? [attachStatement(home, user.id, photos, "C", newCommentId, question.id)] : []),
    ])
    .catch(burst.giveBack);
  const inserted = results[0];
  await announce(env, results);
  return { cmid: inserted[0].id, qid: question.id, aid: input.type === "A" ? input.refid : null };
}

/**
 * A thread that lives in a thread database read there (`thread`: the question, the answer commented
 * on, the parent comment), then the writer's brand and whether the author of what he comments on
 * or of the parent comment has him on his blacklist, from DB: one round trip more in a row than a
 * thread DB holds.
 */
async function threadThenPeople<T extends readonly [{ userId: number }[], { userId: number }[], { userId: number }[]]>(
  env: Env,
  thread: Promise<T>,
  userId: number,
  type: "Q" | "A",
) {
  const rows = await thread;
  const authors = [...(type === "Q" ? rows[0] : rows[1]), ...rows[2]].map((r) => r.userId);
  const db = dbOf(env);
  const [brand, blacklisted] = await db.batch([
    brandOfUserQuery(env, userId),
    blacklistedBy(env, userId, sql`SELECT value FROM json_each(${JSON.stringify(authors)})`),
  ]);
  return [...rows, brand, blacklisted] as const;
}
