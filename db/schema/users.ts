import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** Time columns hold milliseconds since the epoch (UTC). */
export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    nick: text("nick").notNull(),
    /**
     * The nick as it looks (app/models/users/nicks.server.ts nickKey): two nicks that look alike
     * have the same key, so a new nick that looks like a staff member's is found by this index.
     * NULL until the worker computed it (rows written outside it: the cron and `npm run db:migrate`
     * fill them); '' when the nick has nothing a key is made of.
     */
    nickKey: text("nick_key"),
    email: text("email").notNull(),
    /** "pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>" */
    passwordHash: text("password_hash").notNull(),
    points: integer("points").notNull().default(0),
    lvl: integer("lvl").notNull().default(1),
    /** efficiency, 0–100 percent */
    kpd: integer("kpd").notNull().default(0),
    vip: integer("vip").notNull().default(0),
    vipUntil: integer("vip_until"),
    /** ms; null = not banned; a ban of 777 hours or more is stored with banPermanent = 1 */
    bannedUntil: integer("banned_until"),
    banPermanent: integer("ban_permanent").notNull().default(0),
    banReason: text("ban_reason"),
    /** '' for ordinary users, 'volonter' for volunteer moderators */
    type: text("type").notNull().default(""),
    /** JSON array: qstdrop, qstrestore, qstmove, ansdrop, ansrestore, cmtdrop, tmpban, usrkiller */
    permissions: text("permissions").notNull().default("[]"),
    /** JSON array of category ids a moderator may drop comments in */
    volcats: text("volcats").notNull().default("[]"),
    /** the longest ban (hours) this moderator may give */
    banduration: integer("banduration").notNull().default(0),
    isGod: integer("is_god").notNull().default(0),
    hidden: integer("hidden").notNull().default(0),
    gender: text("gender").notNull().default("other"),
    filin: text("filin"),
    isAdult: integer("is_adult").notNull().default(0),
    notify: integer("notify").notNull().default(1),
    notifyInterval: integer("notify_interval").notNull().default(10),
    /** JSON: channels push/mail/web/sound and per-type flags (AQ, LK, CO, PV × P, M, W; NEW) */
    notifySettings: text("notify_settings").notNull().default("{}"),
    /** JSON array of the user's favourite category ids (favCategory): the toolbar's drop-down lists them first */
    favCategories: text("fav_categories").notNull().default("[]"),
    /** a moderator's flag: every write of this user goes to premoderation */
    premoderated: integer("premoderated").notNull().default(0),
    /** JSON of the client's settings by title, {title: {flag: val}} (usrsettings; the welcome tour under "welcome") */
    welcomeFlags: text("welcome_flags").notNull().default("{}"),
    welcomeBonus: integer("welcome_bonus").notNull().default(0),
    /**
     * The onboarding tours still to show: 0 = the tour is due (registration sets it), 1 = finished,
     * closed, or never meant for this user (accounts made before the tours, the demo data)
     */
    tourWelcome: integer("tour_welcome").notNull().default(1),
    tourPoints: integer("tour_points").notNull().default(1),
    lastVisitDay: integer("last_visit_day").notNull().default(0),
    questionsCount: integer("questions_count").notNull().default(0),
    answersCount: integer("answers_count").notNull().default(0),
    bestCount: integer("best_count").notNull().default(0),
    directCount: integer("direct_count").notNull().default(0),
    followers: integer("followers").notNull().default(0),
    following: integer("following").notNull().default(0),
    /**
     * 1 once the user has had more followers than a feed fans out to (FEED_FANOUT_MAX, migration
     * 0021): from then on his writing is read into his followers' feeds when they read them
     * (fan-in), not written into them; it stays 1 if he loses followers.
     */
    feedStar: integer("feed_star").notNull().default(0),
    watchcnt: integer("watchcnt").notNull().default(0),
    blackCnt: integer("black_cnt").notNull().default(0),
    userMoney: integer("user_money").notNull().default(0),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("users_email_uq").on(t.email),
    index("users_nick_key_idx").on(t.nickKey),
    index("users_points_idx").on(t.points),
    index("users_answers_idx").on(t.answersCount),
    index("users_best_idx").on(t.bestCount),
    // the cron's VIP expiry (app/models/gifts/vip.server.ts) reads only the VIPs, by the end of their period
    index("users_vip_until_idx").on(t.vipUntil).where(sql`vip = 1`),
    // the few users whose writing the people feed reads at reading time
    index("users_feed_star_idx").on(t.id).where(sql`feed_star = 1`),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** SHA-256 (hex) of the cookie token; the token itself is never stored */
    tokenHash: text("token_hash").notNull(),
    /** the per-session salt and token that the API checks on writes */
    salt: text("salt").notNull(),
    apiToken: text("api_token").notNull(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    revokedAt: integer("revoked_at"),
  },
  (t) => [
    uniqueIndex("sessions_token_uq").on(t.tokenHash),
    index("sessions_user_idx").on(t.userId),
    // the cron's cleanup finds long-ended sessions by these
    index("sessions_expires_idx").on(t.expiresAt),
    index("sessions_revoked_idx").on(t.revokedAt),
  ],
);

/**
 * Sign-in attempts that reached the password check: a record for the people who run the site,
 * kept a day (the counting is done in the Limiter Durable Object, docs/decisions/0022).
 */
export const loginAttempts = sqliteTable(
  "login_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    ip: text("ip").notNull(),
    ok: integer("ok").notNull(),
    added: integer("added").notNull(),
  },
  (t) => [
    index("login_attempts_email_idx").on(t.email, t.added),
    index("login_attempts_ip_idx").on(t.ip, t.added),
    index("login_attempts_added_idx").on(t.added),
  ],
);

/** Every change of a user's points, so that points = sum(delta) and weekly leaders can be computed. */
export const pointsLedger = sqliteTable(
  "points_ledger",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    delta: integer("delta").notNull(),
    /** start, ask, ask_refund, answer, poll_vote, best_vote, visit, welcome, liked, best, gift, moder */
    reason: text("reason").notNull(),
    refType: text("ref_type"),
    refId: integer("ref_id"),
    added: integer("added").notNull(),
  },
  (t) => [index("points_ledger_user_idx").on(t.userId, t.added), index("points_ledger_added_idx").on(t.added, t.userId)],
);

/**
 * The leaders' weekly figures, rolled up so that a leaders page reads a few dozen rows whatever the
 * size of the data: per Moscow week (0 = the week of Monday 1970-01-05), category (0 = the whole
 * site, else a question's leaf or top category) and user, the points his ledger rows of that week
 * add up to (difpoints), his visible answers written that week (difanscnt) and his visible answers
 * chosen as best that week (difbestanscnt); the points an account starts with count in no week. Kept by triggers on points_ledger and answers
 * (migration 0007), so every write that changes them updates it in its own statement; only
 * category 0 counts answers.
 */
export const leadersWeek = sqliteTable(
  "leaders_week",
  {
    week: integer("week").notNull(),
    cat: integer("cat").notNull(),
    userId: integer("user_id").notNull(),
    points: integer("points").notNull().default(0),
    anscnt: integer("anscnt").notNull().default(0),
    bestanscnt: integer("bestanscnt").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.week, t.cat, t.userId] }),
    index("leaders_week_points_idx").on(t.week, t.cat, t.points, t.userId),
    index("leaders_week_anscnt_idx").on(t.week, t.cat, t.anscnt, t.userId),
    index("leaders_week_best_idx").on(t.week, t.cat, t.bestanscnt, t.userId),
  ],
);

export const follows = sqliteTable(
  "follows",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    followerId: integer("follower_id")
      .notNull()
      .references(() => users.id),
    /** 'U' a user, 'B' a brand */
    targetType: text("target_type").notNull(),
    targetId: integer("target_id").notNull(),
    added: integer("added").notNull(),
  },
  (t) => [uniqueIndex("follows_uq").on(t.followerId, t.targetType, t.targetId), index("follows_target_idx").on(t.targetType, t.targetId, t.added)],
);

/**
 * A reader's people feed, kept as rows (fan-out on write): one row per question or answer of
 * someone he follows, written by triggers (migration 0021) when the item is written and when he
 * follows its author (the author's newest items then), deleted when he unfollows. Whether an item
 * is still shown (hidden, deleted, its category) is read from the item itself.
 */
export const feedItems = sqliteTable(
  "feed_items",
  {
    ownerId: integer("owner_id").notNull(),
    added: integer("added").notNull(),
    itemId: integer("item_id").notNull(),
    /** 'Q' a question, 'A' an answer */
    kind: text("kind").notNull(),
    authorId: integer("author_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.added, t.itemId, t.kind] }), index("feed_items_author_idx").on(t.ownerId, t.authorId)],
);

export const blacklist = sqliteTable(
  "blacklist",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    added: integer("added").notNull(),
  },
  (t) => [uniqueIndex("blacklist_uq").on(t.ownerId, t.userId)],
);

export const captchas = sqliteTable(
  "captchas",
  {
    id: text("id").primaryKey(),
    /** SHA-256 (hex) of the expected code */
    answerHash: text("answer_hash").notNull(),
    /** the user it was made for; null for a guest's (registration) */
    userId: integer("user_id"),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
  },
  (t) => [index("captchas_expires_idx").on(t.expiresAt)],
);

/**
 * Addresses a moderator blocked for a while (docs/decisions/0046-core-loose-ends.md): writes from
 * them are refused with errid 100, reading stays open. `address` is the block's key: an IPv4
 * address as it is, or the /64 prefix of an IPv6 address ("2001:db8:0:1::/64"), which is what one
 * IPv6 connection usually holds. A block lifted early keeps its row with `lifted_at` set.
 */
export const ipBlocks = sqliteTable(
  "ip_blocks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    address: text("address").notNull(),
    moderId: integer("moder_id")
      .notNull()
      .references(() => users.id),
    hours: integer("hours").notNull(),
    reason: text("reason").notNull(),
    added: integer("added").notNull(),
    until: integer("until").notNull(),
    liftedAt: integer("lifted_at"),
  },
  // a write looks up its address's blocks still running
  (t) => [index("ip_blocks_address_idx").on(t.address, t.until)],
);
