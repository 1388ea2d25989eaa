import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/**
 * The category tree. Ids are chosen, not generated, because some have a fixed meaning:
 * 13 is the adult category, 601 and 2024 are special (left out of the drop-downs).
 */
export const categories = sqliteTable(
  "categories",
  {
    id: integer("id").primaryKey(),
    parentId: integer("parent_id"),
    name: text("name").notNull(),
    urlname: text("urlname").notNull(),
    position: integer("position").notNull().default(0),
    readonly: integer("readonly").notNull().default(0),
    hidden: integer("hidden").notNull().default(0),
    adult: integer("adult").notNull().default(0),
    /** golden | smstop | nosmoking | newcomers, or null for an ordinary category */
    special: text("special"),
    /** every new question or answer here waits for premoderation */
    premoderated: integer("premoderated").notNull().default(0),
    rbCode: text("rb_code"),
    /** count of visible questions, kept up to date on writes */
    qcount: integer("qcount").notNull().default(0),
  },
  (t) => [uniqueIndex("categories_urlname_uq").on(t.urlname), index("categories_parent_idx").on(t.parentId, t.position)],
);

export const brands = sqliteTable(
  "brands",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    urlname: text("urlname").notNull(),
    name: text("name").notNull(),
    personName: text("person_name").notNull().default(""),
    /** the keys of `name` and `person_name` as they look (nickKey): a new nick may look like neither */
    nameKey: text("name_key"),
    personKey: text("person_key"),
    personText: text("person_text").notNull().default(""),
    personImage: text("person_image"),
    logo: text("logo"),
    url: text("url"),
    categoryId: integer("category_id").references(() => categories.id),
    premoderated: integer("premoderated").notNull().default(0),
    followers: integer("followers").notNull().default(0),
    qst: integer("qst").notNull().default(0),
    ans: integer("ans").notNull().default(0),
    kpd: integer("kpd").notNull().default(0),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("brands_urlname_uq").on(t.urlname), index("brands_name_key_idx").on(t.nameKey), index("brands_person_key_idx").on(t.personKey)],
);

export const brandMembers = sqliteTable(
  "brand_members",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    brandId: integer("brand_id")
      .notNull()
      .references(() => brands.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** 'expert' answers private questions; 'admin' also sees the private and deleted tabs */
    role: text("role").notNull(),
  },
  (t) => [uniqueIndex("brand_members_uq").on(t.brandId, t.userId), index("brand_members_user_idx").on(t.userId)],
);

/**
 * A question a brand's administrator recommends: it waits (status 'N') until the site's staff
 * agree to it ('A') or turn it down ('D'). One recommendation of a question per brand.
 */
export const brandRecommendations = sqliteTable(
  "brand_recommendations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    brandId: integer("brand_id")
      .notNull()
      .references(() => brands.id),
    qid: integer("qid").notNull(),
    /** the administrator who recommended it */
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    status: text("status").notNull().default("N"),
    added: integer("added").notNull(),
  },
  (t) => [uniqueIndex("brand_recommendations_uq").on(t.brandId, t.qid), index("brand_recommendations_list_idx").on(t.brandId, t.status, t.added)],
);
