import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Effects bound for another database than the write that causes them (docs/decisions/0055): the
 * write's own batch adds the row here, so the effect is never lost if the Worker stops right after;
 * the queue then carries it to its database, and `sent` says the queue took it.
 */
export const outbox = sqliteTable(
  "outbox",
  {
    /** the event's id, also its key in the target's `applied_events` */
    id: text("id").primaryKey(),
    /** the binding of the database the effect lands in */
    target: text("target").notNull(),
    /** which rule applies it (app/models/core/effects.server.ts) */
    kind: text("kind").notNull(),
    /** the rule's input, JSON */
    body: text("body").notNull(),
    created: integer("created").notNull(),
    sent: integer("sent"),
  },
  (t) => [index("outbox_sent_idx").on(t.sent, t.created)],
);

/** The events this database has applied, written in the same batch as each effect: a second delivery finds its id here. */
export const appliedEvents = sqliteTable(
  "applied_events",
  {
    id: text("id").primaryKey(),
    applied: integer("applied").notNull(),
  },
  (t) => [index("applied_events_applied_idx").on(t.applied)],
);
