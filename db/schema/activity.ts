import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { categories } from "./categories";
import { users } from "./users";

export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /**
     * kind code: answer, comment, poll_vote, q_liked, follower, gift, level, bonus25, moder_deleted,
     * premod_declined, sms_deleted, ans_liked, followed_question, vip_started, vip_expired, mention, direct,
     * failed_signins
     */
    kind: text("kind").notNull(),
    actorId: integer("actor_id"),
    qid: integer("qid"),
    aid: integer("aid"),
    cmid: integer("cmid"),
    pqid: integer("pqid"),
    gid: integer("gid"),
    lvl: integer("lvl"),
    txt: text("txt"),
    declinedText: text("declined_text"),
    /** qst, ans, cmt, poll, ansedit, adn2qst */
    premodType: text("premod_type"),
    viewed: integer("viewed").notNull().default(0),
    added: integer("added").notNull(),
  },
  (t) => [index("notifications_user_idx").on(t.userId, t.id), index("notifications_unread_idx").on(t.userId, t.viewed, t.id)],
);

/** Writes held for premoderation: the payload is kept until a moderator approves or declines. */
export const premodItems = sqliteTable(
  "premod_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** Q question, D direct question, A answer, AE answer edit, CQ comment on a question, CA comment on an answer */
    type: text("type").notNull(),
    /** D draft or declined, A approved, N pending */
    modstatus: text("modstatus").notNull().default("N"),
    qid: integer("qid"),
    aid: integer("aid"),
    cmid: integer("cmid"),
    pqid: integer("pqid"),
    categoryId: integer("category_id"),
    brandId: integer("brand_id"),
    text: text("text").notNull(),
    /** the whole write as JSON, replayed on approval */
    payload: text("payload").notNull().default("{}"),
    declinedText: text("declined_text"),
    decidedBy: integer("decided_by"),
    decidedAt: integer("decided_at"),
    added: integer("added").notNull(),
  },
  (t) => [
    index("premod_user_idx").on(t.userId, t.type, t.added),
    index("premod_status_idx").on(t.modstatus, t.added),
    index("premod_brand_idx").on(t.brandId, t.modstatus, t.added),
  ],
);

export const modLog = sqliteTable(
  "mod_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    moderId: integer("moder_id")
      .notNull()
      .references(() => users.id),
    /** qstdrop, qstrestore, qstmove, ansdrop, ansrestore, cmtdrop, cmtrestore, tmpban, premod_approve, premod_decline */
    action: text("action").notNull(),
    /** Q, A, C, U, P (premoderation item) */
    targetType: text("target_type").notNull(),
    targetId: integer("target_id").notNull(),
    /** whose item it was */
    userId: integer("user_id"),
    qid: integer("qid"),
    fromCategoryId: integer("from_category_id"),
    toCategoryId: integer("to_category_id"),
    note: text("note"),
    added: integer("added").notNull(),
  },
  (t) => [
    index("mod_log_moder_idx").on(t.moderId, t.action, t.added),
    index("mod_log_target_idx").on(t.targetType, t.targetId, t.added),
    // a user's dossier: what moderators did to his items, newest first
    index("mod_log_user_idx").on(t.userId, t.added),
  ],
);

export const bans = sqliteTable(
  "bans",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    moderId: integer("moder_id").references(() => users.id),
    hours: integer("hours").notNull(),
    reason: text("reason").notNull(),
    added: integer("added").notNull(),
    /** null = permanent (777 hours or more) */
    until: integer("until"),
    liftedAt: integer("lifted_at"),
  },
  (t) => [index("bans_user_idx").on(t.userId, t.added), index("bans_moder_idx").on(t.moderId, t.added)],
);

export const abuseReports = sqliteTable(
  "abuse_reports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    reporterId: integer("reporter_id")
      .notNull()
      .references(() => users.id),
    /** Q, A or C */
    targetType: text("target_type").notNull(),
    targetId: integer("target_id").notNull(),
    qid: integer("qid"),
    categoryId: integer("category_id").references(() => categories.id),
    /** spam | offense | other */
    reason: text("reason").notNull(),
    text: text("text").notNull().default(""),
    /** N new, D dealt with */
    status: text("status").notNull().default("N"),
    added: integer("added").notNull(),
  },
  (t) => [uniqueIndex("abuse_uq").on(t.reporterId, t.targetType, t.targetId), index("abuse_queue_idx").on(t.status, t.targetType, t.added)],
);

export const gifts = sqliteTable("gifts", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  title: text("title").notNull(),
  /** '0' cheap (20 rub or 100 points), '1' expensive (40 rub or 200 points) */
  cost: text("cost").notNull().default("0"),
  giftCategory: integer("gift_category").notNull().default(0),
  ver: integer("ver").notNull().default(1),
  image: text("image"),
});

export const sentGifts = sqliteTable(
  "sent_gifts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    giftId: integer("gift_id")
      .notNull()
      .references(() => gifts.id),
    fromId: integer("from_id")
      .notNull()
      .references(() => users.id),
    toId: integer("to_id")
      .notNull()
      .references(() => users.id),
    mes: text("mes").notNull().default(""),
    hidden: integer("hidden").notNull().default(0),
    /** points | money */
    paidWith: text("paid_with").notNull(),
    added: integer("added").notNull(),
    /** ms; set when the recipient deletes the gift from his list (delgift), null while shown */
    deletedAt: integer("deleted_at"),
  },
  (t) => [index("sent_gifts_to_idx").on(t.toId, t.added), index("sent_gifts_from_idx").on(t.fromId, t.added)],
);

export const albums = sqliteTable(
  "albums",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    title: text("title").notNull(),
    privacy: integer("privacy").notNull().default(0),
    size: integer("size").notNull().default(0),
    added: integer("added").notNull(),
  },
  (t) => [index("albums_user_idx").on(t.userId, t.added)],
);

/**
 * An uploaded photo. `src` is its random key: the previews live in the R2 bucket PHOTOS under
 * `p/{src}/800` and `p/{src}/120`, so a preview's address cannot be guessed from the photo's id; the
 * original upload is not kept. A photo belongs to its uploader until it is attached to a question
 * ('Q'), an answer ('A') or a comment ('C'); `qid` is the question whose page shows it.
 */
export const photos = sqliteTable(
  "photos",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    albumId: integer("album_id").references(() => albums.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    src: text("src").notNull(),
    /** the 800 preview's size in pixels */
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** the 800 preview's media type: image/jpeg, image/png, or image/gif (an animated GIF is kept as it came) */
    mime: text("mime").notNull().default("image/jpeg"),
    /** 'Q', 'A' or 'C' once attached */
    targetType: text("target_type"),
    targetId: integer("target_id"),
    qid: integer("qid"),
    added: integer("added").notNull(),
  },
  (t) => [
    index("photos_album_idx").on(t.albumId, t.added),
    index("photos_user_idx").on(t.userId, t.added),
    uniqueIndex("photos_src_uq").on(t.src),
    index("photos_target_idx").on(t.targetType, t.targetId, t.id),
  ],
);

/**
 * Tracking events sent by the browser through the `dwh` call: the event name, who
 * sent it (null for a guest), the question, answer or comment it is about, and the rest of its
 * fields (link url, brand, the dwh_ client fields …) as a JSON object of at most 2000 characters.
 */
export const trackEvents = sqliteTable(
  "track_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** external_link_click, survey_shown, … brand_visited (app/models/core/track.server.ts) */
    name: text("name").notNull(),
    userId: integer("user_id"),
    qid: integer("qid"),
    aid: integer("aid"),
    cmid: integer("cmid"),
    /** JSON object, ≤ 2000 characters */
    payload: text("payload").notNull().default("{}"),
    added: integer("added").notNull(),
  },
  (t) => [index("track_events_name_idx").on(t.name, t.added), index("track_events_added_idx").on(t.added)],
);

/**
 * A browser's Web Push subscription (docs/decisions/0057-web-push.md): one row per device the user
 * turned push on in. The push service answers 404 or 410 for one that is gone, and the row goes.
 */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** the push service's address for this browser (https, a known push service) */
    endpoint: text("endpoint").notNull(),
    /** the browser's P-256 public key and auth secret, base64url, for the payload's encryption */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** the browser and system, as the settings list the devices («Chrome, Android») */
    device: text("device").notNull(),
    added: integer("added").notNull(),
  },
  (t) => [uniqueIndex("push_subscriptions_endpoint_idx").on(t.endpoint), index("push_subscriptions_user_idx").on(t.userId, t.id)],
);

/**
 * Every mail the site sent (docs/decisions/0058-e-mail.md), the local sink's whole content, and
 * what keeps a mail from going twice: one row per user, kind and reference (a notification's id,
 * a digest's day), written before the mail is handed to the provider.
 */
export const mailLog = sqliteTable(
  "mail_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull(),
    email: text("email").notNull(),
    /** notice (one notification at once) or digest (the day's summary) */
    kind: text("kind").notNull(),
    /** the notification's id, or the digest's Moscow day (its number: days since 1970-01-01 in Moscow) */
    ref: text("ref").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** the provider that took it (sink, cloudflare) and its id for the message, once taken */
    provider: text("provider").notNull(),
    providerId: text("provider_id"),
    added: integer("added").notNull(),
  },
  (t) => [uniqueIndex("mail_log_once_idx").on(t.userId, t.kind, t.ref), index("mail_log_added_idx").on(t.added)],
);

/** Addresses no mail goes to any more: the provider reported a hard bounce or a spam complaint. */
export const mailSuppressions = sqliteTable("mail_suppressions", {
  email: text("email").primaryKey(),
  /** bounce or complaint */
  reason: text("reason").notNull(),
  added: integer("added").notNull(),
});
