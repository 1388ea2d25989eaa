import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { post } from "./helpers/api";
import { fingerprint, value } from "./helpers/db";
import { as } from "./helpers/users";
import { SHOWCASE } from "../../db/seed/seed";

const snapshot = () =>
  fingerprint({
    marks: "select count(*) from marks",
    qmarks: "select sum(totalmarks) from questions",
    amarks: "select sum(totalmarks) from answers",
  });

const Q = SHOWCASE.openQuestionId;

describe("marks («нравится») on questions and answers", () => {
  it("fifty identical mark calls sent at once leave exactly one mark and one step of totalmarks", async () => {
    const guru = await as("guru@demo.local");
    const before = await value("select totalmarks v from questions where id = ?", Q);
    const replies = await Promise.all(Array.from({ length: 50 }, () => post("mark", { qid: Q }, guru)));
    const ok = replies.filter((r) => r.json.status === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0].json).toEqual({ status: 200, canmark: 0, totalmarks: before + 1 });
    expect(replies.filter((r) => r.res.status === 409 && r.json.errid === 177)).toHaveLength(49);
    expect(await value("select count(*) v from marks where target_type = 'Q' and target_id = ? and user_id = ?", Q, guru.id)).toBe(1);
    expect(await value("select totalmarks v from questions where id = ?", Q)).toBe(before + 1);
  });

  it("unmark takes the mark back, and a second unmark is refused", async () => {
    const guru = await as("guru@demo.local");
    const before = await value("select totalmarks v from questions where id = ?", Q);
    expect((await post("unmark", { qid: Q }, guru)).json).toEqual({ status: 200, canmark: 1, totalmarks: before - 1 });
    expect(await value("select count(*) v from marks where target_type = 'Q' and target_id = ? and user_id = ?", Q, guru.id)).toBe(0);
    const snap = await snapshot();
    const again = await post("unmark", { qid: Q }, guru);
    expect(again.res.status).toBe(409);
    expect(again.json.errid).toBe(178);
    expect(await snapshot()).toEqual(snap);
  });

  it("totalmarks never goes below 0", async () => {
    const guru = await as("guru@demo.local");
    expect((await post("mark", { qid: Q }, guru)).json.status).toBe(200);
    await env.DB.prepare("update questions set totalmarks = 0 where id = ?").bind(Q).run();
    expect((await post("unmark", { qid: Q }, guru)).json).toEqual({ status: 200, canmark: 1, totalmarks: 0 });
    expect(await value("select totalmarks v from questions where id = ?", Q)).toBe(0);
  });

  it("a user marks someone else's answer and takes the mark back", async () => {
    const vip = await as("vip@demo.local");
    const aid = await value("select id v from answers where qid = ? and user_id <> ? and hidden = 0 order by id limit 1", Q, vip.id);
    const before = await value("select totalmarks v from answers where id = ?", aid);
    expect((await post("mark", { aid }, vip)).json).toEqual({ status: 200, canmark: 0, totalmarks: before + 1 });
    expect(await value("select count(*) v from marks where target_type = 'A' and target_id = ? and user_id = ?", aid, vip.id)).toBe(1);
    expect((await post("mark", { aid }, vip)).json).toMatchObject({ status: 409, errid: 177 });
    expect((await post("unmark", { aid }, vip)).json).toEqual({ status: 200, canmark: 1, totalmarks: before });
  });

  it("one's own question or answer cannot be marked", async () => {
    const owner = await value("select user_id v from questions where id = ?", Q);
    const author = await env.DB.prepare("select id, user_id from answers where qid = ? and hidden = 0 order by id limit 1")
      .bind(Q)
      .first<{ id: number; user_id: number }>();
    await env.DB.prepare("update users set email = 'owner-q@test.local' where id = ?").bind(owner).run();
    await env.DB.prepare("update users set email = 'author-a@test.local' where id = ?").bind(author!.user_id).run();
    const snap = await snapshot();
    const q = await post("mark", { qid: Q }, await as("owner-q@test.local"));
    expect(q.res.status).toBe(403);
    expect(q.json).toMatchObject({ errid: 176, error: "Нельзя отмечать свой вопрос или ответ" });
    expect((await post("mark", { aid: author!.id }, await as("author-a@test.local"))).json.errid).toBe(176);
    expect(await snapshot()).toEqual(snap);
  });

  it("guests, banned users, deleted or missing targets and bad input are refused without a trace", async () => {
    const snap = await snapshot();
    expect((await post("mark", { qid: Q })).json).toMatchObject({ status: 401, errid: 101 });
    expect((await post("mark", { qid: Q }, await as("banned@demo.local"))).json).toMatchObject({ status: 403, errid: 110 });
    const znatok = await as("znatok@demo.local");
    expect((await post("mark", { qid: SHOWCASE.deletedQuestionId }, znatok)).json).toMatchObject({ status: 404, errid: 181 });
    expect((await post("mark", { qid: SHOWCASE.missingQuestionId }, znatok)).json).toMatchObject({ status: 404, errid: 181 });
    const deletedAnswer = await value("select id v from answers where qid = ? limit 1", SHOWCASE.deletedQuestionId);
    expect((await post("mark", { aid: deletedAnswer }, znatok)).json).toMatchObject({ status: 404, errid: 181 });
    expect((await post("mark", { aid: 99_999_999 }, znatok)).json).toMatchObject({ status: 404, errid: 167 });
    expect((await post("mark", {}, znatok)).json).toMatchObject({ status: 400, errid: 179 });
    expect((await post("mark", { qid: Q, aid: 1 }, znatok)).json).toMatchObject({ status: 400, errid: 179 });
    expect((await post("mark", { qid: "-3" }, znatok)).json).toMatchObject({ status: 400, errid: 180 });
    expect((await post("unmark", { qid: "x" }, znatok)).json).toMatchObject({ status: 400, errid: 180 });
    expect(await snapshot()).toEqual(snap);
  });
});
