/**
 * Small read calls (docs/decisions/0012-misc-calls.md): the category tree (`getCategories`), the
 * brands of each category (`catbrands`), the leader questions (`leadqst`, the smstop section) and
 * the gold fund (`golden`).
 */
import { ERR } from "../../lib/errids";
import { and, asc, desc, eq, gt, isNotNull, ne, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { DomainError } from "../../lib/errors";
import { LIMITS } from "../../lib/limits";
import { TABS, type Tab } from "../../lib/questions";
import { Cat, ListState, Offset, OptId, PageSize } from "../../lib/fields";
import { findCategory, EXCLUDED_FROM_DROPDOWN, getCategoryTree, type Category, type CategoryTree } from "./categories.server";
import { dbOf, schema } from "../core/db.server";
import { LIST_COLUMNS } from "../questions/lists.server";

const q = schema.questions;
const u = schema.users;
const b = schema.brands;

// ---------------------------------------------------------------- categories

export type CategoryNode = {
  id: number;
  name: string;
  urlname: string;
  /** the parent's id, 0 for a top-level category */
  parent: number;
  readonly: 0 | 1;
  hidden: 0 | 1;
  adult: 0 | 1;
  /** golden | smstop | nosmoking | newcomers, or null */
  special: string | null;
  /** 1 when drop-downs leave it out (601 and 2024) */
  nodropdown: 0 | 1;
  qcount: number;
  children: CategoryNode[];
};

function categoryNode(tree: CategoryTree, c: Category): CategoryNode {
  return {
    id: c.id,
    name: c.name,
    urlname: c.urlname,
    parent: c.parentId ?? 0,
    readonly: c.readonly ? 1 : 0,
    hidden: c.hidden ? 1 : 0,
    adult: c.adult ? 1 : 0,
    special: c.special,
    nodropdown: EXCLUDED_FROM_DROPDOWN.has(c.id) ? 1 : 0,
    qcount: c.qcount,
    children: (tree.children.get(c.id) ?? []).map((x) => categoryNode(tree, x)),
  };
}

/**
 * `getCategories`: the whole tree, nothing left out (hidden, readonly, special and the drop-down
 * exclusions carry flags instead), top-level categories in their order, each with its children.
 */
export async function readCategories(env: Env, now: number) {
  const tree = await getCategoryTree(env, now);
  return { categories: tree.top.map((c) => categoryNode(tree, c)) };
}

/** `catbrands`: the brands of each category, keyed by category id: {catbrands: {cid: [{id, name, urlname}]}}. */
export async function readCatBrands(env: Env) {
  const rows = await dbOf(env)
    .select({ id: b.id, name: b.name, urlname: b.urlname, cid: b.categoryId })
    .from(b)
    .where(isNotNull(b.categoryId))
    .orderBy(asc(b.categoryId), asc(b.name), asc(b.id));
  const catbrands: Record<string, { id: number; name: string; urlname: string }[]> = {};
  for (const r of rows) {
    const key = String(r.cid);
    catbrands[key] = [...(catbrands[key] ?? []), { id: r.id, name: r.name, urlname: r.urlname }];
  }
  return { catbrands };
}

// ---------------------------------------------------------------- leader questions and the gold fund

export const SectionListInput = z.object({ n: PageSize, p: Offset, state: ListState, cat: Cat, lastid: OptId });

type Section = "lead" | "gold";
type Scope = { section: Section; topCategoryId?: number; categoryId?: number };

/**
 * Which list a `cat` asks for: none or the smstop section → every leader question; the golden
 * section → the gold fund; any other category → its leader questions (the gold fund's, for
 * `golden`), a top-level one with its subcategories.
 */
function scopeOf(tree: CategoryTree, cat: string | undefined, section: Section): Scope {
  if (cat === undefined) return { section };
  const c = findCategory(tree, cat);
  if (c.special === "golden") return { section: "gold" };
  if (c.special === "smstop") return { section: "lead" };
  return c.parentId == null ? { section, topCategoryId: c.id } : { section, categoryId: c.id };
}

/**
 * One page of leader questions (made leader by SMS: lead_until still ahead, newest lead first) or of
 * the gold fund (goldrec = 1, newest first). Hidden and deleted questions never show. `lastid`
 * continues after that question (keyset, p is then ignored); a missing one is 181.
 */
async function listSection(env: Env, scope: Scope, input: z.infer<typeof SectionListInput>, now: number, tree: CategoryTree) {
  const db = dbOf(env);
  const n = input.n ?? LIMITS.pageSize;
  const p = input.lastid !== undefined ? 0 : (input.p ?? 0);
  const where: SQL[] = [eq(q.hidden, 0)];
  where.push(input.state ? eq(q.state, TABS[input.state as Tab].state) : ne(q.state, "D"));
  if (scope.topCategoryId !== undefined) where.push(eq(q.topCategoryId, scope.topCategoryId));
  if (scope.categoryId !== undefined) where.push(eq(q.categoryId, scope.categoryId));
  const lead = scope.section === "lead";
  if (lead) where.push(gt(q.leadUntil, now));
  else where.push(eq(q.goldrec, 1));
  if (input.lastid !== undefined) {
    where.push(
      lead
        ? sql`(${q.leadUntil}, ${q.id}) < (select lead_until, id from questions where id = ${input.lastid})`
        : sql`(${q.added}, ${q.id}) < (select added, id from questions where id = ${input.lastid})`,
    );
  }
  const list = db
    .select({
      ...LIST_COLUMNS,
      categoryId: q.categoryId,
      leadUntil: q.leadUntil,
      waslead: q.waslead,
      goldrec: q.goldrec,
      // aliased: in a D1 batch rows come back as objects, so two columns named `id` would collide
      authorId: sql<number>`${u.id}`.as("author_id"),
      authorNick: u.nick,
      authorLvl: u.lvl,
    })
    .from(q)
    .innerJoin(u, eq(u.id, q.userId))
    .where(and(...where))
    .orderBy(...(lead ? [desc(q.leadUntil), desc(q.id)] : [desc(q.added), desc(q.id)]))
    .limit(n)
    .offset(p);
  let rows: Awaited<typeof list>;
  if (input.lastid !== undefined) {
    const [exists, page] = await db.batch([db.select({ id: q.id }).from(q).where(eq(q.id, input.lastid)), list]);
    if (!exists[0]) throw new DomainError(ERR.questionGone);
    rows = page;
  } else {
    rows = await list;
  }
  const qst = rows.map((r) => {
    const c = tree.byId.get(r.categoryId);
    return {
      qid: r.id,
      qtext: r.qtext,
      state: r.state,
      anscnt: r.anscnt,
      added: r.added,
      polltype: r.pollType,
      cid: r.categoryId,
      category: c ? { urlname: c.urlname, name: c.name } : null,
      usrid: r.authorId,
      qnick: r.authorNick,
      lvl: r.authorLvl,
      lead_until: r.leadUntil,
      waslead: r.waslead,
      goldrec: r.goldrec,
    };
  });
  return { qst, section: scope.section === "lead" ? "smstop" : "golden", p, n };
}

/** `leadqst` {n, p, state, cat, lastid}: the leader questions (all, or of a category); cat golden gives the gold fund. */
export async function readLeadQst(env: Env, input: z.infer<typeof SectionListInput>, now: number) {
  const tree = await getCategoryTree(env, now);
  return listSection(env, scopeOf(tree, input.cat, "lead"), input, now, tree);
}

/** `golden` {n, p, state, cat, lastid}: the gold fund (all, or of a category); cat smstop gives the leaders. */
export async function readGolden(env: Env, input: z.infer<typeof SectionListInput>, now: number) {
  const tree = await getCategoryTree(env, now);
  return listSection(env, scopeOf(tree, input.cat, "gold"), input, now, tree);
}
