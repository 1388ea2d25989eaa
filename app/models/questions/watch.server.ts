/**
 * Following a question: startwatch, dropwatch and stopnotify. One watches row per (question,
 * user) by its UNIQUE index, where the question's thread lives (the range map); users.watchcnt
 * follows the rows in the same batch, or by its counter effect from a thread database.
 */
import { ERR, ERR_MSG } from "../../lib/errids";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { DomainError } from "../../lib/errors";
import { idField } from "../../lib/fields";
import { dbOf, schema } from "../core/db.server";
import { threadReadEnv, threadWriteEnv } from "../core/thread-ranges.server";
import { assertCategoryOpen, userReader } from "../core/visibility.server";
import { getCategoryTree } from "../categories/categories.server";
import { countersChange } from "../users/counters.server";
import { requireWriter, type Session } from "../users/session.server";

export const WatchInput = z.object({ qid: idField(ERR_MSG.questionGone) });

export const StopNotifyInput = z.object({
  id: idField(ERR_MSG.questionGone),
  type: z.preprocess((v) => (Array.isArray(v) ? v[v.length - 1] : v), z.enum(["Q", "C"], ERR_MSG.watchKindInvalid)),
});

/**
 * startwatch: follow a question the user may read (one in an adult category only after he confirmed
 * his age: 340); a second follow is refused with 147.
 */
export async function startWatch(req: Env, session: Session | null, input: z.infer<typeof WatchInput>, now: number) {
  const user = requireWriter(session);
  const env = await threadWriteEnv(req, input.qid, now);
  const db = dbOf(env);
  const [q, tree] = await Promise.all([
    db
      .select({ state: schema.questions.state, hidden: schema.questions.hidden, categoryId: schema.questions.categoryId })
      .from(schema.questions)
      .where(eq(schema.questions.id, input.qid))
      .get(),
    getCategoryTree(req, now),
  ]);
  if (q) assertCategoryOpen(userReader(user), tree, q.categoryId);
  if (!q || q.state === "D" || q.hidden === 1) throw new DomainError(ERR.questionGone);
  // the rows returned, not the batch's count of changes: a thread database's triggers count too
  const [ins] = await db.batch([
    db.insert(schema.watches).values({ qid: input.qid, userId: user.id, added: now }).onConflictDoNothing().returning({ id: schema.watches.id }),
    ...countersChange(env, { userId: user.id, change: "watch" }, now, sql`changes() = 1`),
  ]);
  if (ins.length !== 1) throw new DomainError(ERR.alreadyWatching);
  return { watch: 1 };
}

/** dropwatch: stop following; not following is refused with 148. Works on a deleted question too. */
export async function dropWatch(req: Env, session: Session | null, input: z.infer<typeof WatchInput>, now: number) {
  const user = requireWriter(session);
  const env = await threadWriteEnv(req, input.qid, now);
  const db = dbOf(env);
  const w = schema.watches;
  const [del] = await db.batch([
    db
      .delete(w)
      .where(and(eq(w.qid, input.qid), eq(w.userId, user.id)))
      .returning({ id: w.id }),
    ...countersChange(env, { userId: user.id, change: "unwatch" }, now, sql`changes() = 1`),
  ]);
  if (del.length !== 1) throw new DomainError(ERR.notWatching);
  return { watch: 0 };
}

/**
 * stopnotify: the unsubscribe links. Type Q stops the notifications and mail about a question's
 * answers, type C those about comments; `id` is the question id in both. The watch itself stays.
 */
export async function stopNotify(req: Env, session: Session | null, input: z.infer<typeof StopNotifyInput>, now: number) {
  const user = requireWriter(session);
  const db = dbOf(await threadWriteEnv(req, input.id, now));
  const w = schema.watches;
  const res = await db
    .update(w)
    .set(input.type === "Q" ? { answers: 0, mail: 0 } : { comments: 0 })
    .where(and(eq(w.qid, input.id), eq(w.userId, user.id)))
    .returning({ id: w.id });
  if (res.length !== 1) throw new DomainError(ERR.notWatching);
  return { type: input.type };
}

/**
 * Where the user stands with a question's notices of that type (Q: answers and mail, C: comments):
 * "off" after stopnotify, "on" while they come, "none" when he does not watch the question.
 */
export async function notifyState(env: Env, userId: number, qid: number, type: "Q" | "C"): Promise<"on" | "off" | "none"> {
  const w = schema.watches;
  const row = await dbOf(await threadReadEnv(env, qid, Date.now()))
    .select({ answers: w.answers, comments: w.comments })
    .from(w)
    .where(and(eq(w.qid, qid), eq(w.userId, userId)))
    .get();
  if (!row) return "none";
  return (type === "Q" ? row.answers : row.comments) === 0 ? "off" : "on";
}
