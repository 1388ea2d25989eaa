import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/**
 * Money payments for the paid services (gifts, VIP, hiding a question, deleting one's answer,
 * making a question a leader). A row is written before the payer is sent to the provider; it moves
 * once from pending to paid or canceled, and the service is granted in the same D1 batch as the
 * move to paid.
 */
export const payments = sqliteTable(
  "payments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** who pays */
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** gift | vip | hideqst | hideans | leadqst */
    service: text("service").notNull(),
    /** what the service is for: the recipient (gift, vip), the question (hideqst, leadqst) or the answer (hideans) */
    targetId: integer("target_id").notNull(),
    /** the service's details as JSON (a gift: which one, hidden, the message) */
    params: text("params").notNull().default("{}"),
    /** whole roubles */
    amount: integer("amount").notNull(),
    /** pending | paid | canceled */
    status: text("status").notNull().default("pending"),
    /** test | yookassa | balance (the payer's user_money) */
    provider: text("provider").notNull(),
    /** the provider's id of the payment, once it has one */
    providerId: text("provider_id"),
    /** the Idempotence-Key sent with the creation request */
    idemKey: text("idem_key").notNull(),
    /** where the provider's payment page is (the payer is sent there) */
    confirmationUrl: text("confirmation_url"),
    /** a random value written by the one settlement that moved the row to paid; the grant is conditioned on it */
    settleToken: text("settle_token"),
    /** 1 when the service was granted; 0 for a paid payment whose target had gone (the amount went to user_money) */
    granted: integer("granted").notNull().default(0),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("payments_idem_uq").on(t.idemKey),
    uniqueIndex("payments_provider_uq").on(t.provider, t.providerId).where(sql`provider_id is not null`),
    index("payments_user_idx").on(t.userId, t.createdAt),
  ],
);
