/**
 * The brand page /{brand urlname}/[{tab}/{sub}], its list calls (bquserlist, tagqlist,
 * uqst2brandlist, qst2brandlist, kquserlist, abrandans), getBrands with `sub` and `stat`, and the
 * administrator's recommendations. See docs/decisions/0039-brand-pages.md.
 *
 * Every list is one indexed read of at most a page and one row, by an offset no deeper than
 * LIMITS.maxOffset; the tiles' counts stop at COUNT_CAP, so no request counts an unbounded set.
 */
import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { ERR, ERR_MSG } from "../../lib/errids";
import { DomainError } from "../../lib/errors";
import { blank, Offset, OptId, PageSize } from "../../lib/fields";
import { adminOnly, brandView, BRAND_TABS, COUNT_CAP, type BrandView } from "../../lib/brand-tabs";
import { LIMITS } from "../../lib/limits";
import type { QuestionState } from "../../lib/questions";
import { getCategoryTree } from "../categories/categories.server";
import { brandFeedRows, brandFollowerItem, brandFollowersQuery, type BrandFeedList, type BrandFeedSub, type BrandFollowerItem } from "./brand-feed.server";
import { categoryOf } from "../questions/reads.server";
import { batchable, dbOf, schema } from "../core/db.server";
import { activityOpen, closedCategoriesFor, liveQuestion, openCategory, questionCols, questionShown, type Reader } from "../core/visibility.server";
import { ANSWER_LIST_COLUMNS, ANSWER_LIST_ORDER, answerListWhere, LIST_COLUMNS, type QuestionListItem } from "../questions/lists.server";
import { requireWriter, type Session, type SessionUser } from "../users/session.server";
import { decidesRecommendations, type RecommendationStatus } from "./brand-recommendations.server";
import { BRAND_KEY, brandByKey, brandMembersSql, hasBrandKey, brandRoleQuery, findBrand, modCountQuery, type Brand, type BrandRole } from "./brands.server";

const b = schema.brands;
const f = schema.follows;
const q = schema.questions;
const a = schema.answers;
const pq = schema.privateQuestions;
const u = schema.users;
const m = schema.brandMembers;
const rec = schema.brandRecommendations;

export type BrandPrivateItem = { id: number; qtext: string; added: number; waiting: boolean; author: { id: number; nick: string; lvl: number } };
export type BrandAnswerItem = {
  id: number;
  qid: number;
  text: string;
  added: number;
  best: boolean;
  qtext: string;
  author: { id: number; nick: string; lvl: number };
};
export type BrandRecommendedItem = QuestionListItem & { recId: number; recommendedAt: number; status: RecommendationStatus };
export type BrandList =
  | { kind: "questions"; items: QuestionListItem[] }
  | { kind: "private"; items: BrandPrivateItem[]; deleted: boolean }
  | { kind: "answers"; items: BrandAnswerItem[] }
  | { kind: "recommended"; items: BrandRecommendedItem[] }
  | { kind: "followers"; items: BrandFollowerItem[] }
  | BrandFeedList;

/** The author of a listed item, aliased: a D1 batch keys columns by name, and users has id and added too. */
const AUTHOR = {
  authorId: sql<number>`${u.id}`.as("author_id"),
  authorNick: sql<string>`${u.nick}`.as("author_nick"),
  authorLvl: sql<number>`${u.lvl}`.as("author_lvl"),
};

const STATES_OF: Record<string, QuestionState[]> = { all: ["A", "V", "R"], open: ["A"], resolve: ["R"], vote: ["V"] };

/** SQL: an answer by one of the brand's members to question `qid`. */
const memberAnswered = (brandId: number) =>
  sql`EXISTS (SELECT 1 FROM answers x WHERE x.qid = ${q.id} AND x.hidden = 0 AND x.user_id IN (${brandMembersSql(brandId)}))`;

/**
 * The public questions tagged for the brand in these states (questions_brand_state_idx), newest
 * first, but for those in the categories of `leaveOut`; `waiting` keeps only those no member of
 * the brand has answered yet.
 */
function taggedQuery(env: Env, brandId: number, states: QuestionState[], offset: number, limit: number, leaveOut: number[], waiting: boolean) {
  const where: (SQL | undefined)[] = [eq(q.brandId, brandId), inArray(q.state, states), eq(q.hidden, 0)];
  if (leaveOut.length > 0) where.push(openCategory(leaveOut, q.categoryId));
  if (waiting) where.push(sql`NOT ${memberAnswered(brandId)}`);
  return dbOf(env)
    .select({ ...LIST_COLUMNS, categoryId: q.categoryId, ...AUTHOR })
    .from(q)
    .innerJoin(u, eq(u.id, q.userId))
    .where(and(...where))
    .orderBy(desc(q.added), desc(q.id))
    .limit(limit)
    .offset(offset);
}

/** The brand's private questions, shown (hidden 0, `waiting` only those the experts have not answered) or deleted (hidden 1): private_questions_brand_idx. */
function privateListQuery(env: Env, brandId: number, hidden: 0 | 1, waiting: boolean, offset: number, limit: number) {
  return dbOf(env)
    .select({ id: pq.id, qtext: pq.qtext, added: pq.added, waiting: pq.waitingBrandReply, ...AUTHOR })
    .from(pq)
    .innerJoin(u, eq(u.id, pq.userId))
    .where(and(eq(pq.brandId, brandId), eq(pq.hidden, hidden), waiting ? eq(pq.waitingBrandReply, 1) : undefined))
    .orderBy(desc(pq.added), desc(pq.id))
    .limit(limit)
    .offset(offset);
}

/**
 * The public answers of the brand's members (its experts and administrators), all or the best:
 * answers_user_best_idx per member; but for members whose activity is not open to the reader.
 */
function memberAnswersQuery(env: Env, brandId: number, best: boolean, offset: number, limit: number, leaveOut: number[], reader: Reader) {
  return dbOf(env)
    .select({ ...ANSWER_LIST_COLUMNS, ...AUTHOR })
    .from(a)
    .innerJoin(q, eq(q.id, a.qid))
    .innerJoin(u, eq(u.id, a.userId))
    .where(and(answerListWhere(sql`${a.userId} IN (${brandMembersSql(brandId)})`, best, leaveOut), activityOpen(reader, u)))
    .orderBy(...ANSWER_LIST_ORDER)
    .limit(limit)
    .offset(offset);
}

/**
 * The live questions the brand's administrators recommended, newest recommendation first
 * (brand_recommendations_list_idx), but for those in the categories of `leaveOut`.
 */
function recommendedQuery(env: Env, brandId: number, offset: number, limit: number, leaveOut: number[]) {
  return dbOf(env)
    .select({
      ...LIST_COLUMNS,
      categoryId: q.categoryId,
      ...AUTHOR,
      recId: sql<number>`${rec.id}`.as("rec_id"),
      recommendedAt: sql<number>`${rec.added}`.as("rec_added"),
      status: sql<string>`${rec.status}`.as("rec_status"),
    })
    .from(rec)
    .innerJoin(q, eq(q.id, rec.qid))
    .innerJoin(u, eq(u.id, q.userId))
    .where(and(eq(rec.brandId, brandId), questionShown(leaveOut, q)))
    .orderBy(desc(rec.added), desc(rec.id))
    .limit(limit)
    .offset(offset);
}

/** The list query of a view, or null for the feed (read apart: see brandFeedRows). */
function listQueryOf(env: Env, brandId: number, view: BrandView, offset: number, limit: number, leaveOut: number[], reader: Reader) {
  switch (view.tab) {
    case "followers":
      return brandFollowersQuery(env, brandId, reader.id || null, offset, limit);
    case "questions":
      if (view.sub === "deleted") return privateListQuery(env, brandId, 1, false, offset, limit);
      if (view.sub === "private") return privateListQuery(env, brandId, 0, false, offset, limit);
      return taggedQuery(env, brandId, STATES_OF[view.sub], offset, limit, leaveOut, false);
    case "qst2brand":
      if (view.sub === "private") return privateListQuery(env, brandId, 0, true, offset, limit);
      return taggedQuery(env, brandId, STATES_OF.all, offset, limit, leaveOut, true);
    case "answers":
      return memberAnswersQuery(env, brandId, view.sub === "best", offset, limit, leaveOut, reader);
    case "kquserlist":
      return recommendedQuery(env, brandId, offset, limit, leaveOut);
    default:
      return null;
  }
}

const authorOf = (r: Record<string, unknown>) => ({ id: r.authorId as number, nick: r.authorNick as string, lvl: r.authorLvl as number });

function questionItem(r: Record<string, unknown>): QuestionListItem {
  return {
    id: r.id as number,
    qtext: r.qtext as string,
    state: r.state as QuestionState,
    anscnt: r.anscnt as number,
    added: r.added as number,
    pollType: (r.pollType as string | null) ?? null,
    categoryId: r.categoryId as number,
    author: authorOf(r),
  };
}

/** The rows of a view's list query, shaped. */
function shapeList(view: BrandView, rows: Record<string, unknown>[]): BrandList {
  switch (view.tab) {
    case "questions":
    case "qst2brand":
      if (view.sub === "private" || view.sub === "deleted")
        return {
          kind: "private",
          deleted: view.sub === "deleted",
          items: rows.map((r) => ({ id: r.id as number, qtext: r.qtext as string, added: r.added as number, waiting: r.waiting === 1, author: authorOf(r) })),
        };
      return { kind: "questions", items: rows.map(questionItem) };
    case "answers":
      return {
        kind: "answers",
        items: rows.map((r) => ({
          id: r.id as number,
          qid: r.qid as number,
          text: r.text as string,
          added: r.added as number,
          best: r.best === 1,
          qtext: r.qtext as string,
          author: authorOf(r),
        })),
      };
    case "kquserlist":
      return {
        kind: "recommended",
        items: rows.map((r) => ({
          ...questionItem(r),
          recId: r.recId as number,
          recommendedAt: r.recommendedAt as number,
          status: r.status as RecommendationStatus,
        })),
      };
    default:
      return { kind: "followers", items: (rows as Awaited<ReturnType<typeof brandFollowersQuery>>).map(brandFollowerItem) };
  }
}

/** SQL: how many rows a subquery yields, stopping at COUNT_CAP. */
const capped = (inner: SQL) => sql<number>`(SELECT count(*) FROM (${inner} LIMIT ${sql.raw(String(COUNT_CAP))}))`;

/**
 * The tiles' counts beside the brand's own counters: the questions tagged for it; for its
 * administrator also the private questions waiting for the experts, the recommendations waiting
 * for agreement and the moderation queue. Each count stops at COUNT_CAP. One query.
 */
function tilesQuery(env: Env, brandId: number, isAdmin: boolean) {
  const adminOnlyCount = (inner: SQL) => (isAdmin ? capped(inner) : sql<number>`0`);
  return dbOf(env)
    .select({
      tagged: capped(sql`SELECT 1 FROM questions x WHERE x.brand_id = ${brandId} AND ${liveQuestion(questionCols("x"))}`).as("tagged"),
      waitingPrivate: adminOnlyCount(sql`SELECT 1 FROM private_questions x WHERE x.brand_id = ${brandId} AND x.hidden = 0 AND x.waiting_brand_reply = 1`).as(
        "waiting_private",
      ),
      recommended: adminOnlyCount(sql`SELECT 1 FROM brand_recommendations x WHERE x.brand_id = ${brandId} AND x.status = 'N'`).as("recommended"),
    })
    .from(b)
    .where(eq(b.id, brandId));
}
export type BrandTiles = { tagged: number; waitingPrivate: number | null; recommended: number | null; modCount: number | null };

export type BrandPage = {
  brand: Brand;
  view: BrandView;
  isAdmin: boolean;
  /** the viewer approves and declines the brand's recommendations (its administrator, or a moderator who decides them) */
  decides: boolean;
  role: BrandRole | null;
  subscribed: boolean;
  tiles: BrandTiles;
  list: BrandList;
  next: number | null;
  /** the brand's experts (who answer its questions), for the page's side column */
  experts: { id: number; nick: string; lvl: number; fr: boolean }[];
};

/** The brand's experts shown beside its page: at most this many, those with the most points first. */
const EXPERTS_SHOWN = 10;

const viewerFollows = alias(f, "viewer_follows");

/** The brand's experts (brand_members with the role expert), the most points first, with whether the viewer follows each. */
function expertsQuery(env: Env, brandId: number, viewerId: number | null) {
  return dbOf(env)
    .select({ id: u.id, nick: u.nick, lvl: u.lvl, fr: sql<number>`${viewerFollows.id} is not null`.as("fr") })
    .from(m)
    .innerJoin(u, eq(u.id, m.userId))
    .leftJoin(viewerFollows, and(eq(viewerFollows.followerId, viewerId ?? 0), eq(viewerFollows.targetType, "U"), eq(viewerFollows.targetId, m.userId)))
    .where(and(eq(m.brandId, brandId), eq(m.role, "expert")))
    .orderBy(desc(u.points), u.id)
    .limit(EXPERTS_SHOWN);
}

/** The viewer's role in the brand, or null (a guest, or not its member). */
async function roleOf(env: Env, brandId: number, viewerId: number | null): Promise<BrandRole | null> {
  if (!viewerId) return null;
  return ((await brandRoleQuery(env, brandId, viewerId).get())?.role as BrandRole | undefined) ?? null;
}

/**
 * The brand page's data: the viewer's role (one query), then in one batch the list of the view,
 * the tiles, the brand's experts, and whether the viewer follows the brand and (administrator) the
 * queue count. The administrator's views are refused (null) to everyone else, as an unknown path
 * is. A reader who has not confirmed he is an adult is not shown questions of the adult categories.
 */
export async function loadBrandPage(
  env: Env,
  brand: Brand,
  view: BrandView,
  viewer: SessionUser | null,
  offset: number,
  reader: Reader,
): Promise<BrandPage | null> {
  const db = dbOf(env);
  const limit = LIMITS.pageSize;
  const viewerId = viewer?.id ?? null;
  const role = await roleOf(env, brand.id, viewerId);
  const isAdmin = role === "admin";
  // the recommendations are also open to the site moderators who decide on them
  const decides = isAdmin || decidesRecommendations(viewer);
  if (adminOnly(view) && !isAdmin && !(view.tab === "kquserlist" && decides)) return null;
  const leaveOut = await closedCategoriesFor(env, reader);
  const listQuery = listQueryOf(env, brand.id, view, offset, limit + 1, leaveOut, reader);
  // the feed is one raw statement, not part of a Drizzle batch: it goes out beside the batch
  const feed = view.tab === "feed" ? brandFeedRows(env, brand.id, view.sub as BrandFeedSub, offset, limit, undefined, leaveOut, reader) : null;
  const [follows, counted, experts, tiles, rows] = await db.batch([
    db
      .select({ id: f.id })
      .from(f)
      .where(and(eq(f.followerId, viewerId ?? 0), eq(f.targetType, "B"), eq(f.targetId, brand.id))),
    modCountQuery(env, isAdmin ? brand.id : 0),
    expertsQuery(env, brand.id, viewerId),
    tilesQuery(env, brand.id, isAdmin),
    listQuery ?? db.select({ id: b.id }).from(b).where(sql`0`),
  ]);
  const t = tiles[0];
  const fed = feed ? await feed : null;
  return {
    brand,
    view,
    isAdmin,
    decides,
    role,
    subscribed: follows.length > 0,
    tiles: {
      tagged: t?.tagged ?? 0,
      waitingPrivate: isAdmin ? (t?.waitingPrivate ?? 0) : null,
      recommended: isAdmin ? (t?.recommended ?? 0) : null,
      modCount: isAdmin ? (counted[0]?.n ?? 0) : null,
    },
    list: fed ? fed.list : shapeList(view, (rows as Record<string, unknown>[]).slice(0, limit)),
    next: (fed ? fed.more : rows.length > limit) ? offset + limit : null,
    experts: experts.map((e) => ({ id: e.id, nick: e.nick, lvl: e.lvl, fr: e.fr === 1 })),
  };
}

// ------------------------------------------------------------------------------- the calls

/** A brand by `cid` (its id or urlname) or `urlname`. */
const BrandKey = BRAND_KEY;
const hasKey = hasBrandKey;

const brandOf = (env: Env, input: { cid?: string; urlname?: string }): Promise<Brand> => brandByKey(env, input.cid ?? input.urlname ?? "");

const ListFields = { ...BrandKey, p: Offset, n: PageSize };

/** bquserlist {cid or urlname, sub (all, open, resolve, vote; the administrator's deleted, private), p, n}. */
export const BqUserListInput = z
  .object({
    ...ListFields,
    sub: z.preprocess(
      blank,
      z
        .string(ERR_MSG.brandTabUnknown)
        .refine((s) => (BRAND_TABS.questions.subs as readonly string[]).includes(s), ERR_MSG.brandTabUnknown)
        .optional(),
    ),
  })
  .refine(hasKey, ERR_MSG.brandKeyMissing);
/** tagqlist, uqst2brandlist, qst2brandlist, kquserlist {cid or urlname, p, n}. */
export const BrandListInput = z.object(ListFields).refine(hasKey, ERR_MSG.brandKeyMissing);
/** abrandans {cid or urlname, best 0 or 1, p, n}. */
export const BrandAnswersInput = z
  .object({ ...ListFields, best: z.preprocess(blank, z.enum(["0", "1"], ERR_MSG.brandTabUnknown).optional()) })
  .refine(hasKey, ERR_MSG.brandKeyMissing);

/** A list item in the API's fields. */
function apiItem(kind: BrandList["kind"], item: Record<string, unknown>, cats: (id: number) => unknown) {
  const author = item.author as { id: number; nick: string; lvl: number };
  const who = { usrid: author.id, nick: author.nick, lvl: author.lvl };
  if (kind === "private") return { pqid: item.id, qtext: item.qtext, added: item.added, waiting_brand_reply: item.waiting ? 1 : 0, ...who };
  if (kind === "followers") return item;
  if (kind === "answers") return { aid: item.id, qid: item.qid, atext: item.text, added: item.added, best: item.best ? 1 : 0, qtext: item.qtext, ...who };
  const categoryId = item.categoryId as number;
  const base = {
    qid: item.id,
    qtext: item.qtext,
    state: item.state,
    anscnt: item.anscnt,
    added: item.added,
    polltype: item.pollType,
    cid: categoryId,
    category: cats(categoryId),
    ...who,
  };
  return kind === "recommended" ? { ...base, id: item.recId, recommended: item.recommendedAt, status: item.status } : base;
}

/**
 * One page of a view for a call: the administrator's views refused to others (493), nothing
 * written. Answers {items, p, n, more}; `more` is 1 when a next page exists.
 */
async function listCall(env: Env, session: Session | null, brand: Brand, view: BrandView, p: number, n: number, reader: Reader) {
  const role = await roleOf(env, brand.id, session?.user.id ?? null);
  if (adminOnly(view) && role !== "admin" && !(view.tab === "kquserlist" && decidesRecommendations(session?.user))) throw new DomainError(ERR.brandAdminOnly);
  const leaveOut = await closedCategoriesFor(env, reader);
  if (view.tab === "feed") {
    const fed = await brandFeedRows(env, brand.id, view.sub as BrandFeedSub, p, n, undefined, leaveOut, reader);
    return { urlname: brand.urlname, tab: view.tab, sub: view.sub, items: fed.list.items, p, n, more: fed.more ? 1 : 0 };
  }
  const query = listQueryOf(env, brand.id, view, p, n + 1, leaveOut, reader);
  const rows = query ? ((await query) as Record<string, unknown>[]) : [];
  const list = shapeList(view, rows.slice(0, n));
  const tree = await getCategoryTree(env);
  const items = (list.items as unknown as Record<string, unknown>[]).map((i) => apiItem(list.kind, i, (id) => categoryOf(tree, id)));
  return { urlname: brand.urlname, tab: view.tab, sub: view.sub, items, p, n, more: rows.length > n ? 1 : 0 };
}

type ListIn = { cid?: string; urlname?: string; p?: number; n?: number };
const page = (i: ListIn) => [i.p ?? 0, i.n ?? LIMITS.pageSize] as const;

/** bquserlist: the questions tab — the tagged questions by state, or (administrator) the deleted and the private ones. */
export async function readBqUserList(env: Env, session: Session | null, input: z.infer<typeof BqUserListInput>, reader: Reader) {
  return listCall(env, session, await brandOf(env, input), { tab: "questions", sub: input.sub ?? "all" }, ...page(input), reader);
}
/** tagqlist: every live public question tagged for the brand. */
export async function readTagQList(env: Env, session: Session | null, input: z.infer<typeof BrandListInput>, reader: Reader) {
  return listCall(env, session, await brandOf(env, input), { tab: "questions", sub: "all" }, ...page(input), reader);
}
/** uqst2brandlist: the tagged questions no member of the brand has answered yet. */
export async function readUQst2BrandList(env: Env, session: Session | null, input: z.infer<typeof BrandListInput>, reader: Reader) {
  return listCall(env, session, await brandOf(env, input), { tab: "qst2brand", sub: "refer" }, ...page(input), reader);
}
/** qst2brandlist: the private questions waiting for the experts (administrator). */
export async function readQst2BrandList(env: Env, session: Session | null, input: z.infer<typeof BrandListInput>, reader: Reader) {
  return listCall(env, session, await brandOf(env, input), { tab: "qst2brand", sub: "private" }, ...page(input), reader);
}
/** kquserlist: the questions the brand's administrators recommended (administrator). */
export async function readKqUserList(env: Env, session: Session | null, input: z.infer<typeof BrandListInput>, reader: Reader) {
  return listCall(env, session, await brandOf(env, input), { tab: "kquserlist", sub: "recommended" }, ...page(input), reader);
}
/** abrandans: the public answers of the brand's members, all or (best=1) the best. */
export async function readBrandAnswers(env: Env, session: Session | null, input: z.infer<typeof BrandAnswersInput>, reader: Reader) {
  return listCall(env, session, await brandOf(env, input), { tab: "answers", sub: input.best === "1" ? "best" : "all" }, ...page(input), reader);
}

// ------------------------------------------------------------------------------ getBrands

export const GetBrandsInput = z
  .object({
    urlname: z.preprocess(blank, z.string(ERR_MSG.brandUnknown).max(100, ERR_MSG.brandUnknown).optional()),
    id: OptId,
    /** a tab, or "tab/sub": its first page comes along */
    sub: z.preprocess(blank, z.string(ERR_MSG.brandTabUnknown).max(40, ERR_MSG.brandTabUnknown).optional()),
    /** 1: the tiles' counts come along */
    stat: z.preprocess(blank, z.enum(["0", "1"], ERR_MSG.brandTabUnknown).optional()),
  })
  .refine((i) => i.urlname !== undefined || i.id !== undefined, ERR_MSG.brandUnknown);

/**
 * `getBrands {urlname} or {id}, sub, stat`: the brand in the API's fields with the viewer's
 * `subscribed` and `is_admin`; with `stat=1` the tiles' counts (tag_cnt; for its administrator
 * also qst2brand, kquserlist_cnt and modcount); with `sub` (a tab, or tab/sub) the first page of
 * that list — an unknown one is 494, the administrator's for anyone else 493.
 */
export async function readBrand(env: Env, session: Session | null, input: z.infer<typeof GetBrandsInput>, reader: Reader) {
  const brand = await findBrand(env, input.id !== undefined ? { id: input.id } : { urlname: input.urlname });
  if (!brand) throw new DomainError(ERR.brandUnknown);
  const view = input.sub === undefined ? null : brandView(...(input.sub.split("/", 2) as [string, string | undefined]));
  if (input.sub !== undefined && !view) throw new DomainError(ERR.brandTabUnknown);
  const db = dbOf(env);
  const viewer = session?.user.id ?? 0;
  const [roles, follows] = await db.batch([
    brandRoleQuery(env, brand.id, viewer),
    db
      .select({ id: f.id })
      .from(f)
      .where(and(eq(f.followerId, viewer), eq(f.targetType, "B"), eq(f.targetId, brand.id))),
  ]);
  const isAdmin = roles[0]?.role === "admin";
  if (view && adminOnly(view) && !isAdmin) throw new DomainError(ERR.brandAdminOnly);
  const out: Record<string, unknown> = {
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
    is_admin: isAdmin ? 1 : 0,
    direct: 1,
  };
  if (input.stat === "1") {
    const [tiles, counted] = await db.batch([tilesQuery(env, brand.id, isAdmin), modCountQuery(env, isAdmin ? brand.id : 0)]);
    out.tag_cnt = tiles[0]?.tagged ?? 0;
    if (isAdmin) {
      out.qst2brand = tiles[0]?.waitingPrivate ?? 0;
      out.kquserlist_cnt = tiles[0]?.recommended ?? 0;
      out.modcount = counted[0]?.n ?? 0;
    }
  }
  if (view && view.tab !== "premoderation") {
    const listed = await listCall(env, session, brand, view, 0, LIMITS.pageSize, reader);
    out.tab = listed.tab;
    out.sub = listed.sub;
    out.items = listed.items;
    out.more = listed.more;
  }
  return { brand: out };
}

// ------------------------------------------------------------------------- recommending

/** The question a recommendation names: its number, or an address ending in /question/{number}. */
const QuestionRef = z.preprocess((v) => {
  if (typeof v !== "string") return v;
  const s = v.trim();
  const found = /(?:^|\/question\/)([1-9][0-9]{0,9})\/?(?:[?#].*)?$/.exec(s);
  return found ? Number(found[1]) : s === "" ? undefined : -1;
}, z.number(ERR_MSG.recommendQuestionMissing).int().positive(ERR_MSG.recommendQuestionMissing));

/** kqrecommend {cid or urlname, qid}: the administrator recommends a question. */
export const RecommendInput = z.object({ ...BrandKey, qid: QuestionRef }).refine(hasKey, ERR_MSG.brandKeyMissing);

export const RECOMMEND_SENT = "Рекомендация отправлена на согласование";

/**
 * kqrecommend: a brand administrator recommends a visible public question (open, voting or
 * resolved); it waits for the site's agreement. Another member or user is 493, a missing or
 * deleted question 495, a second recommendation of it 496 (the UNIQUE index decides); nothing is
 * written when refused. Counts in the GSR quota.
 */
export async function recommendQuestion(env: Env, session: Session | null, input: z.infer<typeof RecommendInput>, now: number) {
  const user = requireWriter(session);
  const brand = await brandOf(env, input);
  const db = dbOf(env);
  const [roles, questions] = await db.batch([
    brandRoleQuery(env, brand.id, user.id),
    db
      .select({ id: q.id })
      .from(q)
      .where(and(eq(q.id, input.qid), liveQuestion(q))),
  ]);
  if (roles[0]?.role !== "admin") throw new DomainError(ERR.brandAdminOnly);
  if (!questions[0]) throw new DomainError(ERR.recommendQuestionMissing);
  const [inserted] = await db.batch(
    batchable(env, [
      db.insert(rec).values({ brandId: brand.id, qid: input.qid, userId: user.id, status: "N", added: now }).onConflictDoNothing().returning({ id: rec.id }),
    ] as const),
  );
  if (inserted.length === 0) throw new DomainError(ERR.alreadyRecommended);
  return { id: inserted[0].id, qid: input.qid, urlname: brand.urlname, message: RECOMMEND_SENT };
}
