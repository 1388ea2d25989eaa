/**
 * A brand's feed and its followers (docs/decisions/0037-following-and-feeds.md, 0039-brand-pages.md):
 * the brand page's 'feed' tab and `feed` with `cid`, the 'followers' tab and `brand_who_follow`.
 * The feed is read at the time of reading from a bounded set, like a user's feed: a page is a
 * bounded number of index reads however many questions the brand has and however many people
 * follow it.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { ERR_MSG } from "../../lib/errids";
import { Offset, PageSize } from "../../lib/fields";
import { LIMITS } from "../../lib/limits";
import { timeAgoWords } from "../../lib/time-ago";
import { closedCategoriesFor, type Reader } from "../core/visibility.server";
import { dbOf, schema } from "../core/db.server";
import {
  brandFeedQuestionsQuery,
  brandFeedUpdatesQuery,
  brandFeedUsersQuery,
  feedPage,
  lastTime,
  type FeedQuestionItem,
  type FeedUserItem,
} from "../users/feeds.server";
import type { Session } from "../users/session.server";
import { BRAND_KEY, brandByKey, hasBrandKey } from "./brands.server";

const f = schema.follows;
const u = schema.users;
const mine = alias(f, "mine");

export type BrandFeedSub = "updates" | "questions" | "users";

/** One page of a brand's feed: 'updates' and 'users' list questions and answers, 'questions' the questions by their latest activity. */
export type BrandFeedList = { kind: "feedUsers"; items: FeedUserItem[] } | { kind: "feedQuestions"; items: FeedQuestionItem[] };

/**
 * One page of a brand's feed, read with one row more than `limit`: updates — questions asked to
 * the brand and answers to them; questions — its questions, the latest activity first; users —
 * what its experts and administrators asked and answered. `before` (ms) pages by time.
 */
export async function brandFeedRows(
  env: Env,
  brandId: number,
  sub: BrandFeedSub,
  offset: number,
  limit: number,
  before: number | undefined,
  leaveOut: number[],
  reader: Reader,
) {
  if (sub === "questions") {
    const rows = await brandFeedQuestionsQuery(env, brandId, offset, limit + 1, before, leaveOut);
    const { items, more } = feedPage(rows, limit);
    return { list: { kind: "feedQuestions", items } satisfies BrandFeedList, more };
  }
  const rows =
    sub === "users"
      ? await brandFeedUsersQuery(env, brandId, reader, offset, limit + 1, before, leaveOut)
      : await brandFeedUpdatesQuery(env, brandId, offset, limit + 1, before, leaveOut);
  const { items, more } = feedPage(rows, limit);
  return { list: { kind: "feedUsers", items } satisfies BrandFeedList, more };
}

/**
 * One page of a brand's followers (follows_target_idx), newest first; `fr` tells whether the
 * viewer follows that follower (false for a guest).
 */
export function brandFollowersQuery(env: Env, brandId: number, viewerId: number | null, offset: number, limit: number) {
  return dbOf(env)
    .select({ id: u.id, nick: u.nick, lvl: u.lvl, fr: sql<number>`${mine.id} is not null`.as("fr") })
    .from(f)
    .innerJoin(u, eq(u.id, f.followerId))
    .leftJoin(mine, and(eq(mine.followerId, viewerId ?? 0), eq(mine.targetType, "U"), eq(mine.targetId, f.followerId)))
    .where(and(eq(f.targetType, "B"), eq(f.targetId, brandId)))
    .orderBy(desc(f.added), desc(f.id))
    .limit(limit)
    .offset(offset);
}

export type BrandFollowerItem = { id: number; nick: string; lvl: number; fr: boolean };

export const brandFollowerItem = (r: Awaited<ReturnType<typeof brandFollowersQuery>>[number]): BrandFollowerItem => ({
  id: r.id,
  nick: r.nick,
  lvl: r.lvl,
  fr: r.fr === 1,
});

// ------------------------------------------------------------------------------- the calls

/** brand_who_follow {urlname or cid, p, n ≤ 20}. */
export const BrandWhoFollowInput = z
  .object({ ...BRAND_KEY, p: Offset.transform((p) => p ?? 0), n: PageSize.transform((n) => n ?? LIMITS.pageSize) })
  .refine(hasBrandKey, ERR_MSG.brandKeyMissing);

/**
 * brand_who_follow: a brand's followers, newest first, paged by p (n ≤ 20), open to anyone:
 * {followers: [{id, nick, lvl, fr, brand, brand_cid}], more, total}; `fr` is whether the viewer
 * follows that follower.
 */
export async function brandWhoFollow(env: Env, session: Session | null, input: z.infer<typeof BrandWhoFollowInput>) {
  const brand = await brandByKey(env, input.cid ?? input.urlname ?? "");
  const rows = await brandFollowersQuery(env, brand.id, session?.user.id ?? null, input.p, input.n + 1);
  return {
    urlname: brand.urlname,
    followers: rows.slice(0, input.n).map((r) => ({ ...brandFollowerItem(r), brand: null, brand_cid: null })),
    more: rows.length > input.n ? 1 : 0,
    total: brand.followers,
  };
}

/** The fields of `feed` that a brand's feed takes: cid (the brand's id or urlname), sub, p, n, time (seconds). */
export type BrandFeedCall = { cid: string; sub: BrandFeedSub; p: number; n: number; time?: number };

/**
 * `feed` with `cid`: a brand's feed, open to anyone as its tab is: updates (the default), questions
 * or users, paged by p and by time. Answers {feed, more, lasttime} like a user's people feed.
 */
export async function readBrandFeed(env: Env, input: BrandFeedCall, now: number, reader: Reader) {
  const brand = await brandByKey(env, input.cid);
  const before = input.time !== undefined ? input.time * 1000 : undefined;
  const { list, more } = await brandFeedRows(env, brand.id, input.sub, input.p, input.n, before, await closedCategoriesFor(env, reader), reader);
  const at = (i: FeedUserItem | FeedQuestionItem) => ("updated" in i ? i.updated : i.added);
  const items: (FeedUserItem | FeedQuestionItem)[] = list.items;
  return {
    cid: brand.id,
    urlname: brand.urlname,
    sub: input.sub,
    feed: items.map((i) => ({ ...i, timecell: timeAgoWords(at(i), now) })),
    more: more ? 1 : 0,
    lasttime: lastTime(items.map(at)),
  };
}
