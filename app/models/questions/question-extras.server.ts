/**
 * The `question` reply's fields beyond the page's own: the question's flags (vip, goldrec), the
 * viewer's subscription (watcher), the brand the question is tagged for and whether its experts
 * answered, whether the category has a brand, and the brand each author (asker and answerers)
 * represents. Queries that ride in the read's batch; the shaping is plain functions.
 * docs/decisions/0051-first-day-and-spec-details.md.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import { countOf, type Forms } from "../../lib/plural";
import { dbOf, schema } from "../core/db.server";
import type { ThreadHome } from "../core/thread-ranges.server";
import { storedIds } from "../../lib/fields";

const q = schema.questions;
const b = schema.brands;
const bm = schema.brandMembers;

/** «3 отметки»: the question's rating in words (its «интересный вопрос» marks). */
const MARK: Forms = ["отметка", "отметки", "отметок"];

/** A brand an author represents, as answers and qautor carry it. */
export type AuthorBrand = { brandId: number; brand: string; brand_url: string };

/**
 * What the extras read of a question where the brands live (DB): its brand, its categories, its
 * asker and its live answers' authors — as subqueries of its id when the question is in DB too, or
 * as the values read from its thread database (`questionFacts`).
 */
export type QuestionFacts = { brandId: SQL | number | null; categories: SQL; askerId: SQL | number; answerers: SQL };

/** The facts of question `qid` as subqueries, for a read of DB that holds it. */
export function factsInSiteDb(qid: SQL | number): QuestionFacts {
  return {
    brandId: sql`(SELECT brand_id FROM questions WHERE id = ${qid})`,
    categories: sql`SELECT category_id FROM questions WHERE id = ${qid} UNION ALL SELECT top_category_id FROM questions WHERE id = ${qid}`,
    askerId: sql`(SELECT user_id FROM questions WHERE id = ${qid})`,
    answerers: sql`SELECT user_id FROM answers WHERE qid = ${qid} AND hidden = 0`,
  };
}

/** The facts of a question read from its thread database, as values for a read of DB. */
export function factsOfRows(
  question: { brandId: number | null; categoryId: number; topCategoryId: number; userId: number },
  answererIds: number[],
): QuestionFacts {
  return {
    brandId: question.brandId,
    categories: sql`SELECT value FROM json_each(${JSON.stringify([question.categoryId, question.topCategoryId])})`,
    askerId: question.userId,
    answerers: sql`SELECT value FROM json_each(${JSON.stringify(answererIds)})`,
  };
}

/** The statements reading, on a thread database, what `factsOfRows` needs of question `qid`. */
export function factsQueries(env: Env, qid: number) {
  const db = dbOf(env);
  return [
    db.select({ brandId: q.brandId, categoryId: q.categoryId, topCategoryId: q.topCategoryId, userId: q.userId }).from(q).where(eq(q.id, qid)),
    db
      .selectDistinct({ userId: schema.answers.userId })
      .from(schema.answers)
      .where(and(eq(schema.answers.qid, qid), eq(schema.answers.hidden, 0))),
  ] as const;
}

/**
 * The brands of a question's authors: every member of a brand who asked it or has a live answer
 * there (`answered`). brand_members is small; each row's test is a look-up in the list of answerers.
 */
export function authorBrandsQuery(env: Env, of: QuestionFacts) {
  const db = dbOf(env);
  return db
    .select({
      userId: bm.userId,
      brandId: bm.brandId,
      name: b.name,
      urlname: b.urlname,
      answered: sql<number>`${bm.userId} IN (${of.answerers})`.as("answered"),
    })
    .from(bm)
    .innerJoin(b, eq(b.id, bm.brandId))
    .where(sql`(${bm.userId} = ${of.askerId} OR ${bm.userId} IN (${of.answerers}))`)
    .orderBy(bm.brandId);
}

/** The brands of question `qid`'s authors, read where its thread lives (then DB for the brands). */
export async function authorBrandsOf(env: Env, home: ThreadHome, qid: number): Promise<AuthorBrandRow[]> {
  if (home.joined) return authorBrandsQuery(env, factsInSiteDb(qid));
  const [question, answerers] = await dbOf(home.env).batch(factsQueries(home.env, qid));
  if (!question[0]) return [];
  return authorBrandsQuery(
    env,
    factsOfRows(
      question[0],
      answerers.map((r) => r.userId),
    ),
  );
}

export type AuthorBrandRow = { userId: number; brandId: number; name: string; urlname: string; answered: number };

/** Each author's brand (the question's own brand first when he represents several); absent: none. */
export function brandsByAuthor(rows: AuthorBrandRow[], preferred: number[] = []): Map<number, AuthorBrand> {
  const out = new Map<number, AuthorBrand>();
  for (const r of rows) {
    const had = out.get(r.userId);
    if (had && !(preferred.includes(r.brandId) && !preferred.includes(had.brandId))) continue;
    out.set(r.userId, { brandId: r.brandId, brand: r.name, brand_url: `/${r.urlname}/` });
  }
  return out;
}

/** The question's own columns the extras read, beside its other flags in the read's one select of its row. */
export const EXTRA_FLAGS = { vip: q.vip, goldrec: q.goldrec, brandId: q.brandId, brandTags: q.brandTags };
type ExtraFlags = { vip: number; goldrec: number; brandId: number | null; brandTags: string | null };

/** The viewer's subscription to question `qid` (uid 0 for a guest), read where the thread lives. */
export function watchQuery(env: Env, qid: number, uid: number) {
  const db = dbOf(env);
  return db
    .select({ id: schema.watches.id })
    .from(schema.watches)
    .where(and(eq(schema.watches.qid, qid), eq(schema.watches.userId, uid)));
}

/** The rows the extras need of DB (the brands), in the read's batch there. */
export function extrasQueries(env: Env, of: QuestionFacts) {
  const db = dbOf(env);
  return [
    db.select({ id: b.id, name: b.name, personName: b.personName }).from(b).where(sql`${b.id} = ${of.brandId}`),
    // a brand of the question's category or of its parent (the ask form's expert offer)
    db.select({ id: b.id }).from(b).where(sql`${b.categoryId} IN (${of.categories})`).limit(1),
    authorBrandsQuery(env, of),
  ] as const;
}

type ExtrasRows = [{ id: number }[], { id: number; name: string; personName: string }[], { id: number }[], AuthorBrandRow[]];

/** The extras in the API's fields, and each author's brand for the answers. */
export function shapeExtras(f: ExtraFlags | undefined, rows: ExtrasRows, question: { state: string; totalmarks: number }) {
  const [watch, brandRows, catBrand, members] = rows;
  const brand = brandRows[0] ?? null;
  const tagged = [...new Set([...(f?.brandId ? [f.brandId] : []), ...storedIds(f?.brandTags)])];
  const byAuthor = brandsByAuthor(members, tagged);
  const hasBrandAnswer = members.some((m) => m.answered === 1 && tagged.includes(m.brandId));
  return {
    fields: {
      curr: question.totalmarks,
      currword: countOf(question.totalmarks, MARK),
      vip: f?.vip ?? 0,
      watcher: watch.length > 0 ? 1 : 0,
      goldrec: f?.goldrec ?? 0,
      catHasBrand: catBrand.length > 0 ? 1 : 0,
      brand: brand?.name ?? null,
      brand_personname: brand?.personName ?? null,
      has_brand_answer: hasBrandAnswer ? 1 : 0,
      // a brand is asked and none of its experts has answered while answers are taken
      waiting_brand_reply: tagged.length > 0 && !hasBrandAnswer && question.state === "A" ? 1 : 0,
    },
    byAuthor,
  };
}
