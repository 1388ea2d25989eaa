/**
 * Brands: who is a brand's member (expert or admin), following a
 * brand (brand_follow / brand_unfollow, field cid = the brand's id or urlname), the brand page
 * and the brand administrator's moderation queue count (the page itself: brand-page.server.ts). See
 * docs/decisions/0017-brands-and-private-questions.md.
 */
import { ERR, ERR_MSG } from "../../lib/errids";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { DomainError } from "../../lib/errors";
import { listOf, blank } from "../../lib/fields";
import { batchable, dbOf, schema } from "../core/db.server";
import { requireWriter, type Session } from "../users/session.server";
import { DwhInput, trackEvent } from "../core/track.server";
import { hit } from "../core/rate-limits.server";
import { addressKey } from "../../lib/ip-address";

const b = schema.brands;
const m = schema.brandMembers;
const f = schema.follows;
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

/** The fields that name a brand in a call: `cid` (its id or urlname) or `urlname`; refine with hasBrandKey (492 when neither). */
export const BRAND_KEY = {
  cid: z.preprocess(blank, z.string(ERR_MSG.brandKeyMissing).max(100, ERR_MSG.brandKeyMissing).optional()),
  urlname: z.preprocess(blank, z.string(ERR_MSG.brandKeyMissing).max(100, ERR_MSG.brandKeyMissing).optional()),
};
export const hasBrandKey = (i: { cid?: string; urlname?: string }) => i.cid !== undefined || i.urlname !== undefined;

/** A brand by a key that is its id or its urlname; an unknown one is 470. */
export async function brandByKey(env: Env, key: string): Promise<Brand> {
  const brand = /^[1-9][0-9]{0,9}$/.test(key) ? await findBrand(env, { id: Number(key) }) : await findBrand(env, { urlname: key });
  if (!brand) throw new DomainError(ERR.brandUnknown);
  return brand;
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
export const BrandFollowInput = z.object(BRAND_KEY).refine(hasBrandKey, ERR_MSG.brandKeyMissing);

async function followTarget(env: Env, session: Session | null, input: z.infer<typeof BrandFollowInput>) {
  const user = requireWriter(session);
  return { user, brand: await brandByKey(env, input.cid ?? input.urlname ?? "") };
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

/**
 * For the /301 page: a brand user's link (`brand` in its query) was followed — the dwh event
 * external_link_click with linkurl and linkbrand, and the reader's experiment groups as every event
 * carries them (his e-mail group, his browser's suggest group). Never fails the page (a bad field is dropped);
 * clicks beyond RATES.click a minute from one address are not recorded.
 */
export async function recordBrandLinkClick(env: Env, session: Session | null, click: { url: string; brand: string }, req: Request, ip: string, now: number) {
  const { url, brand } = click;
  const input = DwhInput.safeParse({ name: "external_link_click", linkurl: url, linkbrand: brand });
  if (!input.success) return;
  if (!(await hit(env, "click", addressKey(ip), now)).ok) return;
  try {
    await trackEvent(env, session, input.data, now, req);
  } catch (e) {
    console.error("brand link click not recorded", e);
  }
}
