/**
 * Brands: who is a brand's member (expert or admin), following a
 * brand (brand_follow / brand_unfollow, field cid = the brand's id or urlname), the brand page
 * /{brand urlname}/[{tab}/{sub}] and the brand administrator's moderation queue count. See
 * docs/decisions/0017-brands-and-private-questions.md.
 */
import { ERR, ERR_MSG } from "../../lib/errids";
import { and, desc, eq, inArray, notInArray, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { DomainError } from "../../lib/errors";
import { listOf, blank, OptId } from "../../lib/fields";
import { LIMITS } from "../../lib/limits";
import type { QuestionState } from "../../lib/questions";
import { adultCategoryIds, getCategoryTree } from "../categories/categories.server";
import { batchable, dbOf, schema } from "../core/db.server";
import { LIST_COLUMNS, type QuestionListItem } from "../questions/lists.server";
import { requireWriter, type Session } from "../users/session.server";
import { DwhInput, trackEvent } from "../core/track.server";
import { addressKey, hit } from "../core/rate-limits.server";

const b = schema.brands;
const m = schema.brandMembers;
const f = schema.follows;
const q = schema.questions;
const pq = schema.privateQuestions;
const u = schema.users;

export type BrandRole = "expert" | "admin";

/** The brand columns the pages and calls use. */
const BRAND_COLUMNS = {
  id: b.id,
  urlname: b.urlname,
  name: b.name,
  personName: b.personName,
  personText: b.personText,
  personImage: b.personImage,
  logo: b.logo,
  url: b.url,
  categoryId: b.categoryId,
  followers: b.followers,
  qst: b.qst,
  ans: b.ans,
  kpd: b.kpd,
};
export type Brand = {
  id: number;
  urlname: string;
  name: string;
  personName: string;
  personText: string;
  personImage: string | null;
  logo: string | null;
  url: string | null;
  categoryId: number | null;
  followers: number;
  qst: number;
  ans: number;
  kpd: number;
};

/** A brand by its id or urlname, or undefined. */
export async function findBrand(env: Env, key: { id?: number; urlname?: string }): Promise<Brand | undefined> {
  const where = key.id !== undefined ? eq(b.id, key.id) : eq(b.urlname, key.urlname ?? "");
  return dbOf(env).select(BRAND_COLUMNS).from(b).where(where).get();
}

/** The user's role in the brand, or null when he is not its member. */
export function brandRoleQuery(env: Env, brandId: number, userId: number) {
  const db = dbOf(env);
  return db
    .select({ role: m.role })
    .from(m)
    .where(and(eq(m.brandId, brandId), eq(m.userId, userId)));
}

/** SQL: the users of a brand (its experts and admins), one column of ids. */
export const brandMembersSql = (brandId: number | SQL) => sql`SELECT bm.user_id FROM brand_members bm WHERE bm.brand_id = ${brandId}`;

// -------------------------------------------------------------------------------- following

/** brand_follow, brand_unfollow: `cid` is the brand's id (or its urlname), or `urlname`. */
export const BrandFollowInput = z
  .object({
    cid: z.preprocess(blank, z.string(ERR_MSG.brandKeyMissing).max(100, ERR_MSG.brandKeyMissing).optional()),
    urlname: z.preprocess(blank, z.string(ERR_MSG.brandKeyMissing).max(100, ERR_MSG.brandKeyMissing).optional()),
  })
  .refine((i) => i.cid !== undefined || i.urlname !== undefined, ERR_MSG.brandKeyMissing);

async function followTarget(env: Env, session: Session | null, input: z.infer<typeof BrandFollowInput>) {
  const user = requireWriter(session);
  const key = input.cid ?? input.urlname ?? "";
  const brand = /^[1-9][0-9]{0,9}$/.test(key) ? await findBrand(env, { id: Number(key) }) : await findBrand(env, { urlname: key });
  if (!brand) throw new DomainError(ERR.brandUnknown);
  return { user, brand };
}

/**
 * brand_follow: one follows row (target_type 'B') by its UNIQUE index, the brand's followers and
 * the user's following in the same batch, each guarded by changes() = 1; a second follow is 490.
 */
export async function followBrand(env: Env, session: Session | null, input: z.infer<typeof BrandFollowInput>, now: number) {
  const { user, brand } = await followTarget(env, session, input);
  const db = dbOf(env);
  const [inserted, counted] = await db.batch(
    batchable(env, [
      db.insert(f).values({ followerId: user.id, targetType: "B", targetId: brand.id, added: now }).onConflictDoNothing().returning({ id: f.id }),
      db
        .update(b)
        .set({ followers: sql`${b.followers} + 1` })
        .where(and(eq(b.id, brand.id), sql`changes() = 1`))
        .returning({ followers: b.followers }),
      db
        .update(u)
        .set({ following: sql`${u.following} + 1` })
        .where(and(eq(u.id, user.id), sql`changes() = 1`)),
    ] as const),
  );
  if (inserted.length === 0) throw new DomainError(ERR.alreadyFollowingBrand);
  return { followers: counted[0]?.followers ?? 0, subscribed: 1, urlname: brand.urlname };
}

/** brand_unfollow: the row goes and both counters step back (never below 0); not following is 491. */
export async function unfollowBrand(env: Env, session: Session | null, input: z.infer<typeof BrandFollowInput>, _now: number) {
  const { user, brand } = await followTarget(env, session, input);
  const db = dbOf(env);
  const [deleted, counted] = await db.batch(
    batchable(env, [
      db
        .delete(f)
        .where(and(eq(f.followerId, user.id), eq(f.targetType, "B"), eq(f.targetId, brand.id)))
        .returning({ id: f.id }),
      db
        .update(b)
        .set({ followers: sql`max(${b.followers} - 1, 0)` })
        .where(and(eq(b.id, brand.id), sql`changes() = 1`))
        .returning({ followers: b.followers }),
      db
        .update(u)
        .set({ following: sql`max(${u.following} - 1, 0)` })
        .where(and(eq(u.id, user.id), sql`changes() = 1`)),
    ] as const),
  );
  if (deleted.length === 0) throw new DomainError(ERR.notFollowingBrand);
  return { followers: counted[0]?.followers ?? 0, subscribed: 0, urlname: brand.urlname };
}

// ------------------------------------------------------------------------------- the page

/** The brand page's tabs and subs; `admin` ones are the brand administrator's alone. */
export const BRAND_TABS = {
  qst2brand: { subs: ["refer", "private"], dflt: "refer", admin: ["private"] },
  questions: { subs: ["deleted"], dflt: "deleted", admin: ["deleted"] },
} as const;
export type BrandTab = keyof typeof BRAND_TABS;
export type BrandView = { tab: BrandTab; sub: string };

/** The tab and sub a brand path names (absent → qst2brand/refer), or null for an unknown one. */
export function brandView(tab?: string, sub?: string): BrandView | null {
  const t = (tab ?? "qst2brand") as BrandTab;
  if (!Object.hasOwn(BRAND_TABS, t)) return null;
  const s = sub ?? BRAND_TABS[t].dflt;
  if (!(BRAND_TABS[t].subs as readonly string[]).includes(s)) return null;
  return { tab: t, sub: s };
}

export type BrandPrivateItem = { id: number; qtext: string; added: number; waiting: boolean; author: { id: number; nick: string; lvl: number } };

/** The author of a listed item, aliased: a D1 batch keys columns by name, and users has id and added too. */
const AUTHOR = {
  authorId: sql<number>`${u.id}`.as("author_id"),
  authorNick: sql<string>`${u.nick}`.as("author_nick"),
  authorLvl: sql<number>`${u.lvl}`.as("author_lvl"),
};

/** The brand's public questions tagged for it (questions_brand_idx), newest first, but for those in the categories of `leaveOut`. */
function taggedQuery(env: Env, brandId: number, offset: number, limit: number, leaveOut: number[]) {
  const db = dbOf(env);
  return db
    .select({ ...LIST_COLUMNS, categoryId: q.categoryId, ...AUTHOR })
    .from(q)
    .innerJoin(u, eq(u.id, q.userId))
    .where(and(eq(q.brandId, brandId), eq(q.hidden, 0), sql`${q.state} <> 'D'`, leaveOut.length > 0 ? notInArray(q.categoryId, leaveOut) : undefined))
    .orderBy(desc(q.added))
    .limit(limit)
    .offset(offset);
}

/** The brand's private questions, shown (hidden 0) or deleted (hidden 1): private_questions_brand_idx. */
function privateListQuery(env: Env, brandId: number, hidden: 0 | 1, offset: number, limit: number) {
  const db = dbOf(env);
  return db
    .select({ id: pq.id, qtext: pq.qtext, added: pq.added, waiting: pq.waitingBrandReply, ...AUTHOR })
    .from(pq)
    .innerJoin(u, eq(u.id, pq.userId))
    .where(and(eq(pq.brandId, brandId), eq(pq.hidden, hidden)))
    .orderBy(desc(pq.added))
    .limit(limit)
    .offset(offset);
}

/**
 * The moderation queue count of a brand: its pending premoderation items plus the open abuse
 * reports on its tagged questions (and their answers and comments, by the report's qid). One query.
 */
export function modCountQuery(env: Env, brandId: number) {
  const db = dbOf(env);
  return db
    .select({
      n: sql<number>`(SELECT count(*) FROM premod_items p WHERE p.brand_id = ${brandId} AND p.modstatus = 'N')
      + (SELECT count(*) FROM abuse_reports r WHERE r.status = 'N' AND r.qid IN (SELECT x.id FROM questions x WHERE x.brand_id = ${brandId}))`.as("n"),
    })
    .from(b)
    .where(eq(b.id, brandId));
}

export type BrandPage = {
  brand: Brand;
  view: BrandView;
  isAdmin: boolean;
  role: BrandRole | null;
  subscribed: boolean;
  modCount: number | null;
  list: { kind: "tagged"; items: QuestionListItem[] } | { kind: "private"; items: BrandPrivateItem[] };
  next: number | null;
  /** the brand's experts (who answer its questions), for the page's side column */
  experts: { id: number; nick: string; lvl: number }[];
};

/** The brand's experts shown beside its page: at most this many, those with the most points first. */
const EXPERTS_SHOWN = 10;

/** The brand's experts (brand_members with the role expert), the most points first. */
function expertsQuery(env: Env, brandId: number) {
  return dbOf(env)
    .select({ id: u.id, nick: u.nick, lvl: u.lvl })
    .from(m)
    .innerJoin(u, eq(u.id, m.userId))
    .where(and(eq(m.brandId, brandId), eq(m.role, "expert")))
    .orderBy(desc(u.points), u.id)
    .limit(EXPERTS_SHOWN);
}

/**
 * The brand page's data: the brand (one query), then in one batch the list of the tab, the brand's
 * experts, and for a signed-in viewer his role, whether he follows the brand and (admin) the queue count. The
 * administrator's tabs are refused (null) to everyone else, as an unknown path is. A reader who
 * has not confirmed he is an adult (`adultReader` false) is not shown questions of the adult categories.
 */
export async function loadBrandPage(
  env: Env,
  brand: Brand,
  view: BrandView,
  viewerId: number | null,
  offset: number,
  adultReader: boolean,
): Promise<BrandPage | null> {
  const db = dbOf(env);
  const limit = LIMITS.pageSize;
  const role = viewerId ? (((await brandRoleQuery(env, brand.id, viewerId).get())?.role as BrandRole | undefined) ?? null) : null;
  const isAdmin = role === "admin";
  if ((BRAND_TABS[view.tab].admin as readonly string[]).includes(view.sub) && !isAdmin) return null;
  const listQuery =
    view.tab === "qst2brand" && view.sub === "refer"
      ? taggedQuery(env, brand.id, offset, limit + 1, adultReader ? [] : adultCategoryIds(await getCategoryTree(env)))
      : privateListQuery(env, brand.id, view.tab === "questions" ? 1 : 0, offset, limit + 1);
  const [rows, follows, counted, experts] = await db.batch([
    listQuery,
    db
      .select({ id: f.id })
      .from(f)
      .where(and(eq(f.followerId, viewerId ?? 0), eq(f.targetType, "B"), eq(f.targetId, brand.id))),
    modCountQuery(env, isAdmin ? brand.id : 0),
    expertsQuery(env, brand.id),
  ]);
  const shown = (rows as Record<string, unknown>[]).slice(0, limit);
  const author = (r: Record<string, unknown>) => ({ id: r.authorId as number, nick: r.authorNick as string, lvl: r.authorLvl as number });
  const list: BrandPage["list"] =
    view.tab === "qst2brand" && view.sub === "refer"
      ? {
          kind: "tagged",
          items: shown.map((r) => ({
            id: r.id as number,
            qtext: r.qtext as string,
            state: r.state as QuestionState,
            anscnt: r.anscnt as number,
            added: r.added as number,
            pollType: (r.pollType as string | null) ?? null,
            categoryId: r.categoryId as number,
            author: author(r),
          })),
        }
      : {
          kind: "private",
          items: shown.map((r) => ({ id: r.id as number, qtext: r.qtext as string, added: r.added as number, waiting: r.waiting === 1, author: author(r) })),
        };
  return {
    brand,
    view,
    isAdmin,
    role,
    subscribed: follows.length > 0,
    modCount: isAdmin ? (counted[0]?.n ?? 0) : null,
    list,
    next: rows.length > limit ? offset + limit : null,
    experts,
  };
}

// ------------------------------------------------------------------------------ brand tags

/** addqst's `brand_tags`: brand ids (one, a repeated field or "1,2"), at most 5; anything else 470. */
export const BrandTagsField = z.preprocess(
  (v) => listOf(v).filter((x) => x !== "0" && x !== 0),
  z
    .array(
      z.coerce
        .number(ERR_MSG.brandUnknown)
        .int(ERR_MSG.brandUnknown)
        .positive(ERR_MSG.brandUnknown)
        .max(2 ** 31 - 1, ERR_MSG.brandUnknown),
    )
    .max(5, ERR_MSG.brandUnknown),
);

/**
 * The brand_tags of a public question as stored: brand_id the first brand (the brand's list reads
 * questions_brand_idx), brand_tags the JSON array of all; unknown brands are 470.
 */
export async function brandTagColumns(env: Env, tags: number[]): Promise<{ brandId: number | null; brandTags: string | null }> {
  const ids = [...new Set(tags)];
  if (ids.length === 0) return { brandId: null, brandTags: null };
  const found = await dbOf(env).select({ id: b.id }).from(b).where(inArray(b.id, ids));
  if (found.length !== ids.length) throw new DomainError(ERR.brandUnknown);
  return { brandId: ids[0], brandTags: JSON.stringify(ids) };
}

// ---------------------------------------------------------------------------------- reads

export const GetBrandsInput = z
  .object({
    urlname: z.preprocess(blank, z.string(ERR_MSG.brandUnknown).max(100, ERR_MSG.brandUnknown).optional()),
    id: OptId,
    sub: z.unknown().optional(),
    stat: z.unknown().optional(),
  })
  .refine((i) => i.urlname !== undefined || i.id !== undefined, ERR_MSG.brandUnknown);

/**
 * `getBrands {urlname} or {id}`: the brand in the API's fields, with
 * the viewer's `subscribed` and `is_admin`.
 */
export async function readBrand(env: Env, session: Session | null, input: z.infer<typeof GetBrandsInput>) {
  const brand = await findBrand(env, input.id !== undefined ? { id: input.id } : { urlname: input.urlname });
  if (!brand) throw new DomainError(ERR.brandUnknown);
  const db = dbOf(env);
  const viewer = session?.user.id ?? 0;
  const [roles, follows] = await db.batch([
    brandRoleQuery(env, brand.id, viewer),
    db
      .select({ id: f.id })
      .from(f)
      .where(and(eq(f.followerId, viewer), eq(f.targetType, "B"), eq(f.targetId, brand.id))),
  ]);
  return {
    brand: {
      id: brand.id,
      brand_id: brand.id,
      urlname: brand.urlname,
      name: brand.name,
      brand_personname: brand.personName,
      brand_persontext: brand.personText,
      brand_personimage: brand.personImage,
      brand_logo: brand.logo,
      brand_url: brand.url,
      cid: brand.categoryId,
      qst: brand.qst,
      ans: brand.ans,
      kpd: brand.kpd,
      followers: brand.followers,
      subscribed: follows.length > 0 ? 1 : 0,
      is_admin: roles[0]?.role === "admin" ? 1 : 0,
      direct: 1,
    },
  };
}

/**
 * For the /301 page: a brand user's link (`brand` in its query) was followed — the dwh event
 * external_link_click with linkurl and linkbrand. Never fails the page (a bad field is dropped);
 * clicks beyond RATES.click a minute from one address are not recorded.
 */
export async function recordBrandLinkClick(env: Env, session: Session | null, url: string, brand: string, ip: string, now: number) {
  const input = DwhInput.safeParse({ name: "external_link_click", linkurl: url, linkbrand: brand });
  if (!input.success) return;
  if (!(await hit(env, "click", addressKey(ip), now)).ok) return;
  try {
    await trackEvent(env, session, input.data, now);
  } catch (e) {
    console.error("brand link click not recorded", e);
  }
}
