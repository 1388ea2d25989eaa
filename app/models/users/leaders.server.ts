/**
 * The leaders: users ranked by points, answers or best answers, for the Moscow week or for all
 * time. The week's figures come from the rolled-up table leaders_week (kept by triggers on the
 * points ledger and the answers, migration 0007), all time's from the users' own counters; either
 * way a page walks one index in order and reads about as many rows as it shows. Permanently banned
 * users are left out. Ties: the later account first (the order the indexes give for free).
 */
import { and, desc, eq, gt, type SQL, sql } from "drizzle-orm";
import { alias, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { ERR, ERR_MSG } from "../../lib/errids";
import { DomainError } from "../../lib/errors";
import { blank, Cat, flag, last, Offset, PageSize } from "../../lib/fields";
import {
  BLOCK_SIZE,
  isLeaderType,
  type LeaderPeriod,
  type LeaderRow,
  type LeaderType,
  leadersTitle,
  moscowWeek,
  RATING_PAGING,
  topPath,
} from "../../lib/leaders";
import { type CategoryTree, findCategory, getCategoryTree } from "../categories/categories.server";
import { dbOf, schema } from "../core/db.server";

const u = schema.users;
const lw = schema.leadersWeek;

export type RatingQuery = { type: LeaderType; period: LeaderPeriod; catId: number | null; offset: number; limit: number };

/**
 * One page of a rating, `limit` places from `offset` (never beyond the last place). A failure of
 * the store is the refusal 'the rating is unavailable', which the page shows as its text.
 */
export async function readRating(env: Env, query: RatingQuery, now: number): Promise<LeaderRow[]> {
  const limit = Math.max(0, Math.min(query.limit, RATING_PAGING.maxPlaces - query.offset));
  if (limit === 0) return [];
  try {
    return await ratingRows(env, { ...query, limit }, moscowWeek(now));
  } catch (e) {
    if (e instanceof DomainError) throw e;
    console.error("leaders: the rating could not be read", e);
    throw new DomainError(ERR.ratingUnavailable);
  }
}

async function ratingRows(env: Env, query: RatingQuery, week: number): Promise<LeaderRow[]> {
  const db = dbOf(env);
  // this week's site-wide figures of each listed user (one primary-key lookup a row)
  const w = alias(lw, "w");
  const columns = {
    id: u.id,
    nick: u.nick,
    filin: u.filin,
    lvl: u.lvl,
    points: u.points,
    kpd: u.kpd,
    vip: u.vip,
    anscnt: u.answersCount,
    bestanscnt: u.bestCount,
    difanscnt: sql<number>`coalesce(${w.anscnt}, 0)`.mapWith(Number),
    difbestanscnt: sql<number>`coalesce(${w.bestanscnt}, 0)`.mapWith(Number),
  };
  if (query.period === "all") {
    const by: Record<LeaderType, SQLiteColumn> = { points: u.points, anscnt: u.answersCount, bestanscnt: u.bestCount };
    const col = by[query.type];
    const rows = await db
      .select({ ...columns, difpoints: sql<number>`coalesce(${w.points}, 0)`.mapWith(Number), value: sql<number>`${col}`.mapWith(Number) })
      .from(u)
      .leftJoin(w, and(eq(w.week, week), eq(w.cat, 0), eq(w.userId, u.id)))
      .where(and(gt(col, 0), eq(u.banPermanent, 0)))
      .orderBy(desc(col), desc(u.id))
      .limit(query.limit)
      .offset(query.offset);
    return rows.map((r, i) => ({ ...r, place: query.offset + i + 1 }));
  }
  const by: Record<LeaderType, SQLiteColumn> = { points: lw.points, anscnt: lw.anscnt, bestanscnt: lw.bestanscnt };
  const col = by[query.type];
  const cat = query.catId ?? 0;
  // in a category the week's points are those earned there; the answer counts stay site-wide
  const difpoints: SQL<number> = sql<number>`${lw.points}`.mapWith(Number);
  const rows = await db
    .select({ ...columns, difpoints, value: sql<number>`${col}`.mapWith(Number) })
    .from(lw)
    .innerJoin(u, eq(u.id, lw.userId))
    .leftJoin(w, and(eq(w.week, week), eq(w.cat, 0), eq(w.userId, lw.userId)))
    .where(and(eq(lw.week, week), eq(lw.cat, cat), gt(col, 0), eq(u.banPermanent, 0)))
    .orderBy(desc(col), desc(lw.userId))
    .limit(query.limit)
    .offset(query.offset);
  return rows.map((r, i) => ({ ...r, place: query.offset + i + 1 }));
}

/** A category of the leaders' filter: any category of the tree but a hidden one; unknown → 305. */
export function ratingCategory(tree: CategoryTree, cat: string) {
  const c = findCategory(tree, cat);
  if (c.hidden) throw new DomainError(ERR.categoryUnknown);
  return c;
}

/** The categories the week's points can be filtered by: the visible top-level ones. */
export function ratingCategories(tree: CategoryTree) {
  return tree.top.filter((c) => !c.hidden && !c.special).map((c) => ({ name: c.name, urlname: c.urlname }));
}

// ------------------------------------------------------------------------------------ usrrating

const RatingType = z.preprocess(
  (v) => blank(last(v)),
  z
    .string(ERR_MSG.ratingTypeInvalid)
    .refine((s) => isLeaderType(s), ERR_MSG.ratingTypeInvalid)
    .optional(),
);

/** `usrrating` {type, p, n, cat, all}: type points (default), anscnt or bestanscnt; all=1 for all time; cat only for the week's points. */
export const UsrRatingInput = z.object({ type: RatingType, p: Offset, n: PageSize, cat: Cat, all: flag(0) });

/**
 * `usrrating`: one page of the leaders (p an offset, n up to 20, the list ends at the 99th place).
 * A category with another nomination or with all time is refused (561), an unknown one is 305.
 */
export async function readUsrRating(env: Env, input: z.infer<typeof UsrRatingInput>, now: number) {
  const type = (input.type ?? "points") as LeaderType;
  const period: LeaderPeriod = input.all === 1 ? "all" : "week";
  let catId: number | null = null;
  if (input.cat !== undefined) {
    if (type !== "points" || period !== "week") throw new DomainError(ERR.ratingCategoryNotAllowed);
    catId = ratingCategory(await getCategoryTree(env, now), input.cat).id;
  }
  const p = input.p ?? 0;
  const n = input.n ?? RATING_PAGING.next;
  const rows = await readRating(env, { type, period, catId, offset: p, limit: n }, now);
  // a rating entry names its user usrid, as the spec's rows do (id stays for the pages' use)
  return { rating: rows.map((r) => ({ usrid: r.id, ...r })), type, p, n, all: input.all };
}

/**
 * The leaders block of a page's column: the week's top 8 by points, of the whole site or of a
 * category (by id), with the title and the link to the full list.
 */
export async function leadersBlock(env: Env, cat: { id: number; urlname: string } | null, now: number) {
  const rows = await readRating(env, { type: "points", period: "week", catId: cat?.id ?? null, offset: 0, limit: BLOCK_SIZE }, now);
  return {
    title: cat ? "Лидеры категории" : leadersTitle({ type: "points", period: "week" }),
    rows,
    more: topPath({ type: "points", period: "week", cat: cat?.urlname ?? null }),
  };
}
