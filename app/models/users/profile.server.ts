import { and, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import { LIMITS } from "../../lib/limits";
import { parseId, parsePrefixedId } from "../../lib/params";
import type { QuestionState } from "../../lib/questions";
import { isBanned } from "../../lib/users";
import { adultCategoryIds, GUEST, openCategory, seesActivity, userReader } from "../core/visibility.server";
import { getCategoryTree } from "../categories/categories.server";
import { dbOf, schema } from "../core/db.server";
import { catalogueQuery, GIFT_CATEGORIES, GIFT_POINTS_MIN, giftItem, receivedGiftsQuery, sentGiftItem } from "../gifts/gifts.server";
import { ANSWER_LIST_COLUMNS, ANSWER_LIST_ORDER, answerListWhere, LIST_COLUMNS, type QuestionListItem } from "../questions/lists.server";
import { notificationsPage } from "../notifications/feed.server";
import { toItem } from "../notifications/push.server";
import { blacklistedQuery, blacklistPageQuery } from "./blacklist.server";
import { feedQuestionsQuery, feedUsersQuery, type FeedQuestionItem, type FeedUserItem } from "./feeds.server";
import { followerItem, followersPageQuery, followingQuery, type FollowerItem } from "./follows.server";
import type { Session } from "./session.server";
import { moderatorSql } from "./users.server";
import { ALBUM } from "../../lib/photos";
import { albumItem, albumLevel, type PhotosList, photoPage, photosFor, photosTabQueries } from "../photos/album-reads.server";

/**
 * The user profile /profile/id{userid}[/{tab}[/{sub}]] (docs/decisions/0011-profile-page.md): the
 * header of a user and one page of one of his lists.
 */

const u = schema.users;
const q = schema.questions;
const a = schema.answers;
const c = schema.categories;
const pq = schema.privateQuestions;
const b = schema.brands;

/** Tabs, their subs (the first is the default) and which of them only the owner may open. */
export const PROFILE_TABS = {
  questions: { subs: ["all", "open", "vote", "resolve", "deleted", "private"], ownerSubs: ["deleted", "private"], ownerOnly: false },
  answers: { subs: ["all", "best"], ownerSubs: [], ownerOnly: false },
  feed: { subs: ["updates", "questions", "users"], ownerSubs: [], ownerOnly: true },
  followers: { subs: ["users", "blacklist"], ownerSubs: [], ownerOnly: true },
  /** all: the gifts he received (with the gift form); choose: the catalogue to pick one for him, by its categories */
  gifts: { subs: ["all", "choose"], ownerSubs: [], ownerOnly: false },
  /** the albums; an album's page is /photos/{aid} (parseProfilePath) */
  photos: { subs: ["albums"], ownerSubs: [], ownerOnly: false },
} as const satisfies Record<string, { subs: readonly string[]; ownerSubs: readonly string[]; ownerOnly: boolean }>;

export type ProfileTab = keyof typeof PROFILE_TABS;
export type ProfileView = { tab: ProfileTab; sub: string };
export const PROFILE_TAB_ORDER: ProfileTab[] = ["questions", "answers", "photos", "feed", "followers", "gifts"];

/** The questions sub → the state it lists ('all' lists every state but deleted). */
const SUB_STATE: Record<string, QuestionState> = { open: "A", vote: "V", resolve: "R", deleted: "D" };

/**
 * The user id and the view a profile path names, or null (a 404): the segment must be literally
 * "id{n}", the tab one of the four, the sub one of that tab's. Defaults: questions, then the tab's
 * first sub. The photos tab takes an album's id as its sub (/profile/id7/photos/12).
 */
export function parseProfilePath(uidSegment: string | undefined, tab?: string, sub?: string): { uid: number; view: ProfileView } | null {
  const uid = parsePrefixedId(uidSegment, "id");
  if (uid === null) return null;
  const tabName = tab ?? "questions";
  if (!Object.hasOwn(PROFILE_TABS, tabName)) return null;
  const def = PROFILE_TABS[tabName as ProfileTab];
  if (tabName === "photos" && sub !== undefined && parseId(sub) !== null) return { uid, view: { tab: "photos", sub } };
  const subName = sub ?? def.subs[0];
  if (!(def.subs as readonly string[]).includes(subName)) return null;
  return { uid, view: { tab: tabName as ProfileTab, sub: subName } };
}

/** Feed and followers, and the deleted and private questions, are the owner's alone. */
export function isOwnerOnly(view: ProfileView): boolean {
  const def = PROFILE_TABS[view.tab];
  return def.ownerOnly || (def.ownerSubs as readonly string[]).includes(view.sub);
}

/** The path of a view: the defaults are left out (/profile/id7, /profile/id7/answers, /profile/id7/answers/best). */
export function profilePath(uid: number, view: ProfileView): string {
  const base = `/profile/id${uid}`;
  if (view.tab === "questions" && view.sub === "all") return base;
  return view.sub === PROFILE_TABS[view.tab].subs[0] ? `${base}/${view.tab}` : `${base}/${view.tab}/${view.sub}`;
}

export type ProfileNav = {
  tabs: { tab: ProfileTab; href: string }[];
  subs: { sub: string; href: string }[];
};

/** The tabs and the current tab's subs this viewer is offered: the owner-only ones to the owner alone. */
export function profileNav(uid: number, view: ProfileView, isOwner: boolean): ProfileNav {
  const open = (v: ProfileView) => isOwner || !isOwnerOnly(v);
  return {
    tabs: PROFILE_TAB_ORDER.filter((tab) => open({ tab, sub: PROFILE_TABS[tab].subs[0] })).map((tab) => ({
      tab,
      href: profilePath(uid, { tab, sub: PROFILE_TABS[tab].subs[0] }),
    })),
    subs: (PROFILE_TABS[view.tab].subs as readonly string[])
      .filter((sub) => open({ tab: view.tab, sub }))
      .map((sub) => ({ sub, href: profilePath(uid, { tab: view.tab, sub }) })),
  };
}

export type BanState = { permanent: true } | { permanent: false; leftMs: number };

/** The ban notice: none, a permanent ban, or a temporary one with the time left. */
export function banState(user: { bannedUntil: number | null; banPermanent: number }, now: number): BanState | null {
  if (!isBanned(user, now)) return null;
  if (user.banPermanent === 1 || user.bannedUntil == null) return { permanent: true };
  return { permanent: false, leftMs: user.bannedUntil - now };
}

// ---- the queries (every list is one index range, newest first: see the decision record)

export function headerQuery(env: Env, uid: number) {
  const db = dbOf(env);
  return db
    .select({
      id: u.id,
      nick: u.nick,
      lvl: u.lvl,
      points: u.points,
      kpd: u.kpd,
      vip: u.vip,
      bannedUntil: u.bannedUntil,
      banPermanent: u.banPermanent,
      hidden: u.hidden,
      filin: u.filin,
      questionsCount: u.questionsCount,
      answersCount: u.answersCount,
      bestCount: u.bestCount,
      followers: u.followers,
      following: u.following,
      directCount: u.directCount,
      watchcnt: u.watchcnt,
      blackCnt: u.blackCnt,
      vipUntil: u.vipUntil,
      moder: moderatorSql,
    })
    .from(u)
    .where(eq(u.id, uid));
}

/**
 * A user's questions of a sub, newest first: questions_user_idx for 'all', questions_user_state_idx
 * for a state; questions in the categories of `leaveOut` are not listed.
 */
export function userQuestionsQuery(env: Env, uid: number, sub: string, offset: number, limit: number, leaveOut: number[] = []) {
  const db = dbOf(env);
  // the sub comes from the path: only the table's own keys name a state
  const state = Object.hasOwn(SUB_STATE, sub) ? SUB_STATE[sub] : undefined;
  const where: SQL[] = [eq(q.userId, uid)];
  if (state === "D") where.push(eq(q.state, "D"));
  else if (state) where.push(eq(q.state, state), eq(q.hidden, 0));
  else where.push(ne(q.state, "D"), eq(q.hidden, 0));
  if (leaveOut.length > 0) where.push(openCategory(leaveOut, q.categoryId));
  return db
    .select({
      ...LIST_COLUMNS,
      catName: sql<string>`${c.name}`.as("cat_name"),
      catUrlname: sql<string>`${c.urlname}`.as("cat_urlname"),
    })
    .from(q)
    .innerJoin(c, eq(c.id, q.categoryId))
    .where(and(...where))
    .orderBy(desc(q.added), desc(q.id))
    .limit(limit)
    .offset(offset);
}

/**
 * A user's visible answers (or only the best ones) with their question's title: answers_user_idx /
 * answers_user_best_idx; answers to questions in the categories of `leaveOut` are not listed.
 */
export function userAnswersQuery(env: Env, uid: number, sub: string, offset: number, limit: number, leaveOut: number[] = []) {
  return dbOf(env)
    .select(ANSWER_LIST_COLUMNS)
    .from(a)
    .innerJoin(q, eq(q.id, a.qid))
    .where(answerListWhere(eq(a.userId, uid), sub === "best", leaveOut))
    .orderBy(...ANSWER_LIST_ORDER)
    .limit(limit)
    .offset(offset);
}

/** The owner's private (direct) questions to brands, newest first: private_questions_user_idx. */
export function userPrivateQuery(env: Env, uid: number, offset: number, limit: number) {
  const db = dbOf(env);
  return db
    .select({
      id: pq.id,
      qtext: pq.qtext,
      added: pq.added,
      waiting: pq.waitingBrandReply,
      brandName: sql<string>`${b.name}`.as("brand_name"),
    })
    .from(pq)
    .innerJoin(b, eq(b.id, pq.brandId))
    .where(and(eq(pq.userId, uid), eq(pq.hidden, 0)))
    .orderBy(desc(pq.added), desc(pq.id))
    .limit(limit)
    .offset(offset);
}

/** The list query of a view (null for the tabs not built yet), for the loader and the index test. */
export function listQueryFor(env: Env, uid: number, view: ProfileView, offset: number, limit = LIMITS.pageSize + 1, leaveOut: number[] = []) {
  if (view.tab === "questions")
    return view.sub === "private" ? userPrivateQuery(env, uid, offset, limit) : userQuestionsQuery(env, uid, view.sub, offset, limit, leaveOut);
  if (view.tab === "answers") return userAnswersQuery(env, uid, view.sub, offset, limit, leaveOut);
  return null;
}

// ---- the page

export type ProfileUser = {
  id: number;
  nick: string;
  lvl: number;
  points: number;
  kpd: number;
  vip: boolean;
  filin: string | null;
  hidden: boolean;
  ban: BanState | null;
  questionsCount: number;
  answersCount: number;
  bestCount: number;
  followers: number;
  following: number;
  directCount: number;
  /** the questions he watches (his subscriptions) */
  watchcnt: number;
  /** the size of his blacklist: for the owner alone (null for anyone else) */
  blackCnt: number | null;
  /** a volunteer moderator: the «Модератор» label beside his nick */
  moder: boolean;
};

export type HiddenProfileUser = Pick<ProfileUser, "id" | "nick" | "lvl" | "filin">;

/** A question of the profile's lists: the usual list columns and its category instead of the author. */
export type ProfileQuestionItem = Omit<QuestionListItem, "categoryId" | "author"> & { category: { name: string; urlname: string } };
export type ProfileAnswerItem = { id: number; qid: number; text: string; added: number; best: boolean; qtext: string };
export type ProfilePrivateItem = { id: number; qtext: string; added: number; waiting: boolean; brandName: string };
export type ProfileGiftItem = ReturnType<typeof sentGiftItem>;
/** The gift form of a signed-in viewer: the catalogue, and whether he may pay in points (250+). */
export type ProfileGiftForm = { catalogue: ReturnType<typeof giftItem>[]; canPoints: boolean } | null;
export type ProfileGiftChoice = { catalogue: ReturnType<typeof giftItem>[]; categories: readonly { cid: number; title: string }[]; canPoints: boolean };

export type ProfileList =
  | { kind: "questions"; items: ProfileQuestionItem[] }
  | { kind: "answers"; items: ProfileAnswerItem[] }
  | { kind: "private"; items: ProfilePrivateItem[] }
  | { kind: "gifts"; items: ProfileGiftItem[]; form: ProfileGiftForm }
  /** gifts/choose: the catalogue by its categories, to pick a gift (a guest signs in to give) */
  | { kind: "giftChoice"; choice: ProfileGiftChoice; signedIn: boolean }
  /** the owner's followers (followers/users) */
  | { kind: "followers"; items: FollowerItem[] }
  /** the owner's blacklist (followers/blacklist) */
  | { kind: "blacklist"; items: { id: number; nick: string; lvl: number; added: number }[] }
  /** feed/users: what the people he follows asked and answered */
  | { kind: "feedUsers"; items: FeedUserItem[] }
  /** feed/questions: the questions he watches, by their latest activity */
  | { kind: "feedQuestions"; items: FeedQuestionItem[] }
  /** feed/updates: his notifications */
  | { kind: "updates"; items: ReturnType<typeof toItem>[] }
  /** photos: the albums the reader may see, or one album and a page of its photos */
  | PhotosList
  | { kind: "none" };

/** What a signed-in viewer of someone else's profile has to do with him: whether he follows him and has him on his blacklist. */
export type ProfileRelation = { following: boolean; listed: boolean } | null;

export type ProfilePage =
  | { kind: "missing" }
  | { kind: "redirect"; to: string }
  /** only what the hidden notice shows: the stats stay hidden in the loader data too */
  | { kind: "hidden"; user: HiddenProfileUser }
  | {
      kind: "ok";
      user: ProfileUser;
      view: ProfileView;
      isOwner: boolean;
      list: ProfileList;
      more: boolean;
      offset: number;
      /** how many items a page of the list holds (the album's photos: 12) */
      step: number;
      relation: ProfileRelation;
    };

function toUser(r: Awaited<ReturnType<typeof headerQuery>>[number], now: number, isOwner: boolean): ProfileUser {
  return {
    id: r.id,
    nick: r.nick,
    lvl: r.lvl,
    points: r.points,
    kpd: r.kpd,
    vip: r.vip === 1 && (r.vipUntil === null || r.vipUntil > now),
    filin: r.filin,
    hidden: r.hidden === 1,
    ban: banState(r, now),
    questionsCount: r.questionsCount,
    answersCount: r.answersCount,
    bestCount: r.bestCount,
    followers: r.followers,
    following: r.following,
    directCount: r.directCount,
    watchcnt: r.watchcnt,
    blackCnt: isOwner ? r.blackCnt : null,
    moder: r.moder === 1,
  };
}

/** One page of a list plus whether another follows (one row more than a page is read). */
function page<T>(rows: T[]): { items: T[]; more: boolean } {
  return { items: rows.slice(0, LIMITS.pageSize), more: rows.length > LIMITS.pageSize };
}

/** The header row and one page of the view's list (without the categories of `leaveOut`), in one D1 round trip (a batch). */
async function loadProfileData(
  env: Env,
  uid: number,
  view: ProfileView,
  offset: number,
  viewer: Session["user"] | null,
  leaveOut: number[],
  now: number,
): Promise<{ row: Awaited<ReturnType<typeof headerQuery>>[number] | undefined; more: boolean; list: ProfileList | null }> {
  const db = dbOf(env);
  const limit = LIMITS.pageSize + 1;
  if (view.tab === "gifts" && view.sub === "choose") {
    // the catalogue by its categories; a guest sees it too, and signs in to give
    const [users, catalogue] = await db.batch([headerQuery(env, uid), catalogueQuery(env)]);
    const choice = { catalogue: catalogue.map(giftItem), categories: GIFT_CATEGORIES, canPoints: (viewer?.points ?? 0) >= GIFT_POINTS_MIN };
    return { row: users[0], more: false, list: { kind: "giftChoice", choice, signedIn: viewer !== null } satisfies ProfileList };
  }
  if (view.tab === "gifts") {
    const [users, rows, catalogue] = await db.batch([headerQuery(env, uid), receivedGiftsQuery(env, uid, limit, offset), catalogueQuery(env)]);
    const p = page(rows);
    const items = p.items.map((r) => sentGiftItem(r, viewer?.id ?? null));
    const form = viewer ? { catalogue: catalogue.map(giftItem), canPoints: viewer.points >= GIFT_POINTS_MIN } : null;
    return { row: users[0], more: p.more, list: { kind: "gifts", items, form } satisfies ProfileList };
  }
  if (view.tab === "questions" && view.sub === "private") {
    const [users, rows] = await db.batch([headerQuery(env, uid), userPrivateQuery(env, uid, offset, limit)]);
    const p = page(rows);
    return { row: users[0], more: p.more, list: { kind: "private", items: p.items.map((r) => ({ ...r, waiting: r.waiting === 1 })) } satisfies ProfileList };
  }
  if (view.tab === "questions") {
    const [users, rows] = await db.batch([headerQuery(env, uid), userQuestionsQuery(env, uid, view.sub, offset, limit, leaveOut)]);
    const p = page(rows);
    const items = p.items.map(({ catName, catUrlname, ...r }) => ({ ...r, state: r.state as QuestionState, category: { name: catName, urlname: catUrlname } }));
    return { row: users[0], more: p.more, list: { kind: "questions", items } satisfies ProfileList };
  }
  if (view.tab === "answers") {
    const [users, rows] = await db.batch([headerQuery(env, uid), userAnswersQuery(env, uid, view.sub, offset, limit, leaveOut)]);
    const p = page(rows);
    const items = p.items.map((r) => ({ ...r, best: r.best === 1 }));
    return { row: users[0], more: p.more, list: { kind: "answers", items } satisfies ProfileList };
  }
  // feed and followers are the owner's alone (checked before this is called): `uid` is the viewer
  if (view.tab === "followers" && view.sub === "blacklist") {
    const [users, rows] = await db.batch([headerQuery(env, uid), blacklistPageQuery(env, uid, offset, limit)]);
    const p = page(rows);
    return { row: users[0], more: p.more, list: { kind: "blacklist", items: p.items } satisfies ProfileList };
  }
  if (view.tab === "followers") {
    const [users, rows] = await db.batch([headerQuery(env, uid), followersPageQuery(env, uid, offset, limit)]);
    const p = page(rows);
    return { row: users[0], more: p.more, list: { kind: "followers", items: p.items.map(followerItem) } satisfies ProfileList };
  }
  if (view.tab === "feed" && view.sub === "users") {
    // a raw statement is not part of a Drizzle batch: the two reads go out side by side
    const [users, rows] = await Promise.all([headerQuery(env, uid), feedUsersQuery(env, userReader(viewer!), offset, limit, undefined, leaveOut)]);
    const p = page(rows);
    return { row: users[0], more: p.more, list: { kind: "feedUsers", items: p.items } satisfies ProfileList };
  }
  if (view.tab === "feed" && view.sub === "questions") {
    const [users, rows] = await Promise.all([headerQuery(env, uid), feedQuestionsQuery(env, uid, offset, limit, undefined, leaveOut)]);
    const p = page(rows);
    return { row: users[0], more: p.more, list: { kind: "feedQuestions", items: p.items } satisfies ProfileList };
  }
  if (view.tab === "feed") {
    // the owner's own page (checked before this is called): the viewer is the owner
    const [users, rows] = await Promise.all([headerQuery(env, uid), notificationsPage(env, viewer!, limit, offset, now)]);
    const p = page(rows);
    return { row: users[0], more: p.more, list: { kind: "updates", items: p.items.map((r) => toItem(r)) } satisfies ProfileList };
  }
  if (view.tab === "photos") {
    const tab = photosTabQueries(env, uid, view.sub, offset);
    if (tab.kind === "albums") {
      const [users, rows] = await db.batch([headerQuery(env, uid), tab.albums]);
      return { row: users[0], more: false, list: { kind: "albums", items: rows.map(albumItem) } satisfies ProfileList };
    }
    const [users, albums, rows] = await db.batch([headerQuery(env, uid), tab.album, tab.photos]);
    if (!albums[0]) return { row: users[0], more: false, list: null };
    const p = photoPage(rows);
    return { row: users[0], more: p.more, list: { kind: "album", album: albumItem(albums[0]), items: p.items } satisfies ProfileList };
  }
  const users = await headerQuery(env, uid);
  return { row: users[0], more: false, list: { kind: "none" } satisfies ProfileList };
}

/**
 * Whether the viewer follows user `uid`, has him on his blacklist, and is on his: one batch, read
 * beside the page's own. `listedBy` stays on the server: the page shows it only as a hidden profile.
 */
async function relationOf(env: Env, viewerId: number, uid: number): Promise<{ relation: ProfileRelation; listedBy: boolean }> {
  const [following, listed, listedBy] = await dbOf(env).batch([
    followingQuery(env, viewerId, uid),
    blacklistedQuery(env, viewerId, uid),
    blacklistedQuery(env, uid, viewerId),
  ]);
  return { relation: { following: following.length > 0, listed: listed.length > 0 }, listedBy: listedBy.length > 0 };
}

/**
 * Everything the profile page shows for this viewer: a redirect to the plain profile when the view
 * is the owner's alone (decided before any query), 404 for an unknown user, the hidden notice when
 * the profile is hidden from this viewer, else the header and one page of the list. A reader who
 * has not confirmed he is an adult (`adultReader` false) is not shown questions of the adult
 * categories, nor answers to them, in someone else's lists; the owner always sees his own.
 */
export async function loadProfilePage(
  env: Env,
  viewer: Session["user"] | null,
  uid: number,
  view: ProfileView,
  offset: number,
  now: number,
  adultReader: boolean,
): Promise<ProfilePage> {
  const isOwner = viewer !== null && viewer.id === uid;
  if (isOwnerOnly(view) && !isOwner) return { kind: "redirect", to: `/profile/id${uid}` };
  // the feeds list other people's questions on the owner's own page
  const listsQuestions = view.tab === "questions" || view.tab === "answers" || (view.tab === "feed" && view.sub !== "updates");
  const leaveOut = listsQuestions && (!isOwner || view.tab === "feed") && !adultReader ? adultCategoryIds(await getCategoryTree(env, now)) : [];
  const [{ row, list, more }, related] = await Promise.all([
    loadProfileData(env, uid, view, offset, viewer, leaveOut, now),
    viewer && !isOwner ? relationOf(env, viewer.id, uid) : null,
  ]);
  if (!row) return { kind: "missing" };
  const user = toUser(row, now, isOwner);
  const relation = related?.relation ?? null;
  // a hidden profile, or one whose owner put the viewer on his blacklist, shows the viewer its notice alone
  if (!seesActivity(viewer ? userReader(viewer) : GUEST, user, related?.listedBy ?? false)) {
    return { kind: "hidden", user: { id: user.id, nick: user.nick, lvl: user.lvl, filin: user.filin } };
  }
  if (view.tab !== "photos") return { kind: "ok", user, view, isOwner, list: list ?? { kind: "none" }, more, offset, step: LIMITS.pageSize, relation };
  // an album this reader may not see is not found, as one that does not exist
  const photos = list?.kind === "albums" || list?.kind === "album" ? photosFor(list, albumLevel(viewer, uid, relation?.following ?? false), uid) : null;
  if (!photos) return { kind: "missing" };
  return { kind: "ok", user, view, isOwner, list: photos, more: photos.kind === "album" && more, offset, step: ALBUM.perPage, relation };
}
