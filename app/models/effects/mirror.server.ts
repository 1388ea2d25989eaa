/**
 * The mirror (docs/decisions/0061): DB keeps a copy of every range moved to a thread database, from
 * which its lists, search, feeds and the week's leaders are kept by its own triggers, until those
 * live beside the threads. A thread database's triggers leave a `mirror` effect for every change
 * of a thread row (db/migrations-threads/0002_mirror.sql); here the row is written into DB's copy
 * as its question's database has it now, or deleted when that database has it no more. Writing the
 * state read now (not the change) makes a second delivery, or one out of order, harmless: the
 * effects queue has one consumer at a time (wrangler.toml), so the last one applied read the last
 * state.
 */
import { sql, type SQL } from "drizzle-orm";
import { batchable, dbOf } from "../core/db.server";
import { homeQuery, SITE_DB } from "../core/thread-ranges.server";
import { envOn } from "../core/databases.server";
import { THREAD_TABLES } from "../ops/thread-tables.server";

/** A changed thread row as the queue carries it: its table, its id, and its question (null when its answer went with it). */
export type MirrorEffect = { table: string; id: number; qid: number | null };

type Row = Record<string, unknown>;

/**
 * The row's write into DB: an update when DB's copy has it otherwise, an insert when it has it not.
 * Two plain statements, not an upsert: an upsert's conflict clause would override the OR IGNORE of
 * DB's own triggers that note the row for search.
 */
function writeRow(table: string, row: Row): SQL[] {
  const cols = Object.keys(row);
  const rest = cols.filter((c) => c !== "id");
  const list = (parts: SQL[]) => sql.join(parts, sql`, `);
  const t = sql.identifier(table);
  const name = (c: string) => sql`${sql.identifier(c)}`;
  const value = (c: string) => sql`${row[c]}`;
  return [
    sql`UPDATE ${t} SET ${list(rest.map((c) => sql`${name(c)} = ${value(c)}`))}
      WHERE id = ${row.id} AND (${list(rest.map(name))}) IS NOT (${list(rest.map(value))})`,
    sql`INSERT INTO ${t} (${list(cols.map(name))}) SELECT ${list(cols.map(value))} WHERE NOT EXISTS (SELECT 1 FROM ${t} WHERE id = ${row.id})`,
  ];
}

/**
 * The statements writing a mirrored row into DB (`env` is DB's): none while DB holds its question
 * (then DB is where it is written), else the row as the question's database has it now — the map
 * read anew, never an isolate's copy, so a row changed after a move's flip is read where it went —
 * within DB's guard's one exception (mirror_writing).
 */
export async function mirrorRows(env: Env, e: MirrorEffect) {
  const table = THREAD_TABLES.find((t) => t.name === e.table);
  if (!table || !Number.isSafeInteger(e.id)) throw new Error(`mirror: no thread table ${e.table} or no id ${e.id}`);
  const db = dbOf(env);
  const binding = e.qid === null ? null : ((await homeQuery(env, e.qid).get())?.binding ?? SITE_DB);
  if (binding === SITE_DB) return [];
  const home = binding === null ? null : envOn(env, binding);
  if (binding !== null && !home) throw new Error(`mirror: the range map names ${binding}, which is not a D1 binding of this Worker`);
  const row = home ? await home.DB.prepare(`SELECT * FROM ${table.name} WHERE id = ?`).bind(e.id).first<Row>() : null;
  return batchable(env, [
    db.run(sql`INSERT INTO mirror_writing (id) VALUES (1)`),
    ...(row ? writeRow(table.name, row) : [gone(table.name, e.id)]).map((q) => db.run(q)),
    db.run(sql`DELETE FROM mirror_writing`),
  ]);
}

/**
 * A row its question's database no longer holds leaves DB's copy; but a photo's row in DB is its
 * upload, which DB alone holds (a thread database keeps only the rows of attached photos): it stays,
 * its uploader's own again, as an edit that drops a photo leaves it in DB.
 */
function gone(table: string, id: number): SQL {
  if (table === "photos") return sql`UPDATE photos SET target_type = NULL, target_id = NULL, qid = NULL WHERE id = ${id}`;
  return sql`DELETE FROM ${sql.identifier(table)} WHERE id = ${id}`;
}
