import { asc } from "drizzle-orm";
import { dbOf, schema } from "../core/db.server";
import { ERR } from "../../lib/errids";
import { DomainError } from "../../lib/errors";

export type Category = {
  id: number;
  parentId: number | null;
  name: string;
  urlname: string;
  readonly: boolean;
  adult: boolean;
  special: string | null;
  hidden: boolean;
  qcount: number;
};

export type CategoryTree = {
  all: Category[];
  byId: Map<number, Category>;
  byUrl: Map<string, Category>;
  top: Category[];
  children: Map<number, Category[]>;
};

/** Categories 601 and 2024 never appear in drop-downs. */
export const EXCLUDED_FROM_DROPDOWN = new Set([601, 2024]);

// The tree changes only by migrations or an operator's hand, so an isolate keeps it a while
// instead of paying a D1 round trip on every page.
const TTL_MS = 5 * 60_000;
let cached: { tree: CategoryTree; at: number } | null = null;

export function buildTree(rows: Category[]): CategoryTree {
  const byId = new Map(rows.map((c) => [c.id, c]));
  const byUrl = new Map(rows.map((c) => [c.urlname, c]));
  const children = new Map<number, Category[]>();
  const top: Category[] = [];
  for (const c of rows) {
    if (c.parentId == null) top.push(c);
    else children.set(c.parentId, [...(children.get(c.parentId) ?? []), c]);
  }
  return { all: rows, byId, byUrl, top, children };
}

export async function getCategoryTree(env: Env, now = Date.now()): Promise<CategoryTree> {
  if (cached && now - cached.at < TTL_MS) return cached.tree;
  const c = schema.categories;
  const rows = await dbOf(env)
    .select({
      id: c.id,
      parentId: c.parentId,
      name: c.name,
      urlname: c.urlname,
      readonly: c.readonly,
      adult: c.adult,
      special: c.special,
      hidden: c.hidden,
      qcount: c.qcount,
    })
    .from(c)
    .orderBy(asc(c.parentId), asc(c.position), asc(c.id));
  const tree = buildTree(rows.map((r) => ({ ...r, readonly: r.readonly === 1, adult: r.adult === 1, hidden: r.hidden === 1 })));
  cached = { tree, at: now };
  return tree;
}

/** The top-level category of a category. */
export function topOf(tree: CategoryTree, cat: Category): Category {
  let c = cat;
  while (c.parentId != null) {
    const p = tree.byId.get(c.parentId);
    if (!p) break;
    c = p;
  }
  return c;
}

/** The category a `cat` field names, by id or urlname; 305 when unknown. */
export function findCategory(tree: CategoryTree, cat: string): Category {
  const c = /^[0-9]{1,10}$/.test(cat) ? tree.byId.get(Number(cat)) : tree.byUrl.get(cat);
  if (!c) throw new DomainError(ERR.categoryUnknown);
  return c;
}
