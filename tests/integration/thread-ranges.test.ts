import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { DomainError } from "../../app/lib/errors";
import { ERR } from "../../app/lib/errids";
import { bindingOf, readThreadRanges, threadReadEnv, threadRefusal, threadWriteEnv } from "../../app/models/core/thread-ranges.server";
import { advanceQuestions } from "../../app/models/questions/lifecycle.server";
import { moveStep, startMove } from "../../app/models/ops/move-range.server";
import { THREAD_TABLES } from "../../app/models/ops/thread-tables.server";
import { ID_BLOCK } from "../../app/lib/ids";
import { envOn } from "../../app/models/core/databases.server";
import { dbOf, schema } from "../../app/models/core/db.server";
import { sendAllUnsent } from "../../app/models/effects/outbox.server";
import { pointsChange } from "../../app/models/users/points.server";
import { shownToRecipients } from "../../app/models/notifications/feed.server";
import { announce } from "../../app/models/notifications/push.server";
import { BASE, get, page, post, workerFetch } from "./helpers/api";
import { countIn as count } from "./helpers/db";
import { as, newUser } from "./helpers/users";

/**
 * The range map and the move of a range of questions to a thread database while writes go on
 * (decision 0059). The seeded store's questions 1–30 move from DB to THREADS_1 and then on to
 * THREADS_2, while a writer keeps commenting on them and deleting some of its comments, and a
 * reader reads each after every write; the tests' isolates keep the map 300 ms (RANGE_MAP_TTL_MS).
 */

const FIRST = 1;
const LAST = 30;
const OPS = { "content-type": "application/json", "x-ops-secret": "integration-tests-ops-secret" };

/** Rows of THREADS_1, as the tests read them. */
const t1Rows = async <T>(query: string) => (await env.THREADS_1.prepare(query).all<T>()).results;

/** Rows of each thread table that belong to questions FIRST..LAST in `d1`. */
async function rangeCounts(d1: D1Database): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of THREAD_TABLES) out[t.name] = await count(d1, `SELECT count(*) AS n FROM ${t.name} WHERE ${t.inRange(t.name, FIRST, LAST)}`);
  return out;
}

/**
 * The writer and the reader. Each write is one batch on the database the map names (a comment on
 * the question and its count); while the range is frozen the write is refused with errid 650. Each read goes through the map too and must see every write acknowledged before it.
 */
function traffic() {
  const accepted = new Map<number, string[]>();
  const deleted = new Set<string>();
  let refused = 0;
  let n = 0;

  async function write(qid: number): Promise<void> {
    const text = `перенос-${++n}`;
    try {
      const e = await threadWriteEnv(env, qid, Date.now());
      await e.DB.batch([
        e.DB.prepare("INSERT INTO comments (qid, ref_type, ref_id, user_id, text, added) VALUES (?, 'Q', ?, 1, ?, ?)").bind(qid, qid, text, Date.now()),
        e.DB.prepare("UPDATE questions SET comcnt = comcnt + 1 WHERE id = ?").bind(qid),
      ]);
      accepted.set(qid, [...(accepted.get(qid) ?? []), text]);
    } catch (err) {
      // refused while the range is frozen (by the map, or by DB's guard when the map was older than
      // the freeze): the writer is told to try again, and nothing was written
      const refusal = err instanceof DomainError ? err : threadRefusal(err);
      if (refusal?.errid !== ERR.threadMoving) throw err;
      refused++;
      await scheduler.wait(20);
      return;
    }
    // every third write also deletes the oldest comment it made on that question
    if (n % 3 === 0) {
      const gone = accepted.get(qid)?.find((t) => !deleted.has(t));
      if (gone) {
        const e = await threadWriteEnv(env, qid, Date.now()).catch(() => null);
        if (e) {
          await e.DB.prepare("DELETE FROM comments WHERE qid = ? AND text = ?").bind(qid, gone).run();
          deleted.add(gone);
        }
      }
    }
  }

  /** What a reader of question `qid` sees now: never missing, and every live write of it. */
  async function read(qid: number): Promise<void> {
    const e = await threadReadEnv(env, qid, Date.now());
    const q = await e.DB.prepare("SELECT id FROM questions WHERE id = ?").bind(qid).first();
    expect(q, `question ${qid} read through the map`).not.toBeNull();
    const { results } = await e.DB.prepare("SELECT text FROM comments WHERE qid = ? AND text LIKE 'перенос-%' ORDER BY id").bind(qid).all<{ text: string }>();
    const live = (accepted.get(qid) ?? []).filter((t) => !deleted.has(t));
    expect(results.map((r) => r.text)).toEqual(live);
  }

  return { write, read, accepted, deleted, refused: () => refused };
}

/** Moves FIRST..LAST to `target`, writing and reading between the steps; returns the stages writes were accepted in. */
async function moveWhileWriting(target: string, t: ReturnType<typeof traffic>) {
  const move = await startMove(env, { first: FIRST, last: LAST, target }, Date.now());
  const stagesWritten = new Set<string>();
  let qid = FIRST;
  let stage = move.stage;
  for (let steps = 0; stage !== "done"; steps++) {
    expect(steps).toBeLessThan(500);
    for (let i = 0; i < 3; i++) {
      await t.write(qid);
      await t.read(qid);
      stagesWritten.add(stage);
      qid = qid === LAST ? FIRST : qid + 1;
    }
    // and two more writes at the same time as the step, on one question (its count is a contended row)
    const [p] = await Promise.all([moveStep(env, move.id, Date.now()), t.write(qid), t.write(qid)]);
    await t.read(qid);
    stage = p.stage;
    // while the move waits for the isolates' maps, the writer keeps trying (and is refused when frozen)
    const until = Date.now() + p.waitMs;
    while (Date.now() < until) {
      await t.write(qid);
      await t.read(qid);
    }
  }
  return stagesWritten;
}

describe("the range map", () => {
  it("a thread database has the thread tables as the site's database has them (columns and indexes)", async () => {
    // and the outbox, which a thread's writes leave their users' effects in
    for (const t of [...THREAD_TABLES, { name: "outbox" }]) {
      for (const pragma of ["table_info", "index_list"]) {
        const shape = async (d1: D1Database) =>
          (await d1.prepare(`SELECT * FROM pragma_${pragma}(?)`).bind(t.name).all<Record<string, unknown>>()).results
            .map((r) => JSON.stringify(pragma === "table_info" ? [r.name, r.type, r.notnull, r.dflt_value, r.pk] : [r.name, r.unique, r.partial]))
            .sort();
        expect(await shape(env.THREADS_1), `${t.name}: ${pragma}`).toEqual(await shape(env.DB));
      }
    }
  });

  it("with no ranges every question is in DB, and the request's own env is used", async () => {
    expect(await readThreadRanges(env)).toEqual([]);
    expect(await threadReadEnv(env, 5, Date.now())).toBe(env);
    expect(await threadWriteEnv(env, 10_000_000, Date.now())).toBe(env);
  });
});

describe("moving a range of questions while they are written to", () => {
  const t = traffic();
  let before: Record<string, number>;
  let comcntBefore: number;
  const comcnt = (d1: D1Database) => count(d1, "SELECT sum(comcnt) AS n FROM questions WHERE id BETWEEN ? AND ?", FIRST, LAST);

  it("DB → THREADS_1: every write is found there, none twice, no read misses the question or a write", async () => {
    before = await rangeCounts(env.DB);
    comcntBefore = await comcnt(env.DB);
    expect(before.questions).toBe(LAST - FIRST + 1);
    expect(before.answers).toBeGreaterThan(0);
    const stages = await moveWhileWriting("THREADS_1", t);
    // writes went on while the rows were copied and the log replayed, were refused only while frozen
    expect([...stages]).toEqual(expect.arrayContaining(["copy", "catchup", "cleanup"]));
    expect(t.refused()).toBeGreaterThan(0);

    const ranges = await readThreadRanges(env);
    expect(ranges.map((r) => [r.firstId, r.binding, r.frozenUntil])).toEqual([
      [FIRST, "THREADS_1", 0],
      [LAST + 1, "DB", 0],
    ]);
    const moved = await rangeCounts(env.THREADS_1);
    const writes = [...t.accepted.values()].flat();
    const live = writes.filter((w) => !t.deleted.has(w));
    for (const table of THREAD_TABLES) if (table.name !== "comments") expect(moved[table.name], table.name).toBe(before[table.name]);
    expect(moved.comments).toBe(before.comments + live.length);
    // each acknowledged write once, each deleted one gone, and the question's count has them all
    const there = await env.THREADS_1.prepare("SELECT text, count(*) AS n FROM comments WHERE text LIKE 'перенос-%' GROUP BY text").all<{
      text: string;
      n: number;
    }>();
    expect(there.results.map((r) => r.text).sort()).toEqual([...live].sort());
    expect(there.results.every((r) => r.n === 1)).toBe(true);
    expect(await comcnt(env.THREADS_1)).toBe(comcntBefore + writes.length);
    // question 31 stayed in DB
    expect(await count(env.THREADS_1, "SELECT count(*) AS n FROM questions WHERE id = ?", LAST + 1)).toBe(0);
  });

  it("a thread database gives out ids from its own block, above every id of DB", async () => {
    const e = await threadWriteEnv(env, 5, Date.now());
    expect(e.DB).toBe(env.THREADS_1);
    const row = await e.DB.prepare("INSERT INTO comments (qid, ref_type, ref_id, user_id, text, added) VALUES (5, 'Q', 5, 1, 'блок', 1) RETURNING id").first<{
      id: number;
    }>();
    expect(row!.id).toBeGreaterThan(ID_BLOCK);
    expect(row!.id).toBeLessThan(2 * ID_BLOCK);
    expect(await count(env.DB, "SELECT max(id) AS n FROM comments")).toBeLessThan(ID_BLOCK);
    await e.DB.prepare("DELETE FROM comments WHERE id = ?").bind(row!.id).run();
  });

  it("the writes that do not follow the map yet find a moved question read-only in DB: refused in Russian, leaving nothing", async () => {
    const open = async (from: number, to: number) =>
      (
        await env.DB.prepare("SELECT id FROM questions WHERE state = 'A' AND hidden = 0 AND id BETWEEN ? AND ? ORDER BY id LIMIT 1")
          .bind(from, to)
          .first<{ id: number }>()
      )?.id;
    const moved = await open(FIRST, LAST);
    const staying = await open(LAST + 11, 1_000);
    expect(moved && staying).toBeTruthy();
    // an answer of a writer whose writes wait for a moderator is held in DB, which refuses it
    const me = await newUser("Архивист", { premoderated: true });
    const held = (d1: D1Database) => count(d1, "SELECT count(*) AS n FROM premod_items WHERE qid = ?", moved);
    const [inDb, inThreads] = [await held(env.DB), await held(env.THREADS_1)];
    const refused = await post("addans", { qid: moved!, Body: "Ответ на модерацию" }, me);
    expect(refused.res.status).toBe(403);
    expect(refused.json).toMatchObject({ errid: ERR.threadArchived, error: expect.stringContaining("перенесён в архив") });
    expect([await held(env.DB), await held(env.THREADS_1)]).toEqual([inDb, inThreads]);
    // the same write on a question DB still holds is held for the moderator
    const kept = await post("addans", { qid: staying!, Body: "Ответ на модерацию" }, me);
    expect(kept.json.status, JSON.stringify(kept.json)).toBe(200);
    // the page of a moved question still opens (from DB's copy, which takes no more writes)
    expect((await workerFetch(`${BASE}/question/${moved}`)).status).toBe(200);
  });

  it("the question page reads a moved question from its thread database, its authors from DB, one round trip more at most", async () => {
    const pick = (from: number, to: number) =>
      env.DB.prepare(
        `SELECT q.id, a.id AS aid, u.nick FROM questions q JOIN answers a ON a.qid = q.id AND a.hidden = 0 AND a.best = 0 JOIN users u ON u.id = a.user_id
         WHERE q.hidden = 0 AND q.state <> 'D' AND q.id BETWEEN ? AND ? ORDER BY q.id, a.added, a.id LIMIT 1`,
      )
        .bind(from, to)
        .first<{ id: number; aid: number; nick: string }>();
    const moved = (await pick(FIRST, LAST))!;
    const staying = (await pick(LAST + 1, 1_000))!;
    // the thread database's copy alone says this: a page showing it read the question there
    await env.THREADS_1.prepare("UPDATE answers SET text = 'Текст из базы вопросов' WHERE id = ?").bind(moved.aid).run();
    const comment = (await env.THREADS_1.prepare("SELECT id, user_id FROM comments WHERE qid = ? AND ref_type = 'Q' AND hidden = 0 ORDER BY id LIMIT 1")
      .bind(moved.id)
      .first<{ id: number; user_id: number }>())!;
    await env.THREADS_1.prepare("UPDATE comments SET text = 'Комментарий из базы вопросов' WHERE id = ?").bind(comment.id).run();
    const commenter = (await env.DB.prepare("SELECT nick FROM users WHERE id = ?").bind(comment.user_id).first<{ nick: string }>())!.nick;
    const open = async (id: number, n: number) => {
      const res = await workerFetch(`${BASE}/question/${id}?uncached=${n}`);
      const html = await res.text();
      return { status: res.status, html, serial: Number(res.headers.get("x-d1-serial")) };
    };
    await open(moved.id, 1);
    const [there, here] = [await open(moved.id, 2), await open(staying.id, 3)];
    expect(there.status).toBe(200);
    expect(there.html).toContain("Текст из базы вопросов");
    expect(there.html).toContain(moved.nick);
    // a comment and its author's nick (the comments are read without the users, then filled in)
    expect(there.html).toMatch(new RegExp(`${commenter}[\\s\\S]{0,600}Комментарий из базы вопросов`));
    expect(here.status).toBe(200);
    expect(there.serial).toBeLessThanOrEqual(here.serial + 1);
  });

  it("every other door of a moved thread reads it where the map puts it: the answer page, a comment in context, the read calls, who voted and marked, the reader's own marks", async () => {
    const moved = (await env.DB.prepare(
      `SELECT q.id, a.id AS aid FROM questions q JOIN answers a ON a.qid = q.id AND a.hidden = 0
       WHERE q.hidden = 0 AND q.state <> 'D' AND q.id BETWEEN ? AND ? ORDER BY q.id DESC, a.id LIMIT 1`,
    )
      .bind(FIRST, LAST)
      .first<{ id: number; aid: number }>())!;
    const reader = await newUser("Читатель архива");
    const t1 = env.THREADS_1;
    const now = Date.now();
    // what THREADS_1's copy alone holds: a door showing it read the thread there (DB's copy takes no writes)
    await t1.prepare("UPDATE answers SET text = 'Ответ только в базе вопросов' WHERE id = ?").bind(moved.aid).run();
    const added = await t1
      .prepare("INSERT INTO comments (qid, ref_type, ref_id, user_id, text, added) VALUES (?, 'A', ?, ?, 'Реплика только в базе вопросов', ?) RETURNING id")
      .bind(moved.id, moved.aid, reader.id, now)
      .first<{ id: number }>();
    const cmid = added!.id;
    expect(cmid).toBeGreaterThan(ID_BLOCK);
    await t1.batch([
      t1.prepare("UPDATE answers SET comcnt = comcnt + 1 WHERE id = ?").bind(moved.aid),
      t1.prepare("INSERT INTO marks (target_type, target_id, user_id, added, qid) VALUES ('Q', ?, ?, ?, ?)").bind(moved.id, reader.id, now, moved.id),
      t1.prepare("INSERT INTO marks (target_type, target_id, user_id, added, qid) VALUES ('A', ?, ?, ?, ?)").bind(moved.aid, reader.id, now, moved.id),
      t1.prepare("INSERT OR IGNORE INTO best_votes (qid, answer_id, user_id, added) VALUES (?, ?, ?, ?)").bind(moved.id, moved.aid, reader.id, now),
      t1.prepare("INSERT INTO watches (qid, user_id, added) VALUES (?, ?, ?)").bind(moved.id, reader.id, now),
    ]);
    const inDb = (sql: string) => count(env.DB, sql, moved.id, reader.id);
    expect(await inDb("SELECT count(*) AS n FROM watches WHERE qid = ? AND user_id = ?")).toBe(0);

    // the pages: the answer's own page and its comment in context, on the answer's and on the question's address
    for (const path of [`/answer/${moved.aid}`, `/answer/${moved.aid}/cid-${cmid}`, `/question/${moved.id}/cid-${cmid}`]) {
      const res = await workerFetch(`${BASE}${path}`);
      const html = await res.text();
      expect(res.status, path).toBe(200);
      expect(html, path).toContain("Ответ только в базе вопросов");
      // the commenter's nick comes from DB, the comment from THREADS_1
      expect(html, path).toMatch(/Читатель архива[\s\S]{0,600}Реплика только в базе вопросов/);
    }

    // the read calls
    const shown = async (name: string, params: Record<string, string | number>, ...texts: string[]) => {
      const r = await get(name, params, reader);
      expect(r.json.status, name).toBe(200);
      for (const text of texts) expect(JSON.stringify(r.json), name).toContain(text);
      return r.json;
    };
    await shown("showans", { aid: moved.aid }, "Ответ только в базе вопросов", "Реплика только в базе вопросов");
    await shown("comments", { type: "A", refid: moved.aid }, "Реплика только в базе вопросов", "Читатель архива");
    await shown("all_comments", { type: "A", refid: moved.aid }, "Реплика только в базе вопросов");
    await shown("comment_context", { cmid }, "Ответ только в базе вопросов", "Реплика только в базе вопросов");
    await shown("whovoted", { qid: moved.id }, "Читатель архива");
    await shown("marked", { qid: moved.id }, "Читатель архива");
    await shown("marked", { aid: moved.aid }, "Читатель архива");
    const q = await shown("question", { qid: moved.id });
    // his own mark and watch, which only THREADS_1 holds
    expect(q).toMatchObject({ canmark: 0, watcher: 1 });
    expect(JSON.stringify(q.answers) + JSON.stringify(q.best)).toContain("Ответ только в базе вопросов");

    // his own parts on the question page: the watch he holds only in THREADS_1
    const mine = await page(`/question/${moved.id}`, reader);
    expect(mine.status).toBe(200);
    expect(mine.html).toContain("Не следить за вопросом");

    // a photo of the question that only THREADS_1 holds: its page, paged with the question's photos there
    const photo = await t1
      .prepare("INSERT INTO photos (user_id, src, width, height, added, target_type, target_id, qid) VALUES (?, ?, 640, 480, ?, 'Q', ?, ?) RETURNING id")
      .bind(reader.id, "ab".repeat(16), now, moved.id, moved.id)
      .first<{ id: number }>();
    const photoPage = await page(`/photo/${photo!.id}`);
    expect(photoPage.status).toBe(200);
    expect(photoPage.html).toContain(`/question/${moved.id}`);
    await t1.prepare("DELETE FROM photos WHERE id = ?").bind(photo!.id).run();

    // a photo of the answer that only THREADS_1 holds: its preview is found by its key there, and
    // served to a guest while the answer is live in THREADS_1
    const key = "cd".repeat(16);
    await t1
      .prepare("INSERT INTO photos (user_id, src, width, height, added, target_type, target_id, qid) VALUES (?, ?, 640, 480, ?, 'A', ?, ?)")
      .bind(reader.id, key, now, moved.aid, moved.id)
      .run();
    await env.PHOTOS.put(`p/${key}/800`, new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), { httpMetadata: { contentType: "image/jpeg" } });
    const preview = async () => (await workerFetch(`${BASE}/img/p/${key}/800`)).status;
    expect(await preview()).toBe(200);

    // a moderator's page of it: the answer dropped only in THREADS_1 is among those he may restore,
    // with its author's nick; its photo's preview is no guest's any more
    await t1.prepare("UPDATE answers SET hidden = 1, deleted_by = 'moder' WHERE id = ?").bind(moved.aid).run();
    const moder = await page(`/question/${moved.id}`, await as("moder@demo.local"));
    expect(moder.status).toBe(200);
    expect(moder.html).toMatch(new RegExp(`data-dropped-answer="${moved.aid}"[\\s\\S]{0,400}Ответ только в базе вопросов`));
    expect(await preview()).toBe(404);
    await t1.prepare("UPDATE answers SET hidden = 0, deleted_by = NULL WHERE id = ?").bind(moved.aid).run();
    await t1.prepare("DELETE FROM photos WHERE src = ?").bind(key).run();

    // the comment goes again, so that the next move's counts stay the writer's own
    await t1.batch([
      t1.prepare("DELETE FROM comments WHERE id = ?").bind(cmid),
      t1.prepare("UPDATE answers SET comcnt = comcnt - 1 WHERE id = ?").bind(moved.aid),
    ]);

    // the answer page of a moved question waits for one D1 round trip more in a row than one of DB's
    // own (DB's batch names the thread database; its people are those DB's rows named already)
    const inDbAnswer = (await env.DB.prepare(
      "SELECT a.id FROM answers a JOIN questions q ON q.id = a.qid WHERE q.id > ? AND a.hidden = 0 AND q.hidden = 0 AND q.state <> 'D' ORDER BY a.id LIMIT 1",
    )
      .bind(LAST + 10)
      .first<{ id: number }>())!.id;
    const serial = async (aid: number) => Number((await workerFetch(`${BASE}/answer/${aid}?uncached=${aid}`)).headers.get("x-d1-serial"));
    const [there, here] = [await serial(moved.aid), await serial(inDbAnswer)];
    expect(here).toBeGreaterThan(0);
    expect(there).toBeLessThanOrEqual(here + 1);
  });

  it("the bell decides a moved thread's part where the thread lives: its list, pages, feed, unread count, profile, pushes and mails", async () => {
    const pick = (from: number, to: number) =>
      env.DB.prepare(
        `SELECT q.id, a.id AS aid FROM questions q JOIN answers a ON a.qid = q.id AND a.hidden = 0 JOIN categories c ON c.id = q.category_id
         WHERE q.hidden = 0 AND q.state <> 'D' AND c.adult = 0 AND c.parent_id NOT IN (SELECT id FROM categories WHERE adult = 1)
           AND q.id BETWEEN ? AND ? ORDER BY q.id, a.id LIMIT 1`,
      )
        .bind(from, to)
        .first<{ id: number; aid: number }>();
    const moved = (await pick(FIRST, LAST))!;
    const staying = (await pick(LAST + 11, 1_000))!;
    const reader = await newUser("Получатель из архива");
    const t1 = env.THREADS_1;
    const now = Date.now();
    const title = (await t1.prepare("SELECT qtext FROM questions WHERE id = ?").bind(moved.id).first<{ qtext: string }>())!.qtext;
    const comment = await t1
      .prepare("INSERT INTO comments (qid, ref_type, ref_id, user_id, text, added) VALUES (?, 'Q', ?, 2, 'Реплика из архива', ?) RETURNING id")
      .bind(moved.id, moved.id, now)
      .first<{ id: number }>();
    // newest first: a notice of DB's thread, of the moved answer, of a comment only THREADS_1 holds, of the answer again, of DB's thread again
    const notice = (qid: number, aid: number | null, cmid: number | null, txt: string, at: number) =>
      env.DB.prepare("INSERT INTO notifications (user_id, kind, actor_id, qid, aid, cmid, txt, viewed, added) VALUES (?, ?, 2, ?, ?, ?, ?, 0, ?) RETURNING id")
        .bind(reader.id, cmid ? "comment" : "answer", qid, aid, cmid, txt, at)
        .first<{ id: number }>()
        .then((r) => r!.id);
    const older2 = await notice(staying.id, staying.aid, null, "Ответ в DB ранний", now - 5);
    const answer2 = await notice(moved.id, moved.aid, null, "Ответ из архива второй", now - 4);
    const onComment = await notice(moved.id, null, comment!.id, "Реплика из архива", now - 3);
    const answer1 = await notice(moved.id, moved.aid, null, "Ответ из архива первый", now - 2);
    const newest = await notice(staying.id, staying.aid, null, "Ответ в DB поздний", now - 1);
    const bulk = async (params: Record<string, number> = {}) => (await get("show_bulk", params, reader, "notify")).json;
    const nids = (items: { nid: number }[]) => items.map((i) => i.nid);

    // THREADS_1's rows go back as they were whatever fails: the next move counts them
    try {
      // the thread lives in THREADS_1: its title there is the one shown
      await t1.prepare("UPDATE questions SET qtext = 'Заголовок из базы вопросов' WHERE id = ?").bind(moved.id).run();
      const all = await bulk();
      expect(nids(all.bulk)).toEqual([newest, answer1, onComment, answer2, older2]);
      expect(all.res).toBe(5);
      expect(all.bulk.find((i: { nid: number }) => i.nid === onComment)).toMatchObject({ txtq: "Заголовок из базы вопросов", cmt: [comment!.id] });

      // the answer is dropped in THREADS_1 alone: DB's copy still has it live, and DB's SQL alone would show it
      await t1.prepare("UPDATE answers SET hidden = 1, deleted_by = 'moder' WHERE id = ?").bind(moved.aid).run();
      expect(await count(env.DB, "SELECT count(*) AS n FROM answers WHERE id = ? AND hidden = 0", moved.aid)).toBe(1);
      const shown = [newest, onComment, older2];
      const after = await bulk();
      expect(nids(after.bulk)).toEqual(shown);
      expect(after.res).toBe(3);
      expect((await get("show_nc", {}, reader, "notify")).json.res).toBe(3);
      // page by page, one a page: the pages read on past the dropped ones, none shown twice or skipped
      const pages = [];
      for (let p = 0; p < 4; p++) pages.push(...nids((await bulk({ n: 1, p })).bulk));
      expect(pages).toEqual(shown);
      const feed = (await get("feed", { n: 2 }, reader, "notify")).json;
      expect(nids(feed.feed)).toEqual([newest, onComment]);
      expect(nids((await get("feed", { n: 2, nid: feed.lastnid }, reader, "notify")).json.feed)).toEqual([older2]);
      const profile = await page(`/profile/id${reader.id}/feed/updates`, reader);
      expect(profile.html).toContain("комментарий к вопросу «Заголовок из базы вопросов»");
      expect(profile.html).not.toContain(`#answer-${moved.aid}`);
      expect(profile.html.match(/<li class="unread">/g)).toHaveLength(3);
      // what a push or a mail reads just before it is sent
      expect(nids(await shownToRecipients(env, [answer1, onComment, newest], Date.now())).sort()).toEqual([onComment, newest].sort());
      // a notice of the moved thread written now is heard only when its thread's part holds there
      const written = (nid: number, aid: number | null, cmid: number | null) => [
        [
          {
            notification: 1,
            nid,
            userId: reader.id,
            kind: cmid ? "comment" : "answer",
            actorId: 2,
            qid: moved.id,
            aid,
            cmid,
            home: "THREADS_1",
            recipientAdult: 0,
          },
        ],
      ];
      expect(await announce(env, written(answer1, moved.aid, null))).toBe(0);
      expect(await announce(env, written(onComment, null, comment!.id))).toBe(1);
    } finally {
      await t1.batch([
        t1.prepare("UPDATE answers SET hidden = 0, deleted_by = NULL WHERE id = ?").bind(moved.aid),
        t1.prepare("UPDATE questions SET qtext = ? WHERE id = ?").bind(title, moved.id),
        t1.prepare("DELETE FROM comments WHERE id = ?").bind(comment!.id),
      ]);
    }
    expect(nids((await bulk()).bulk)).toEqual([newest, answer1, answer2, older2]);
  });

  it("a write in a thread database pays its user through that database's outbox: one row in the write's batch, applied in DB once by the queue", async () => {
    const u = await newUser("Автор из архива");
    const on = envOn(env, "THREADS_1")!;
    const db = dbOf(on);
    const qid = FIRST + 1;
    const now = Date.now();
    const his = () =>
      env.DB.prepare(
        "SELECT points, (SELECT count(*) FROM points_ledger WHERE user_id = ?1 AND reason = 'poll_vote' AND ref_id = ?2) AS rows FROM users WHERE id = ?1",
      )
        .bind(u.id, qid)
        .first<{ points: number; rows: number }>();
    const before = (await his())!;
    await db.batch([
      db.insert(schema.watches).values({ qid, userId: u.id, added: now }),
      ...pointsChange(on, u.id, 2, "poll_vote", { type: "Q", id: qid }, now, true),
    ]);
    // the thread's row and the outbox row in THREADS_1; nothing of his points there or in DB yet
    // (and the mirror's row of the watch, for DB's copy)
    const queued = await t1Rows<{ id: string; target: string; kind: string; body: string }>("SELECT * FROM outbox WHERE sent IS NULL AND kind = 'points'");
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ target: "DB", kind: "points" });
    expect(JSON.parse(queued[0].body)).toMatchObject({ userId: u.id, delta: 2, reason: "poll_vote" });
    expect(await his()).toEqual(before);
    // the send after the response (or the cron's) takes it from THREADS_1; the queue applies it in DB
    expect(await sendAllUnsent(env, Date.now())).toBeGreaterThanOrEqual(2);
    await vi.waitFor(async () => expect(await his()).toEqual({ points: before.points + 2, rows: before.rows + 1 }), { timeout: 15_000, interval: 50 });
    expect(await t1Rows("SELECT id FROM outbox WHERE sent IS NULL")).toEqual([]);
    expect(await count(env.DB, "SELECT count(*) AS n FROM applied_events WHERE id = ?", queued[0].id)).toBe(1);
  });

  it("THREADS_1 → THREADS_2: the same, and the source's copy is deleted once no isolate reads it", async () => {
    const atStart = await rangeCounts(env.THREADS_1);
    const writesBefore = [...t.accepted.values()].flat().length;
    const liveCount = () => [...t.accepted.values()].flat().filter((w) => !t.deleted.has(w)).length;
    const liveBefore = liveCount();
    await moveWhileWriting("THREADS_2", t);
    const moved = await rangeCounts(env.THREADS_2);
    expect([...t.accepted.values()].flat().length).toBeGreaterThan(writesBefore);
    for (const table of THREAD_TABLES) if (table.name !== "comments") expect(moved[table.name], table.name).toBe(atStart[table.name]);
    // counted from the start of this move: the tests between the moves write in the range too
    expect(moved.comments).toBe(atStart.comments + liveCount() - liveBefore);
    expect(await comcnt(env.THREADS_2)).toBe(comcntBefore + [...t.accepted.values()].flat().length);
    expect(Object.values(await rangeCounts(env.THREADS_1)).every((n) => n === 0)).toBe(true);
    expect(await count(env.THREADS_1, "SELECT count(*) AS n FROM range_move_log")).toBe(0);
    expect(await count(env.THREADS_1, "SELECT count(*) AS n FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'range_move_log_%'")).toBe(0);
    expect((await readThreadRanges(env)).find((r) => r.firstId === FIRST)?.binding).toBe("THREADS_2");
  });
});

describe("the operator's door", () => {
  it("is refused without the secret, refuses a bad move in Russian, and moves a question to the end, refusing writes to it while frozen", async () => {
    const start = (body: unknown, headers: Record<string, string> = OPS) =>
      workerFetch(`${BASE}/api/ops/moves`, { method: "POST", headers, body: JSON.stringify(body) });
    expect((await start({ first: 31, last: 40, target: "THREADS_1" }, { "content-type": "application/json" })).status).toBe(403);
    expect((await start({ first: 31, last: 40, target: "THREADS_1" }, { ...OPS, "x-ops-secret": "wrong" })).status).toBe(403);

    const refusals = [
      { first: 40, last: 31, target: "THREADS_1" },
      { first: 31, last: 40, target: "DB" },
      { first: 31, last: 40, target: "THREADS_9" },
      { first: 31, last: 10_000_000, target: "THREADS_1" },
      { first: 25, last: 40, target: "THREADS_1" },
      "нет",
    ];
    for (const body of refusals) {
      const res = await start(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const r = await res.json<{ errid: number; error: string }>();
      expect(r.errid).toBe(ERR.moveInvalid);
      expect(r.error).toMatch(/[а-я]/);
    }

    // one open question DB holds, moved alone
    const open = await env.DB.prepare("SELECT id FROM questions WHERE state = 'A' AND hidden = 0 AND id > ? ORDER BY id DESC LIMIT 1")
      .bind(LAST)
      .first<{ id: number }>();
    expect(open).not.toBeNull();
    const q = open!.id;
    let res = await start({ first: q, last: q, target: "THREADS_1" });
    let p = await res.json<{ status: number; id: number; stage: string; waitMs: number }>();
    expect(res.status).toBe(200);
    // the call ran the move up to its freeze: a write to the range is told to come back in a second
    expect(p.stage).toBe("final");
    const frozen = await post("addans", { qid: q, Body: "Ответ во время переноса" }, await newUser("Спешащий"));
    expect(frozen.res.status).toBe(503);
    expect(frozen.json).toMatchObject({ errid: ERR.threadMoving, error: expect.stringContaining("Попробуйте ещё раз через секунду") });
    while (p.stage !== "done") {
      await scheduler.wait(p.waitMs);
      res = await workerFetch(`${BASE}/api/ops/moves/${p.id}`, { method: "POST", headers: OPS });
      p = await res.json();
      expect(res.status).toBe(200);
    }
    expect(await count(env.THREADS_1, "SELECT count(*) AS n FROM questions WHERE id = ?", q)).toBe(1);
    expect((await readThreadRanges(env)).map((r) => [r.firstId, r.binding])).toEqual([
      [FIRST, "THREADS_2"],
      [LAST + 1, "DB"],
      [q, "THREADS_1"],
      [q + 1, "DB"],
    ]);
  });
});

describe("the cron", () => {
  it("moves questions DB holds along their states and leaves the moved ones, which DB's guard would refuse", async () => {
    const states = async () => (await env.DB.prepare("SELECT id, state FROM questions ORDER BY id").all<{ id: number; state: string }>()).results;
    const before = await states();
    const later = Date.now() + 400 * 86_400_000;
    await advanceQuestions(env, later);
    const after = await states();
    const changed = after.filter((r, i) => r.state !== before[i].state).map((r) => r.id);
    expect(changed.length).toBeGreaterThan(0);
    const ranges = await readThreadRanges(env);
    expect(changed.filter((id) => bindingOf(ranges, id) !== "DB")).toEqual([]);
  });
});
