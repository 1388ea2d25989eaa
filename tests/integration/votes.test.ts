import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { type Me, post } from "./helpers/api";
import { expectPointsMatchLedger, fingerprint, one, value } from "./helpers/db";
import { signIn } from "./helpers/users";
import { SHOWCASE } from "../../db/seed/seed";

/** Everything the vote calls may touch, to show that a refusal changed nothing. */
const snapshot = async () =>
  JSON.stringify(
    await fingerprint({
      bestVotes: "select count(*) from best_votes",
      lastBestVote: "select max(id) from best_votes",
      rating: "select sum(rating) from answers",
      against: "select sum(votes_against) from questions",
      voted: "select sum(total_voted) from questions",
      pollVotes: "select count(*) from poll_votes",
      lastPollVote: "select max(id) from poll_votes",
      optionVotes: "select sum(votes) from poll_options",
      points: "select sum(points) from users",
      ledger: "select count(*) from points_ledger",
    }),
  );

const used = new Set<number>();
/** A signed-in seeded user (any password is demo12345) matching a condition, never the same twice. */
async function someone(where: string, ...args: unknown[]): Promise<Me> {
  const rows = await env.DB.prepare(`select id, email from users u where banned_until is null and ${where} order by id`)
    .bind(...args)
    .all<{ id: number; email: string }>();
  const row = rows.results.find((r) => !used.has(r.id));
  if (!row) throw new Error(`no such seeded user: ${where}`);
  used.add(row.id);
  return signIn(row.email);
}

const VQ = SHOWCASE.votingQuestionId;
/** An expert-level user who may vote on the voting question. */
const freshExpertVoter = () =>
  someone(
    "lvl not in (1, 2) and id != (select user_id from questions where id = ?) and id not in (select user_id from answers where qid = ?) and id not in (select user_id from best_votes where qid = ?)",
    VQ,
    VQ,
    VQ,
  );
const answerOf = async (qid: number) => (await one<{ id: number }>("select id from answers where qid = ? and hidden = 0 order by id limit 1", qid))!.id;

describe("voting for the best answer (votefor, voteagainst)", () => {
  it("a Знаток votes for an answer: one vote row, the answer's rating +1 and one point with its ledger row", async () => {
    const me = await freshExpertVoter();
    const aid = await answerOf(VQ);
    const rating = (await one<{ rating: number }>("select rating from answers where id = ?", aid))!.rating;
    const points = (await one<{ points: number }>("select points from users where id = ?", me.id))!.points;
    const { res, json } = await post("votefor", { qid: String(VQ), aid: String(aid) }, me);
    expect(res.status).toBe(200);
    expect(json).toEqual({ status: 200, dpoints: 1 });
    expect(await one("select answer_id from best_votes where qid = ? and user_id = ?", VQ, me.id)).toEqual({ answer_id: aid });
    expect((await one<{ rating: number }>("select rating from answers where id = ?", aid))!.rating).toBe(rating + 1);
    expect((await one<{ points: number }>("select points from users where id = ?", me.id))!.points).toBe(points + 1);
    expect(await value("select count(*) v from points_ledger where user_id = ? and reason = 'best_vote' and ref_id = ?", me.id, VQ)).toBe(1);
    await expectPointsMatchLedger();

    // a second vote, for or against, is "already counted" (rid 4) and changes nothing
    const before = await snapshot();
    const again = await post("votefor", { qid: String(VQ), aid: String(aid) }, me);
    expect(again.res.status).toBe(409);
    expect(again.json).toMatchObject({ status: 409, errid: 213 });
    expect((await post("voteagainst", { qid: String(VQ) }, me)).json.errid).toBe(213);
    expect(await snapshot()).toBe(before);
  });

  it("a Знаток votes against all: votes_against +1 and one point", async () => {
    const me = await freshExpertVoter();
    const against = (await one<{ v: number }>("select votes_against v from questions where id = ?", VQ))!.v;
    const { json } = await post("voteagainst", { qid: String(VQ) }, me);
    expect(json).toEqual({ status: 200, dpoints: 1 });
    expect(await one("select answer_id from best_votes where qid = ? and user_id = ?", VQ, me.id)).toEqual({ answer_id: null });
    expect((await one<{ v: number }>("select votes_against v from questions where id = ?", VQ))!.v).toBe(against + 1);
    expect(await value("select count(*) v from points_ledger where user_id = ? and reason = 'best_vote'", me.id)).toBe(1);
    await expectPointsMatchLedger();
  });

  it("50 concurrent identical votes from one user leave one row, one increment and one ledger row", async () => {
    const me = await freshExpertVoter();
    const aid = await answerOf(VQ);
    const rating = (await one<{ rating: number }>("select rating from answers where id = ?", aid))!.rating;
    const points = (await one<{ points: number }>("select points from users where id = ?", me.id))!.points;
    const replies = await Promise.all(Array.from({ length: 50 }, () => post("votefor", { qid: String(VQ), aid: String(aid) }, me)));
    const statuses = replies.map((r) => r.json.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.json.errid === 213)).toHaveLength(49);
    expect(await value("select count(*) v from best_votes where qid = ? and user_id = ?", VQ, me.id)).toBe(1);
    expect((await one<{ rating: number }>("select rating from answers where id = ?", aid))!.rating).toBe(rating + 1);
    expect((await one<{ points: number }>("select points from users where id = ?", me.id))!.points).toBe(points + 1);
    expect(await value("select count(*) v from points_ledger where user_id = ? and reason = 'best_vote'", me.id)).toBe(1);
    await expectPointsMatchLedger();
  });

  it("refusals: guest, banned, below Знаток, the owner, an answerer, not on voting, wrong answer — nothing changes", async () => {
    const aid = await answerOf(VQ);
    const owner = await someone("id = (select user_id from questions where id = ?)", VQ);
    const answerer = await someone("id in (select user_id from answers where qid = ?)", VQ);
    const novice = await someone(
      "lvl in (1, 2) and id not in (select user_id from answers where qid = ?) and id not in (select user_id from best_votes where qid = ?)",
      VQ,
      VQ,
    );
    const banned = await signIn("banned@demo.local");
    const voter = await freshExpertVoter();
    const otherAnswer = await answerOf(SHOWCASE.resolvedQuestionId);
    const before = await snapshot();
    const expectRefusal = async (name: string, body: Record<string, string>, me: Me | null, status: number, errid: number) => {
      const { res, json } = await post(name, body, me ?? undefined);
      expect(res.status, `${name} ${JSON.stringify(body)}`).toBe(status);
      expect(json, `${name} ${JSON.stringify(body)}`).toMatchObject({ status, errid, error: expect.any(String) });
    };
    const vote = { qid: String(VQ), aid: String(aid) };
    await expectRefusal("votefor", vote, null, 401, 101);
    await expectRefusal("votefor", vote, banned, 403, 110);
    await expectRefusal("votefor", vote, novice, 403, 166);
    await expectRefusal("voteagainst", { qid: String(VQ) }, novice, 403, 166);
    await expectRefusal("votefor", vote, owner, 403, 211);
    await expectRefusal("votefor", vote, answerer, 403, 212);
    await expectRefusal("voteagainst", { qid: String(VQ) }, answerer, 403, 212);
    await expectRefusal("votefor", { qid: String(VQ), aid: String(otherAnswer) }, voter, 404, 215);
    await expectRefusal("votefor", { qid: String(VQ), aid: "999999999" }, voter, 404, 215);
    await expectRefusal("votefor", { qid: String(SHOWCASE.openQuestionId), aid: String(await answerOf(SHOWCASE.openQuestionId)) }, voter, 409, 210);
    await expectRefusal("voteagainst", { qid: String(SHOWCASE.resolvedQuestionId) }, voter, 409, 210);
    await expectRefusal("voteagainst", { qid: String(SHOWCASE.deletedQuestionId) }, voter, 404, 181);
    await expectRefusal("voteagainst", { qid: String(SHOWCASE.missingQuestionId) }, voter, 404, 181);
    expect(await snapshot()).toBe(before);
  });
});

describe("poll voting (votepoll)", () => {
  const PS = SHOWCASE.pollSingleQuestionId;
  const options = async (qid: number) =>
    (await env.DB.prepare("select id optid, votes from poll_options where qid = ? order by position").bind(qid).all<{ optid: number; votes: number }>())
      .results;
  const freshPollVoter = (qid: number) =>
    someone("id not in (select user_id from poll_votes where qid = ?) and id != (select user_id from questions where id = ?)", qid, qid);

  it("a user votes in a single-choice poll: the row, the option's count, total_voted and one point", async () => {
    const me = await freshPollVoter(PS);
    const opts = await options(PS);
    const total = (await one<{ t: number }>("select total_voted t from questions where id = ?", PS))!.t;
    const { res, json } = await post("votepoll", { qid: String(PS), vote: String(opts[1].optid) }, me);
    expect(res.status).toBe(200);
    const expected = opts.map((o, i) => ({ optid: o.optid, votes: o.votes + (i === 1 ? 1 : 0) }));
    expect(json).toEqual({ status: 200, dpoints: 1, total_voted: total + 1, options: expected });
    expect(await options(PS)).toEqual(expected);
    expect(await one("select options from poll_votes where qid = ? and user_id = ?", PS, me.id)).toEqual({ options: JSON.stringify([opts[1].optid]) });
    expect(await value("select count(*) v from points_ledger where user_id = ? and reason = 'poll_vote' and ref_id = ?", me.id, PS)).toBe(1);
    await expectPointsMatchLedger();

    const before = await snapshot();
    const again = await post("votepoll", { qid: String(PS), vote: String(opts[0].optid) }, me);
    expect(again.res.status).toBe(409);
    expect(again.json).toMatchObject({ status: 409, errid: 225 });
    expect(await snapshot()).toBe(before);
  });

  it("the owner may vote in his own poll", async () => {
    const email = (await one<{ email: string }>("select email from users where id = (select user_id from questions where id = ?)", PS))!.email;
    const owner = await signIn(email);
    expect(await value("select count(*) v from poll_votes where qid = ? and user_id = ?", PS, owner.id)).toBe(0);
    const opts = await options(PS);
    const { json } = await post("votepoll", { qid: String(PS), vote: String(opts[0].optid) }, owner);
    expect(json).toMatchObject({ status: 200, dpoints: 1 });
    expect(await value("select count(*) v from poll_votes where qid = ? and user_id = ?", PS, owner.id)).toBe(1);
    await expectPointsMatchLedger();
  });

  it("a multiple-choice poll takes several options (repeated field or vote[]) and counts each", async () => {
    // the seeded multiple-choice showcase is resolved: reopen it for this test
    const PM = SHOWCASE.pollMultiQuestionId;
    await env.DB.prepare("update questions set state = 'A' where id = ?").bind(PM).run();
    const opts = await options(PM);
    const total = (await one<{ t: number }>("select total_voted t from questions where id = ?", PM))!.t;
    const me = await freshPollVoter(PM);
    const { json } = await post("votepoll", { qid: String(PM), "vote[]": [String(opts[0].optid), String(opts[2].optid)] }, me);
    expect(json).toMatchObject({ status: 200, dpoints: 1, total_voted: total + 1 });
    const after = await options(PM);
    expect(after.map((o) => o.votes)).toEqual(opts.map((o, i) => o.votes + (i === 0 || i === 2 ? 1 : 0)));
    expect(json.options).toEqual(after);
    const me2 = await freshPollVoter(PM);
    const one2 = await post("votepoll", { qid: String(PM), vote: String(opts[1].optid) }, me2);
    expect(one2.json).toMatchObject({ status: 200, total_voted: total + 2 });
    await env.DB.prepare("update questions set state = 'R' where id = ?").bind(PM).run();
    await expectPointsMatchLedger();
  });

  it("50 concurrent identical poll votes from one user leave one row, one increment and one ledger row", async () => {
    const me = await freshPollVoter(PS);
    const opts = await options(PS);
    const total = (await one<{ t: number }>("select total_voted t from questions where id = ?", PS))!.t;
    const points = (await one<{ points: number }>("select points from users where id = ?", me.id))!.points;
    const replies = await Promise.all(Array.from({ length: 50 }, () => post("votepoll", { qid: String(PS), vote: String(opts[2].optid) }, me)));
    expect(replies.filter((r) => r.json.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.json.errid === 225)).toHaveLength(49);
    expect(await value("select count(*) v from poll_votes where qid = ? and user_id = ?", PS, me.id)).toBe(1);
    expect((await options(PS))[2].votes).toBe(opts[2].votes + 1);
    expect((await one<{ t: number }>("select total_voted t from questions where id = ?", PS))!.t).toBe(total + 1);
    expect((await one<{ points: number }>("select points from users where id = ?", me.id))!.points).toBe(points + 1);
    expect(await value("select count(*) v from points_ledger where user_id = ? and reason = 'poll_vote'", me.id)).toBe(1);
    await expectPointsMatchLedger();
  });

  it("refusals: nothing chosen, two options in a single-choice poll, a foreign option, a closed poll, not a poll — nothing changes", async () => {
    const me = await freshPollVoter(PS);
    const banned = await signIn("banned@demo.local");
    const opts = await options(PS);
    const foreign = (await options(SHOWCASE.pollMultiQuestionId))[0].optid;
    const before = await snapshot();
    const expectRefusal = async (body: Record<string, string | string[]>, who: Me | null, status: number, errid: number) => {
      const { res, json } = await post("votepoll", body, who ?? undefined);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(json, JSON.stringify(body)).toMatchObject({ status, errid, error: expect.any(String) });
      return json;
    };
    const q = String(PS);
    await expectRefusal({ qid: q, vote: String(opts[0].optid) }, null, 401, 101);
    await expectRefusal({ qid: q, vote: String(opts[0].optid) }, banned, 403, 110);
    const empty = await expectRefusal({ qid: q }, me, 400, 222);
    expect(empty.error).toBe("Просьба выбрать вариант ответа в опросе");
    await expectRefusal({ qid: q, vote: "" }, me, 400, 222);
    await expectRefusal({ qid: q, vote: [String(opts[0].optid), String(opts[1].optid)] }, me, 400, 223);
    await expectRefusal({ qid: q, vote: String(foreign) }, me, 400, 224);
    await expectRefusal({ qid: q, vote: "abc" }, me, 400, 224);
    await expectRefusal({ qid: String(SHOWCASE.pollMultiQuestionId), vote: String(foreign) }, me, 409, 221);
    await expectRefusal({ qid: String(SHOWCASE.openQuestionId), vote: "1" }, me, 400, 220);
    await expectRefusal({ qid: String(SHOWCASE.deletedQuestionId), vote: "1" }, me, 404, 181);
    await expectRefusal({ qid: String(SHOWCASE.missingQuestionId), vote: "1" }, me, 404, 181);
    expect(await snapshot()).toBe(before);
  });
});
