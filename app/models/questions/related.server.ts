import { and, asc, desc, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { QuestionState } from "../../lib/questions";
import { dbOf, schema } from "../core/db.server";
import { keptBatch } from "../core/kept-batch.server";
import { questionShown } from "../core/visibility.server";
import { BoundedStore } from "../../lib/bounded-store";
import { isolateValue } from "../../lib/isolate-value";

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

/** The recommendation block shows this many questions. */
const RECOMMENDED_COUNT = 4;

/** The statements of `questionsAround`, built once per isolate (every question page reads them), its question a placeholder. */
const aroundBatch = keptBatch((env) => {
  const db = dbOf(env);
  const qid = sql.placeholder("qid");
  const categoryOf = sql`(select category_id from questions where id = ${qid})`;
  const topOf = sql`(select top_category_id from questions where id = ${qid})`;
  const cols = { id: q.id, qtext: q.qtext, anscnt: q.anscnt };
  const visibleOther = and(eq(q.categoryId, categoryOf), eq(q.hidden, 0), ne(q.id, qid));
  const inState = (state: QuestionState) =>
    db
      .select({ ...cols, state: q.state, pollType: q.pollType })
      .from(q)
      .where(and(visibleOther, eq(q.state, state)))
      .orderBy(desc(q.added), desc(q.id))
      .limit(RECOMMENDED_COUNT);
  return [
    db
      .select(cols)
      .from(q)
      .where(and(visibleOther, ne(q.state, "D")))
      .orderBy(desc(q.added))
      .limit(BLOCK_SIZE),
    db
      .select(cols)
      .from(q)
      .where(and(eq(q.topCategoryId, topOf), eq(q.state, "R"), eq(q.hidden, 0), ne(q.id, qid)))
      .orderBy(desc(q.added))
      .limit(BLOCK_SIZE),
    db
      .select({ bid: b.id, name: b.name })
      .from(b)
      .where(or(eq(b.categoryId, categoryOf), eq(b.categoryId, topOf)))
      .orderBy(asc(b.id))
      .limit(1),
    inState("R"),
    inState("V"),
    inState("A"),
  ] as const;
});

/**
 * The blocks under a question's answers but the mentioned questions, in one D1 round trip that
 * needs nothing read first (the question's categories by subqueries), each a bounded indexed read:
 * - similar questions: the newest others of its category;
 * - what readers of its section also asked: the newest resolved questions of its top category, so
 *   each has a best answer or a settled vote to read;
 * - the recommendation block: 4 other visible questions of the category, the resolved ones first
 *   (they have a best answer to read), then those in voting, then open ones, newest first within
 *   each state — each state an indexed range of the category read newest first and limited;
 * - the brand of the question's category (or of its top category), whose experts the survey banner
 *   offers to ask: null when neither has one.
 */
export async function questionsAround(env: Env, qid: number, now = Date.now()): Promise<QuestionsAround> {
  const kept = aroundKept.get(String(qid));
  if (kept && kept.until > now) return kept.around;
  const around = await readAround(env, qid);
  aroundKept.set(String(qid), { around, until: now + AROUND_SECONDS * 1000, chars: JSON.stringify(around).length });
  return around;
}

/** The blocks read anew, in one D1 round trip. */
async function readAround(env: Env, qid: number) {
  const [similar, alsoAsked, brands, resolved, voting, open] = await aroundBatch(env, { qid });
  return {
    similar: similar as RelatedQuestion[],
    alsoAsked: alsoAsked as RelatedQuestion[],
    expert: brands[0] ?? null,
    recommended: [...resolved, ...voting, ...open].slice(0, RECOMMENDED_COUNT),
  };
}

type QuestionsAround = Awaited<ReturnType<typeof readAround>>;

/**
 * How long an isolate keeps a question's blocks: the minute a location keeps a guest's copy of the
 * whole page anyway. They list other questions (a new one of the category, another's answer count,
 * a question hidden or deleted), so a change there shows on this page within that minute, as it
 * does on every cached copy; the question's own parts are read on every render.
 */
const AROUND_SECONDS = 60;

/**
 * The blocks of the questions read in this isolate, at most about 1 million characters (a few
 * hundred questions): one store for both copies of this module, so the blocks the worker read ahead
 * with a reader's session serve Remix's loader too, and the other way round.
 */
const aroundKept = isolateValue(
  "otv.questions-around",
  () => new BoundedStore<{ around: QuestionsAround; until: number; chars: number }>(1_000_000, (e) => e.chars),
);

/**
 * The questions a question's text mentions, read by id in the order given; a mentioned question
 * of a category the reader may not see (the adult ones, for a reader who has not confirmed his
 * age) is left out. No read when the text mentions none.
 */
export async function mentionedQuestions(env: Env, qid: number, ids: number[], hideCategoryIds: number[]): Promise<RelatedQuestion[]> {
  if (ids.length === 0) return [];
  const rows = await dbOf(env)
    .select({ id: q.id, qtext: q.qtext, anscnt: q.anscnt })
    .from(q)
    .where(and(inArray(q.id, ids), questionShown(hideCategoryIds, q), ne(q.id, qid)))
    .limit(BLOCK_SIZE);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
