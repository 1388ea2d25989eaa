/**
 * A brand member's links are wrapped for tracking (docs/decisions/0017): the writes read the
 * writer's brand in their own read batch and pass it to the sanitiser. A leaf module (it imports
 * only the schema), so the write models can use it without an import cycle.
 */
import { eq } from "drizzle-orm";
import { dbOf, schema } from "../core/db.server";

const b = schema.brands;
const m = schema.brandMembers;

/** The query of the (first) brand the user belongs to, for a write's read batch: [{urlname}] or []. */
export function brandOfUserQuery(env: Env, userId: number) {
  const db = dbOf(env);
  return db.select({ urlname: b.urlname }).from(m).innerJoin(b, eq(b.id, m.brandId)).where(eq(m.userId, userId)).orderBy(m.id).limit(1);
}

/** The sanitiser's options for a writer: a brand member's links are wrapped, other users' are not. */
export function linkOptions(rows: { urlname: string }[]): { brand?: string } {
  return rows[0] ? { brand: rows[0].urlname } : {};
}
