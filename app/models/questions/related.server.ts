import { and, asc, desc, eq, inArray, ne, notInArray } from "drizzle-orm";
import { dbOf, schema } from "../core/db.server";

const q = schema.questions;
const b = schema.brands;

/** How many questions each block under a question's answers lists. */
const BLOCK_SIZE = 5;

export type RelatedQuestion = { id: number; qtext: string; anscnt: number };

/**
 * The questions a question's text links to on this site, in the order they appear, at most five and
 * never itself: a link to this site is stored as the plain path (href="/question/N"); a link written
 * with the site's own address is stored as an outside link through /301 whose address names this
 * origin.
 */
export function mentionedQuestionIds(texts: (string | null)[], qid: number, origin: string): number[] {
  const own = encodeURIComponent(`${origin}/question/`).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const link = new RegExp(`href="/question/(\\d{1,9})|url=${own}(\\d{1,9})`, "gi");
  const ids: number[] = [];
  for (const text of texts) {
    if (!text) continue;
    for (const m of text.matchAll(link)) {
      const id = Number(m[1] ?? m[2]);
      if (id !== qid && !ids.includes(id)) ids.push(id);
      if (ids.length === BLOCK_SIZE) return ids;
    }
  }
  return ids;
}

/**
 * The three blocks under a question's answers, in one D1 round trip, each a bounded indexed read:
 * similar questions (the newest others of its category), the questions its text mentions (read by
 * id), and what readers of its section also asked (the newest resolved questions of its top
 * category, so each has a best answer or a settled vote to read). A mentioned question of a category
 * the reader may not see (the adult ones, for a reader who has not confirmed his age) is left out.
 * Beside them, the brand of the question's category (or of its top category), whose experts the
 * survey banner offers to ask: null when neither has one.
 */
export async function questionsAround(env: Env, o: { qid: number; categoryId: number; topCategoryId: number; mentioned: number[]; hideCategoryIds: number[] }) {
  const db = dbOf(env);
  const cols = { id: q.id, qtext: q.qtext, anscnt: q.anscnt };
  const visible = and(eq(q.hidden, 0), ne(q.state, "D"), ne(q.id, o.qid));
  const [similar, mentionedRows, alsoAsked, brands] = await db.batch([
    db
      .select(cols)
      .from(q)
      .where(and(eq(q.categoryId, o.categoryId), visible))
      .orderBy(desc(q.added))
      .limit(BLOCK_SIZE),
    db
      .select(cols)
      .from(q)
      .where(
        and(inArray(q.id, o.mentioned.length ? o.mentioned : [0]), visible, o.hideCategoryIds.length ? notInArray(q.categoryId, o.hideCategoryIds) : undefined),
      )
      .limit(BLOCK_SIZE),
    db
      .select(cols)
      .from(q)
      .where(and(eq(q.topCategoryId, o.topCategoryId), eq(q.state, "R"), eq(q.hidden, 0), ne(q.id, o.qid)))
      .orderBy(desc(q.added))
      .limit(BLOCK_SIZE),
    db
      .select({ bid: b.id, name: b.name })
      .from(b)
      .where(inArray(b.categoryId, [o.categoryId, o.topCategoryId]))
      .orderBy(asc(b.id))
      .limit(1),
  ]);
  const byId = new Map(mentionedRows.map((r) => [r.id, r]));
  const mentioned = o.mentioned.flatMap((id) => byId.get(id) ?? []);
  return { similar, mentioned, alsoAsked: alsoAsked as RelatedQuestion[], expert: brands[0] ?? null };
}
