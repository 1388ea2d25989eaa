import { env } from "cloudflare:test";
import jpegUrl from "../fixtures/photos/gps.jpg?inline";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ERR } from "../../app/lib/errids";
import { ID_BLOCK } from "../../app/lib/ids";
import { moveStep, startMove } from "../../app/models/ops/move-range.server";
import { sendAllUnsent } from "../../app/models/effects/outbox.server";
import { BASE, get, page, post, workerFetch } from "./helpers/api";
import { countIn as count } from "./helpers/db";
import { as, newUser } from "./helpers/users";

/**
 * The writes of a moved thread (decision 0061): the seeded store's questions 1–30 move from DB to
 * THREADS_1, then answers, comments, edits, marks, reactions, votes, watches, supplements and the
 * asker's deletion are written there, and the queue brings DB its mirror of the rows, the notices
 * and the users' and categories' counts. The move itself under writes is thread-ranges.test.ts.
 */

const FIRST = 1;
const LAST = 30;
const JPEG = Uint8Array.from(atob(jpegUrl.slice(jpegUrl.indexOf(",") + 1)), (c) => c.charCodeAt(0));

beforeAll(async () => {
  // the move's steps wait for the isolates' maps to expire (RANGE_MAP_TTL_MS) between them
  const move = await startMove(env, { first: FIRST, last: LAST, target: "THREADS_1" }, Date.now());
  for (let stage = move.stage, steps = 0; stage !== "done"; steps++) {
    expect(steps).toBeLessThan(500);
    const p = await moveStep(env, move.id, Date.now());
    stage = p.stage;
    if (p.waitMs > 0) await new Promise((r) => setTimeout(r, p.waitMs));
  }
});

describe("writing a moved thread where it lives", () => {
  it("an answer and a comment on a moved thread are written where it lives; the queue brings DB its copy, the notices, the author's points and count", async () => {
    const moved = (await env.DB.prepare(
      `SELECT q.id, q.user_id AS owner, q.qtext FROM questions q JOIN categories c ON c.id = q.category_id
       WHERE q.state = 'A' AND q.hidden = 0 AND c.adult = 0 AND c.parent_id NOT IN (SELECT id FROM categories WHERE adult = 1)
         AND q.id BETWEEN ? AND ? ORDER BY q.id DESC LIMIT 1`,
    )
      .bind(FIRST, LAST)
      .first<{ id: number; owner: number; qtext: string }>())!;
    const me = await newUser("Отвечает в архив");
    const commenter = await newUser("Комментирует архив");
    const mine = () =>
      env.DB.prepare(
        `SELECT points, answers_count AS answers, (SELECT count(*) FROM points_ledger WHERE user_id = ?1 AND reason = 'answer') AS paid,
           (SELECT sum(delta) FROM points_ledger WHERE user_id = ?1) AS ledger FROM users WHERE id = ?1`,
      )
        .bind(me.id)
        .first<{ points: number; answers: number; paid: number; ledger: number }>();
    const start = (await mine())!;
    // paid once for the answer, and his points still the sum of his ledger
    const paidOnce = async () => {
      const now = (await mine())!;
      expect({ answers: now.answers, paid: now.paid, earned: now.points > start.points }).toEqual({
        answers: start.answers + 1,
        paid: start.paid + 1,
        earned: true,
      });
      expect(now.points - start.points).toBe(now.ledger - start.ledger);
    };

    // his answer shows a photo he uploaded (the upload's row is DB's)
    const form = new FormData();
    form.set("file", new File([JPEG], "a.jpg", { type: "image/jpeg" }));
    form.set("salt", me.salt);
    form.set("token", me.token);
    const uploaded = await workerFetch(`${BASE}/api/slow/upload`, { method: "POST", headers: { origin: BASE, cookie: me.cookie }, body: form });
    const pid = Number(((await uploaded.json()) as { pid: number }).pid);
    const photo = (d1: D1Database) => d1.prepare("SELECT target_type, target_id FROM photos WHERE id = ?").bind(pid).first();
    const answer = await post("addans", { qid: moved.id, Body: `Ответ, записанный в базу вопросов\n/photo/${pid}` }, me);
    expect(answer.json).toMatchObject({ status: 200 });
    const aid = answer.json.id as number;
    // an id of THREADS_1's block, the row there, and its question's count there
    expect(aid).toBeGreaterThan(ID_BLOCK);
    expect(await count(env.THREADS_1, "SELECT count(*) AS n FROM answers WHERE id = ? AND qid = ?", aid, moved.id)).toBe(1);
    const comment = await post("addcmt", { type: "A", refid: aid, Body: "Комментарий, записанный в базу вопросов" }, commenter);
    expect(comment.json.status).toBe(200);
    const cmid = comment.json.id as number;
    expect(await count(env.THREADS_1, "SELECT count(*) AS n FROM comments WHERE id = ? AND ref_id = ?", cmid, aid)).toBe(1);
    // the page reads them where they live at once
    const html = await (await workerFetch(`${BASE}/question/${moved.id}?uncached=written`)).text();
    expect(html).toContain("Ответ, записанный в базу вопросов");
    expect(html).toContain("Комментарий, записанный в базу вопросов");
    // the photo's row is attached there, and DB's upload row becomes attached by the mirror
    expect(await photo(env.THREADS_1)).toEqual({ target_type: "A", target_id: aid });
    await sendAllUnsent(env, Date.now());
    await vi.waitFor(async () => expect(await photo(env.DB)).toEqual({ target_type: "A", target_id: aid }), { timeout: 15_000, interval: 50 });
    // edited there too, without the photo, and its edit page reads it there
    const edited = await post("editans", { qid: moved.id, update: aid, Body: "Ответ, исправленный в базе вопросов" }, me);
    expect(edited.json.status, JSON.stringify(edited.json)).toBe(200);
    expect(await count(env.THREADS_1, "SELECT count(*) AS n FROM answers WHERE id = ? AND text LIKE '%исправленный%' AND edited_at IS NOT NULL", aid)).toBe(1);
    expect((await page(`/answer/${aid}/edit`, me)).html).toContain("Ответ, исправленный в базе вопросов");
    expect(await photo(env.THREADS_1)).toBeNull();

    // the queue brings DB the rest: its copy of the rows, the notices, his points and count
    await sendAllUnsent(env, Date.now());
    const row = (d1: D1Database) =>
      d1.prepare("SELECT q.anscnt, a.text, a.comcnt FROM questions q JOIN answers a ON a.qid = q.id WHERE a.id = ?").bind(aid).first();
    await vi.waitFor(async () => expect(await row(env.DB)).toEqual(await row(env.THREADS_1)), { timeout: 15_000, interval: 50 });
    await vi.waitFor(async () => expect(await count(env.DB, "SELECT count(*) AS n FROM comments WHERE id = ?", cmid)).toBe(1), {
      timeout: 15_000,
      interval: 50,
    });
    await vi.waitFor(paidOnce, { timeout: 15_000, interval: 50 });
    await vi.waitFor(
      async () =>
        expect(await count(env.DB, "SELECT count(*) AS n FROM notifications WHERE user_id = ? AND kind = 'answer' AND aid = ?", moved.owner, aid)).toBe(1),
      { timeout: 15_000, interval: 50 },
    );
    await vi.waitFor(
      async () => expect((await get("show_bulk", {}, me, "notify")).json.bulk[0]).toMatchObject({ a: "comment", cmt: [cmid], txtq: moved.qtext }),
      {
        timeout: 15_000,
        interval: 50,
      },
    );
    // the photo the edit dropped is his own upload again in DB, not gone
    await vi.waitFor(async () => expect(await photo(env.DB)).toEqual({ target_type: null, target_id: null }), { timeout: 15_000, interval: 50 });
    // DB's lists, kept from its copy: his profile's answers
    expect((await page(`/profile/id${me.id}/answers`)).html).toContain(moved.qtext.slice(0, 20));
    // sent again, nothing is applied twice
    await sendAllUnsent(env, Date.now());
    await paidOnce();
    expect(await count(env.DB, "SELECT count(*) AS n FROM notifications WHERE kind = 'answer' AND aid = ?", aid)).toBe(1);
    // DB's guard still refuses the same writes made in DB itself
    await expect(env.DB.prepare("UPDATE answers SET text = 'мимо' WHERE id = ?").bind(aid).run()).rejects.toThrow(/thread moved/);
  });

  it("a supplement, marks, thanks, the best answer, a vote for it, watching, a poll's vote and the asker's deletion on a moved thread are written where it lives; DB's copy and the author's counters follow", async () => {
    const [first, second] = (
      await env.THREADS_1.prepare(
        `SELECT q.id FROM questions q WHERE q.hidden = 0 AND q.state <> 'D' AND q.id BETWEEN ? AND ? AND q.user_id NOT IN (2, 3)
           AND EXISTS (SELECT 1 FROM answers a WHERE a.qid = q.id AND a.hidden = 0) AND NOT EXISTS (SELECT 1 FROM answers a WHERE a.qid = q.id AND a.user_id IN (2, 3))
           AND NOT EXISTS (SELECT 1 FROM best_votes v WHERE v.qid = q.id AND v.user_id = 3)
         ORDER BY q.id LIMIT 2`,
      )
        .bind(FIRST, LAST)
        .all<{ id: number }>()
    ).results.map((r) => r.id);
    // the demo's Знаток (2) and Гуру (3) neither asked nor answered them, nor did Гуру vote
    const owner = await as("znatok@demo.local");
    // the test's setup, in the database the thread lives in: the first question is the Знаток's, open
    // and new (so he may choose its best answer); the second is on the vote for its best answer
    await env.THREADS_1.batch([
      env.THREADS_1.prepare("UPDATE questions SET user_id = ?, state = 'A', added = ?, best_answer_id = NULL WHERE id = ?").bind(owner.id, Date.now(), first),
      env.THREADS_1.prepare("UPDATE answers SET best = 0 WHERE qid = ?").bind(first),
      env.THREADS_1.prepare("UPDATE questions SET state = 'V', best_answer_id = NULL WHERE id = ?").bind(second),
    ]);
    const writer = await newUser("Пишет в архив");
    const fan = await newUser("Ценит архив");
    const his = () =>
      env.DB.prepare("SELECT points, best_count AS best, (SELECT sum(delta) FROM points_ledger WHERE user_id = ?1) AS ledger FROM users WHERE id = ?1")
        .bind(writer.id)
        .first<{ points: number; best: number; ledger: number }>();
    const answer = await post("addans", { qid: first, Body: "Лучший ответ из базы вопросов" }, writer);
    expect(answer.json.status).toBe(200);
    const aid = answer.json.id as number;
    await sendAllUnsent(env, Date.now());
    await vi.waitFor(async () => expect(await count(env.DB, "SELECT count(*) AS n FROM answers WHERE id = ?", aid)).toBe(1), { timeout: 15_000, interval: 50 });
    const start = (await his())!;

    // the asker's supplement, written there
    const supplement = await post("updqst", { qid: first, Body: "Дополнение из базы вопросов" }, owner);
    expect(supplement.json.status, JSON.stringify(supplement.json)).toBe(200);
    const supplements = (d1: D1Database) => count(d1, "SELECT count(*) AS n FROM supplements WHERE qid = ? AND text LIKE '%из базы вопросов%'", first);
    expect(await supplements(env.THREADS_1)).toBe(1);

    expect((await post("mark", { qid: first }, fan)).json).toMatchObject({ status: 200, totalmarks: expect.any(Number) });
    expect((await post("mark", { aid }, fan)).json.status).toBe(200);
    expect((await post("thanks", { aid }, owner)).json.status).toBe(200);
    expect((await post("selectbest", { aid }, owner)).json.status).toBe(200);
    const other = (await env.THREADS_1.prepare("SELECT id FROM answers WHERE qid = ? AND hidden = 0 ORDER BY id LIMIT 1")
      .bind(second)
      .first<{ id: number }>())!;
    const voter = await as("guru@demo.local");
    const vote = await post("votefor", { qid: second, aid: other.id }, voter);
    expect(vote.json.status, JSON.stringify(vote.json)).toBe(200);

    // written where the threads live, with nothing of them in DB's copy yet
    const thread = (d1: D1Database) =>
      d1
        .prepare(
          `SELECT q.state, q.best_answer_id AS best, q.totalmarks AS qmarks, a.totalmarks AS amarks, a.canth_status AS canth,
             (SELECT count(*) FROM marks m WHERE m.user_id = ?2) AS marks, (SELECT rating FROM answers WHERE id = ?3) AS rating,
             (SELECT count(*) FROM best_votes v WHERE v.qid = ?4) AS votes
           FROM questions q JOIN answers a ON a.id = ?1 WHERE q.id = a.qid`,
        )
        .bind(aid, fan.id, other.id, second)
        .first();
    expect(await thread(env.THREADS_1)).toMatchObject({ state: "R", best: aid, amarks: 1, canth: 1, marks: 2 });
    // the queue brings DB its copy, the writer's best answer, and his points for the thanks
    await sendAllUnsent(env, Date.now());
    await vi.waitFor(async () => expect(await thread(env.DB)).toEqual(await thread(env.THREADS_1)), { timeout: 15_000, interval: 50 });
    await vi.waitFor(async () => expect(await supplements(env.DB)).toBe(1), { timeout: 15_000, interval: 50 });
    await vi.waitFor(
      async () => {
        const now = (await his())!;
        expect(now.best).toBe(start.best + 1);
        expect(now.points).toBeGreaterThan(start.points);
        expect(now.points - start.points).toBe(now.ledger - start.ledger);
      },
      { timeout: 15_000, interval: 50 },
    );
    // following it: the row where it lives, his count in DB by the queue, and back
    const watching = async () => (await env.DB.prepare("SELECT watchcnt AS n FROM users WHERE id = ?").bind(fan.id).first<{ n: number }>())!.n;
    const watchedBefore = await watching();
    expect((await post("startwatch", { qid: first }, fan)).json.status).toBe(200);
    expect((await post("startwatch", { qid: first }, fan)).json.errid).toBe(ERR.alreadyWatching);
    expect((await post("stopnotify", { id: first, type: "Q" }, fan)).json.status).toBe(200);
    expect(await count(env.THREADS_1, "SELECT count(*) AS n FROM watches WHERE qid = ? AND user_id = ? AND answers = 0", first, fan.id)).toBe(1);
    await sendAllUnsent(env, Date.now());
    await vi.waitFor(async () => expect(await watching()).toBe(watchedBefore + 1), { timeout: 15_000, interval: 50 });
    expect((await post("dropwatch", { qid: first }, fan)).json.status).toBe(200);
    expect((await post("dropwatch", { qid: first }, fan)).json.errid).toBe(ERR.notWatching);
    await sendAllUnsent(env, Date.now());
    await vi.waitFor(async () => expect(await watching()).toBe(watchedBefore), { timeout: 15_000, interval: 50 });

    // taken back where it lives too
    expect((await post("unmark", { aid }, fan)).json.status).toBe(200);
    expect(await count(env.THREADS_1, "SELECT count(*) AS n FROM marks WHERE user_id = ? AND target_type = 'A'", fan.id)).toBe(0);

    // a poll there (set up where it lives): the vote and the counts are written there, DB's copy follows
    await env.THREADS_1.batch([
      env.THREADS_1.prepare("UPDATE questions SET state = 'A', poll_type = 'S' WHERE id = ?").bind(second),
      env.THREADS_1.prepare("INSERT INTO poll_options (qid, position, text, votes) VALUES (?1, 1, 'Да', 0), (?1, 2, 'Нет', 0)").bind(second),
    ]);
    const options = (await env.THREADS_1.prepare("SELECT id FROM poll_options WHERE qid = ? ORDER BY position").bind(second).all<{ id: number }>()).results;
    expect(options[0].id).toBeGreaterThan(ID_BLOCK);
    const polled = await post("votepoll", { qid: second, vote: String(options[1].id) }, fan);
    expect(polled.json).toMatchObject({ status: 200, total_voted: 1 });
    expect((await post("votepoll", { qid: second, vote: String(options[0].id) }, fan)).json.errid).toBe(ERR.alreadyVotedInPoll);
    const poll = (d1: D1Database) =>
      d1.prepare("SELECT o.votes, q.total_voted AS total FROM poll_options o JOIN questions q ON q.id = o.qid WHERE o.id = ?").bind(options[1].id).first();
    expect(await poll(env.THREADS_1)).toEqual({ votes: 1, total: 1 });
    await sendAllUnsent(env, Date.now());
    await vi.waitFor(async () => expect(await poll(env.DB)).toEqual({ votes: 1, total: 1 }), { timeout: 15_000, interval: 50 });

    // the asker deletes his question there; its categories' counts and his own follow in DB
    const { category_id: leaf, top_category_id: top } = (await env.THREADS_1.prepare("SELECT category_id, top_category_id FROM questions WHERE id = ?")
      .bind(first)
      .first<{ category_id: number; top_category_id: number }>())!;
    const counts = async () =>
      (await env.DB.prepare(
        "SELECT (SELECT qcount FROM categories WHERE id = ?1) AS leaf, (SELECT qcount FROM categories WHERE id = ?2) AS top, (SELECT questions_count FROM users WHERE id = ?3) AS his",
      )
        .bind(leaf, top, owner.id)
        .first<{ leaf: number; top: number; his: number }>())!;
    const countsBefore = await counts();
    expect((await post("delqst", { qid: first }, owner)).json.status).toBe(200);
    expect((await post("delqst", { qid: first }, owner)).json.errid).toBe(ERR.questionGone);
    expect(await count(env.THREADS_1, "SELECT count(*) AS n FROM questions WHERE id = ? AND state = 'D' AND hidden = 1", first)).toBe(1);
    await sendAllUnsent(env, Date.now());
    await vi.waitFor(
      async () =>
        expect(await counts()).toEqual({
          leaf: Math.max(countsBefore.leaf - 1, 0),
          top: Math.max(countsBefore.top - 1, 0),
          his: Math.max(countsBefore.his - 1, 0),
        }),
      { timeout: 15_000, interval: 50 },
    );
    await vi.waitFor(async () => expect(await count(env.DB, "SELECT count(*) AS n FROM questions WHERE id = ? AND state = 'D'", first)).toBe(1), {
      timeout: 15_000,
      interval: 50,
    });
  });
});
