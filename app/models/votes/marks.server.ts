import { ERR, ERR_MSG } from "../../lib/errids";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { canMark } from "../../lib/can";
import { DomainError } from "../../lib/errors";
import { dbOf, schema } from "../core/db.server";
import { answerWriteEnv, threadWriteEnv } from "../core/thread-ranges.server";
import { announce } from "../notifications/push.server";
import { questionLikedNotification } from "../notifications/create.server";
import { requireWriter, type Session } from "../users/session.server";

const q = schema.questions;
const a = schema.answers;
const m = schema.marks;

const optionalId = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z.coerce.number({ message: ERR_MSG.badQuestionOrAnswerId }).int(ERR_MSG.badQuestionOrAnswerId).positive(ERR_MSG.badQuestionOrAnswerId).optional(),
);

/** mark / unmark: exactly one of qid (a question) or aid (an answer). */
export const MarkInput = z
  .object({ qid: optionalId, aid: optionalId })
  .refine((i) => (i.qid === undefined) !== (i.aid === undefined), ERR_MSG.questionOrAnswerMissing);

/** The target and `env`, the env its thread is written through (the range map). */
type Target = { type: "Q" | "A"; id: number; qid: number; env: Env };

/** The live target of a mark and its author, where its thread lives: 181 for a missing or deleted question, 167 for an answer. */
async function loadTarget(req: Env, input: z.infer<typeof MarkInput>, now: number): Promise<Target & { authorId: number }> {
  const env = input.aid !== undefined ? await answerWriteEnv(req, input.aid, now) : await threadWriteEnv(req, input.qid!, now);
  const db = dbOf(env);
  if (input.aid !== undefined) {
    const row = await db
      .select({ authorId: a.userId, hidden: a.hidden, qid: a.qid, state: q.state, qhidden: q.hidden })
      .from(a)
      .innerJoin(q, eq(q.id, a.qid))
      .where(eq(a.id, input.aid))
      .get();
    if (!row || row.hidden === 1) throw new DomainError(ERR.answerGone);
    if (row.qhidden === 1 || row.state === "D") throw new DomainError(ERR.questionGone);
    return { type: "A", id: input.aid, qid: row.qid, authorId: row.authorId, env };
  }
  const id = input.qid!;
  const row = await db.select({ authorId: q.userId, state: q.state, hidden: q.hidden }).from(q).where(eq(q.id, id)).get();
  if (!row || row.hidden === 1 || row.state === "D") throw new DomainError(ERR.questionGone);
  return { type: "Q", id, qid: id, authorId: row.authorId, env };
}

/**
 * A «нравится» mark on someone else's question or answer, once (marks_uq). One batch: the row
 * (INSERT … ON CONFLICT DO NOTHING) and totalmarks + 1 guarded by changes() = 1, so concurrent
 * identical calls leave one row and one increment; the losers get 177.
 */
export async function mark(req: Env, session: Session | null, input: z.infer<typeof MarkInput>, now: number) {
  const user = requireWriter(session);
  const t = await loadTarget(req, input, now);
  if (!canMark(user, t.authorId)) throw new DomainError(ERR.markOwnItem);
  const env = t.env;
  const db = dbOf(env);
  const table = t.type === "Q" ? q : a;
  const results = await db.batch([
    db.insert(m).values({ targetType: t.type, targetId: t.id, userId: user.id, added: now }).onConflictDoNothing().returning({ id: m.id }),
    db
      .update(table)
      .set({ totalmarks: sql`${table.totalmarks} + 1` })
      .where(and(eq(table.id, t.id), sql`changes() = 1`))
      .returning({ totalmarks: table.totalmarks }),
    // «вопрос понравился»: only a marked question notifies its owner; a mark on an answer notifies nobody
    ...(t.type === "Q" ? questionLikedNotification(env, { qid: t.id, ownerId: t.authorId, actorId: user.id, now }) : []),
  ]);
  const [inserted, counted] = results;
  if (inserted.length === 0) throw new DomainError(ERR.alreadyMarked);
  await announce(req, results);
  return { qid: t.qid, canmark: 0, totalmarks: counted[0]?.totalmarks ?? 0 };
}

/** Takes one's mark back: the row goes and totalmarks − 1 (never below 0), in one batch. */
export async function unmark(req: Env, session: Session | null, input: z.infer<typeof MarkInput>, now: number) {
  const user = requireWriter(session);
  const t = await loadTarget(req, input, now);
  const db = dbOf(t.env);
  const table = t.type === "Q" ? q : a;
  const [deleted, counted] = await db.batch([
    db
      .delete(m)
      .where(and(eq(m.targetType, t.type), eq(m.targetId, t.id), eq(m.userId, user.id)))
      .returning({ id: m.id }),
    db
      .update(table)
      .set({ totalmarks: sql`MAX(${table.totalmarks} - 1, 0)` })
      .where(and(eq(table.id, t.id), sql`changes() = 1`))
      .returning({ totalmarks: table.totalmarks }),
  ]);
  if (deleted.length === 0) throw new DomainError(ERR.notMarked);
  return { qid: t.qid, canmark: 1, totalmarks: counted[0]?.totalmarks ?? 0 };
}
