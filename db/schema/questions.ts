import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { brands, categories } from "./categories";
import { users } from "./users";

export const questions = sqliteTable(
  "questions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** the leaf category (a subcategory when the category has children) */
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    /** the top-level category, so that /{category}/ lists its subcategories too */
    topCategoryId: integer("top_category_id")
      .notNull()
      .references(() => categories.id),
    qtext: text("qtext").notNull(),
    /** the explanation (sanitised HTML) */
    qcomment: text("qcomment").notNull().default(""),
    /** A open, V on voting, R resolved, D deleted */
    state: text("state").notNull().default("A"),
    hidden: integer("hidden").notNull().default(0),
    /** author | auto | moder (why a deleted question is deleted) */
    deletedBy: text("deleted_by"),
    /** the state before deletion, so that a restore returns to it */
    stateBeforeDelete: text("state_before_delete"),
    anscnt: integer("anscnt").notNull().default(0),
    comcnt: integer("comcnt").notNull().default(0),
    /** null, or S single choice / C multiple choice */
    pollType: text("poll_type"),
    totalVoted: integer("total_voted").notNull().default(0),
    totalmarks: integer("totalmarks").notNull().default(0),
    bestAnswerId: integer("best_answer_id"),
    /** votes for the best answer cast in state V, and votes "against all" */
    votesAgainst: integer("votes_against").notNull().default(0),
    vip: integer("vip").notNull().default(0),
    /** a leader question (made leader by SMS) until this time; answers there earn double */
    leadUntil: integer("lead_until"),
    waslead: integer("waslead").notNull().default(0),
    goldrec: integer("goldrec").notNull().default(0),
    brandId: integer("brand_id").references(() => brands.id),
    /** JSON array of brand ids tagged on a public question to brand experts */
    brandTags: text("brand_tags"),
    cancomment: integer("cancomment").notNull().default(1),
    noadd: integer("noadd").notNull().default(0),
    added: integer("added").notNull(),
    /** when the state last changed (A→V, V→R), for the lifecycle job */
    stateChangedAt: integer("state_changed_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("questions_list_idx").on(t.state, t.added),
    index("questions_added_idx").on(t.added),
    index("questions_topcat_idx").on(t.topCategoryId, t.state, t.added),
    index("questions_topcat_added_idx").on(t.topCategoryId, t.added),
    index("questions_cat_idx").on(t.categoryId, t.state, t.added),
    index("questions_cat_added_idx").on(t.categoryId, t.added),
    // the 'best' tab, by marks then time: with the time in the index a page is read in order, not
    // sorted out of every question tied on the page's marks (thousands at a million questions)
    index("questions_rating_idx").on(t.topCategoryId, t.state, t.totalmarks, t.added),
    index("questions_cat_rating_idx").on(t.categoryId, t.state, t.totalmarks, t.added),
    index("questions_user_idx").on(t.userId, t.added),
    // the live questions of a category and of a subcategory by time: a deep page of their lists skips its rows in these alone
    index("questions_topcat_live_idx").on(t.topCategoryId, t.added).where(sql`hidden = 0 AND state <> 'D'`),
    index("questions_cat_live_idx").on(t.categoryId, t.added).where(sql`hidden = 0 AND state <> 'D'`),
    // the whole site's live questions by time, with the category for the adult filter: a deep page skips its rows in the index alone
    index("questions_live_idx").on(t.added, t.categoryId).where(sql`hidden = 0 AND state <> 'D'`),
    // a user's live questions by time, for the feeds' cutoff read from the index alone
    index("questions_user_live_idx").on(t.userId, t.added).where(sql`hidden = 0 AND state <> 'D'`),
    /** a user's questions by state (the profile's open / vote / resolve / deleted subs): migration 0003 */
    index("questions_user_state_idx").on(t.userId, t.state, t.added),
    index("questions_brand_idx").on(t.brandId, t.added),
    /** the brand page's questions by state (open, voting, resolved) */
    index("questions_brand_state_idx").on(t.brandId, t.state, t.added),
    // the brand's feed of its questions by their latest activity: only questions tagged for a brand
    index("questions_brand_updated_idx").on(t.brandId, t.updatedAt).where(sql`brand_id is not null`),
    index("questions_lifecycle_idx").on(t.state, t.stateChangedAt),
    // the leader questions (smstop, leadqst) and the gold fund (golden): few rows, partial indexes
    index("questions_lead_idx").on(t.leadUntil).where(sql`lead_until is not null`),
    index("questions_gold_idx").on(t.added).where(sql`goldrec = 1`),
  ],
);

/** Supplements (дополнения) the owner adds to an open question. */
export const supplements = sqliteTable(
  "supplements",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    qid: integer("qid")
      .notNull()
      .references(() => questions.id),
    text: text("text").notNull(),
    added: integer("added").notNull(),
  },
  (t) => [index("supplements_qid_idx").on(t.qid, t.added)],
);

export const pollOptions = sqliteTable(
  "poll_options",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    qid: integer("qid")
      .notNull()
      .references(() => questions.id),
    position: integer("position").notNull(),
    text: text("text").notNull(),
    votes: integer("votes").notNull().default(0),
  },
  (t) => [uniqueIndex("poll_options_qid_pos_uq").on(t.qid, t.position)],
);

/** One row per (voter, poll): the chosen option ids as JSON, so a second vote hits the unique key. */
export const pollVotes = sqliteTable(
  "poll_votes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    qid: integer("qid")
      .notNull()
      .references(() => questions.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** JSON array of option ids */
    options: text("options").notNull(),
    added: integer("added").notNull(),
  },
  (t) => [uniqueIndex("poll_votes_uq").on(t.qid, t.userId), index("poll_votes_qid_idx").on(t.qid, t.added), index("poll_votes_user_idx").on(t.userId, t.qid)],
);

export const answers = sqliteTable(
  "answers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    qid: integer("qid")
      .notNull()
      .references(() => questions.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    text: text("text").notNull(),
    source: text("source").notNull().default(""),
    added: integer("added").notNull(),
    editedAt: integer("edited_at"),
    best: integer("best").notNull().default(0),
    /** ms; when the answer was chosen as the best (by the asker or by the lifecycle cron), null before */
    bestAt: integer("best_at"),
    hidden: integer("hidden").notNull().default(0),
    deletedBy: text("deleted_by"),
    /** votes for this answer in state V */
    rating: integer("rating").notNull().default(0),
    comcnt: integer("comcnt").notNull().default(0),
    /** 0 none, 1 the asker thanked (liked) it, -1 the asker hid (disliked) it */
    canthStatus: integer("canth_status").notNull().default(0),
    totalmarks: integer("totalmarks").notNull().default(0),
    vip: integer("vip").notNull().default(0),
    brandId: integer("brand_id").references(() => brands.id),
  },
  (t) => [
    uniqueIndex("answers_qid_user_uq").on(t.qid, t.userId),
    index("answers_qid_idx").on(t.qid, t.hidden, t.best, t.added),
    index("answers_user_idx").on(t.userId, t.added),
    // a user's live answers by time, for the feeds' cutoff read from the index alone
    index("answers_user_live_idx").on(t.userId, t.added).where(sql`hidden = 0`),
    index("answers_user_best_idx").on(t.userId, t.best, t.added),
  ],
);

/**
 * Comments on a question (ref_type Q), on an answer (A) or on a private answer (P);
 * parent_id nests a reply under another comment (type C in the API), depth 0 is top level.
 */
export const comments = sqliteTable(
  "comments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    qid: integer("qid"),
    pqid: integer("pqid"),
    refType: text("ref_type").notNull(),
    refId: integer("ref_id").notNull(),
    parentId: integer("parent_id"),
    depth: integer("depth").notNull().default(0),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    text: text("text").notNull(),
    added: integer("added").notNull(),
    hidden: integer("hidden").notNull().default(0),
    /** replies directly under this comment */
    comcnt: integer("comcnt").notNull().default(0),
    isclosed: integer("isclosed").notNull().default(0),
  },
  (t) => [
    index("comments_ref_idx").on(t.refType, t.refId, t.parentId, t.id),
    index("comments_parent_idx").on(t.parentId, t.id),
    index("comments_qid_idx").on(t.qid, t.id),
    index("comments_user_idx").on(t.userId, t.added),
  ],
);

/** A vote for the best answer (answer_id) or against all (answer_id null) in state V. */
export const bestVotes = sqliteTable(
  "best_votes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    qid: integer("qid")
      .notNull()
      .references(() => questions.id),
    answerId: integer("answer_id"),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    added: integer("added").notNull(),
  },
  (t) => [
    uniqueIndex("best_votes_uq").on(t.qid, t.userId),
    index("best_votes_answer_idx").on(t.answerId, t.added),
    index("best_votes_user_idx").on(t.userId, t.qid),
  ],
);

/**
 * A mark (a «нравится» vote) on a question (Q) or an answer (A). `qid` is the question the target
 * belongs to (the question itself, or the answer's), written by the store when a row comes without
 * it (trigger `marks_qid_fill`): a reader's marks on one question page are one range of
 * `marks_user_qid_idx`, however many answers the question has.
 */
export const marks = sqliteTable(
  "marks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    targetType: text("target_type").notNull(),
    targetId: integer("target_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    added: integer("added").notNull(),
    qid: integer("qid"),
  },
  (t) => [
    uniqueIndex("marks_uq").on(t.targetType, t.targetId, t.userId),
    index("marks_target_idx").on(t.targetType, t.targetId, t.added),
    index("marks_user_qid_idx").on(t.userId, t.qid),
  ],
);

/** The asker's thanks (like) or "not important" (hide) on an answer of his question: one per answer. */
export const answerReactions = sqliteTable(
  "answer_reactions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    answerId: integer("answer_id")
      .notNull()
      .references(() => answers.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** thanks | notimportant */
    kind: text("kind").notNull(),
    added: integer("added").notNull(),
  },
  (t) => [uniqueIndex("answer_reactions_uq").on(t.answerId)],
);

export const watches = sqliteTable(
  "watches",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    qid: integer("qid")
      .notNull()
      .references(() => questions.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** notify about new answers / new comments / by mail */
    answers: integer("answers").notNull().default(1),
    comments: integer("comments").notNull().default(1),
    mail: integer("mail").notNull().default(1),
    added: integer("added").notNull(),
  },
  (t) => [uniqueIndex("watches_uq").on(t.qid, t.userId), index("watches_user_idx").on(t.userId, t.added)],
);

/** Private (direct) questions to a brand's experts. */
export const privateQuestions = sqliteTable(
  "private_questions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    brandId: integer("brand_id")
      .notNull()
      .references(() => brands.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    qtext: text("qtext").notNull(),
    qcomment: text("qcomment").notNull().default(""),
    hidden: integer("hidden").notNull().default(0),
    waitingBrandReply: integer("waiting_brand_reply").notNull().default(1),
    added: integer("added").notNull(),
  },
  (t) => [index("private_questions_brand_idx").on(t.brandId, t.hidden, t.added), index("private_questions_user_idx").on(t.userId, t.added)],
);

export const privateAnswers = sqliteTable(
  "private_answers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    pqid: integer("pqid")
      .notNull()
      .references(() => privateQuestions.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    text: text("text").notNull(),
    source: text("source").notNull().default(""),
    comcnt: integer("comcnt").notNull().default(0),
    added: integer("added").notNull(),
  },
  (t) => [index("private_answers_pqid_idx").on(t.pqid, t.added)],
);
