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
import { storedIds } from "../../lib/fields";

const q = schema.questions;
const b = schema.brands;
const bm = schema.brandMembers;

/** «3 отметки»: the question's rating in words (its «интересный вопрос» marks). */
const MARK: Forms = ["отметка", "отметки", "отметок"];

/** A brand an author represents, as answers and qautor carry it. */
export type AuthorBrand = { brandId: number; brand: string; brand_url: string };

/**
 * The brands of the authors of question `qid` (an SQL value: a number or a subquery): every
 * member of a brand who asked it or has a live answer there. brand_members is small, and each
 * row's test is one look-up in the (qid, user_id) key of answers.
 */
export function authorBrandsQuery(env: Env, qid: SQL | number) {
  const db = dbOf(env);
  return db
    .select({
      userId: bm.userId,
      brandId: bm.brandId,
      name: b.name,
      urlname: b.urlname,
      answered: sql<number>`EXISTS (SELECT 1 FROM answers a WHERE a.qid = ${qid} AND a.user_id = ${bm.userId} AND a.hidden = 0)`.as("answered"),
    })
    .from(bm)
    .innerJoin(b, eq(b.id, bm.brandId))
    .where(
      sql`(${bm.userId} = (SELECT user_id FROM questions WHERE id = ${qid}) OR EXISTS (SELECT 1 FROM answers a WHERE a.qid = ${qid} AND a.user_id = ${bm.userId} AND a.hidden = 0))`,
    )
    .orderBy(bm.brandId);
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

/** The other rows the extras need, in the read's batch (uid 0 for a guest). */
export function extrasQueries(env: Env, qid: number, uid: number) {
  const db = dbOf(env);
  return [
    db
      .select({ id: schema.watches.id })
      .from(schema.watches)
      .where(and(eq(schema.watches.qid, qid), eq(schema.watches.userId, uid))),
    db.select({ id: b.id, name: b.name, personName: b.personName }).from(b).where(sql`${b.id} = (SELECT brand_id FROM questions WHERE id = ${qid})`),
    // a brand of the question's category or of its parent (the ask form's expert offer)
    db
      .select({ id: b.id })
      .from(b)
      .where(sql`${b.categoryId} IN (SELECT category_id FROM questions WHERE id = ${qid} UNION ALL SELECT top_category_id FROM questions WHERE id = ${qid})`)
      .limit(1),
    authorBrandsQuery(env, qid),
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
