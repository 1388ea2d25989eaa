import { ERR, ERR_MSG } from "../../lib/errids";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { brandOfUserQuery, linkOptions } from "../brands/brand-links.server";
import { z } from "zod";
import { answerEditRefusal, answerRefusal, bestAnswerRefusal, canReactToAnswers } from "../../lib/can";
import { editableText } from "../../lib/editable-text";
import { DomainError } from "../../lib/errors";
import { LIMITS } from "../../lib/limits";
import { requireCaptchaIfBurst } from "../core/captcha.server";
import { dbOf, schema } from "../core/db.server";
import { answerQid, answerWriteEnv, readThreadRow, threadWriteEnv } from "../core/thread-ranges.server";
import { countersChange } from "../users/counters.server";
import { indexAnswer } from "../search/index.server";
import { announce } from "../notifications/push.server";
import { answerLikedNotification, answerNotifications } from "../notifications/create.server";
import { pointsChange, POINTS } from "../users/points.server";
import { blacklistedBy, refuseIfBlacklisted } from "../users/blacklist.server";
import { holdForPremoderation } from "../moderation/premoderation.server";
import { requireWriter, type Session } from "../users/session.server";
import { sanitizeUserText, textLength } from "../core/text.server";
import { attachStatement, countedLength, detachStatement, formPhoto, textWithPhotos } from "../photos/photos.server";

const q = schema.questions;
const a = schema.answers;
const u = schema.users;
const r = schema.answerReactions;

/** A positive id from a form field; anything else is errid 180. */
const questionOrAnswerId = z.coerce
  .number({ message: ERR_MSG.badQuestionOrAnswerId })
  .int(ERR_MSG.badQuestionOrAnswerId)
  .positive(ERR_MSG.badQuestionOrAnswerId);

// an answer is its words and its photos: each photo counts as LIMITS.media characters
const body = z
  .string({ message: ERR_MSG.answerTextMissing })
  .refine((s) => textLength(s) > 0, ERR_MSG.answerTextMissing)
  .refine((s) => countedLength(s) <= LIMITS.fullAnswer, ERR_MSG.answerTooLong);
const source = z
  .string()
  .optional()
  .transform((s) => s ?? "")
  .refine((s) => textLength(s) <= LIMITS.source, ERR_MSG.answerSourceTooLong);

/** A question that exists and is not deleted, or 181. */
function requireLiveQuestion<T extends { state: string; hidden: number }>(row: T | undefined): T {
  if (!row || row.hidden === 1 || row.state === "D") throw new DomainError(ERR.questionGone);
  return row;
}

/** An answer with its question (both must be live), or 167 / 181. */
async function loadAnswer(env: Env, aid: number) {
  const db = dbOf(env);
  const row = await db
    .select({
      id: a.id,
      qid: a.qid,
      authorId: a.userId,
      hidden: a.hidden,
      best: a.best,
      text: a.text,
      source: a.source,
      canthStatus: a.canthStatus,
      ownerId: q.userId,
      state: q.state,
      qhidden: q.hidden,
      bestAnswerId: q.bestAnswerId,
      added: q.added,
    })
    .from(a)
    .innerJoin(q, eq(q.id, a.qid))
    .where(eq(a.id, aid))
    .get();
  if (!row || row.hidden === 1) throw new DomainError(ERR.answerGone);
  requireLiveQuestion({ state: row.state, hidden: row.qhidden });
  return row;
}

// ---------------------------------------------------------------------------------------------
// addans

export const AddAnswerInput = z.object({
  qid: questionOrAnswerId,
  Body: body,
  /** the form without JavaScript: a photo file (withFormPhoto) */
  photo: formPhoto,
  source,
  captcha_id: z.string().optional(),
  captcha_val: z.string().optional(),
});

/**
 * A user answers a question: once per user and question (answers_qid_user_uq), while it is open,
 * never his own, and not when its asker has him on his blacklist (390). One batch: the answer, the question's anscnt, the author's answers_count and kpd,
 * and +2 points (+4 for an active VIP or on a leader question), all guarded by changes() so that a
 * concurrent duplicate inserts and pays nothing.
 */
export async function addAnswer(env: Env, session: Session | null, input: z.infer<typeof AddAnswerInput>, now: number) {
  const user = requireWriter(session);
  const db = dbOf(env);
  // the thread is written where it lives (the range map); the writer and the asker's blacklist are in DB
  const home = await threadWriteEnv(env, input.qid, now);
  const tdb = dbOf(home);
  const thread = [
    tdb.select({ userId: q.userId, state: q.state, hidden: q.hidden, leadUntil: q.leadUntil }).from(q).where(eq(q.id, input.qid)).limit(1),
    tdb
      .select({ id: a.id })
      .from(a)
      .where(and(eq(a.qid, input.qid), eq(a.userId, user.id)))
      .limit(1),
  ] as const;
  const people = (asker: number | SQL) =>
    [
      db.select({ vip: u.vip, vipUntil: u.vipUntil }).from(u).where(eq(u.id, user.id)).limit(1),
      brandOfUserQuery(env, user.id),
      blacklistedBy(env, user.id, asker),
    ] as const;
  const [question, existing, author, brand, blacklisted] =
    home === env
      ? await db.batch([...thread, ...people(sql`SELECT user_id FROM questions WHERE id = ${input.qid}`)])
      : await tdb.batch(thread).then(async (rows) => [...rows, ...(await db.batch(people(rows[0][0]?.userId ?? 0)))] as const);
  const qrow = requireLiveQuestion(question[0]);
  const refusal = answerRefusal(user, { authorId: qrow.userId, state: qrow.state }, existing.length > 0);
  if (refusal !== null) throw new DomainError(refusal);
  refuseIfBlacklisted(blacklisted, ERR.blacklistedAnswer);
  // a held answer stores only its premoderation row (docs/decisions/0016)
  await holdForPremoderation(env, user, { type: "A", qid: input.qid, text: input.Body, payload: input }, now);
  const burst = await requireCaptchaIfBurst(env, user, "answer", input, now);

  const vip = author[0]?.vip === 1 && (author[0].vipUntil ?? 0) > now;
  const lead = (qrow.leadUntil ?? 0) > now;
  const delta = vip || lead ? POINTS.answer * 2 : POINTS.answer;
  const { html: text, list: photos } = await textWithPhotos(env, user.id, input.Body, (words) => sanitizeUserText(words, linkOptions(brand)));
  const source = sanitizeUserText(input.source);
  const newAnswerId = sql`(SELECT id FROM answers WHERE qid = ${input.qid} AND user_id = ${user.id} AND added = ${now})`;
  const results = await tdb
    .batch([
      tdb
        .insert(a)
        .values({ qid: input.qid, userId: user.id, text, source, added: now, vip: vip ? 1 : 0 })
        .onConflictDoNothing()
        .returning({ id: a.id }),
      tdb
        .update(q)
        .set({ anscnt: sql`${q.anscnt} + 1`, updatedAt: now })
        .where(and(eq(q.id, input.qid), sql`changes() = 1`)),
      // the author's counts and points, where his rows live
      ...countersChange(home, { userId: user.id, change: "answer" }, now, sql`changes() = 1`),
      ...pointsChange(home, user.id, delta, "answer", { type: "Q", id: input.qid }, now, true),
      ...answerNotifications(home, {
        qid: input.qid,
        ownerId: qrow.userId,
        actorId: user.id,
        aid: sql`(SELECT id FROM answers WHERE qid = ${input.qid} AND user_id = ${user.id} AND added = ${now})`,
        text,
        now,
      }),
      // the photos become the answer's in the same write
      ...(photos.length > 0 ? [attachStatement(home, user.id, photos, "A", newAnswerId, input.qid)] : []),
      // last: its statements test no changes() of the ones above
      ...indexAnswer(home, newAnswerId, text),
    ])
    .catch(burst.giveBack);
  const inserted = results[0];
  if (inserted.length === 0) return burst.giveBack(new DomainError(ERR.alreadyAnswered));
  await announce(env, results);
  // the stored text and source: live readers draw the answer from them
  return { id: inserted[0].id, dpoints: delta, text, source };
}

// ---------------------------------------------------------------------------------------------
// editans

export const EditAnswerInput = z.object({
  qid: questionOrAnswerId,
  update: questionOrAnswerId,
  Body: body,
  source,
});

/**
 * The author edits his answer while the rule allows it (answerEditRefusal, app/lib/can.ts: the
 * question open, the answer not the best), with the limits of answering (3800 characters, media
 * counted as when answering, the source 50) and a brand user's links wrapped as in a new answer.
 * The stored edit time makes the page say that the answer was edited.
 */
export async function editAnswer(req: Env, session: Session | null, input: z.infer<typeof EditAnswerInput>, now: number) {
  const user = requireWriter(session);
  // the thread is written where it lives; the writer's brand and uploads are read from DB
  const env = await answerWriteEnv(req, input.update, now);
  const db = dbOf(env);
  const [ans, brand] = await Promise.all([loadAnswer(env, input.update), brandOfUserQuery(req, user.id)]);
  if (ans.qid !== input.qid) throw new DomainError(ERR.answerGone);
  const refusal = answerEditRefusal(user, { authorId: ans.authorId, best: ans.best === 1, state: ans.state });
  if (refusal !== null) throw new DomainError(refusal);
  await holdForPremoderation(req, user, { type: "AE", qid: ans.qid, aid: ans.id, text: input.Body, payload: input }, now);
  const { html, list } = await textWithPhotos(req, user.id, input.Body, (words) => sanitizeUserText(words, linkOptions(brand)), { type: "A", id: ans.id });
  // the new photos become the answer's, those the new text left out are his own uploads again (no
  // longer shown to anyone, his to delete), and the new text's stems replace the old ones in the
  // search index, in the same batch
  await db.batch([
    db
      .update(a)
      .set({ text: html, source: sanitizeUserText(input.source), editedAt: now })
      .where(and(eq(a.id, ans.id), eq(a.userId, user.id), eq(a.best, 0))),
    detachStatement(env, "A", ans.id, list),
    ...(list.length > 0 ? [attachStatement(env, user.id, list, "A", ans.id, ans.qid)] : []),
    ...indexAnswer(env, ans.id, html),
  ]);
  return { id: ans.id, qid: ans.qid };
}

/**
 * The edit page's form (the no-JavaScript door): the author's answer as he would type it again,
 * or the refusal editans would give (167, 168, 181, 182).
 */
export async function answerForEdit(env: Env, session: Session, aid: number) {
  // read where its thread lives, so an edit just made shows in the form
  const found = await readThreadRow(env, aid, Date.now(), answerQid(aid));
  const ans = await loadAnswer(found?.home.env ?? env, aid);
  const refusal = answerEditRefusal(session.user, { authorId: ans.authorId, best: ans.best === 1, state: ans.state });
  if (refusal !== null) throw new DomainError(refusal);
  return { aid: ans.id, qid: ans.qid, text: editableText(ans.text), source: editableText(ans.source) };
}

// ---------------------------------------------------------------------------------------------
// selectbest

export const AnswerIdInput = z.object({ aid: questionOrAnswerId });

/**
 * The owner picks the best answer while the rule allows it (bestAnswerRefusal, app/lib/can.ts:
 * level Знаток or above, an open or voting question asked less than 4 days ago). One batch: the
 * question (guarded by best_answer_id IS NULL, so a second selection changes nothing), the
 * answer's best flag, the author's best_count and kpd.
 */
export async function selectBest(req: Env, session: Session | null, input: z.infer<typeof AnswerIdInput>, now: number) {
  const user = requireWriter(session);
  // the thread is written where it lives; the author's counters go by their effect there
  const env = await answerWriteEnv(req, input.aid, now);
  const db = dbOf(env);
  const ans = await loadAnswer(env, input.aid);
  const refusal = bestAnswerRefusal(user, { authorId: ans.ownerId, bestAnswerId: ans.bestAnswerId, state: ans.state, added: ans.added }, now);
  if (refusal !== null) throw new DomainError(refusal);
  const [picked] = await db.batch([
    db
      .update(q)
      .set({ bestAnswerId: ans.id, state: "R", stateChangedAt: now, updatedAt: now })
      .where(and(eq(q.id, ans.qid), sql`${q.bestAnswerId} IS NULL`, sql`${q.state} IN ('A', 'V')`, eq(q.hidden, 0)))
      .returning({ id: q.id }),
    db
      .update(a)
      .set({ best: 1, bestAt: now })
      .where(and(eq(a.id, ans.id), sql`changes() = 1`)),
    ...countersChange(env, { userId: ans.authorId, change: "best" }, now, sql`changes() = 1`),
  ]);
  if (picked.length === 0) throw new DomainError(ERR.bestAlreadyChosen);
  return { qid: ans.qid, dpoints: 0 };
}

// ---------------------------------------------------------------------------------------------
// thanks / unthanks / notimportant / unnotimportant

type Reaction = "thanks" | "unthanks" | "notimportant" | "unnotimportant";

/**
 * The asker's reaction on an answer of his question: thanks (like, canth_status 1, +5 points to
 * the author), notimportant (hide, −1), and their undo. One reaction per answer
 * (answer_reactions_uq); every write is guarded so that a concurrent duplicate changes nothing.
 */
export async function reactToAnswer(req: Env, session: Session | null, kind: Reaction, input: z.infer<typeof AnswerIdInput>, now: number) {
  const user = requireWriter(session);
  // the thread is written where it lives; the author's points and notice go by their effects there
  const env = await answerWriteEnv(req, input.aid, now);
  const db = dbOf(env);
  const ans = await loadAnswer(env, input.aid);
  if (!canReactToAnswers(user, { authorId: ans.ownerId })) throw new DomainError(ERR.questionOwnerOnly);
  const ref = { type: "A", id: ans.id };
  const s = ans.canthStatus;

  if (kind === "thanks" || kind === "notimportant") {
    const target = kind === "thanks" ? 1 : -1;
    const refuse = (status: number) => {
      if (status === 1) throw new DomainError(kind === "thanks" ? ERR.alreadyLiked : ERR.reactionTaken);
      if (status === -1) throw new DomainError(kind === "thanks" ? ERR.reactionTaken : ERR.answerAlreadyHidden);
    };
    refuse(s);
    const results = await db.batch([
      db.insert(r).values({ answerId: ans.id, userId: user.id, kind, added: now }).onConflictDoNothing().returning({ id: r.id }),
      db
        .update(a)
        .set({ canthStatus: target })
        .where(and(eq(a.id, ans.id), eq(a.canthStatus, 0), sql`changes() = 1`)),
      ...(kind === "thanks"
        ? [
            ...pointsChange(env, ans.authorId, POINTS.liked, "liked", ref, now, true),
            ...answerLikedNotification(env, { qid: ans.qid, aid: ans.id, authorId: ans.authorId, actorId: user.id, now }),
          ]
        : []),
    ]);
    const inserted = results[0];
    if (inserted.length === 0) {
      const current = await db.select({ kind: r.kind }).from(r).where(eq(r.answerId, ans.id)).get();
      refuse(current?.kind === "thanks" ? 1 : -1);
    }
    await announce(req, results);
    return { qid: ans.qid, canth: 0, canth_status: target };
  }

  const from = kind === "unthanks" ? 1 : -1;
  const reactionKind = kind === "unthanks" ? "thanks" : "notimportant";
  if (s !== from) throw new DomainError(ERR.reactionMissing);
  const [deleted] = await db.batch([
    db
      .delete(r)
      .where(and(eq(r.answerId, ans.id), eq(r.kind, reactionKind)))
      .returning({ id: r.id }),
    db
      .update(a)
      .set({ canthStatus: 0 })
      .where(and(eq(a.id, ans.id), eq(a.canthStatus, from), sql`changes() = 1`)),
    ...(kind === "unthanks" ? pointsChange(env, ans.authorId, -POINTS.liked, "unliked", ref, now, true) : []),
  ]);
  if (deleted.length === 0) throw new DomainError(ERR.reactionMissing);
  return { qid: ans.qid, canth: 1, canth_status: 0 };
}
