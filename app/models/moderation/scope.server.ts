/**
 * What a moderating user may moderate (abuse reports and premoderation): a moderator everything,
 * a brand admin what belongs to the brands he administers and their categories
 * (docs/decisions/0016-abuse-and-premoderation.md).
 */
import { ERR } from "../../lib/errids";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { DomainError } from "../../lib/errors";
import { isModerator } from "../../lib/moderation";
import { getCategoryTree } from "../categories/categories.server";
import { dbOf, schema } from "../core/db.server";
import type { SessionUser } from "../users/session.server";

/** What a moderating user may see: everything, or what belongs to the brands he administers. */
export type ModerationScope = { all: true } | { all: false; brandIds: number[]; categoryIds: number[] };

/**
 * The scope of a signed-in user: a moderator sees all; a brand admin (brand_members.role 'admin')
 * his brands' items and their categories with the subcategories; anyone else is refused with 440.
 */
export async function moderationScope(env: Env, user: SessionUser, now = Date.now()): Promise<ModerationScope> {
  const scope = await scopeOrNull(env, user, now);
  if (!scope) throw new DomainError(ERR.queueModeratorsOnly);
  return scope;
}

/** The scope, or null for a user who moderates nothing. */
export async function scopeOrNull(env: Env, user: SessionUser, now = Date.now()): Promise<ModerationScope | null> {
  if (isModerator(user)) return { all: true };
  const m = schema.brandMembers;
  const b = schema.brands;
  const rows = await dbOf(env)
    .select({ id: b.id, categoryId: b.categoryId })
    .from(m)
    .innerJoin(b, eq(b.id, m.brandId))
    .where(and(eq(m.userId, user.id), eq(m.role, "admin")));
  if (rows.length === 0) return null;
  const tree = await getCategoryTree(env, now);
  const categoryIds = new Set<number>();
  for (const row of rows) {
    if (row.categoryId == null) continue;
    categoryIds.add(row.categoryId);
    for (const c of tree.children.get(row.categoryId) ?? []) categoryIds.add(c.id);
  }
  return { all: false, brandIds: rows.map((x) => x.id), categoryIds: [...categoryIds] };
}

/** SQL: a category column inside the scope (always true for moderators). */
export function inScopeCategories(scope: ModerationScope, column: SQL | SQL.Aliased | ReturnType<typeof sql.raw>): SQL {
  if (scope.all) return sql`1`;
  return scope.categoryIds.length > 0 ? sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(scope.categoryIds)}))` : sql`0`;
}
