import { env } from "cloudflare:test";
import { ERR } from "../../app/lib/errids";
import { describe, expect, it } from "vitest";
import { SHOWCASE } from "../../db/seed/seed";
import { BASE, get, workerFetch } from "./helpers/api";
import { as } from "./helpers/users";

type Json = Record<string, any>;

const emailOf = (id: number) => env.DB.prepare("select email from users where id = ?").bind(id).first<string>("email");
const ownerOf = (qid: number) => env.DB.prepare("select user_id from questions where id = ?").bind(qid).first<number>("user_id");

/** Every comment of a shaped tree, flattened. */
function flat(list: Json[]): Json[] {
  return list.flatMap((c) => [c, ...flat(c.comments)]);
}

describe("the question call", () => {
  it("a guest reads the resolved showcase question with the spec's fields and neutral viewer values", async () => {
    const { res, json } = await get("question", { qid: SHOWCASE.resolvedQuestionId });
    expect(res.status).toBe(200);
    expect(json).toMatchObject({
      status: 200,
      qid: 1,
      state: "R",
      anscnt: 45,
      polltype: null,
      owner: 0,
      canreply: 0,
      canreplyreason: { rid: 0 },
      canmark: 0,
      cancomment: 1,
      noadd: 0,
      category: { urlname: expect.any(String), name: expect.any(String) },
      qautor: { usrid: expect.any(Number), nick: expect.any(String), lvl: expect.any(Number), points: expect.any(Number) },
      p: 0,
      n: 20,
    });
    expect(json.qtext).toBe("Какой язык программирования выбрать для первой работы в IT?");
    expect(json.adds).toHaveLength(2);
    expect(json.adds[0]).toEqual({ added: expect.any(Number), atext: expect.stringContaining("Уточню") });
    expect(json.answers).toHaveLength(20);
    expect(json.best).toMatchObject({ best: 1, qid: 1 });
    expect(json.answers.every((a: Json) => a.best === 0 && a.canth === 0 && a.aid === a.id)).toBe(true);
    const a1 = json.answers.find((a: Json) => a.aid === SHOWCASE.contextAnswerId);
    expect(Object.keys(a1).sort()).toEqual(
      [
        "id",
        "aid",
        "qid",
        "usrid",
        "nick",
        "lvl",
        "points",
        "filin",
        // ours: 1 for a volunteer moderator, whose nick the islands mark as the server does
        "moder",
        "atext",
        "added",
        "source",
        "vip",
        "brand",
        "brand_url",
        "best",
        "rating",
        "comcnt",
        "canth",
        "canth_status",
        "totalmarks",
        "comments",
      ].sort(),
    );
    // the short thread of answer 1: 1 → 2 → 3, and 4 → 6, 5
    expect(a1.comments.map((c: Json) => c.cmid)).toEqual([1, 4, 5]);
    expect(a1.comments[0].comments[0]).toMatchObject({ cmid: 2, type: "C", refid: 1, parent: 1 });
    expect(a1.comments[0].comments[0].comments[0]).toMatchObject({ cmid: 3, type: "C", refid: 2, parent: 2, hidden: 0 });
    expect(a1.comments[0]).toMatchObject({ cmid: 1, type: "A", refid: 1, parent: 0, comcnt: 1, more: 0 });
    expect(flat(json.comments)).toHaveLength(3);
    expect(json.comments[0]).toMatchObject({ type: "Q", refid: 1, parent: 0 });
  });

  it("the owner of the question may thank the answers he has not thanked yet", async () => {
    const owner = await ownerOf(1);
    const sid = await as((await emailOf(owner!))!);
    const { json } = await get("question", { qid: 1 }, sid);
    expect(json).toMatchObject({ status: 200, owner: 1, canreply: 0, canreplyreason: { rid: 3 }, canmark: 0 });
    for (const a of json.answers) expect(a.canth).toBe(a.canth_status === 0 ? 1 : 0);
    expect(json.answers.some((a: Json) => a.canth === 1)).toBe(true);
  });

  it("on an open question a stranger may reply, the author of an answer may not, and the owner may not", async () => {
    const stranger = await as("user@demo.local");
    const s = await get("question", { qid: SHOWCASE.openQuestionId }, stranger);
    const answered = await env.DB.prepare("select count(*) n from answers where qid = 3 and user_id = 1").first<number>("n");
    expect(answered).toBe(0);
    expect(s.json).toMatchObject({ status: 200, state: "A", owner: 0, canreply: 1, canreplyreason: { rid: 0 } });
    const markedByHer = await env.DB.prepare("select count(*) n from marks where target_type = 'Q' and target_id = 3 and user_id = 1").first<number>("n");
    expect(s.json.canmark).toBe(markedByHer ? 0 : 1);

    const author = await env.DB.prepare("select user_id from answers where qid = 3 order by id limit 1").first<number>("user_id");
    const a = await get("question", { qid: 3 }, await as((await emailOf(author!))!));
    expect(a.json).toMatchObject({ owner: 0, canreply: 0, canreplyreason: { rid: 2 } });

    const o = await get("question", { qid: 3 }, await as((await emailOf((await ownerOf(3))!))!));
    expect(o.json).toMatchObject({ owner: 1, canreply: 0, canreplyreason: { rid: 1 }, canmark: 0 });
  });

  it("a banned user may read but not reply or mark", async () => {
    const { json } = await get("question", { qid: SHOWCASE.unansweredQuestionId }, await as("banned@demo.local"));
    expect(json).toMatchObject({ status: 200, owner: 0, canreply: 0, canreplyreason: { rid: 5 }, canmark: 0 });
  });

  it("a user who voted in a poll sees his options ticked and cannot vote again; a guest sees no ticks", async () => {
    const qid = SHOWCASE.pollSingleQuestionId;
    const guest = await get("question", { qid });
    expect(guest.json).toMatchObject({ status: 200, polltype: "S", total_voted: expect.any(Number) });
    expect(guest.json.options.length).toBeGreaterThanOrEqual(2);
    expect(guest.json.options.every((o: Json) => o.ivoted === 0)).toBe(true);
    const sum = guest.json.options.reduce((s: number, o: Json) => s + o.vote, 0);
    expect(sum).toBe(guest.json.total_voted);
    expect(Object.keys(guest.json.options[0]).sort()).toEqual(["ivoted", "optid", "text", "vote"]);

    const vote = await env.DB.prepare("select user_id, options from poll_votes where qid = ? order by id limit 1")
      .bind(qid)
      .first<{ user_id: number; options: string }>();
    const voter = await get("question", { qid }, await as((await emailOf(vote!.user_id))!));
    const chosen = JSON.parse(vote!.options) as number[];
    expect(voter.json.options.filter((o: Json) => o.ivoted === 1).map((o: Json) => o.optid)).toEqual(chosen);
    expect(voter.json).toMatchObject({ canreply: 0, canreplyreason: { rid: 4 } });
  });

  it("on a question on voting a user below Знаток who has not answered cannot vote (rid 6)", async () => {
    const row = await env.DB.prepare(
      `select id, email from users where lvl in (1, 2) and id not in (select user_id from answers where qid = 2)
       and id not in (select user_id from best_votes where qid = 2) and id <> (select user_id from questions where id = 2)
       and banned_until is null order by id limit 1`,
    ).first<{ id: number; email: string }>();
    const { json } = await get("question", { qid: SHOWCASE.votingQuestionId }, await as(row!.email));
    expect(json).toMatchObject({ status: 200, state: "V", canreply: 0, canreplyreason: { rid: 6 } });
  });

  it("a deleted question is refused with 181 and status 404, a missing one too, and a bad id is 400", async () => {
    const del = await get("question", { qid: SHOWCASE.deletedQuestionId });
    expect(del.res.status).toBe(404);
    expect(del.json).toMatchObject({ status: 404, errid: 181, error: "Вопрос не найден или удален" });
    const missing = await get("question", { qid: SHOWCASE.missingQuestionId });
    expect(missing.res.status).toBe(404);
    expect(missing.json).toMatchObject({ errid: 181 });
    for (const qid of ["abc", "0", "-1", "1e3", "99999999999"]) {
      const bad = await get("question", { qid });
      expect(bad.res.status).toBe(400);
      expect(bad.json).toMatchObject({ status: 400, errid: 308 });
    }
    expect((await get("question")).json).toMatchObject({ status: 400, errid: 308 });
  });

  // Needs the envelope to carry a refusal's data (see docs/decisions/0009-read-calls.md).
  it("the refusal for a deleted question names its author to a moderator alone, as the deleted page does", async () => {
    for (const reader of [undefined, await as("user@demo.local")]) {
      const { json } = await get("question", { qid: SHOWCASE.deletedQuestionId }, reader);
      expect(json).toMatchObject({ status: 404, errid: 181 });
      expect(json.qautor).toBeUndefined();
    }
    const { json } = await get("question", { qid: SHOWCASE.deletedQuestionId }, await as("moder@demo.local"));
    const owner = await ownerOf(SHOWCASE.deletedQuestionId);
    expect(json).toMatchObject({ errid: 181, qautor: { usrid: owner, nick: expect.any(String) } });
  });

  it("a read call refuses POST with 405", async () => {
    const res = await workerFetch(`${BASE}/api/v2/question`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: BASE },
      body: new URLSearchParams({ qid: "1" }),
    });
    expect(res.status).toBe(405);
  });
});

describe("answers", () => {
  it("moreanswers pages the 44 non-best answers of question 1, oldest first, 20 at a time", async () => {
    const pages = await Promise.all([0, 20, 40].map((p) => get("moreanswers", { qid: 1, p })));
    expect(pages.map((x) => x.json.answers.length)).toEqual([20, 20, 4]);
    for (const [i, x] of pages.entries()) expect(x.json).toMatchObject({ status: 200, p: i * 20, n: 20, anscnt: 45 });
    const ids = pages.flatMap((x) => x.json.answers.map((a: Json) => a.aid));
    expect(new Set(ids).size).toBe(44);
    const best = await env.DB.prepare("select id from answers where qid = 1 and best = 1").first<number>("id");
    expect(ids).not.toContain(best);
    const added = pages.flatMap((x) => x.json.answers.map((a: Json) => a.added));
    expect(added).toEqual([...added].sort((a, b) => a - b));
    const five = await get("moreanswers", { qid: 1, p: 20, n: 5 });
    expect(five.json.answers.map((a: Json) => a.aid)).toEqual(ids.slice(20, 25));
    expect(five.json.n).toBe(5);
  });

  it("moreanswers refuses a bad page, a bad size, an unknown order and a deleted question", async () => {
    expect((await get("moreanswers", { qid: 1, p: -1 })).json).toMatchObject({ status: 400, errid: 300 });
    expect((await get("moreanswers", { qid: 1, p: "x" })).json).toMatchObject({ status: 400, errid: 300 });
    expect((await get("moreanswers", { qid: 1, p: 100_001 })).json).toMatchObject({ status: 400, errid: 312 });
    expect((await get("moreanswers", { qid: 1, n: 21 })).json).toMatchObject({ status: 400, errid: 301 });
    expect((await get("moreanswers", { qid: 1, n: 0 })).json).toMatchObject({ status: 400, errid: 301 });
    expect((await get("moreanswers", { qid: 1, sort: "new" })).json).toMatchObject({ status: 400, errid: 310 });
    expect((await get("moreanswers", { qid: 1, sort: "old" })).json.answers).toHaveLength(20);
    const del = await get("moreanswers", { qid: SHOWCASE.deletedQuestionId });
    expect(del.res.status).toBe(404);
    expect(del.json.errid).toBe(181);
  });

  it("showans gives one answer with all its comments under the question header", async () => {
    const { json } = await get("showans", { aid: SHOWCASE.bigThreadAnswerId });
    expect(json).toMatchObject({ status: 200, question: { qid: 1, state: "R", qnick: expect.any(String) }, answer: { aid: 2, qid: 1, comcnt: 34 } });
    const all = flat(json.answer.comments);
    expect(all).toHaveLength(35);
    expect(all.find((c) => c.cmid === 8)).toMatchObject({ hidden: 1, cmtext: "" });
    expect(all.find((c) => c.cmid === 38)).toMatchObject({ parent: 37, type: "C" });
  });

  it("showans refuses a missing answer (302), an answer of a deleted question (181) and a bad id (308)", async () => {
    const missing = await get("showans", { aid: 999_999 });
    expect(missing.res.status).toBe(404);
    expect(missing.json).toMatchObject({ errid: 302, error: "Ответ не найден или удален" });
    const aid = await env.DB.prepare("select id from answers where qid = ? limit 1").bind(SHOWCASE.deletedQuestionId).first<number>("id");
    expect((await get("showans", { aid: aid! })).json).toMatchObject({ status: 404, errid: 181 });
    expect((await get("showans", { aid: "x" })).json).toMatchObject({ status: 400, errid: 308 });
  });
});

describe("comments", () => {
  it("comments lists an answer's 35 comments by the '20,3,3' rule, and p pages the top level", async () => {
    const { json } = await get("comments", { type: "A", refid: SHOWCASE.bigThreadAnswerId });
    expect(json).toMatchObject({ status: 200, type: "A", refid: 2, p: 0, total: 23 });
    expect(json.comments).toHaveLength(20);
    const first = json.comments[0];
    expect(first).toMatchObject({ cmid: 7, comcnt: 5, more: 2 });
    expect(first.comments.map((c: Json) => c.cmid)).toEqual([30, 31, 32]);
    expect(first.comments[0].comments.map((c: Json) => c.cmid)).toEqual([35, 36]);
    // depth 3 is beyond '20,3,3'
    expect(first.comments[0].comments[0]).toMatchObject({ cmid: 35, comments: [], more: 1 });
    expect(json.comments[1]).toMatchObject({ cmid: 8, hidden: 1, cmtext: "" });

    const next = await get("comments", { type: "A", refid: 2, p: 20 });
    expect(next.json.comments.map((c: Json) => c.cmid)).toEqual([27, 28, 29]);
  });

  it("comments under a parent comment load its replies to depth 20, by cmid or as type C", async () => {
    const byCmid = await get("comments", { type: "A", refid: 2, cmid: 7 });
    expect(byCmid.json).toMatchObject({ status: 200, cmid: 7, total: 5 });
    expect(byCmid.json.comments.map((c: Json) => c.cmid)).toEqual([30, 31, 32, 33, 34]);
    const deep = flat(byCmid.json.comments);
    expect(deep.map((c) => c.cmid).sort((a, b) => a - b)).toEqual([30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40]);
    expect(deep.every((c) => c.type === "C")).toBe(true);
    const asC = await get("comments", { type: "C", refid: 7 });
    expect(asC.json.comments).toEqual(byCmid.json.comments);
    // fewer than 30 comments under the parent: even the '20,3,3' rule shows them all
    const ruled = await get("comments", { type: "C", refid: 7, depth: "20,3,3" });
    expect(ruled.json.comments).toEqual(byCmid.json.comments);
  });

  it("comments on the question itself are listed too", async () => {
    const { json } = await get("comments", { type: "Q", refid: SHOWCASE.pollSingleQuestionId });
    const n = await env.DB.prepare("select count(*) n from comments where ref_type = 'Q' and ref_id = 5").first<number>("n");
    expect(flat(json.comments)).toHaveLength(n!);
    expect(json.comments.every((c: Json) => c.type === "Q" && c.refid === 5)).toBe(true);
  });

  it("comments refuse a wrong type, a foreign parent, a missing answer or comment, a deleted question and a bad depth", async () => {
    expect((await get("comments", { type: "X", refid: 1 })).json).toMatchObject({ status: 400, errid: 306 });
    expect((await get("comments", { type: "A", refid: 1, cmid: 7 })).json).toMatchObject({ status: 404, errid: 303 });
    expect((await get("comments", { type: "A", refid: 999_999 })).json).toMatchObject({ status: 404, errid: 302 });
    expect((await get("comments", { type: "C", refid: 999_999 })).json).toMatchObject({ status: 404, errid: 303 });
    expect((await get("comments", { type: "Q", refid: SHOWCASE.deletedQuestionId })).json).toMatchObject({ status: 404, errid: 181 });
    expect((await get("comments", { type: "A", refid: 2, depth: "5" })).json).toMatchObject({ status: 400, errid: 311 });
    expect((await get("comments", { type: "A", refid: 2, p: "-5" })).json).toMatchObject({ status: 400, errid: 300 });
  });

  it("every comment says whether a reply may go under it (isclosed): closed, deleted or at the deepest level", async () => {
    const rows = await env.DB.prepare("select id, hidden, isclosed, depth from comments where ref_type = 'A' and ref_id = 2").all<Json>();
    const open = rows.results.find((r) => !r.hidden && r.depth === 0)!;
    await env.DB.prepare("update comments set isclosed = 1 where id = ?").bind(open.id).run();
    try {
      const listed = flat((await get("all_comments", { type: "A", refid: 2 })).json.comments);
      expect(listed.length).toBe(rows.results.length);
      const byId = new Map(rows.results.map((r) => [r.id, r]));
      for (const c of listed) {
        const r = byId.get(c.cmid)!;
        const closed = r.id === open.id || r.isclosed || r.hidden || r.depth + 1 >= 20 ? 1 : 0;
        expect({ cmid: c.cmid, isclosed: c.isclosed }).toEqual({ cmid: c.cmid, isclosed: closed });
      }
      expect(listed.find((c) => c.cmid === open.id)!.isclosed).toBe(1);
      expect(listed.some((c) => c.isclosed === 0)).toBe(true);
    } finally {
      await env.DB.prepare("update comments set isclosed = 0 where id = ?").bind(open.id).run();
    }
  });

  it("all_comments gives everything of a target, nested", async () => {
    const { json } = await get("all_comments", { type: "A", refid: 2 });
    expect(json.status).toBe(200);
    expect(json.comments).toHaveLength(23);
    expect(flat(json.comments)).toHaveLength(35);
    const sub = await get("all_comments", { type: "C", refid: 30 });
    expect(flat(sub.json.comments).map((c) => c.cmid)).toEqual([35, 37, 38, 36]);
  });

  it("comment_context shows a comment's answer and thread with the comment marked", async () => {
    const { json } = await get("comment_context", { cmid: SHOWCASE.contextCommentId });
    expect(json).toMatchObject({ status: 200, cmid: 3, type: "A", refid: 1, question: { qid: 1 }, answer: { aid: 1 } });
    const marked = flat(json.comments).filter((c) => c.marked === 1);
    expect(marked.map((c) => c.cmid)).toEqual([3]);
    expect(json.comments[0].comments[0].comments[0].cmid).toBe(3);

    const qc = await env.DB.prepare("select id from comments where ref_type = 'Q' and ref_id = 1 order by id limit 1").first<number>("id");
    const onQ = await get("comment_context", { cmid: qc! });
    expect(onQ.json).toMatchObject({ status: 200, type: "Q", refid: 1, answer: null });
    expect(flat(onQ.json.comments).find((c) => c.marked === 1)?.cmid).toBe(qc);

    expect((await get("comment_context", { cmid: 999_999 })).json).toMatchObject({ status: 404, errid: 303, error: "Комментарий не найден или удален" });
  });

  it("comment_context with a type and refid that hold the comment shows it; one that does not is refused", async () => {
    const cmid = SHOWCASE.contextCommentId;
    const { json } = await get("comment_context", { cmid });
    const [top, middle] = [json.comments[0].cmid as number, json.comments[0].comments[0].cmid as number];
    for (const [type, refid] of [
      ["A", 1],
      ["C", top],
      ["C", middle],
      ["C", cmid],
    ] as const) {
      expect((await get("comment_context", { type, refid: String(refid), cmid })).json).toMatchObject({ status: 200, cmid, type: "A", refid: 1 });
    }
    const otherAnswer = await env.DB.prepare("select id from answers where id <> 1 and hidden = 0 order by id limit 1").first<number>("id");
    const otherComment = await env.DB.prepare("select id from comments where ref_type = 'Q' and hidden = 0 order by id limit 1").first<number>("id");
    for (const [type, refid] of [
      ["A", otherAnswer!],
      ["Q", 1],
      ["Q", 2],
      ["C", otherComment!],
    ] as const) {
      const r = await get("comment_context", { type, refid: String(refid), cmid });
      expect(r.json).toEqual({ status: 404, errid: 303, error: "Комментарий не найден или удален" });
    }
    expect((await get("comment_context", { type: "X", refid: "1", cmid })).json).toMatchObject({ status: 400, errid: ERR.readTypeInvalid });
  });
});

describe("who voted and who marked", () => {
  it("whovoted lists the best-answer voters of a question and the voters of a poll option", async () => {
    const { json } = await get("whovoted", { qid: SHOWCASE.votingQuestionId });
    const n = await env.DB.prepare("select count(*) n from best_votes where qid = 2").first<number>("n");
    expect(json).toMatchObject({ status: 200, p: 0, n: 20, total: n });
    expect(json.users).toHaveLength(n!);
    expect(Object.keys(json.users[0]).sort()).toEqual(["id", "lvl", "nick"]);

    const opt = await env.DB.prepare("select id, votes from poll_options where qid = 6 and votes > 0 order by id limit 1").first<{
      id: number;
      votes: number;
    }>();
    const v = await get("whovoted", { optid: opt!.id });
    expect(v.json).toMatchObject({ status: 200, optid: opt!.id, total: opt!.votes });
    expect(v.json.users).toHaveLength(Math.min(20, opt!.votes));
    const voters = await env.DB.prepare("select user_id from poll_votes where qid = 6 and options like ?").bind(`%${opt!.id}%`).all<{ user_id: number }>();
    const expected = voters.results.map((r) => r.user_id);
    for (const u of v.json.users) expect(expected).toContain(u.id);
  });

  it("whovoted refuses two targets or none (307), a missing option (304) and a deleted question (181)", async () => {
    expect((await get("whovoted", { qid: 2, optid: 1 })).json).toMatchObject({ status: 400, errid: 307 });
    expect((await get("whovoted", {})).json).toMatchObject({ status: 400, errid: 307 });
    expect((await get("whovoted", { optid: 999_999 })).json).toMatchObject({ status: 404, errid: 304 });
    expect((await get("whovoted", { qid: SHOWCASE.deletedQuestionId })).json).toMatchObject({ status: 404, errid: 181 });
  });

  it("marked lists who marked an answer or a question with id, nick and filin", async () => {
    const t = await env.DB.prepare("select target_id id, count(*) n from marks where target_type = 'A' group by target_id order by n desc limit 1").first<{
      id: number;
      n: number;
    }>();
    const { json } = await get("marked", { aid: t!.id });
    expect(json).toMatchObject({ status: 200, type: "A", id: t!.id, n: 20, total: t!.n });
    expect(json.users).toHaveLength(t!.n);
    expect(Object.keys(json.users[0]).sort()).toEqual(["filin", "id", "nick"]);
    const one = await get("marked", { aid: t!.id, n: 1, p: 1 });
    expect(one.json.users).toEqual(t!.n > 1 ? [json.users[1]] : []);

    const qm = await env.DB.prepare(
      "select target_id id from marks where target_type = 'Q' and target_id not in (select id from questions where hidden = 1) limit 1",
    ).first<number>("id");
    const q = await get("marked", { qid: qm! });
    expect(q.json).toMatchObject({ status: 200, type: "Q", id: qm });
    expect(q.json.users.length).toBeGreaterThan(0);
    expect((await get("marked", { aid: 999_999 })).json).toMatchObject({ status: 404, errid: 302 });
    expect((await get("marked", { aid: 1, qid: 1 })).json).toMatchObject({ status: 400, errid: 307 });
  });
});

describe("question lists", () => {
  it("questlist gives the newest visible questions, and lastid continues after a question", async () => {
    const { json } = await get("questlist");
    expect(json.status).toBe(200);
    expect(json.qst).toHaveLength(20);
    expect(json.qst.every((x: Json) => x.state !== "D")).toBe(true);
    expect(Object.keys(json.qst[0]).sort()).toEqual(["added", "anscnt", "category", "cid", "lvl", "polltype", "qid", "qnick", "qtext", "state", "usrid"]);
    const added = json.qst.map((x: Json) => x.added);
    expect(added).toEqual([...added].sort((a, b) => b - a));
    const after = await get("questlist", { lastid: json.qst[4].qid, n: 5 });
    expect(after.json.qst.map((x: Json) => x.qid)).toEqual(json.qst.slice(5, 10).map((x: Json) => x.qid));
  });

  it("questlist filters by state (open/vote/resolve or A/V/R) and by category urlname or id", async () => {
    const vote = await get("questlist", { state: "vote" });
    expect(vote.json.qst.length).toBeGreaterThan(0);
    expect(vote.json.qst.every((x: Json) => x.state === "V")).toBe(true);
    expect((await get("questlist", { state: "V" })).json.qst).toEqual(vote.json.qst);
    const cat = await env.DB.prepare(
      "select c.id, c.urlname from categories c where c.parent_id is null and exists (select 1 from questions q where q.top_category_id = c.id and q.hidden = 0) limit 1",
    ).first<{ id: number; urlname: string }>();
    const byUrl = await get("questlist", { cat: cat!.urlname });
    const byId = await get("questlist", { cat: cat!.id });
    expect(byUrl.json.qst.length).toBeGreaterThan(0);
    expect(byId.json.qst).toEqual(byUrl.json.qst);
    expect((await get("questlist", { cat: "no-such-category" })).json).toMatchObject({ status: 404, errid: 305 });
    expect((await get("questlist", { state: "closed" })).json).toMatchObject({ status: 400, errid: 309 });
  });

  it("qstrating lists resolved questions by their marks", async () => {
    const { json } = await get("qstrating");
    expect(json.status).toBe(200);
    expect(json.qst.every((x: Json) => x.state === "R")).toBe(true);
    const ids = json.qst.map((x: Json) => x.qid);
    const rows = await env.DB.prepare(`select id, totalmarks from questions where id in (${ids.map(() => "?").join(",")})`)
      .bind(...ids)
      .all<{ id: number; totalmarks: number }>();
    const marks = ids.map((id: number) => rows.results.find((r) => r.id === id)!.totalmarks);
    expect(marks).toEqual([...marks].sort((a, b) => b - a));
  });

  it("qstrating honours state (that tab's questions by their marks) and lastid (the next ones after that question)", async () => {
    const marksOf = async (ids: number[]) => {
      const rows = await env.DB.prepare(`select id, state, totalmarks from questions where id in (${ids.map(() => "?").join(",")})`)
        .bind(...ids)
        .all<{ id: number; state: string; totalmarks: number }>();
      return ids.map((id) => rows.results.find((r) => r.id === id)!);
    };
    const open = (await get("qstrating", { state: "open", n: "8" })).json;
    expect(open.status).toBe(200);
    const ids = open.qst.map((x: Json) => x.qid as number);
    expect(ids.length).toBe(8);
    const rows = await marksOf(ids);
    expect(rows.every((r) => r.state === "A")).toBe(true);
    expect(rows.map((r) => r.totalmarks)).toEqual(rows.map((r) => r.totalmarks).sort((a, b) => b - a));
    // the same rating continued after the 4th question gives the 5th to the 8th
    const next = (await get("qstrating", { state: "open", n: "4", lastid: String(ids[3]) })).json;
    expect(next).toMatchObject({ status: 200, p: 0 });
    expect(next.qst.map((x: Json) => x.qid)).toEqual(ids.slice(4, 8));
    expect(new Set(rows.map((r) => r.totalmarks)).size).toBeGreaterThan(1);
    expect((await get("qstrating", { state: "vote" })).json.qst.every((x: Json) => x.state === "V")).toBe(true);
    expect((await get("qstrating", { lastid: "999999999" })).json).toMatchObject({ status: 404, errid: 181 });
    expect((await get("qstrating", { state: "closed" })).json).toMatchObject({ status: 400, errid: 309 });
  });

  it("check_new counts the questions of a list newer than a question", async () => {
    const { json } = await get("questlist");
    const c = await get("check_new", { qid: json.qst[3].qid });
    expect(c.json).toEqual({ status: 200, calc: 3 });
    expect((await get("check_new", { qid: json.qst[0].qid })).json.calc).toBe(0);
    expect((await get("check_new", { qid: SHOWCASE.missingQuestionId })).json).toMatchObject({ status: 404, errid: 181 });
  });

  it("showlimits answers with an empty list of limits for now", async () => {
    expect((await get("showlimits")).json).toEqual({ status: 200, limits: {} });
  });

  it("reading changes nothing in D1", async () => {
    const before = await env.DB.prepare(
      "select (select count(*) from questions) + (select count(*) from answers) + (select count(*) from comments) + (select sum(points) from users) s",
    ).first("s");
    await get("question", { qid: 1 }, await as("user@demo.local"));
    await get("comments", { type: "A", refid: 2 });
    const after = await env.DB.prepare(
      "select (select count(*) from questions) + (select count(*) from answers) + (select count(*) from comments) + (select sum(points) from users) s",
    ).first("s");
    expect(after).toBe(before);
  });
});
