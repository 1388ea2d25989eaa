import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Which database holds which questions (docs/decisions/0059): each row opens a range of question
 * ids at `first_id`, running to the next row's first id less one; ids below the first row, and
 * every id while the table is empty, live in DB. `frozen_until` refuses writes to the range for a
 * moment while a move finishes.
 */
export const threadRanges = sqliteTable("thread_ranges", {
  firstId: integer("first_id").primaryKey({ autoIncrement: false }),
  binding: text("binding").notNull(),
  frozenUntil: integer("frozen_until").notNull().default(0),
});

/** A move of a range of questions to another database, advanced a step at a time (app/models/ops/move-range.server.ts). */
export const rangeMoves = sqliteTable(
  "range_moves",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    firstId: integer("first_id").notNull(),
    lastId: integer("last_id").notNull(),
    source: text("source").notNull(),
    target: text("target").notNull(),
    /** copy → catchup → freeze → final → cleanup → done */
    stage: text("stage").notNull(),
    /** the thread table being copied or cleaned up, by its place in the list, and the last rowid done */
    tableIndex: integer("table_index").notNull().default(0),
    cursor: integer("cursor").notNull().default(0),
    /** the last row of the source's change log replayed to the target */
    logSeen: integer("log_seen").notNull().default(0),
    copied: integer("copied").notNull().default(0),
    replayed: integer("replayed").notNull().default(0),
    started: integer("started").notNull(),
    frozenAt: integer("frozen_at"),
    flippedAt: integer("flipped_at"),
    finished: integer("finished"),
  },
  (t) => [index("range_moves_stage_idx").on(t.stage)],
);

/**
 * The source database's log of the rows a move's range changed while it was being copied, written
 * by the triggers the move creates; it is in every database a range can move from (DB and each
 * thread database).
 */
export const rangeMoveLog = sqliteTable("range_move_log", {
  seq: integer("seq").primaryKey({ autoIncrement: true }),
  tbl: text("tbl").notNull(),
  rid: integer("rid").notNull(),
});

/**
 * Holds a row only inside the batch that writes a thread database's row into DB's copy of its moved
 * range (the mirror, app/models/effects/mirror.server.ts): DB's guard on moved questions lets that
 * batch through, and no other.
 */
export const mirrorWriting = sqliteTable("mirror_writing", {
  id: integer("id").primaryKey({ autoIncrement: false }),
});
