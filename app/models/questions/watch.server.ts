/**
 * Following a question: startwatch, dropwatch and stopnotify. One watches row per (question,
 * user) by its UNIQUE index; users.watchcnt follows the rows in the same batch.
 */
import { ERR, ERR_MSG } from "../../lib/errids";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { DomainError } from "../../lib/errors";
import { idField } from "../../lib/fields";
import { batchable, dbOf, schema } from "../core/db.server";
import { assertCategoryOpen, userReader } from "../core/visibility.server";
import { getCategoryTree } from "../categories/categories.server";
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
export async function startWatch(env: Env, session: Session | null, input: z.infer<typeof WatchInput>, now: number) {
  const user = requireWriter(session);
  const db = dbOf(env);
  const [q, tree] = await Promise.all([
    db
      .select({ state: schema.questions.state, hidden: schema.questions.hidden, categoryId: schema.questions.categoryId })
      .from(schema.questions)
      .where(eq(schema.questions.id, input.qid))
      .get(),
    getCategoryTree(env, now),
  ]);
  if (q) assertCategoryOpen(userReader(user), tree, q.categoryId);
  if (!q || q.state === "D" || q.hidden === 1) throw new DomainError(ERR.questionGone);
  const [ins] = await db.batch(
    batchable(env, [
      db.insert(schema.watches).values({ qid: input.qid, userId: user.id, added: now }).onConflictDoNothing(),
      db.run(sql`UPDATE users SET watchcnt = watchcnt + 1 WHERE id = ${user.id} AND changes() = 1`),
    ] as const),
  );
  if (ins.meta.changes !== 1) throw new DomainError(ERR.alreadyWatching);
  return { watch: 1 };
}

/** dropwatch: stop following; not following is refused with 148. Works on a deleted question too. */
export async function dropWatch(env: Env, session: Session | null, input: z.infer<typeof WatchInput>) {
  const user = requireWriter(session);
  const db = dbOf(env);
  const w = schema.watches;
  const [del] = await db.batch(
    batchable(env, [
      db.delete(w).where(and(eq(w.qid, input.qid), eq(w.userId, user.id))),
      db.run(sql`UPDATE users SET watchcnt = max(watchcnt - 1, 0) WHERE id = ${user.id} AND changes() = 1`),
    ] as const),
  );
  if (del.meta.changes !== 1) throw new DomainError(ERR.notWatching);
  return { watch: 0 };
}

/**
 * stopnotify: the unsubscribe links. Type Q stops the notifications and mail about a question's
 * answers, type C those about comments; `id` is the question id in both. The watch itself stays.
 */
export async function stopNotify(env: Env, session: Session | null, input: z.infer<typeof StopNotifyInput>) {
  const user = requireWriter(session);
  const db = dbOf(env);
  const w = schema.watches;
  const res = await db
    .update(w)
    .set(input.type === "Q" ? { answers: 0, mail: 0 } : { comments: 0 })
    .where(and(eq(w.qid, input.id), eq(w.userId, user.id)));
  if (res.meta.changes !== 1) throw new DomainError(ERR.notWatching);
  return { type: input.type };
}

/**
 * Where the user stands with a question's notices of that type (Q: answers and mail, C: comments):
 * "off" after stopnotify, "on" while they come, "none" when he does not watch the question.
 */
export async function notifyState(env: Env, userId: number, qid: number, type: "Q" | "C"): Promise<"on" | "off" | "none"> {
  const w = schema.watches;
  const row = await dbOf(env)
    .select({ answers: w.answers, comments: w.comments })
    .from(w)
    .where(and(eq(w.qid, qid), eq(w.userId, userId)))
    .get();
  if (!row) return "none";
  return (type === "Q" ? row.answers : row.comments) === 0 ? "off" : "on";
}
