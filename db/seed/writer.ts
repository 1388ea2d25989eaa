/**
 * The seed's writer: rows gathered per table in memory, written in order (parents first) with few
 * statements. Each INSERT binds one parameter, a JSON array of rows that `json_each` expands, so a
 * statement stays far under D1's 100 bound parameters yet carries hundreds of rows (local D1 costs
 * several milliseconds per statement, whatever its size).
 */

export type Value = string | number | null;

export class Table {
  rows: Value[][] = [];
  /** when set, rows whose id is already stored replace it (a big seed stores some rows early and completes them at the end) */
  upsert = false;
  constructor(
    readonly name: string,
    readonly cols: string[],
  ) {}
  add(...values: Value[]) {
    this.rows.push(values);
  }
}

/** JSON characters per INSERT: Cyrillic is two bytes a letter in UTF-8, so a parameter stays under ~1 MB. */
const STATEMENT_CHARS = 450_000;
/** JSON characters per batch. */
const BATCH_CHARS = 6_000_000;

/**
 * Writes tables in order (parents first). Each statement binds ONE parameter, a JSON array of rows,
 * and `INSERT … SELECT value->>0, value->>1 … FROM json_each(?)` expands it.
 */
export async function write(db: D1Database, tables: Table[], written: Record<string, number>) {
  let batch: D1PreparedStatement[] = [];
  let batchChars = 0;
  const send = async () => {
    if (batch.length) await db.batch(batch);
    batch = [];
    batchChars = 0;
  };
  for (const t of tables) {
    // never `id = excluded.id`: setting a key, even to itself, makes SQLite check every table that
    // points at it, a scan of each one without an index on its column, for every row upserted
    const kept = t.cols.filter((c) => c !== "id");
    const upsert = t.upsert ? ` WHERE true ON CONFLICT (id) DO UPDATE SET ${kept.map((c) => `${c} = excluded.${c}`).join(", ")}` : "";
    const sql = `INSERT INTO ${t.name} (${t.cols.join(", ")}) SELECT ${t.cols.map((_, i) => `value->>${i}`).join(", ")} FROM json_each(?)${upsert}`;
    let parts: string[] = [];
    let chars = 0;
    const flush = async () => {
      if (parts.length === 0) return;
      batch.push(db.prepare(sql).bind(`[${parts.join(",")}]`));
      batchChars += chars;
      parts = [];
      chars = 0;
      if (batchChars >= BATCH_CHARS) await send();
    };
    for (const r of t.rows) {
      const json = JSON.stringify(r);
      parts.push(json);
      chars += json.length + 1;
      if (chars >= STATEMENT_CHARS) await flush();
    }
    await flush();
    written[t.name] = (written[t.name] ?? 0) + (t.upsert ? 0 : t.rows.length);
    t.rows = [];
  }
  await send();
}
