/**
 * The ad slots: every slot shows one of the site's own promotions, chosen on the server. The choice
 * depends only on the page type, the slot's number and the time bucket, never on the reader, so a
 * cached guest page and a signed-in reader's shared rendering carry the same slot for everybody,
 * and every render of the same page type within one bucket picks the same promotions.
 */

/** The page types that carry slots. */
export const AD_PAGE_TYPES = ["index", "category", "top", "question", "answer", "profile", "moderlog", "search"] as const;
export type AdPageType = (typeof AD_PAGE_TYPES)[number];

/**
 * The slots, numbered per page: slot 1 on every page type (the side column, or the page's foot
 * where a page has no columns), slot 2 in a list, after its 4th item.
 */
export const SLOT_SIDE = 1;
export const SLOT_IN_LIST = 2;
/** the in-list slot follows this many items */
export const IN_LIST_AFTER = 4;

/** The special sections that leave one slot out: their lists have no in-list slot. */
export const SECTIONS_WITHOUT_LIST_SLOT: ReadonlySet<string> = new Set(["golden", "smstop", "nosmoking"]);

/**
 * The promotions rotate every 10 minutes: a whole number of guest-cache lifetimes (60 s), so a
 * cached copy never outlives more than the bucket it was rendered in plus its own minute.
 */
export const ROTATION_MS = 10 * 60_000;

/** A promotion as a slot shows it. */
export type HouseAd = {
  id: number;
  title: string;
  text: string;
  href: string;
  image: string | null;
};

/** A promotion with what the chooser weighs. */
export type HouseAdRow = HouseAd & { pages: string; weight: number };

/** What a page's slots show, by slot number; a slot with no promotion is absent. */
export type PageAds = Partial<Record<number, HouseAd>>;

/** The time bucket of a moment. */
export function adBucket(now: number): number {
  return Math.floor(now / ROTATION_MS);
}

/**
 * A 32-bit hash of a string's UTF-8 bytes, the same in every isolate: FNV-1a, then MurmurHash3's
 * final mix, so that strings differing in one character (consecutive buckets) draw unrelated values.
 */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(s)) {
    h ^= byte;
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Whether a promotion may show on a page type (an empty list: on every page type). */
function showsOn(row: HouseAdRow, page: AdPageType): boolean {
  const pages = row.pages.trim();
  return pages === "" || pages.split(",").some((p) => p.trim() === page);
}

/**
 * The promotions of a page's slots, `slots` numbers wanted: the promotions that may show on the page
 * type are put in an order drawn from the page type and the bucket, each by its weight (a heavier
 * one comes first more often), and slot n takes the n-th of them, so two slots of one page show two
 * different promotions while there are enough. The same arguments always give the same answer.
 */
export function chooseAds(rows: readonly HouseAdRow[], page: AdPageType, bucket: number, slots: readonly number[]): PageAds {
  const ranked = rows
    .filter((r) => r.weight > 0 && showsOn(r, page))
    .map((r) => {
      // a uniform draw in (0, 1) per promotion, page type and bucket; -ln(u)/weight ranks by weight
      const u = (hash(`${page}|${bucket}|${r.id}`) + 1) / 4294967297;
      return { r, key: -Math.log(u) / r.weight };
    })
    .sort((a, b) => a.key - b.key || a.r.id - b.r.id)
    .map(({ r }) => ({ id: r.id, title: r.title, text: r.text, href: r.href, image: r.image }));
  const out: PageAds = {};
  if (ranked.length === 0) return out;
  for (const n of slots) out[n] = ranked[(n - 1) % ranked.length];
  return out;
}
