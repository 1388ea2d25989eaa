/**
 * Moving a range of questions to another database while the site keeps writing to them
 * (docs/decisions/0059). The source's own triggers log every row of the range that changes from
 * the start; the rows are copied in chunks, the log is replayed until it is short, the range is
 * frozen (writes answer errid 650 for about a second) while the rest is replayed, the map is flipped,
 * and the source's copy is deleted once no isolate can still be reading it.
 *
 * `moveStep` does one bounded piece of the work and says how long to wait before the next;
 * `runMove` calls it until the move waits or its time is up (the operator's call drives it).
 */
import { desc, eq, ne } from "drizzle-orm";
import { DomainError } from "../../lib/errors";
import { ERR } from "../../lib/errids";
import { d1Named, idBlockOf, isThreadBinding } from "../core/databases.server";
import { dbOf, schema } from "../core/db.server";
import { bindingOf, forgetThreadRanges, rangeMapTtl, readThreadRanges } from "../core/thread-ranges.server";
import { THREAD_TABLES, type ThreadTable } from "./thread-tables.server";

export type Move = typeof schema.rangeMoves.$inferSelect;
export type MoveProgress = { id: number; stage: string; copied: number; replayed: number; waitMs: number };

/** Rows a copy step reads from one table, and log entries a replay step takes. */
const CHUNK = 200;
const LOG_CHUNK = 500;
/** A freeze lifts by itself after this long, should the move stop half-way (a step later freezes again). */
const FREEZE_LIMIT_MS = 30_000;
/** The log left to replay below which the range is frozen for the last replay. */
const SHORT_LOG = LOG_CHUNK;

const m = schema.rangeMoves;

/** The database bound as `name`; a name that is none refuses the move (errid 651). */
function d1Of(env: Env, name: string): D1Database {
  const d1 = d1Named(env, name);
  if (!d1) throw new DomainError(ERR.moveInvalid, `В этом Worker нет базы данных ${name}`);
  return d1;
}

const triggerName = (t: ThreadTable, op: "i" | "u" | "d") => `range_move_log_${t.name}_${op}`;

/** The source's triggers that log the range's changed rows (names fixed: one move at a time). */
function logTriggers(first: number, last: number): string[] {
  return THREAD_TABLES.flatMap((t) => {
    const log = (row: string) => `BEGIN INSERT INTO range_move_log (tbl, rid) VALUES ('${t.name}', ${row}.id); END`;
    return [
      `CREATE TRIGGER ${triggerName(t, "i")} AFTER INSERT ON ${t.name} WHEN ${t.inRange("NEW", first, last)} ${log("NEW")}`,
      `CREATE TRIGGER ${triggerName(t, "u")} AFTER UPDATE ON ${t.name} WHEN ${t.inRange("NEW", first, last)} OR ${t.inRange("OLD", first, last)} ${log("NEW")}`,
      `CREATE TRIGGER ${triggerName(t, "d")} AFTER DELETE ON ${t.name} WHEN ${t.inRange("OLD", first, last)} ${log("OLD")}`,
    ];
  });
}

const dropTriggers = () => THREAD_TABLES.flatMap((t) => (["i", "u", "d"] as const).map((op) => `DROP TRIGGER IF EXISTS ${triggerName(t, op)}`));

/** The move under way, if any (one at a time). */
export async function activeMove(env: Env): Promise<Move | null> {
  const [row] = await dbOf(env).select().from(m).where(ne(m.stage, "done")).orderBy(desc(m.id)).limit(1);
  return row ?? null;
}

/**
 * Starts moving questions first..last to the thread database `target`. The range must lie in one
 * database today, hold no id the source has not given out yet (new questions go on being made where
 * they are), and no other move may be under way.
 */
export async function startMove(env: Env, input: { first: number; last: number; target: string }, now: number): Promise<Move> {
  const { first, last, target } = input;
  if (!Number.isSafeInteger(first) || !Number.isSafeInteger(last) || first < 1 || last < first)
    throw new DomainError(ERR.moveInvalid, "Неверный диапазон номеров вопросов");
  if (!isThreadBinding(target)) throw new DomainError(ERR.moveInvalid, "Вопросы переносятся только в базу вопросов (THREADS_n)");
  d1Of(env, target);
  if (await activeMove(env)) throw new DomainError(ERR.moveInvalid, "Другой перенос ещё не закончен");
  const ranges = await readThreadRanges(env);
  const source = bindingOf(ranges, first);
  if (source === target) throw new DomainError(ERR.moveInvalid, "Эти вопросы уже в этой базе");
  const inside = ranges.filter((r) => r.firstId > first && r.firstId <= last);
  if (inside.some((r) => r.binding !== source)) throw new DomainError(ERR.moveInvalid, "Диапазон лежит в нескольких базах: переносите его частями");
  const src = d1Of(env, source);
  const top = await src.prepare("SELECT max(id) AS id FROM questions").first<{ id: number | null }>();
  if (last > (top?.id ?? 0)) throw new DomainError(ERR.moveInvalid, "В диапазоне есть номера, которые база ещё не выдала: переносите только заданные вопросы");
  // the target numbers its own new rows from its block: none can take an id another database gave out
  const dst = d1Of(env, target);
  await dst.batch(idBlockStatements(dst, idBlockOf(target)));
  // the log first, so that every change from here on is caught, then the map's edges and the move
  await src.batch([...dropTriggers(), "DELETE FROM range_move_log", ...logTriggers(first, last)].map((s) => src.prepare(s)));
  const r = schema.threadRanges;
  const db = dbOf(env);
  const [, , move] = await db.batch([
    db
      .insert(r)
      .values({ firstId: last + 1, binding: bindingOf(ranges, last + 1), frozenUntil: 0 })
      .onConflictDoNothing(),
    db.insert(r).values({ firstId: first, binding: source, frozenUntil: 0 }).onConflictDoNothing(),
    db.insert(m).values({ firstId: first, lastId: last, source, target, stage: "copy", started: now }).returning(),
    // ranges inside first..last held the source too: the move's own row now covers them
    ...inside.map((x) => db.delete(r).where(eq(r.firstId, x.firstId))),
  ]);
  forgetThreadRanges();
  return move[0];
}

/** Statements raising every thread table's sequence in `d1` to at least `block`. */
function idBlockStatements(d1: D1Database, block: number): D1PreparedStatement[] {
  return THREAD_TABLES.flatMap((t) => [
    d1.prepare("INSERT INTO sqlite_sequence (name, seq) SELECT ?1, ?2 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = ?1)").bind(t.name, block),
    d1.prepare("UPDATE sqlite_sequence SET seq = max(seq, ?2) WHERE name = ?1").bind(t.name, block),
  ]);
}

type Row = Record<string, unknown>;

/** Statements writing `rows` of `table` into `d1` as they are (their ids kept). */
function upserts(d1: D1Database, table: string, rows: Row[]): D1PreparedStatement[] {
  return rows.map((row) => {
    const cols = Object.keys(row);
    return d1.prepare(`INSERT OR REPLACE INTO ${table} (${cols.join(", ")}) VALUES (${cols.map(() => "?").join(", ")})`).bind(...cols.map((c) => row[c]));
  });
}

/** Copies the next chunk of the table being copied; returns how many rows. */
async function copyChunk(env: Env, move: Move): Promise<Partial<Move>> {
  const table = THREAD_TABLES[move.tableIndex];
  const src = d1Of(env, move.source);
  const dst = d1Of(env, move.target);
  const { results } = await src
    .prepare(`SELECT * FROM ${table.name} WHERE ${table.inRange(table.name, move.firstId, move.lastId)} AND id > ? ORDER BY id LIMIT ${CHUNK}`)
    .bind(move.cursor)
    .all<Row>();
  // a row's parent may come in a later statement of the same batch: the keys are checked at its end
  if (results.length) await dst.batch(quietly(dst, [dst.prepare("PRAGMA defer_foreign_keys = on"), ...upserts(dst, table.name, results)]));
  const copied = move.copied + results.length;
  if (results.length === CHUNK) return { cursor: Number(results[results.length - 1].id), copied };
  const next = move.tableIndex + 1;
  return next < THREAD_TABLES.length ? { tableIndex: next, cursor: 0, copied } : { stage: "catchup", tableIndex: 0, cursor: 0, copied };
}

/**
 * Replays the next entries of the source's log: each row named is written to the target as the
 * source has it now, or deleted there when the source has it no more. Returns the entries taken.
 */
async function replayLog(env: Env, move: Move, logSeen: number): Promise<{ logSeen: number; taken: number }> {
  const src = d1Of(env, move.source);
  const dst = d1Of(env, move.target);
  const { results: log } = await src
    .prepare(`SELECT seq, tbl, rid FROM range_move_log WHERE seq > ? ORDER BY seq LIMIT ${LOG_CHUNK}`)
    .bind(logSeen)
    .all<{ seq: number; tbl: string; rid: number }>();
  if (log.length === 0) return { logSeen, taken: 0 };
  // the tables in the copy's order (parents first), each with the ids its entries name
  const named = THREAD_TABLES.map((t) => ({ table: t.name, ids: [...new Set(log.filter((e) => e.tbl === t.name).map((e) => e.rid))] })).filter(
    (x) => x.ids.length,
  );
  const now = await src.batch(named.map((x) => src.prepare(`SELECT * FROM ${x.table} WHERE id IN (${x.ids.join(",")})`)));
  const deletes: D1PreparedStatement[] = [];
  const upserted: D1PreparedStatement[] = [];
  named.forEach((x, i) => {
    const rows = now[i].results as Row[];
    const there = new Set(rows.map((r) => Number(r.id)));
    const gone = x.ids.filter((id) => !there.has(id));
    // deletions children first, then the rows as they are now, parents first
    if (gone.length) deletes.unshift(dst.prepare(`DELETE FROM ${x.table} WHERE id IN (${gone.join(",")})`));
    upserted.push(...upserts(dst, x.table, rows));
  });
  // not quietly: a write replayed after the flip may be one DB's mirror has not seen yet
  const writes = [dst.prepare("PRAGMA defer_foreign_keys = on"), ...deletes, ...upserted];
  await dst.batch(writes);
  return { logSeen: log[log.length - 1].seq, taken: log.length };
}

/** Sets the freeze of the moving range (its map row) until `until` (0 lifts it). */
function freezeRange(env: Env, move: Move, until: number) {
  const r = schema.threadRanges;
  return dbOf(env).update(r).set({ frozenUntil: until }).where(eq(r.firstId, move.firstId));
}

/**
 * `statements` for a thread database, in one batch that leaves no mirror effects (db/migrations-threads
 * 0002): a move's copy of rows as their source has them, and its deletion of the rows it moved away,
 * change nothing DB's copy holds.
 */
function quietly(d1: D1Database, statements: D1PreparedStatement[]): D1PreparedStatement[] {
  return [d1.prepare("INSERT OR IGNORE INTO mirror_quiet (id) VALUES (1)"), ...statements, d1.prepare("DELETE FROM mirror_quiet")];
}

/** Deletes the next chunk of the range's rows from the source (a thread database), children first; returns how many. */
async function deleteChunk(env: Env, move: Move): Promise<number> {
  const src = d1Of(env, move.source);
  for (const table of [...THREAD_TABLES].reverse()) {
    const [, r] = await src.batch(
      quietly(src, [
        src.prepare(
          `DELETE FROM ${table.name} WHERE id IN (SELECT id FROM ${table.name} WHERE ${table.inRange(table.name, move.firstId, move.lastId)} LIMIT ${CHUNK})`,
        ),
      ]),
    );
    if (r.meta.changes > 0) return r.meta.changes;
  }
  return 0;
}

/** One bounded piece of the move; `waitMs` > 0 says to come back no sooner. */
export async function moveStep(env: Env, id: number, now: number): Promise<MoveProgress> {
  const db = dbOf(env);
  const [move] = await db.select().from(m).where(eq(m.id, id));
  if (!move) throw new DomainError(ERR.moveInvalid, "Такого переноса нет");
  const ttl = rangeMapTtl(env);
  let change: Partial<Move> = {};
  switch (move.stage) {
    case "copy":
      change = await copyChunk(env, move);
      break;
    case "catchup": {
      const { logSeen, taken } = await replayLog(env, move, move.logSeen);
      change = { logSeen, replayed: move.replayed + taken, ...(taken < SHORT_LOG ? { stage: "freeze" } : {}) };
      break;
    }
    case "freeze":
      // from now on a write to the range is refused by every isolate whose map is younger than this;
      // the last replay waits until the older maps have expired
      await db.batch([freezeRange(env, move, now + FREEZE_LIMIT_MS), db.update(m).set({ stage: "final", frozenAt: now }).where(eq(m.id, id))]);
      forgetThreadRanges();
      return { ...progress(move), stage: "final", waitMs: ttl };
    case "final": {
      const frozenAt = move.frozenAt ?? now;
      if (now < frozenAt + ttl) return { ...progress(move), waitMs: frozenAt + ttl - now };
      // the freeze must still hold when the map flips; if it lifted (the move stopped too long), freeze again
      if (now > frozenAt + FREEZE_LIMIT_MS - 2 * ttl) {
        change = { stage: "freeze" };
        break;
      }
      let logSeen = move.logSeen;
      let replayed = move.replayed;
      for (;;) {
        const r = await replayLog(env, move, logSeen);
        logSeen = r.logSeen;
        replayed += r.taken;
        if (r.taken < LOG_CHUNK) break;
      }
      const r = schema.threadRanges;
      await db.batch([
        db.update(r).set({ binding: move.target, frozenUntil: 0 }).where(eq(r.firstId, move.firstId)),
        db.update(m).set({ stage: "cleanup", logSeen, replayed, flippedAt: now }).where(eq(m.id, id)),
      ]);
      forgetThreadRanges();
      return { ...progress({ ...move, replayed }), stage: "cleanup", waitMs: ttl };
    }
    case "cleanup": {
      const flippedAt = move.flippedAt ?? now;
      if (now < flippedAt + ttl) return { ...progress(move), waitMs: flippedAt + ttl - now };
      const src = d1Of(env, move.source);
      // the triggers go first; a write some isolate sent the source after the flip (it took longer
      // than the map's time to live between its look-up and its batch) is carried over too
      await src.batch(dropTriggers().map((s) => src.prepare(s)));
      const late = await replayLog(env, move, move.logSeen);
      // DB's rows stay as the mirror of the range (docs/decisions/0061): its own triggers keep the
      // feeds, leaders and search rows from them until those live beside the threads; a thread
      // database's copy goes
      const deleted = move.source === "DB" ? 0 : await deleteChunk(env, move);
      if (deleted > 0) {
        change = { logSeen: late.logSeen, replayed: move.replayed + late.taken };
        break;
      }
      await src.prepare("DELETE FROM range_move_log").run();
      change = { stage: "done", logSeen: late.logSeen, replayed: move.replayed + late.taken, finished: now };
      break;
    }
    default:
      return { ...progress(move), waitMs: 0 };
  }
  const [after] = await db.update(m).set(change).where(eq(m.id, id)).returning();
  return progress(after);
}

function progress(move: Move): MoveProgress {
  return { id: move.id, stage: move.stage, copied: move.copied, replayed: move.replayed, waitMs: 0 };
}

/** Steps the move until it is done, it must wait, or `budgetMs` is spent. */
export async function runMove(env: Env, id: number, budgetMs: number, clock: () => number = Date.now): Promise<MoveProgress> {
  const end = clock() + budgetMs;
  for (;;) {
    const p = await moveStep(env, id, clock());
    if (p.stage === "done" || p.waitMs > 0 || clock() >= end) return p;
  }
}
