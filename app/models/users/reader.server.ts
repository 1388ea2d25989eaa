/**
 * The reader of a request, for the visibility rule (../core/visibility.server.ts): who he is, read
 * from the session, and whether he confirmed his age (his own flag, or a guest's cookie). Kept
 * apart from the rule itself, which the notification rules compose into every write's batch, so
 * that the rule depends on no session.
 */
import { getCategoryTree } from "../categories/categories.server";
import { dbOf, schema } from "../core/db.server";
import { GUEST, questionFacts, type Reader, userReader } from "../core/visibility.server";
import { readerIsAdult } from "./adult.server";
import { getSession, type Session, viewerSession } from "./session.server";
import { eq } from "drizzle-orm";

/** The reader of a request: its session's user (or a guest) and his age confirmation. */
export function readerOf(request: Request, session: Session | null): Reader {
  return session ? userReader(session.user) : { ...GUEST, adult: readerIsAdult(request, null) };
}

/** A page's reader: the request's session (read once per request, viewerSession) and what the rule needs of him. */
export async function pageReader(context: { cloudflare: { env: Env } }, request: Request): Promise<{ session: Session | null; reader: Reader }> {
  const session = await viewerSession(context, request);
  return { session, reader: readerOf(request, session) };
}

/**
 * The live room of a question (its new answers' texts, comments, votes) admits a reader who may read
 * the question: none for a removed one, and for one in an adult category only a reader who
 * confirmed his age (his session is read only then).
 */
export async function roomOpenTo(env: Env, request: Request, qid: number): Promise<boolean> {
  const q = schema.questions;
  const [row, tree] = await Promise.all([
    dbOf(env).select({ hidden: q.hidden, state: q.state, categoryId: q.categoryId, userId: q.userId }).from(q).where(eq(q.id, qid)).get(),
    getCategoryTree(env),
  ]);
  if (!row) return false;
  const facts = questionFacts(tree, row);
  if (facts.removed) return false;
  return !facts.adult || readerOf(request, await getSession(env, request)).adult;
}
