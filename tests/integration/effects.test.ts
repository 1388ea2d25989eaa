import {
  applyD1Migrations,
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { getSession } from "../../app/models/users/session.server";
import { votePoll } from "../../app/models/votes/votes.server";
import { pointsChange } from "../../app/models/users/points.server";
import { dbOf } from "../../app/models/core/db.server";
import { cleanUpEffectRecords, EFFECT_RECORDS_MS, type EffectMessage, sendUnsent } from "../../app/models/effects/outbox.server";
import { BASE, post } from "./helpers/api";
import { all, one, value } from "./helpers/db";
import { type NewUser, newUser } from "./helpers/users";

/**
 * Effects across databases (decision 0055): with USER_DBS = "DB,USERS_1" a user of an odd id has
 * his own rows (points, ledger, notifications) in the second database, USERS_1. A write of his in
 * DB leaves an outbox row in its own batch; the queue (Miniflare's, the worker's own handler)
 * applies the change of points in USERS_1 once, however often it arrives and wherever it failed.
 */

const split = { ...env, USER_DBS: "DB,USERS_1" } as Env;
const QUEUE = "otvety-effects";

/** A row of the second database, as the tests read it. */
const inUsers1 = <T>(query: string, ...binds: unknown[]) =>
  env.USERS_1.prepare(query)
    .bind(...binds)
    .first<T>();

/** His points and ledger sum in USERS_1, where his rows live. */
async function pointsThere(userId: number) {
  const row = await inUsers1<{ points: number; ledger: number; rows: number }>(
    "select u.points, (select coalesce(sum(delta), 0) from points_ledger where user_id = u.id) ledger, (select count(*) from points_ledger where user_id = u.id) rows from users u where u.id = ?",
    userId,
  );
  return row!;
}

/** A registered user of an odd id (his home is USERS_1), his row and ledger copied there as a move would. */
async function userOfUsers1(): Promise<NewUser> {
  let u = await newUser("Дальний");
  while (u.id % 2 === 0) u = await newUser("Дальний");
  const row = (await one<Record<string, unknown>>("select * from users where id = ?", u.id))!;
  const cols = Object.keys(row);
  await env.USERS_1.prepare(`insert into users (${cols.join(", ")}) values (${cols.map(() => "?").join(", ")})`)
    .bind(...cols.map((c) => row[c]))
    .run();
  const ledger = await all<Record<string, unknown>>("select * from points_ledger where user_id = ?", u.id);
  for (const l of ledger) {
    await env.USERS_1.prepare("insert into points_ledger (user_id, delta, reason, ref_type, ref_id, added) values (?, ?, ?, ?, ?, ?)")
      .bind(l.user_id, l.delta, l.reason, l.ref_type, l.ref_id, l.added)
      .run();
  }
  return u;
}

/** An open single-choice poll and one of its options. */
async function openPoll(notBy: number[]) {
  const q = (await one<{ id: number }>(
    `select id from questions where poll_type = 'S' and state = 'A' and hidden = 0 and user_id not in (${notBy.join(",")}) order by id limit 1`,
  ))!;
  const opt = (await one<{ id: number }>("select id from poll_options where qid = ? order by position limit 1", q.id))!;
  return { qid: q.id, opt: opt.id };
}

const sessionOf = (u: NewUser) => getSession(env, new Request(`${BASE}/`, { headers: { cookie: u.cookie } }));

/** A message as the queue delivers it. */
type Delivered = { id: string; timestamp: Date; attempts: number; body: EffectMessage };

/** Messages as the queue would deliver the outbox rows with these ids. */
async function messagesOf(ids: string[]): Promise<Delivered[]> {
  const rows = await all<{ id: string; target: string; kind: string; body: string; created: number }>(
    `select * from outbox where id in (${ids.map(() => "?").join(",")}) order by created, id`,
    ...ids,
  );
  return rows.map((r, i) => ({
    id: `m${i}`,
    timestamp: new Date(r.created),
    attempts: 1,
    body: { id: r.id, target: r.target, kind: r.kind, body: JSON.parse(r.body) } as EffectMessage,
  }));
}

/** Runs the worker's queue handler on these messages with this env; which it acknowledged and which it retried. */
async function deliver(messages: Delivered[], on: Env = env) {
  const batch = createMessageBatch(QUEUE, messages);
  const ctx = createExecutionContext();
  await worker.queue(batch, on);
  const result = await getQueueResult(batch, ctx);
  return { acked: [...result.explicitAcks].sort(), retried: result.retryMessages.map((m: { msgId: string }) => m.msgId).sort() };
}

/**
 * USERS_1's D1 whose `n`-th batch fails half-way: D1 runs its statements (the applied record, the
 * points, the ledger row) and then one that cannot run, so the transaction is rolled back as a
 * database failing mid-write would leave it.
 */
function failingOnBatch(n: number): D1Database {
  const real = env.USERS_1;
  let calls = 0;
  return new Proxy(real, {
    get(target, prop) {
      if (prop === "batch") {
        return (statements: D1PreparedStatement[]) => {
          calls++;
          const extra = calls === n ? [target.prepare("insert into no_such_table values (1)")] : [];
          return target.batch([...statements, ...extra]);
        };
      }
      const v = Reflect.get(target, prop);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
}

beforeAll(async () => {
  await applyD1Migrations(env.USERS_1, env.TEST_MIGRATIONS);
});

describe("effects across databases", () => {
  it("with one database a write's points stay in its own batch: no outbox row", async () => {
    const u = await newUser("Здешний");
    const { qid, opt } = await openPoll([u.id]);
    const before = await value("select count(*) v from outbox");
    const { json } = await post("votepoll", { qid: String(qid), vote: String(opt) }, u);
    expect(json.status).toBe(200);
    expect(await value("select count(*) v from outbox")).toBe(before);
    expect(await value("select count(*) v from points_ledger where user_id = ? and reason = 'poll_vote' and ref_id = ?", u.id, qid)).toBe(1);
  });

  it("a poll vote of a user who lives in USERS_1: the vote and its outbox row in one batch, the point applied there by the queue", async () => {
    const u = await userOfUsers1();
    const before = await pointsThere(u.id);
    const pointsInDb = await value("select points v from users where id = ?", u.id);
    const { qid, opt } = await openPoll([u.id]);
    const session = await sessionOf(u);
    const res = await votePoll(split, session, { qid, vote: [opt] }, Date.now());
    expect(res.dpoints).toBe(1);

    // DB: the vote and the outbox row; nothing of his points
    expect(await value("select count(*) v from poll_votes where qid = ? and user_id = ?", qid, u.id)).toBe(1);
    const queued = await all<{ id: string; target: string; kind: string; body: string; sent: number | null }>("select * from outbox where sent is null");
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ target: "USERS_1", kind: "points", sent: null });
    expect(JSON.parse(queued[0].body)).toMatchObject({ userId: u.id, delta: 1, reason: "poll_vote", ref: { type: "Q", id: qid } });
    expect(await value("select count(*) v from points_ledger where user_id = ? and reason = 'poll_vote'", u.id)).toBe(0);
    expect(await value("select points v from users where id = ?", u.id)).toBe(pointsInDb);

    // the request's send; the queue delivers to the worker's handler, which applies it in USERS_1
    expect(await sendUnsent(split, Date.now())).toBe(1);
    await vi.waitFor(
      async () => {
        expect(await pointsThere(u.id)).toEqual({ points: before.points + 1, ledger: before.ledger + 1, rows: before.rows + 1 });
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(await inUsers1("select reason, ref_type, ref_id from points_ledger where user_id = ? order by id desc limit 1", u.id)).toEqual({
      reason: "poll_vote",
      ref_type: "Q",
      ref_id: qid,
    });
    expect(await inUsers1("select count(*) n from applied_events where id = ?", queued[0].id)).toEqual({ n: 1 });
    expect(await value("select count(*) v from outbox where sent is null")).toBe(0);
    // a duplicate of the same vote pays nothing: no second outbox row
    await expect(votePoll(split, session, { qid, vote: [opt] }, Date.now())).rejects.toThrow();
    expect(await value("select count(*) v from outbox where sent is null")).toBe(0);
  });

  it("through the named call, the request sends its outbox row once its response is made", async () => {
    const u = await userOfUsers1();
    const before = await pointsThere(u.id);
    const { qid, opt } = await openPoll([u.id]);
    const { json } = await post("votepoll", { qid: String(qid), vote: String(opt) }, u, { bindings: { USER_DBS: split.USER_DBS } });
    expect(json).toMatchObject({ status: 200, dpoints: 1 });
    // the request's waitUntil has run: the row is sent
    expect(await value("select count(*) v from outbox where sent is null")).toBe(0);
    const sent = await one<{ body: string }>("select body from outbox order by created desc limit 1");
    expect(JSON.parse(sent!.body)).toMatchObject({ userId: u.id, reason: "poll_vote", ref: { type: "Q", id: qid } });
    await vi.waitFor(
      async () => {
        expect(await pointsThere(u.id)).toEqual({ points: before.points + 1, ledger: before.ledger + 1, rows: before.rows + 1 });
      },
      { timeout: 15_000, interval: 50 },
    );
  });

  it("a consumer that fails half-way is retried: nothing lost, nothing counted twice, the ledger equals the points", async () => {
    const [a, b] = [await userOfUsers1(), await userOfUsers1()];
    const start = { a: await pointsThere(a.id), b: await pointsThere(b.id) };
    const db = dbOf(split);
    const now = Date.now();
    // four changes of points, as four writes would leave them
    await db.batch([
      ...pointsChange(split, a.id, 3, "moder", null, now),
      ...pointsChange(split, b.id, 5, "moder", null, now + 1),
      ...pointsChange(split, a.id, -2, "moder", null, now + 2),
      ...pointsChange(split, b.id, 7, "moder", null, now + 3),
    ]);
    const ids = (await all<{ id: string }>("select id from outbox where sent is null order by created")).map((r) => r.id);
    expect(ids).toHaveLength(4);
    const messages = await messagesOf(ids);

    // the third effect's batch fails in the middle of its transaction: it is retried, the others go in
    const first = await deliver(messages, { ...env, USERS_1: failingOnBatch(3) });
    expect(first).toEqual({ acked: ["m0", "m1", "m3"], retried: ["m2"] });
    expect(await pointsThere(a.id)).toEqual({ points: start.a.points + 3, ledger: start.a.ledger + 3, rows: start.a.rows + 1 });
    expect(await inUsers1("select count(*) n from applied_events where id = ?", ids[2])).toEqual({ n: 0 });

    // the whole batch again, as the queue sends it after a Worker that stopped before acknowledging
    const second = await deliver(messages);
    expect(second).toEqual({ acked: ["m0", "m1", "m2", "m3"], retried: [] });
    const end = { a: await pointsThere(a.id), b: await pointsThere(b.id) };
    expect(end.a).toEqual({ points: start.a.points + 1, ledger: start.a.ledger + 1, rows: start.a.rows + 2 });
    expect(end.b).toEqual({ points: start.b.points + 12, ledger: start.b.ledger + 12, rows: start.b.rows + 2 });

    // and once more: nothing changes
    await deliver(messages);
    expect(await pointsThere(a.id)).toEqual(end.a);
    expect(await pointsThere(b.id)).toEqual(end.b);
    expect(await inUsers1(`select count(*) n from applied_events where id in (${ids.map(() => "?").join(",")})`, ...ids)).toEqual({ n: 4 });
    await sendUnsent(split, Date.now());
  });

  it("an effect whose request stopped before sending it is sent by the cron and applied once", async () => {
    const u = await userOfUsers1();
    const before = await pointsThere(u.id);
    const db = dbOf(split);
    await db.batch([...pointsChange(split, u.id, 4, "moder", null, Date.now())]);
    const [row] = await all<{ id: string }>("select id from outbox where sent is null");
    expect(row).toBeDefined();

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController(), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await value("select count(*) v from outbox where sent is null")).toBe(0);
    await vi.waitFor(
      async () => {
        expect(await pointsThere(u.id)).toEqual({ points: before.points + 4, ledger: before.ledger + 4, rows: before.rows + 1 });
      },
      { timeout: 15_000, interval: 50 },
    );
  });

  it("a message for a binding that is no database is retried, never applied", async () => {
    const m = { id: "x0", timestamp: new Date(), attempts: 1, body: { id: "no-such", target: "PHOTOS", kind: "points", body: {} } as EffectMessage };
    expect(await deliver([m])).toEqual({ acked: [], retried: ["x0"] });
  });

  it("the cron deletes sent outbox rows and applied records older than their week, in every database, and keeps the rest", async () => {
    const now = Date.now();
    const old = now - EFFECT_RECORDS_MS - 1;
    await env.DB.batch([
      env.DB.prepare("insert into outbox values ('old-sent', 'USERS_1', 'points', '{}', ?, ?)").bind(old, old),
      env.DB.prepare("insert into outbox values ('old-unsent', 'USERS_1', 'points', '{}', ?, null)").bind(old),
      env.DB.prepare("insert into applied_events values ('old-db', ?)").bind(old),
    ]);
    await env.USERS_1.batch([
      env.USERS_1.prepare("insert into applied_events values ('old-u1', ?)").bind(old),
      env.USERS_1.prepare("insert into applied_events values ('new-u1', ?)").bind(now),
    ]);
    expect(await cleanUpEffectRecords(split, now)).toBe(3);
    expect(await all("select id from outbox where id like 'old-%'")).toEqual([{ id: "old-unsent" }]);
    expect(await value("select count(*) v from applied_events where id = 'old-db'")).toBe(0);
    expect(
      await env.USERS_1.prepare("select id from applied_events where id in ('old-u1', 'new-u1')")
        .all()
        .then((r) => r.results),
    ).toEqual([{ id: "new-u1" }]);
    await env.DB.prepare("delete from outbox where id = 'old-unsent'").run();
  });
});
