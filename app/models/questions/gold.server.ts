import { and, eq, gte, inArray, isNotNull } from "drizzle-orm";
import { dbOf, schema } from "../core/db.server";
import { inSiteDb } from "../core/thread-ranges.server";
import { GOLD_MARKS } from "../../lib/questions";

const q = schema.questions;

/** How many questions one run of the cron moves into the gold fund at most (the rest wait for the next run). */
const GOLD_BATCH = 500;

/**
 * The cron's rule of the gold fund (/golden/, the `golden` call): a question that is resolved, has
 * a best answer, is not hidden, and that at least GOLD_MARKS readers liked, joins it (goldrec = 1)
 * and stays there; a question deleted later leaves every list anyway. Returns how many joined.
 */
export async function promoteToGold(env: Env): Promise<number> {
  const db = dbOf(env);
  const due = db
    .select({ id: q.id })
    .from(q)
    .where(and(eq(q.state, "R"), eq(q.goldrec, 0), eq(q.hidden, 0), isNotNull(q.bestAnswerId), gte(q.totalmarks, GOLD_MARKS), inSiteDb(q.id)))
    .limit(GOLD_BATCH);
  const res = await db.update(q).set({ goldrec: 1 }).where(inArray(q.id, due));
  return res.meta.changes ?? 0;
}
