import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, get, type Me, page, post, postForm } from "./helpers/api";
import { exec, fingerprint, one, value } from "./helpers/db";
import { as, newUser, signIn } from "./helpers/users";
import { SHOWCASE } from "../../db/seed/seed";

/**
 * Volunteer moderation (docs/decisions/0015-moderation.md): drops and restores with their
 * counters, points, notifications and log rows; refusals that write nothing; the move, the ban,
 * the log pages and the links on the question page.
 */

const logRows = () => value("select count(*) v from mod_log");

/** Everything a moderation call may write. */
const snapshot = () =>
  fingerprint({
    log: "select count(*) from mod_log",
    notes: "select count(*) from notifications",
    ledger: "select count(*) from points_ledger",
    points: "select sum(points) from users",
    questions: "select group_concat(state || hidden || coalesce(deleted_by, '-')) from questions",
    answers: "select group_concat(hidden) from answers",
    comments: "select group_concat(hidden) from comments",
    qcounts: "select sum(anscnt) || '/' || sum(comcnt) from questions",
    acounts: "select sum(comcnt) from answers",
    cats: "select group_concat(category_id) from questions",
    qcount: "select group_concat(qcount) from categories",
    ucounts: "select sum(answers_count) || '/' || sum(best_count) || '/' || sum(questions_count) from users",
    bans: "select count(*) from bans",
    banned: "select group_concat(coalesce(banned_until, 0) || ban_permanent) from users",
    sessions: "select count(*) from sessions where revoked_at is null",
  });

/** A question's counters, its asker's and its categories' counts. */
async function questionCounters(qid: number) {
  return one(
    `select q.state, q.hidden, q.anscnt, q.comcnt, u.points, u.questions_count, u.answers_count,
            (select coalesce(sum(delta), 0) from points_ledger where user_id = u.id) ledger,
            (select qcount from categories where id = q.category_id) leaf, (select qcount from categories where id = q.top_category_id) top
       from questions q join users u on u.id = q.user_id where q.id = ?`,
    qid,
  );
}

async function userCounters(uid: number) {
  return one(
    "select points, answers_count, best_count, kpd, questions_count, (select coalesce(sum(delta), 0) from points_ledger where user_id = users.id) ledger from users where id = ?",
    uid,
  );
}

/** A fresh question of a fresh user, answered by another fresh user whom the asker thanks, with a comment on the answer. */
async function answeredQuestion() {
  const asker = await newUser("Участник");
  const answerer = await newUser("Участник");
  const commenter = await newUser("Участник");
  const asked = await post("addqst", { qtext: `Как выбрать велосипед для города? ${commenter.serial}`, cid: "1", subcid: "100" }, asker);
  expect(asked.json.status).toBe(200);
  const qid = asked.json.qid as number;
  const answered = await post("addans", { qid, Body: "Смотрите на размер рамы и вес." }, answerer);
  expect(answered.json.status).toBe(200);
  const aid = answered.json.id as number;
  expect((await post("thanks", { aid }, asker)).json.status).toBe(200);
  const commented = await post("addcmt", { type: "A", refid: aid, Body: "Согласен, рама важнее всего." }, commenter);
  expect(commented.json.status).toBe(200);
  return { asker, answerer, commenter, qid, aid, cmid: commented.json.id as number };
}

/** A fresh answered question moved (by hand) into category 601, its answer made the best one. */
async function questionIn601() {
  const { qid, aid } = await answeredQuestion();
  await exec("update questions set category_id = 601, top_category_id = 601, state = 'R', best_answer_id = ? where id = ?", aid, qid);
  await exec("update answers set best = 1 where id = ?", aid);
  return qid;
}

describe("dropping and restoring", () => {
  it("a moderator drops an unanswered question: one log row, the asker's 5 points back once, the counts, his notification; restore puts every counter back", async () => {
    const moder = await as("moder@demo.local");
    const qid = SHOWCASE.unansweredQuestionId;
    const before = await questionCounters(qid);
    expect(before).toMatchObject({ state: "A", hidden: 0, anscnt: 0 });
    const log = await logRows();

    const dropped = await post("a_qstdrop", { id: qid }, moder);
    expect(dropped.json).toMatchObject({ status: 200, qid, refunded: 5, undo: "a_qstrestore" });
    expect(await logRows()).toBe(log + 1);
    const row = await one("select moder_id, action, target_type, target_id, user_id, qid from mod_log order by id desc limit 1");
    expect(row).toEqual({ moder_id: moder.id, action: "qstdrop", target_type: "Q", target_id: qid, user_id: 1, qid });
    const after = await questionCounters(qid);
    expect(after).toMatchObject({
      state: "D",
      hidden: 1,
      anscnt: 0,
      points: before!.points + 5,
      ledger: before!.ledger + 5,
      leaf: before!.leaf - 1,
      top: before!.top - 1,
    });
    expect(after!.questions_count).toBe(before!.questions_count - 1);
    expect(await one("select deleted_by, state_before_delete from questions where id = ?", qid)).toEqual({ deleted_by: "moder", state_before_delete: "A" });
    const note = await one("select kind, actor_id, qid from notifications where user_id = 1 order by id desc limit 1");
    expect(note).toEqual({ kind: "moder_deleted", actor_id: moder.id, qid });

    // a second drop is refused and changes nothing: the refund is paid once
    const snap = await snapshot();
    const again = await post("a_qstdrop", { id: qid }, moder);
    expect({ status: again.res.status, errid: again.json.errid, error: again.json.error }).toEqual({ status: 409, errid: 417, error: "Вопрос уже удалён" });
    expect(await snapshot()).toEqual(snap);

    const restored = await post("a_qstrestore", { id: qid }, moder);
    expect(restored.json).toMatchObject({ status: 200, qid, charged: 5 });
    expect(await logRows()).toBe(log + 2);
    expect(await questionCounters(qid)).toEqual(before);
    expect(await one("select deleted_by, state_before_delete from questions where id = ?", qid)).toEqual({ deleted_by: null, state_before_delete: null });
    const notRestorable = await post("a_qstrestore", { id: qid }, moder);
    expect({ status: notRestorable.res.status, errid: notRestorable.json.errid }).toEqual({ status: 409, errid: 418 });
  });

  it("dropping an answered question refunds nothing and keeps the answers; restore returns it to its state", async () => {
    const moder = await as("moder@demo.local");
    const qid = SHOWCASE.openQuestionId;
    const before = await questionCounters(qid);
    expect(before!.anscnt).toBeGreaterThan(0);
    expect((await post("a_qstdrop", { id: qid }, moder)).json).toMatchObject({ status: 200, refunded: 0 });
    expect(await questionCounters(qid)).toMatchObject({ state: "D", points: before!.points, anscnt: before!.anscnt });
    expect((await post("a_qstrestore", { id: qid }, moder)).json).toMatchObject({ status: 200, charged: 0 });
    expect(await questionCounters(qid)).toEqual(before);
  });

  it("drop → restore of an answer returns every counter: the question's anscnt, the author's answers, kpd and the points it earned", async () => {
    const moder = await as("moder@demo.local");
    const { qid, aid, answerer, asker } = await answeredQuestion();
    const q0 = await questionCounters(qid);
    const u0 = await userCounters(answerer.id);
    expect(u0).toMatchObject({ answers_count: 1, points: 100 + 2 + 5 });
    const log = await logRows();

    const dropped = await post("a_ansdrop", { id: aid }, moder);
    expect(dropped.json).toMatchObject({ status: 200, aid, qid, undo: "a_ansrestore" });
    expect(await logRows()).toBe(log + 1);
    expect(await one("select hidden, deleted_by from answers where id = ?", aid)).toEqual({ hidden: 1, deleted_by: "moder" });
    expect(await questionCounters(qid)).toMatchObject({ anscnt: q0!.anscnt - 1, comcnt: q0!.comcnt });
    expect(await userCounters(answerer.id)).toMatchObject({ answers_count: 0, points: 100, ledger: 100 });
    expect(await one("select kind, actor_id, qid, aid from notifications where user_id = ? order by id desc limit 1", answerer.id)).toEqual({
      kind: "moder_deleted",
      actor_id: moder.id,
      qid,
      aid,
    });
    // the asker is not told about someone else's answer
    expect(await value("select count(*) v from notifications where user_id = ? and kind = 'moder_deleted'", asker.id)).toBe(0);

    const snap = await snapshot();
    const again = await post("a_ansdrop", { id: aid }, moder);
    expect({ status: again.res.status, errid: again.json.errid }).toEqual({ status: 409, errid: 419 });
    expect(await snapshot()).toEqual(snap);

    expect((await post("a_ansrestore", { id: aid }, moder)).json).toMatchObject({ status: 200, aid, qid });
    expect(await logRows()).toBe(log + 2);
    expect(await questionCounters(qid)).toEqual(q0);
    expect(await userCounters(answerer.id)).toEqual(u0);
    expect(await one("select hidden, deleted_by from answers where id = ?", aid)).toEqual({ hidden: 0, deleted_by: null });
  });

  it("drop → restore of a comment: the answer's comcnt follows, the author is notified of the drop, one log row each", async () => {
    const moder = await as("moder@demo.local");
    const { aid, cmid, commenter } = await answeredQuestion();
    const c0 = await value("select comcnt v from answers where id = ?", aid);
    const log = await logRows();
    expect((await post("a_cmtdrop", { id: cmid }, moder)).json).toMatchObject({ status: 200, cmid, aid });
    expect(await value("select comcnt v from answers where id = ?", aid)).toBe(c0 - 1);
    expect(await value("select hidden v from comments where id = ?", cmid)).toBe(1);
    expect(await one("select kind, cmid from notifications where user_id = ? order by id desc limit 1", commenter.id)).toEqual({ kind: "moder_deleted", cmid });
    expect(await logRows()).toBe(log + 1);
    const again = await post("a_cmtdrop", { id: cmid }, moder);
    expect({ status: again.res.status, errid: again.json.errid }).toEqual({ status: 409, errid: 421 });
    expect((await post("a_cmtrestore", { id: cmid }, moder)).json).toMatchObject({ status: 200, cmid });
    expect(await value("select comcnt v from answers where id = ?", aid)).toBe(c0);
    expect(await value("select hidden v from comments where id = ?", cmid)).toBe(0);
    expect(await logRows()).toBe(log + 2);
  });

  it("ten identical drops sent at once: one succeeds, one log row, one step of each counter", async () => {
    const moder = await as("moder@demo.local");
    const { qid, aid, answerer } = await answeredQuestion();
    const q0 = await questionCounters(qid);
    const log = await logRows();
    const replies = await Promise.all(Array.from({ length: 10 }, () => post("a_ansdrop", { id: aid }, moder)));
    expect(replies.filter((r) => r.json.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.res.status === 409 && r.json.errid === 419)).toHaveLength(9);
    expect(await logRows()).toBe(log + 1);
    expect(await questionCounters(qid)).toMatchObject({ anscnt: q0!.anscnt - 1 });
    expect(await userCounters(answerer.id)).toMatchObject({ answers_count: 0, points: 100 });
  });
});

describe("refusals change nothing", () => {
  it("guests, non-moderators, a moderator lacking the permission, comments outside volcats, category 601, unknown ids", async () => {
    const moder = await as("moder@demo.local");
    const user = await as("user@demo.local");
    const { qid, aid, cmid } = await answeredQuestion();
    // znatok becomes a moderator who may only drop answers and comments in category 2
    const limited = await signIn("znatok@demo.local");
    await exec(`update users set type = 'volonter', permissions = '["ansdrop","cmtdrop"]', volcats = '[2]' where id = ?`, limited.id);
    const in601 = await questionIn601();
    const best601 = await value("select id v from answers where qid = ? and best = 1", in601);
    const snap = await snapshot();
    const cases: [string, Record<string, string | number>, Me | undefined, number, number][] = [
      ["a_qstdrop", { id: qid }, undefined, 401, 101],
      ["a_qstdrop", { id: qid }, user, 403, 410],
      ["a_ansdrop", { id: aid }, user, 403, 410],
      ["a_cmtdrop", { id: cmid }, user, 403, 410],
      ["a_tmpban", { id: 1, period: 3, text: "spam" }, user, 403, 410],
      ["a_qstmove", { id: qid, cid: 2 }, user, 403, 410],
      ["a_qstdrop", { id: qid }, limited, 403, 411],
      ["a_qstrestore", { id: qid }, limited, 403, 411],
      ["a_ansrestore", { id: aid }, limited, 403, 411],
      ["a_tmpban", { id: 1, period: 3, text: "spam" }, limited, 403, 411],
      ["a_cmtdrop", { id: cmid }, limited, 403, 412],
      ["a_qstdrop", { id: in601 }, moder, 403, 413],
      ["a_ansdrop", { id: best601 }, moder, 403, 413],
      ["a_qstmove", { id: in601, cid: 2 }, moder, 403, 413],
      ["a_qstdrop", { id: 999999 }, moder, 404, 414],
      ["a_qstrestore", { id: 999999 }, moder, 404, 414],
      ["a_ansdrop", { id: 999999 }, moder, 404, 415],
      ["a_ansrestore", { id: 999999 }, moder, 404, 415],
      ["a_cmtdrop", { id: 999999 }, moder, 404, 416],
      ["a_cmtrestore", { id: 999999 }, moder, 404, 416],
      ["a_ansrestore", { id: aid }, moder, 409, 420],
      ["a_cmtrestore", { id: cmid }, moder, 409, 422],
      ["a_qstdrop", { id: "abc" }, moder, 400, 400],
    ];
    for (const [name, body, who, status, errid] of cases) {
      const { res, json } = await post(name, body, who);
      expect({ name, body, status: res.status, errid: json.errid }).toEqual({ name, body, status, errid });
      expect(typeof json.error).toBe("string");
    }
    expect((await post("a_qstdrop", { id: qid }, user)).json.error).toBe("Это действие доступно только модераторам");
    expect((await post("a_cmtdrop", { id: cmid }, limited)).json.error).toBe("Удалять комментарии вы можете только в своих категориях");
    expect(await snapshot()).toEqual(snap);
    await exec(`update users set type = '', permissions = '[]', volcats = '[]' where id = ?`, limited.id);
  });

  it("what the author deleted himself is not for a moderator to restore; an answer of a dropped question waits for the question", async () => {
    const moder = await as("moder@demo.local");
    const { qid, aid, asker } = await answeredQuestion();
    expect((await post("delqst", { qid }, asker)).json.status).toBe(200);
    const snap = await snapshot();
    const own = await post("a_qstrestore", { id: qid }, moder);
    expect({ status: own.res.status, errid: own.json.errid }).toEqual({ status: 409, errid: 423 });
    const ans = await post("a_ansdrop", { id: aid }, moder);
    expect({ status: ans.res.status, errid: ans.json.errid }).toEqual({ status: 409, errid: 424 });
    expect(await snapshot()).toEqual(snap);
  });
});

describe("moving a question", () => {
  it("moves to a subcategory: the counts of both places and one log row with from and to; 'Успешно'", async () => {
    const moder = await as("moder@demo.local");
    const { qid } = await answeredQuestion();
    const target = await one<{ id: number; parent_id: number }>(
      "select id, parent_id from categories where parent_id is not null and parent_id <> 1 and readonly = 0 and hidden = 0 and special is null order by id limit 1",
    );
    const counts = async () =>
      env.DB.prepare("select id, qcount from categories where id in (1, 100, ?, ?) order by id").bind(target!.id, target!.parent_id).all();
    const before = (await counts()).results as { id: number; qcount: number }[];
    const log = await logRows();
    const moved = await post("a_qstmove", { id: qid, cid: target!.parent_id, subcid: target!.id }, moder);
    expect(moved.json).toEqual({ status: 200, qid, cid: target!.id, message: "Успешно" });
    expect(await one("select category_id, top_category_id from questions where id = ?", qid)).toEqual({
      category_id: target!.id,
      top_category_id: target!.parent_id,
    });
    const after = (await counts()).results as { id: number; qcount: number }[];
    const delta = Object.fromEntries(after.map((r, i) => [r.id, r.qcount - before[i].qcount]));
    expect(delta).toEqual({ 1: -1, 100: -1, [target!.id]: 1, [target!.parent_id]: 1 });
    expect(await logRows()).toBe(log + 1);
    expect(await one("select action, from_category_id, to_category_id from mod_log order by id desc limit 1")).toEqual({
      action: "qstmove",
      from_category_id: 100,
      to_category_id: target!.id,
    });

    const snap = await snapshot();
    const cases: [Record<string, string | number>, number, number][] = [
      [{ id: qid }, 400, 425],
      [{ id: qid, cid: target!.parent_id }, 400, 426],
      [{ id: qid, cid: target!.id }, 409, 428],
      [{ id: qid, cid: 601 }, 403, 427],
      [{ id: qid, cid: 99999 }, 400, 425],
    ];
    for (const [body, status, errid] of cases) {
      const { res, json } = await post("a_qstmove", body, moder);
      expect({ body, status: res.status, errid: json.errid }).toEqual({ body, status, errid });
    }
    expect(await snapshot()).toEqual(snap);
  });
});

describe("temporary bans", () => {
  it("a ban writes the bans row, the user's ban fields and one log row in one go, signs him out; he reads but cannot write (110), and his profile says 'Заблокирован'", async () => {
    const moder = await as("moder@demo.local");
    const victim = await newUser("Участник");
    const second = await signIn(victim.email, "secret-pass");
    const log = await logRows();
    const banned = await post("a_tmpban", { id: victim.id, period: 72, text: ["insult", "Реклама или спам"] }, moder);
    expect(banned.json).toMatchObject({ status: 200, uid: victim.id, period: 72, permanent: 0 });
    expect(await logRows()).toBe(log + 1);
    expect(await one("select action, target_type, target_id, note from mod_log order by id desc limit 1")).toEqual({
      action: "tmpban",
      target_type: "U",
      target_id: victim.id,
      note: "72 часа: Оскорбление участников, Реклама или спам",
    });
    expect(await one("select moder_id, hours, reason, until - added v from bans where user_id = ?", victim.id)).toEqual({
      moder_id: moder.id,
      hours: 72,
      reason: "Оскорбление участников, Реклама или спам",
      v: 72 * 3_600_000,
    });
    const u = await one<{ banned_until: number; ban_permanent: number; ban_reason: string }>(
      "select banned_until, ban_permanent, ban_reason from users where id = ?",
      victim.id,
    );
    expect(u!.ban_permanent).toBe(0);
    expect(u!.banned_until).toBeGreaterThan(Date.now() + 71 * 3_600_000);
    expect(await value("select count(*) v from sessions where user_id = ? and revoked_at is null", victim.id)).toBe(0);

    // both old sessions are gone: a write asks to sign in again
    for (const old of [victim, second]) {
      const w = await post("addqst", { qtext: "Можно ли писать после бана?", cid: "1", subcid: "100" }, old);
      expect(w.json.errid).toBe(101);
    }
    // signed in again he reads, but every write is refused with 110
    const again = await signIn(victim.email, "secret-pass");
    const w = await post("addqst", { qtext: "Можно ли писать после бана?", cid: "1", subcid: "100" }, again);
    expect({ status: w.res.status, errid: w.json.errid, error: w.json.error }).toEqual({
      status: 403,
      errid: 110,
      error: "Ваш аккаунт заблокирован, писать пока нельзя",
    });
    expect((await post("addans", { qid: SHOWCASE.openQuestionId, Body: "Ответ" }, again)).json.errid).toBe(110);
    expect((await page(`/question/${SHOWCASE.openQuestionId}`, again.cookie)).res.status).toBe(200);
    const profile = await page(`/profile/id${victim.id}?after-ban`);
    expect(profile.html).toMatch(/data-testid="ban-notice"[^>]*>Заблокирован, осталось (72|71) ч</);

    const twice = await post("a_tmpban", { id: victim.id, period: 3, text: "spam" }, moder);
    expect({ status: twice.res.status, errid: twice.json.errid }).toEqual({ status: 409, errid: 433 });
  });

  it("777 hours or more is forever: no end, 'Заблокирован' with no time left", async () => {
    const moder = await as("moder@demo.local");
    const victim = await newUser("Участник");
    expect((await post("a_tmpban", { id: victim.id, period: 8640, text: "porn" }, moder)).json).toMatchObject({ status: 200, permanent: 1, until: null });
    expect(await one("select banned_until, ban_permanent from users where id = ?", victim.id)).toEqual({ banned_until: null, ban_permanent: 1 });
    expect(await value("select until is null v from bans where user_id = ?", victim.id)).toBe(1);
    const profile = await page(`/profile/id${victim.id}?forever`);
    expect(profile.html).toMatch(/data-testid="ban-notice"[^>]*>Заблокирован</);
  });

  it("refuses a period above the moderator's banduration, a permanent one without usrkiller, periods not offered, no reason, himself, another moderator, an unknown user — writing nothing", async () => {
    const moder = await as("moder@demo.local");
    const victim = await newUser("Участник");
    const limited = await signIn("guru@demo.local");
    await exec(`update users set type = 'volonter', permissions = '["tmpban"]', banduration = 43200 where id = ?`, limited.id);
    const short = await signIn("vip@demo.local");
    await exec(`update users set type = 'volonter', permissions = '["tmpban","usrkiller"]', banduration = 24 where id = ?`, short.id);
    const snap = await snapshot();
    const cases: [Record<string, string | number | string[]>, Me, number, number][] = [
      [{ id: victim.id, period: 72, text: "spam" }, short, 403, 431],
      [{ id: victim.id, period: 8640, text: "spam" }, limited, 403, 431],
      [{ id: victim.id, period: 5, text: "spam" }, moder, 400, 430],
      [{ id: victim.id, period: "", text: "spam" }, moder, 400, 430],
      [{ id: victim.id, period: 3 }, moder, 400, 429],
      [{ id: victim.id, period: 3, text: "не нравится" }, moder, 400, 429],
      [{ id: moder.id, period: 3, text: "spam" }, moder, 400, 432],
      [{ id: limited.id, period: 3, text: "spam" }, moder, 403, 434],
      [{ id: 999999, period: 3, text: "spam" }, moder, 404, 435],
    ];
    for (const [body, who, status, errid] of cases) {
      const { res, json } = await post("a_tmpban", body, who);
      expect({ body, status: res.status, errid: json.errid }).toEqual({ body, status, errid });
    }
    expect(await snapshot()).toEqual(snap);
    // within his limits the limited moderators may ban
    expect((await post("a_tmpban", { id: victim.id, period: 720, text: "chat" }, limited)).json.status).toBe(200);
    await exec(`update users set type = '', permissions = '[]', banduration = 0 where id in (?, ?)`, limited.id, short.id);
  });

  it("the ban form offers the 13 reasons and only the periods up to the moderator's banduration, all required; others get 404", async () => {
    const moder = await as("moder@demo.local");
    const victim = await newUser("Участник");
    const { res, html } = await page(`/moderlog/ban/${victim.id}`, moder.cookie);
    expect(res.status).toBe(200);
    expect(html).toContain(`action="/do/a_tmpban?return=${encodeURIComponent(`/profile/id${victim.id}`)}"`);
    expect([...html.matchAll(/<option value="(\w+)"/g)]).toHaveLength(13);
    expect(html).toMatch(/<select[^>]*name="text"[^>]*multiple=""[^>]*required=""|<select[^>]*required=""[^>]*name="text"/);
    expect([...html.matchAll(/name="period" required="" value="(\d+)"/g)].map((m) => Number(m[1]))).toEqual([3, 6, 12, 24, 72, 168, 720, 8640, 43200]);

    await exec(`update users set banduration = 72 where id = ?`, moder.id);
    const capped = await page(`/moderlog/ban/${victim.id}?capped`, moder.cookie);
    expect([...capped.html.matchAll(/name="period" required="" value="(\d+)"/g)].map((m) => Number(m[1]))).toEqual([3, 6, 12, 24, 72]);
    await exec(`update users set banduration = 43200 where id = ?`, moder.id);

    const user = await as("user@demo.local");
    expect((await page(`/moderlog/ban/${victim.id}`, user.cookie)).res.status).toBe(404);
    expect((await page(`/moderlog/ban/${victim.id}`)).res.status).toBe(404);

    // the form door: the ban, then back to the profile
    const posted = await postForm("a_tmpban", { id: victim.id, period: 3, text: "mat" }, `/profile/id${victim.id}`, moder);
    expect(posted.res.status).toBe(302);
    expect(posted.res.headers.get("location")).toBe(`/profile/id${victim.id}`);
    expect(await value("select ban_reason v from users where id = ?", victim.id)).toBe("Нецензурная лексика");
  });
});

describe("the moderation log", () => {
  it("/moderlog/id{id} is 404 for guests and non-moderators; moderators see the tabs, the dropped question with its author and 'Восстановить'", async () => {
    const moder = await as("moder@demo.local");
    const user = await as("user@demo.local");
    const { qid, asker } = await answeredQuestion();
    expect((await post("a_qstdrop", { id: qid }, moder)).json.status).toBe(200);
    expect((await page(`/moderlog/id${moder.id}`)).res.status).toBe(404);
    expect((await page(`/moderlog/id${moder.id}`, user.cookie)).res.status).toBe(404);
    expect((await page(`/moderlog/id${moder.id}/nothing`, moder.cookie)).res.status).toBe(404);

    const { res, html } = await page(`/moderlog/id${moder.id}`, moder.cookie);
    expect(res.status).toBe(200);
    for (const tab of ["answers", "banned", "notes", "moved"]) expect(html).toContain(`href="/moderlog/id${moder.id}/${tab}"`);
    expect(html).toContain(`href="/question/${qid}"`);
    expect(html).toContain(`href="/profile/id${asker.id}"`);
    expect(html).toContain(`action="/do/a_qstrestore?return=${encodeURIComponent(`/moderlog/id${moder.id}`)}"`);
    expect(html).toContain(`name="id" value="${qid}"`);

    // the modqlist read lists it too; non-moderators are refused
    const list = (await get("modqlist", { n: 5 }, moder)).json;
    expect(list.status).toBe(200);
    expect(list.list[0]).toMatchObject({ action: "qstdrop", qid, usrid: asker.id, restorable: 1 });
    const refused = (await get("modqlist", {}, user)).json;
    expect(refused).toMatchObject({ status: 403, errid: 410 });

    // the other tabs list their own actions
    const banned = await page(`/moderlog/id${moder.id}/banned`, moder.cookie);
    expect(banned.res.status).toBe(200);
    expect(banned.html).toContain("Оскорбление участников");
    const moved = await page(`/moderlog/id${moder.id}/moved`, moder.cookie);
    expect(moved.html).toContain("→");

    // restoring from the log: the form door comes back to the log
    const restored = await postForm("a_qstrestore", { id: qid }, `/moderlog/id${moder.id}`, moder);
    expect(restored.res.status).toBe(302);
    expect(restored.res.headers.get("location")).toBe(`/moderlog/id${moder.id}`);
    expect(await value("select hidden v from questions where id = ?", qid)).toBe(0);
  });

  it("the form door's drop of a question lands on the log, where the undo is", async () => {
    const moder = await as("moder@demo.local");
    const { qid } = await answeredQuestion();
    const dropped = await postForm("a_qstdrop", { id: qid }, `/question/${qid}`, moder);
    expect(dropped.res.status).toBe(302);
    expect(dropped.res.headers.get("location")).toBe(`/moderlog/id${moder.id}`);
    const log = await page(`/moderlog/id${moder.id}`, moder.cookie);
    expect(log.html).toContain(`name="id" value="${qid}"`);
  });
});

describe("moderation links on the question page", () => {
  it("a moderator sees drop, move and ban forms; others do not; after an answer drop the page offers 'Восстановить'", async () => {
    const moder = await as("moder@demo.local");
    const user = await as("user@demo.local");
    const { qid, aid, cmid, answerer } = await answeredQuestion();
    const back = encodeURIComponent(`/question/${qid}`);

    const mine = await page(`/question/${qid}`, moder.cookie);
    expect(mine.html).toContain(`action="/do/a_qstdrop?return=${back}"`);
    expect(mine.html).toContain(`action="/do/a_qstmove?return=${back}"`);
    expect(mine.html).toContain("/do/a_ansdrop?return=");
    expect(mine.html).toContain("/do/a_cmtdrop?return=");
    expect(mine.html).toContain(`href="/moderlog/ban/${answerer.id}"`);

    for (const who of [user, undefined]) {
      const other = await page(`/question/${qid}?as-${who ? "user" : "guest"}`, who?.cookie);
      expect(other.html).not.toContain("/do/a_");
      expect(other.html).not.toContain("/moderlog/ban/");
    }

    const dropped = await postForm("a_ansdrop", { id: aid }, `/question/${qid}`, moder);
    expect(dropped.res.status).toBe(302);
    expect(dropped.res.headers.get("location")).toBe(`/question/${qid}`);
    const after = await page(`/question/${qid}`, moder.cookie);
    expect(after.html).toContain("/do/a_ansrestore?return=");
    expect(after.html).toContain("Восстановить");
    expect(after.html).toContain(`name="id" value="${aid}"`);
    // the comment form is there, the comment drop gives no undo
    expect((await postForm("a_cmtdrop", { id: cmid }, `/question/${qid}`, moder)).res.status).toBe(302);
    expect((await page(`/question/${qid}?x`, moder.cookie)).html).not.toContain("/do/a_cmtrestore");
    // the guest does not see the dropped answer
    const guest = await page(`/question/${qid}?guest-after`);
    expect(guest.html).not.toContain("Смотрите на размер рамы");
  });

  it("a moderator holding only some permissions sees only those links; nothing in category 601", async () => {
    const limited = await signIn("znatok@demo.local");
    await exec(`update users set type = 'volonter', permissions = '["ansdrop"]', volcats = '[]' where id = ?`, limited.id);
    const { qid } = await answeredQuestion();
    const html = (await page(`/question/${qid}`, limited.cookie)).html;
    expect(html).toContain("/do/a_ansdrop?return=");
    expect(html).not.toContain("/do/a_qstdrop");
    expect(html).not.toContain("/do/a_qstmove");
    expect(html).not.toContain("/do/a_cmtdrop");
    expect(html).not.toContain("/moderlog/ban/");
    await exec(`update users set type = '', permissions = '[]' where id = ?`, limited.id);

    const moder = await as("moder@demo.local");
    const in601 = await questionIn601();
    const special = await page(`/question/${in601}`, moder.cookie);
    expect(special.res.status).toBe(200);
    expect(special.html).not.toContain("/do/a_");
  });
});

describe("what the pages' loaders get for moderators", () => {
  it("the deleted-question view's and the profile's moderator data: restore and ban for a moderator, nothing for others", async () => {
    const { getSession } = await import("../../app/models/users/session.server");
    const { moderOnDeletedQuestion, moderOnPage } = await import("../../app/models/moderation/on-page.server");
    const moder = await as("moder@demo.local");
    const user = await as("user@demo.local");
    const sessionOf = (me: Me) => getSession(env, new Request(`${BASE}/`, { headers: { cookie: me.cookie } }));
    const { qid } = await answeredQuestion();
    expect((await post("a_qstdrop", { id: qid }, moder)).json.status).toBe(200);
    const forModer = await moderOnDeletedQuestion(env, await sessionOf(moder), qid, Date.now());
    expect(forModer?.moder).toMatchObject({ moderId: moder.id, qstrestore: true, tmpban: true });
    expect(await moderOnDeletedQuestion(env, await sessionOf(user), qid, Date.now())).toBeNull();
    expect(await moderOnDeletedQuestion(env, null, qid, Date.now())).toBeNull();
    expect((await moderOnPage(env, await sessionOf(moder)))?.moder).toMatchObject({ moderId: moder.id, tmpban: true, qstdrop: false });
    expect(await moderOnPage(env, await sessionOf(user))).toBeNull();
    // the pages: the moderator's deleted view has the restore control and the author; others' has neither
    const asModer = await page(`/question/${qid}`, moder.cookie);
    expect(asModer.res.status).toBe(404);
    expect(asModer.html).toContain('data-testid="moder-deleted"');
    expect(asModer.html).toContain("Восстановить");
    const asUser = await page(`/question/${qid}`, user.cookie);
    expect(asUser.html).toContain("Вопрос не найден или удален");
    expect(asUser.html).not.toContain('data-testid="moder-deleted"');
    const profile = await page(`/profile/id${user.id}`, moder.cookie);
    expect(profile.html).toContain('data-testid="moder-profile-links"');
    expect(profile.html).toContain(`/moderlog/ban/${user.id}`);
    expect((await page(`/profile/id${moder.id}`, user.cookie)).html).not.toContain('data-testid="moder-profile-links"');
    expect((await post("a_qstrestore", { id: qid }, moder)).json.status).toBe(200);
  });

  it("a refusal through the form door shows its Russian text and changes nothing", async () => {
    const limited = await signIn("znatok@demo.local");
    await exec(`update users set type = 'volonter', permissions = '["ansdrop"]' where id = ?`, limited.id);
    const { qid } = await answeredQuestion();
    const snap = await snapshot();
    const refused = await postForm("a_qstdrop", { id: qid }, `/question/${qid}`, limited);
    expect({ status: refused.res.status, location: refused.res.headers.get("location") }).toEqual({ status: 403, location: null });
    expect(refused.html).toContain("У вас нет права на это действие");
    expect(refused.html).toContain('data-errid="411"');
    expect(await snapshot()).toEqual(snap);
    await exec(`update users set type = '', permissions = '[]' where id = ?`, limited.id);
  });
});
