/**
 * zod pieces for the query strings of the GET named calls (reads, misc reads, search), one home
 * for their errids: ids 308, offsets 300, page sizes 301, list states 309, categories 305.
 */
import { ERR, ERR_MSG } from "../../lib/errids";
import { z } from "zod";
import { DomainError } from "../../lib/errors";
import { LIMITS } from "../../lib/limits";
import type { Tab } from "../../lib/questions";
import type { Category, CategoryTree } from "../categories/categories.server";

const MAX_ID = 2 ** 31 - 1;

/** A repeated field (a list) counts as its last value, as a browser form sends it. */
export const last = (v: unknown) => (Array.isArray(v) ? v[v.length - 1] : v);

/** "" counts as absent: a form or a link may send an empty field. */
export const blank = (v: unknown) => (v === "" ? undefined : v);

/** A positive integer id given as a string; anything else (list, "1e3", "-1", "0", huge) → 308. */
export const Id = z
  .string(ERR_MSG.badId)
  .regex(/^[1-9][0-9]{0,9}$/, ERR_MSG.badId)
  .transform(Number)
  .refine((n) => n <= MAX_ID, ERR_MSG.badId);
export const OptId = z.preprocess(blank, Id.optional());

/** The offset p: a non-negative integer up to LIMITS.maxOffset, default 0 (applied by the caller). */
export const Offset = z.preprocess(
  blank,
  z
    .string(ERR_MSG.badOffset)
    .regex(/^[0-9]{1,9}$/, ERR_MSG.badOffset)
    .transform(Number)
    .refine((n) => n <= LIMITS.maxOffset, ERR_MSG.badOffset)
    .optional(),
);

/** The page size n: 1–20, default 20 (applied by the caller). */
export const PageSize = z.preprocess(
  blank,
  z
    .string(ERR_MSG.badPageSize)
    .regex(/^[0-9]{1,2}$/, ERR_MSG.badPageSize)
    .transform(Number)
    .refine((n) => n >= 1 && n <= LIMITS.pageSize, ERR_MSG.badPageSize)
    .optional(),
);

/** List states: the tab names, the letters and the spec's numeric forms (3 open, 2 voting, 1 resolved). */
const STATE_TABS: Record<string, Tab> = {
  open: "open",
  A: "open",
  "3": "open",
  vote: "vote",
  V: "vote",
  "2": "vote",
  resolve: "resolve",
  R: "resolve",
  "1": "resolve",
  best: "best",
  B: "best",
};
export const ListState = z.preprocess(
  blank,
  z
    .string(ERR_MSG.badListState)
    .refine((s) => Object.hasOwn(STATE_TABS, s), ERR_MSG.badListState)
    .transform((s) => STATE_TABS[s])
    .optional(),
);

/** A category given by urlname or id (resolved against the tree by `categoryOf`). */
export const Cat = z.preprocess(blank, z.string(ERR_MSG.categoryUnknown).max(100, ERR_MSG.categoryUnknown).optional());

/** The category a `cat` field names, by id or urlname; 305 when unknown. */
export function findCategory(tree: CategoryTree, cat: string): Category {
  const c = /^[0-9]{1,10}$/.test(cat) ? tree.byId.get(Number(cat)) : tree.byUrl.get(cat);
  if (!c) throw new DomainError(ERR.categoryUnknown);
  return c;
}
