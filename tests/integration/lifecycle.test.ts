import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { advanceOne, advanceQuestions } from "../../app/models/questions/lifecycle.server";
import { one } from "./helpers/db";

const DAY = 86_400_000;
/** a fixed clock, far after the seed's data */
const NOW = Date.UTC(2030, 0, 15, 12, 0, 0);
const OWNER = 10;
const LEAF = 100;
const TOP = 1;

/** A question straight in D1: state, age, answers (each with a rating and an age). */
async function makeQuestion(o: {
  state: "A" | "V";
  added: number;
  changed?: number;
  poll?: "S" | "C";
  answers?: { rating?: number; added?: number; user?: number; hidden?: number }[];
}) {
  const answers = o.answers ?? [];
  const visible = answers.filter((a) => !a.hidden).length;
  const q = await env.DB.prepare(
    `insert into questions (user_id, category_id, top_category_id, qtext, state, anscnt, poll_type, added, state_changed_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
  )
    .bind(OWNER, LEAF, TOP, "Вопрос для проверки сроков", o.state, visible, o.poll ?? null, o.added, o.changed ?? o.added, o.changed ?? o.added)
    .first<{ id: number }>();
  const qid = q!.id;
  await env.DB.batch([
    env.DB.prepare("update categories set qcount = qcount + 1 where id in (?, ?)").bind(LEAF, TOP),
    ...answers.map((a, i) =>
      env.DB.prepare("insert into answers (qid, user_id, text, added, rating, hidden) values (?, ?, ?, ?, ?, ?)").bind(
        qid,
        a.user ?? 20 + i,
        `Ответ ${i + 1}`,
        a.added ?? o.added + (i + 1) * 60_000,
        a.rating ?? 0,
        a.hidden ?? 0,
      ),
    ),
  ]);
  const ids = (await env.DB.prepare("select id from answers where qid = ? order by id").bind(qid).all<{ id: number }>()).results.map((r) => r.id);
  return { qid, aids: ids };
}

const stateOf = (qid: number) =>
  one<{ state: string; hidden: number; best_answer_id: number | null; deleted_by: string | null; state_changed_at: number }>(
    "select state, hidden, best_answer_id, deleted_by, state_changed_at from questions where id = ?",
    qid,
  );

describe("the question lifecycle", () => {
  it("an open question with two answers goes to voting at exactly 4 days, not a millisecond before", async () => {
    const added = NOW - 4 * DAY;
    const { qid } = await makeQuestion({ state: "A", added, answers: [{}, {}] });
    expect(await advanceOne(env, qid, NOW - 1)).toBeNull();
    expect(await stateOf(qid)).toMatchObject({ state: "A" });
    expect(await advanceOne(env, qid, NOW)).toBe("A>V");
    expect(await stateOf(qid)).toMatchObject({ state: "V", hidden: 0, best_answer_id: null, state_changed_at: NOW });
    // nothing more is due until the voting window closes
    expect(await advanceOne(env, qid, NOW + 3 * DAY - 1)).toBeNull();
  });

  it("an open question with a single answer is resolved with that answer as the best", async () => {
    const { qid, aids } = await makeQuestion({ state: "A", added: NOW - 5 * DAY, answers: [{ user: 30 }] });
    const before = await one<{ best_count: number }>("select best_count from users where id = 30");
    expect(await advanceOne(env, qid, NOW)).toBe("A>R");
    expect(await stateOf(qid)).toMatchObject({ state: "R", best_answer_id: aids[0] });
    expect(await one("select best from answers where id = ?", aids[0])).toEqual({ best: 1 });
    expect(await one("select best_count from users where id = 30")).toEqual({ best_count: before!.best_count + 1 });
    // a second pass changes nothing
    expect(await advanceOne(env, qid, NOW + DAY)).toBeNull();
    expect(await one("select best_count from users where id = 30")).toEqual({ best_count: before!.best_count + 1 });
  });

  it("an unanswered open question is deleted automatically and its 5 points are refunded once", async () => {
    const { qid } = await makeQuestion({ state: "A", added: NOW - 4 * DAY });
    const before = await one<{ points: number }>("select points from users where id = ?", OWNER);
    const cats = await env.DB.prepare("select qcount from categories where id in (?, ?) order by id").bind(TOP, LEAF).all<{ qcount: number }>();
    expect(await advanceOne(env, qid, NOW - 1)).toBeNull();
    expect(await advanceOne(env, qid, NOW)).toBe("A>D");
    expect(await one("select state, hidden, deleted_by, state_before_delete from questions where id = ?", qid)).toEqual({
      state: "D",
      hidden: 1,
      deleted_by: "auto",
      state_before_delete: "A",
    });
    expect(await one("select points from users where id = ?", OWNER)).toEqual({ points: before!.points + 5 });
    expect(await one("select delta, reason, ref_type, ref_id from points_ledger where user_id = ? order by id desc limit 1", OWNER)).toEqual({
      delta: 5,
      reason: "ask_refund",
      ref_type: "Q",
      ref_id: qid,
    });
    const after = await env.DB.prepare("select qcount from categories where id in (?, ?) order by id").bind(TOP, LEAF).all<{ qcount: number }>();
    expect(after.results.map((c) => c.qcount)).toEqual(cats.results.map((c) => c.qcount - 1));
    expect(await advanceOne(env, qid, NOW + DAY)).toBeNull();
    await advanceQuestions(env, NOW + DAY);
    expect(await one("select points from users where id = ?", OWNER)).toEqual({ points: before!.points + 5 });
  });

  it("a poll is resolved after 4 days without a best answer and is never deleted", async () => {
    const { qid } = await makeQuestion({ state: "A", added: NOW - 4 * DAY, poll: "S" });
    expect(await advanceOne(env, qid, NOW - 1)).toBeNull();
    expect(await advanceOne(env, qid, NOW)).toBe("poll>R");
    expect(await stateOf(qid)).toMatchObject({ state: "R", hidden: 0, best_answer_id: null });
  });

  it("voting ends after exactly 3 days with the most-voted answer; a tie goes to the earliest answer", async () => {
    const changed = NOW - 3 * DAY;
    const { qid, aids } = await makeQuestion({
      state: "V",
      added: changed - 4 * DAY,
      changed,
      answers: [{ rating: 2 }, { rating: 3 }, { rating: 3 }, { rating: 5, hidden: 1 }],
    });
    expect(await advanceOne(env, qid, NOW - 1)).toBeNull();
    expect(await stateOf(qid)).toMatchObject({ state: "V" });
    expect(await advanceOne(env, qid, NOW)).toBe("V>R");
    expect(await stateOf(qid)).toMatchObject({ state: "R", best_answer_id: aids[1], state_changed_at: NOW });
    const best = await env.DB.prepare("select id from answers where qid = ? and best = 1").bind(qid).all<{ id: number }>();
    expect(best.results).toEqual([{ id: aids[1] }]);
  });

  it("voting with no votes for any answer (only 'against all' or none) resolves to the earliest answer", async () => {
    const changed = NOW - 4 * DAY;
    const { qid, aids } = await makeQuestion({
      state: "V",
      added: changed - 4 * DAY,
      changed,
      answers: [{ added: changed - 2 * DAY }, { added: changed - 3 * DAY }],
    });
    await env.DB.prepare("update questions set votes_against = 4 where id = ?").bind(qid).run();
    expect(await advanceOne(env, qid, NOW)).toBe("V>R");
    expect(await stateOf(qid)).toMatchObject({ state: "R", best_answer_id: aids[1] });
  });

  it("a voting question whose answers were all hidden is resolved without a best answer", async () => {
    const changed = NOW - 3 * DAY;
    const { qid } = await makeQuestion({ state: "V", added: changed - 4 * DAY, changed, answers: [{ hidden: 1 }, { hidden: 1 }] });
    expect(await advanceOne(env, qid, NOW)).toBe("V>R");
    expect(await stateOf(qid)).toMatchObject({ state: "R", best_answer_id: null });
  });

  it("the cron run moves every due question once; a second run changes nothing", async () => {
    const due = [
      await makeQuestion({ state: "A", added: NOW - 6 * DAY, answers: [{}, {}, {}] }),
      await makeQuestion({ state: "A", added: NOW - 6 * DAY, answers: [{ user: 31 }] }),
      await makeQuestion({ state: "A", added: NOW - 6 * DAY }),
      await makeQuestion({ state: "V", added: NOW - 9 * DAY, changed: NOW - 5 * DAY, answers: [{ rating: 1 }, { rating: 4 }] }),
    ];
    const fresh = await makeQuestion({ state: "A", added: NOW - 3 * DAY, answers: [{}] });
    const points = await one<{ points: number }>("select points from users where id = ?", OWNER);
    const summary = await advanceQuestions(env, NOW);
    expect(summary["A>V"]).toBeGreaterThanOrEqual(1);
    expect(summary["A>D"]).toBeGreaterThanOrEqual(1);
    expect((await stateOf(due[0].qid))!.state).toBe("V");
    expect(await stateOf(due[1].qid)).toMatchObject({ state: "R", best_answer_id: due[1].aids[0] });
    expect(await stateOf(due[2].qid)).toMatchObject({ state: "D", deleted_by: "auto" });
    expect(await stateOf(due[3].qid)).toMatchObject({ state: "R", best_answer_id: due[3].aids[1] });
    expect((await stateOf(fresh.qid))!.state).toBe("A");
    expect(await one("select points from users where id = ?", OWNER)).toEqual({ points: points!.points + 5 });

    const ledger = await one<{ n: number }>("select count(*) n from points_ledger");
    const bests = await one<{ n: number }>("select count(*) n from answers where best = 1");
    const again = await advanceQuestions(env, NOW);
    expect(Object.values(again).reduce((a, b) => a + b, 0)).toBe(0);
    expect(await one("select count(*) n from points_ledger")).toEqual(ledger);
    expect(await one("select count(*) n from answers where best = 1")).toEqual(bests);
    // no resolved question has more than one best answer
    expect(await one("select count(*) n from (select qid from answers where best = 1 group by qid having count(*) > 1)")).toEqual({ n: 0 });
  });
});
