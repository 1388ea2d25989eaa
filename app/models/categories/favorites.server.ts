/**
 * Favourite categories (favCategory): a signed-in user marks or unmarks a category; getCategories
 * reports `isFavorite` and the toolbar's drop-down lists his favourites first. The ids are kept in
 * users.fav_categories (a JSON array read with the session, so no page pays a query for them).
 * See docs/decisions/0039-brand-pages.md.
 */
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { ERR, ERR_MSG } from "../../lib/errids";
import { DomainError } from "../../lib/errors";
import { blank } from "../../lib/fields";
import { dbOf, schema } from "../core/db.server";
import { requireUser, type Session } from "../users/session.server";
import { getCategoryTree } from "./categories.server";

const u = schema.users;

/** The most favourite categories one user keeps. */
export const FAVORITES_MAX = 30;

/** favCategory {cid: the category's id or urlname, fav: 1 mark (default) or 0 unmark}. */
export const FavCategoryInput = z.object({
  cid: z.preprocess(blank, z.string(ERR_MSG.categoryUnknown).max(100, ERR_MSG.categoryUnknown)),
  fav: z.preprocess(blank, z.enum(["0", "1"], ERR_MSG.categoryUnknown).default("1")),
});

/**
 * favCategory: one UPDATE of the user's list, each way idempotent (marking a favourite again or
 * unmarking one that is not changes nothing). An unknown or hidden category is 305; a user who
 * already keeps FAVORITES_MAX favourites is 468 and nothing is written.
 */
export async function favCategory(env: Env, session: Session | null, input: z.infer<typeof FavCategoryInput>, now: number) {
  const user = requireUser(session);
  const tree = await getCategoryTree(env, now);
  const category = /^[1-9][0-9]{0,9}$/.test(input.cid) ? tree.byId.get(Number(input.cid)) : tree.byUrl.get(input.cid);
  if (!category || category.hidden) throw new DomainError(ERR.categoryUnknown);
  const db = dbOf(env);
  if (input.fav === "1") {
    const rows = await db
      .update(u)
      .set({
        favCategories: sql`CASE WHEN EXISTS (SELECT 1 FROM json_each(${u.favCategories}) WHERE value = ${category.id}) THEN ${u.favCategories}
          ELSE json_insert(${u.favCategories}, '$[#]', CAST(${category.id} AS INTEGER)) END`,
      })
      .where(
        sql`${u.id} = ${user.id} AND (json_array_length(${u.favCategories}) < ${FAVORITES_MAX}
          OR EXISTS (SELECT 1 FROM json_each(${u.favCategories}) WHERE value = ${category.id}))`,
      )
      .returning({ id: u.id });
    if (rows.length === 0) throw new DomainError(ERR.favoritesFull);
  } else {
    await db
      .update(u)
      .set({ favCategories: sql`(SELECT json_group_array(value) FROM json_each(${u.favCategories}) WHERE value <> ${category.id})` })
      .where(eq(u.id, user.id));
  }
  return { cid: category.id, urlname: category.urlname, isFavorite: input.fav === "1" ? 1 : 0 };
}
