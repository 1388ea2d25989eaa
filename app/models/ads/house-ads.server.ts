import { and, eq, gt, isNull, lte, or } from "drizzle-orm";
import { adBucket, chooseAds, SLOT_IN_LIST, SLOT_SIDE, type AdPageType, type HouseAdRow, type PageAds } from "../../lib/house-ads";
import { dbOf, schema } from "../core/db.server";

// The promotions change only by an operator's hand, so an isolate keeps the live ones a minute
// (the guest cache's lifetime) instead of paying a D1 round trip on every page.
const TTL_MS = 60_000;
let cached: { rows: HouseAdRow[]; at: number } | null = null;

/** The promotions switched on and within their dates at `now`. */
async function liveAds(env: Env, now: number): Promise<HouseAdRow[]> {
  if (cached && now >= cached.at && now - cached.at < TTL_MS) return cached.rows;
  const a = schema.houseAds;
  const rows = await dbOf(env)
    .select({ id: a.id, title: a.title, text: a.text, href: a.href, image: a.image, pages: a.pages, weight: a.weight })
    .from(a)
    .where(and(eq(a.active, 1), or(isNull(a.startsAt), lte(a.startsAt, now)), or(isNull(a.endsAt), gt(a.endsAt, now))))
    .orderBy(a.id);
  // only paths of this site, so a slot never leads or loads anything elsewhere
  const own = rows.filter((r) => isOwnPath(r.href) && (r.image === null || isOwnPath(r.image)));
  cached = { rows: own, at: now };
  return own;
}

/** A path on this site: "/" and not "//" (another host) nor "/\" (which browsers read as "//"). */
function isOwnPath(s: string): boolean {
  return s.startsWith("/") && !s.startsWith("//") && !s.startsWith("/\\");
}

/**
 * What the slots of a page type show now: slot 1 always, slot 2 (in a list, after its 4th item)
 * when `inList`. A failed read leaves the slots empty rather than failing the page.
 */
export async function pageAds(env: Env, page: AdPageType, now: number, opts: { inList?: boolean } = {}): Promise<PageAds> {
  const rows = await liveAds(env, now).catch((e: unknown) => {
    console.error("house ads: read failed", e);
    return [];
  });
  return chooseAds(rows, page, adBucket(now), opts.inList ? [SLOT_SIDE, SLOT_IN_LIST] : [SLOT_SIDE]);
}
