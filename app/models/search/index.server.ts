/**
 * Keeping the search indexes (`questions_fts`: title and explanation, `answers_fts`: the answer)
 * filled with stems (app/lib/stems.ts), which SQL cannot compute, so the worker writes them:
 *
 * - a write that creates a question or an answer or changes its text adds `indexQuestion` /
 *   `indexAnswer` at the end of its own batch: the row's stems replace what the index held, in the
 *   same transaction as the text;
 * - a trigger notes every row whose text is new or changed in `search_stale`, and those statements
 *   clear the note; a row written any other way (a fix made in the D1 console, a test's insert, a
 *   store made before the stem index existed) stays noted, and `indexStale` stems the noted rows,
 *   a bounded batch at a time. Search runs it before reading an index that has noted rows, the
 *   cron runs it, and so do `npm run db:migrate`, `npm start` and the seeder (scripts/reindex.ts);
 * - a deleted row leaves the index through a trigger (by rowid: the indexes are contentless with
 *   contentless_delete); a hidden one stays in it and the queries leave it out.
 */
import { type SQL, sql } from "drizzle-orm";
import { termsOfHtml, termsOfText } from "../../lib/stems";
import { batchable, dbOf } from "../core/db.server";
import { bindingOfEnv, SITE_DB } from "../core/databases.server";

/**
 * The statements that index a question written in the same batch (last in it): `id` its id, or
 * the SQL that finds it; the stems are written only if that row's text is the one just written
 * (the trigger noted it in this batch).
 */
export function indexQuestion(env: Env, id: number | SQL, qtext: string, qcomment: string) {
  return indexRow(env, "q", id, sql`${termsOfText(qtext)}, ${termsOfHtml(qcomment)}`, "title, body");
}

/** The statements that index an answer written in the same batch (last in it), as indexQuestion. */
export function indexAnswer(env: Env, id: number | SQL, html: string) {
  return indexRow(env, "a", id, sql`${termsOfHtml(html)}`, "body");
}

function indexRow(env: Env, kind: "q" | "a", id: number | SQL, values: SQL, cols: string) {
  // a thread database holds no search rows: the row's copy in DB is noted by DB's triggers when the
  // mirror writes it, and the cron's indexStale stems it (docs/decisions/0061)
  if (bindingOfEnv(env) !== SITE_DB) return [] as unknown as ReturnType<typeof indexRowHere>;
  return indexRowHere(env, kind, id, values, cols);
}

function indexRowHere(env: Env, kind: "q" | "a", id: number | SQL, values: SQL, cols: string) {
  const db = dbOf(env);
  const fts = sql.raw(kind === "q" ? "questions_fts" : "answers_fts");
  // only a changed row's old stems are deleted: a deletion from a contentless index leaves a tombstone every read must skip
  const noted = sql`SELECT id FROM search_stale WHERE kind = ${kind} AND id = ${id} AND changed = 1`;
  return batchable(env, [
    db.run(sql`DELETE FROM ${fts} WHERE rowid IN (${noted})`),
    db.run(sql`INSERT INTO ${fts} (rowid, ${sql.raw(cols)}) SELECT id, ${values} FROM search_stale WHERE kind = ${kind} AND id = ${id}`),
    db.run(sql`DELETE FROM search_stale WHERE kind = ${kind} AND id = ${id}`),
  ] as const);
}

/** Noted rows stemmed per round: their texts are read in one statement and written in one batch. */
export const STALE_BATCH = 500;

/**
 * Stems up to `max` noted rows (in rounds of `batch` of each kind) and clears their notes; returns how many
 * rows it indexed. A row whose note is gone by the time its round writes (a worker's write indexed
 * it meanwhile) is left as that write left it.
 */
export async function indexStale(db: D1Database, max = STALE_BATCH, batch = STALE_BATCH): Promise<number> {
  let done = 0;
  while (done < max) {
    const limit = Math.min(batch, max - done);
    const [qs, as] = await db.batch<Record<string, unknown>>([
      db
        .prepare(`SELECT s.id, q.qtext, q.qcomment FROM (SELECT id FROM search_stale WHERE kind = 'q' LIMIT ?1) s LEFT JOIN questions q ON q.id = s.id`)
        .bind(limit),
      db.prepare(`SELECT s.id, a.text FROM (SELECT id FROM search_stale WHERE kind = 'a' LIMIT ?1) s LEFT JOIN answers a ON a.id = s.id`).bind(limit),
    ]);
    const qrows = qs.results as { id: number; qtext: string | null; qcomment: string | null }[];
    const arows = as.results as { id: number; text: string | null }[];
    if (qrows.length === 0 && arows.length === 0) break;
    const q = qrows.filter((r) => r.qtext != null).map((r) => [r.id, termsOfText(r.qtext!), termsOfHtml(r.qcomment ?? "")]);
    const a = arows.filter((r) => r.text != null).map((r) => [r.id, termsOfHtml(r.text!)]);
    // json_each first (CROSS JOIN keeps the order), each of its rows one look-up in search_stale: the other way round walks the whole list
    const noted = (kind: string) => `CROSS JOIN search_stale s ON s.kind = '${kind}' AND s.id = j.value->>0`;
    await db.batch([
      db
        .prepare(
          `DELETE FROM questions_fts WHERE rowid IN (SELECT value FROM json_each(?1) j CROSS JOIN search_stale s ON s.kind = 'q' AND s.id = j.value AND s.changed = 1)`,
        )
        .bind(JSON.stringify(qrows.map((r) => r.id))),
      db
        .prepare(`INSERT INTO questions_fts (rowid, title, body) SELECT j.value->>0, j.value->>1, j.value->>2 FROM json_each(?1) j ${noted("q")}`)
        .bind(JSON.stringify(q)),
      db.prepare("DELETE FROM search_stale WHERE kind = 'q' AND id IN (SELECT value FROM json_each(?1))").bind(JSON.stringify(qrows.map((r) => r.id))),
      db
        .prepare(
          `DELETE FROM answers_fts WHERE rowid IN (SELECT value FROM json_each(?1) j CROSS JOIN search_stale s ON s.kind = 'a' AND s.id = j.value AND s.changed = 1)`,
        )
        .bind(JSON.stringify(arows.map((r) => r.id))),
      db.prepare(`INSERT INTO answers_fts (rowid, body) SELECT j.value->>0, j.value->>1 FROM json_each(?1) j ${noted("a")}`).bind(JSON.stringify(a)),
      db.prepare("DELETE FROM search_stale WHERE kind = 'a' AND id IN (SELECT value FROM json_each(?1))").bind(JSON.stringify(arows.map((r) => r.id))),
    ]);
    done += qrows.length + arows.length;
  }
  return done;
}

/** The statement that says whether any row waits for its stems (1 or 0), to send with a search's first statement. */
export const STALE_PROBE = "SELECT EXISTS (SELECT 1 FROM search_stale) AS stale";
