/**
 * Small read calls (docs/decisions/0012-misc-calls.md): the category tree (`getCategories`), the
 * brands of each category (`catbrands`), the leader questions (`leadqst`, the smstop section) and
 * the gold fund (`golden`).
 */
import { ERR } from "../../lib/errids";
import { asc, eq, isNotNull } from "drizzle-orm";
import { z } from "zod";
import { DomainError } from "../../lib/errors";
import { LIMITS } from "../../lib/limits";
import type { Tab } from "../../lib/questions";
import { Cat, ListState, Offset, OptId, PageSize } from "../../lib/fields";
import { adultCategoryIds, isAdultCategory } from "../core/visibility.server";
import { findCategory, EXCLUDED_FROM_DROPDOWN, getCategoryTree, type Category, type CategoryTree } from "./categories.server";
import { dbOf, schema } from "../core/db.server";
import { listQuestions, type ListScope, type SectionListItem } from "../questions/lists.server";

const q = schema.questions;
const _u = schema.users;
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
  /** 1 when the signed-in reader marked it a favourite (favCategory) */
  isFavorite: 0 | 1;
  /** its subcategories (the spec's name for them) */
  categories: CategoryNode[];
};

function categoryNode(tree: CategoryTree, c: Category, favs: ReadonlySet<number>): CategoryNode {
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
    isFavorite: favs.has(c.id) ? 1 : 0,
    categories: (tree.children.get(c.id) ?? []).map((x) => categoryNode(tree, x, favs)),
  };
}

/**
 * `getCategories`: the whole tree, nothing left out (hidden, readonly, special and the drop-down
 * exclusions carry flags instead), top-level categories in their order, each with its subcategories
 * under `categories`, as the spec names them;
 * `isFavorite` marks the signed-in reader's favourites (`favs`, read with his session).
 */
export async function readCategories(env: Env, now: number, favs: readonly number[] = []) {
  const tree = await getCategoryTree(env, now);
  const set = new Set(favs);
  return { categories: tree.top.map((c) => categoryNode(tree, c, set)) };
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

/**
 * Which list a `cat` asks for: none or the smstop section → every leader question; the golden
 * section → the gold fund; any other category → its leader questions (the gold fund's, for
 * `golden`), a top-level one with its subcategories. The adult categories need a reader who
 * confirmed his age (340); the lists of every category leave them out for anyone else.
 */
function scopeOf(tree: CategoryTree, input: z.infer<typeof SectionListInput>, section: Section, now: number, adultOk: boolean): ListScope {
  const hideCategoryIds = adultOk ? [] : adultCategoryIds(tree);
  const tab = input.state as Tab | undefined;
  const c = input.cat === undefined ? null : findCategory(tree, input.cat);
  if (c && isAdultCategory(tree, c.id) && !adultOk) throw new DomainError(ERR.adultNotConfirmed);
  const kind = c?.special === "golden" ? "gold" : c?.special === "smstop" ? "lead" : section;
  const of = kind === "gold" ? ({ kind: "gold" } as const) : ({ kind: "lead", now } as const);
  if (!c || c.special === "golden" || c.special === "smstop") return { tab, section: of, hideCategoryIds };
  return c.parentId == null ? { tab, section: of, topCategoryId: c.id } : { tab, section: of, categoryId: c.id };
}

/**
 * One page of leader questions (made leader by SMS: lead_until still ahead, newest lead first) or of
 * the gold fund (goldrec = 1, newest first), the same lists the /smstop and /golden/ pages show.
 * Hidden and deleted questions never show. `lastid` continues after that question (keyset, p is
 * then ignored); a missing one is 181.
 */
async function listSection(env: Env, scope: ListScope, input: z.infer<typeof SectionListInput>, tree: CategoryTree) {
  const db = dbOf(env);
  const n = input.n ?? LIMITS.pageSize;
  const p = input.lastid !== undefined ? 0 : (input.p ?? 0);
  const list = listQuestions(env, { ...scope, offset: p, limit: n, after: input.lastid });
  let rows: SectionListItem[];
  if (input.lastid !== undefined) {
    const [exists, page] = await Promise.all([db.select({ id: q.id }).from(q).where(eq(q.id, input.lastid)), list]);
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
      usrid: r.author.id,
      qnick: r.author.nick,
      lvl: r.author.lvl,
      lead_until: r.leadUntil,
      waslead: r.waslead,
      goldrec: r.goldrec,
    };
  });
  return { qst, section: scope.section?.kind === "lead" ? "smstop" : "golden", p, n };
}

/** How many leader questions the index's left column shows. */
const LEAD_BLOCK = 5;

/** The index's leader questions block: the newest leaders (made leader and still leading), title and answers. */
export async function leaderQuestionsBlock(env: Env, tree: CategoryTree, now: number, adultOk: boolean) {
  const rows = await listQuestions(env, { ...scopeOf(tree, {}, "lead", now, adultOk), offset: 0, limit: LEAD_BLOCK });
  return rows.map((r) => ({ id: r.id, qtext: r.qtext, anscnt: r.anscnt }));
}

/** `leadqst` {n, p, state, cat, lastid}: the leader questions (all, or of a category); cat golden gives the gold fund. */
export async function readLeadQst(env: Env, input: z.infer<typeof SectionListInput>, now: number, adultOk: boolean) {
  const tree = await getCategoryTree(env, now);
  return listSection(env, scopeOf(tree, input, "lead", now, adultOk), input, tree);
}

/** `golden` {n, p, state, cat, lastid}: the gold fund (all, or of a category); cat smstop gives the leaders. */
export async function readGolden(env: Env, input: z.infer<typeof SectionListInput>, now: number, adultOk: boolean) {
  const tree = await getCategoryTree(env, now);
  return listSection(env, scopeOf(tree, input, "gold", now, adultOk), input, tree);
}
