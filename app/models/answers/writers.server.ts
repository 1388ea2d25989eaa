import { and, eq, sql } from "drizzle-orm";
import { answerRefusal } from "../../lib/can";
import { dbOf, schema } from "../core/db.server";
import { blacklistedBy } from "../users/blacklist.server";
import type { Session } from "../users/session.server";

/**
 * Whether a signed-in reader may write an answer to the question now, as adding it would be
 * allowed: not banned, not his own question, the question live and open, not answered by him yet,
 * and he is not on its asker's blacklist. Only such a reader's sockets count in the question's
 * "N человек пишут ответ" (one batch, read when his page opens the question's live socket).
 */
export async function mayWriteAnswer(env: Env, session: Session, qid: number): Promise<boolean> {
  const user = session.user;
  if (user.banned) return false;
  const db = dbOf(env);
  const q = schema.questions;
  const a = schema.answers;
  const [question, existing, blacklisted] = await db.batch([
    db.select({ userId: q.userId, state: q.state, hidden: q.hidden }).from(q).where(eq(q.id, qid)).limit(1),
    db
      .select({ id: a.id })
      .from(a)
      .where(and(eq(a.qid, qid), eq(a.userId, user.id)))
      .limit(1),
    blacklistedBy(env, user.id, sql`SELECT user_id FROM questions WHERE id = ${qid}`),
  ]);
  const row = question[0];
  if (row?.hidden !== 0) return false;
  return answerRefusal(user, { authorId: row.userId, state: row.state }, existing.length > 0) === null && blacklisted.length === 0;
}
