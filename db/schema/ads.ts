import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The site's own promotions shown in the ad slots (the magic ball, VIP, asking a question, a brand's
 * page…). No third party is asked for anything: the server picks a row for each slot of a page.
 */
export const houseAds = sqliteTable(
  "house_ads",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** what it promotes, for the record: ball | vip | ask | brand | top | golden … */
    kind: text("kind").notNull(),
    /** the headline, a few words */
    title: text("title").notNull(),
    /** one short sentence under the headline */
    text: text("text").notNull(),
    /** where it leads: a path on this site, starting with "/" */
    href: text("href").notNull(),
    /** a picture from this site's own origin (a path starting with "/"), or none */
    image: text("image"),
    /** the page types it may show on, comma-separated (index,category,top,question,answer,profile,moderlog,search); empty: all */
    pages: text("pages").notNull().default(""),
    /** how often it is chosen beside the others, a positive whole number */
    weight: integer("weight").notNull().default(1),
    /** 0: switched off */
    active: integer("active").notNull().default(1),
    /** shown from (ms), or always */
    startsAt: integer("starts_at"),
    /** shown until (ms), or always */
    endsAt: integer("ends_at"),
  },
  (t) => [index("house_ads_active_idx").on(t.active)],
);
