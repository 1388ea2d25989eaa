import { createExecutionContext, createScheduledController, waitOnExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { SHOWCASE } from "../../db/seed/seed";
import { ERR } from "../../app/lib/errids";
import { formPost, get, page, post } from "./helpers/api";
import { all, exec, one, value } from "./helpers/db";
import { as, newUser } from "./helpers/users";

/** The question ids a list page links to, in order. */
const listed = (html: string) => [...html.matchAll(/<a class="qtitle" href="\/question\/(\d+)"/g)].map((m) => Number(m[1]));

const ADULT = "(select id from categories where adult = 1)";
const GUEST_ADULT = "adult=1";

async function runCron() {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController(), env, ctx);
  await waitOnExecutionContext(ctx);
}

describe("the special sections on the seeded data", () => {
  it("each special section has questions to show, and /vote/ too", async () => {
    for (const path of ["/golden/", "/smstop", "/nosmoking/", "/newcomers/", "/vote/"]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      expect(listed(html).length, path).toBeGreaterThan(0);
    }
  });
});

describe("the special sections", () => {
  it("/golden/ lists the gold-fund questions instead of saying «Нет вопросов»", async () => {
    await exec("update questions set goldrec = 0");
    await exec(
      `update questions set goldrec = 1 where id in (select id from questions where state = 'R' and hidden = 0 and category_id not in ${ADULT} order by id limit 3)`,
    );
    const gold = await all<{ id: number }>("select id from questions where goldrec = 1 order by added desc, id desc");
    // ?p=0: the address's own copy, not the one the guest cache kept of /golden/ above
    const { status, html } = await page("/golden/?p=0");
    expect(status).toBe(200);
    expect(html).not.toContain("Нет вопросов");
    expect(listed(html)).toEqual(gold.map((r) => r.id));
  });

  it("/smstop lists the leader questions, newest lead first, instead of saying «Нет вопросов»", async () => {
    const now = Date.now();
    await exec("update questions set lead_until = null");
    const open = await all<{ id: number }>(`select id from questions where state = 'A' and hidden = 0 and category_id not in ${ADULT} order by id limit 2`);
    await exec("update questions set lead_until = ? where id = ?", now + 3_600_000, open[0].id);
    await exec("update questions set lead_until = ? where id = ?", now + 7_200_000, open[1].id);
    for (const path of ["/smstop?p=0", "/smstop/?p=0"]) {
      const { status, html } = await page(path);
      expect(status).toBe(200);
      expect(html).not.toContain("Нет вопросов");
      expect(listed(html)).toEqual([open[1].id, open[0].id]);
    }
  });

  it("the cron puts a resolved question with a best answer that 3 readers liked into the gold fund, and not one with 2 likes", async () => {
    const [a, b] = await all<{ id: number }>(
      `select id from questions where state = 'R' and hidden = 0 and best_answer_id is not null and goldrec = 0 and category_id not in ${ADULT} order by id limit 2`,
    );
    await exec("update questions set totalmarks = 3 where id = ?", a.id);
    await exec("update questions set totalmarks = 2 where id = ?", b.id);
    await runCron();
    expect(await value("select goldrec v from questions where id = ?", a.id)).toBe(1);
    expect(await value("select goldrec v from questions where id = ?", b.id)).toBe(0);
    expect(listed((await page("/golden/?p=00")).html)).toContain(a.id);
  });

  it("/newcomers/ lists the questions of accounts younger than 30 days and those asked in the section, not an old member's elsewhere", async () => {
    const fresh = await newUser("Новенький");
    const asked = await post("addqst", { qtext: "Как поменять аватарку в профиле?", cid: "100" }, fresh);
    expect(asked.json.status).toBe(200);
    const oldMember = await as("guru@demo.local");
    const elsewhere = await post("addqst", { qtext: "Какой ноутбук взять для монтажа видео?", cid: "100" }, oldMember);
    expect(elsewhere.json.status).toBe(200);
    const inSection = await post("addqst", { qtext: "Как здесь выбрать лучший ответ?", cid: "25" }, oldMember);
    expect(inSection.json.status).toBe(200);
    const ids = listed((await page("/newcomers/?p=0")).html);
    expect(ids).toContain(asked.json.qid);
    expect(ids).toContain(inSection.json.qid);
    expect(ids).not.toContain(elsewhere.json.qid);
  });

  it("/vote/ lists the questions now in voting across the site, newest first", async () => {
    const voting = await all<{ id: number }>(
      `select id from questions where state = 'V' and hidden = 0 and category_id not in ${ADULT} order by added desc, id desc limit 20`,
    );
    expect(voting.length).toBeGreaterThan(0);
    const { status, html } = await page("/vote/");
    expect(status).toBe(200);
    expect(html).toContain("Вопросы на голосовании");
    expect(listed(html)).toEqual(voting.map((r) => r.id));
  });

  it("the tab bars show open, vote and best (smstop: open and vote); resolve stays reachable and smstop has no best tab", async () => {
    const cat = await one<{ urlname: string }>(`select urlname from categories where parent_id is null and special is null and adult = 0 order by id limit 1`);
    const { html } = await page(`/${cat!.urlname}/`);
    const tabs = html.match(/data-testid="tabs">(.*?)<\/nav>/)![1];
    expect([...tabs.matchAll(/href="[^"]*\/(\w*)"/g)].map((m) => m[1])).toEqual(["", "open", "vote", "best"]);
    expect((await page(`/${cat!.urlname}/resolve`)).status).toBe(200);
    const smstop = (await page("/smstop")).html.match(/data-testid="tabs">(.*?)<\/nav>/)![1];
    expect([...smstop.matchAll(/href="[^"]*\/(\w*)"/g)].map((m) => m[1])).toEqual(["", "open", "vote"]);
    expect((await page("/smstop/best")).status).toBe(404);
    expect((await page("/smstop/resolve")).status).toBe(404);
  });

  it("the ask form is left out of golden, smstop and nosmoking, and shown on newcomers, /vote/ and a category", async () => {
    for (const path of ["/golden/", "/smstop", "/nosmoking/"]) expect((await page(path)).html, path).not.toContain('name="quick-ask"');
    for (const path of ["/newcomers/", "/vote/", "/"]) expect((await page(path)).html, path).toContain('name="quick-ask"');
  });

  it("an unknown section or tab is 404, and /404 stays the not-found page with a link home", async () => {
    expect((await page("/no-such-section/")).status).toBe(404);
    expect((await page("/vote/open")).status).toBe(404);
    const nf = await page("/404");
    expect(nf.status).toBe(404);
    expect(nf.html).toMatch(/<a[^>]*href="\/"/);
  });

  it("/reload shows an empty page", async () => {
    const { status, html } = await page("/reload");
    expect(status).toBe(200);
    expect(html).toMatch(/<main class="page" data-testid="reload"><\/main>/);
  });
});

describe("the new-questions banner", () => {
  it("check_new counts the questions asked in the list since the page's first one", async () => {
    const first = listed((await page("/vote/")).html)[0];
    const before = (await get("check_new", { qid: SHOWCASE.unansweredQuestionId })).json;
    expect(before.status).toBe(200);
    const me = await as("znatok@demo.local");
    await post("addqst", { qtext: "Где посмотреть расписание электричек?", cid: "100" }, me);
    const after = (await get("check_new", { qid: SHOWCASE.unansweredQuestionId })).json;
    expect(after.calc).toBe(before.calc + 1);
    expect(first).toBeGreaterThan(0);
  });

  it("the list page carries the banner island on its first page, and ?new= highlights the questions above the reader's old first one", async () => {
    const ids = listed((await page("/?p=0000")).html);
    expect((await page("/?p=0000")).html).toContain('name="new-questions"');
    expect((await page("/?p=20")).html).not.toContain('name="new-questions"');
    const { html } = await page(`/?new=${ids[2]}`);
    const fresh = [...html.matchAll(/<li data-qid="(\d+)" class="q-new">/g)].map((m) => Number(m[1]));
    expect(fresh).toEqual(ids.slice(0, 2));
  });
});

describe("the adult gate", () => {
  const adultQuestion = () => value(`select id v from questions where category_id in ${ADULT} and hidden = 0 and state != 'D' order by added desc limit 1`);

  it("a guest who has not confirmed is sent from the adult category and its question to the confirmation page", async () => {
    const cat = await value<string>("select urlname v from categories where id = 13");
    const list = await page(`/${cat}/`);
    expect(list.status).toBe(302);
    expect(list.location).toBe(`/adult?return=${encodeURIComponent(`/${cat}/`)}`);
    const sub = await value<string>("select urlname v from categories where parent_id = 13 order by id limit 1");
    expect((await page(`/${sub}/open`)).location).toBe(`/adult?return=${encodeURIComponent(`/${sub}/open`)}`);
    const qid = await adultQuestion();
    const q = await page(`/question/${qid}`);
    expect(q.status).toBe(302);
    expect(q.location).toBe(`/adult?return=${encodeURIComponent(`/question/${qid}`)}`);
    expect(q.html).not.toContain("qtitle");
  });

  it("an answer of an adult question and a comment shown in its context are gated too", async () => {
    const row = await one<{ aid: number; qid: number }>(
      `select a.id aid, a.qid from answers a join questions q on q.id = a.qid where q.category_id in ${ADULT} and q.hidden = 0 and q.state != 'D' and a.hidden = 0 limit 1`,
    );
    const answer = await page(`/answer/${row!.aid}`);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/adult?return=${encodeURIComponent(`/answer/${row!.aid}`)}`);
    expect((await page(`/answer/${row!.aid}`, GUEST_ADULT)).status).toBe(200);
    const cmt = await one<{ id: number; qid: number }>(
      `select c.id, c.qid from comments c join questions q on q.id = c.qid where q.category_id in ${ADULT} and c.ref_type = 'A' and c.hidden = 0 and q.hidden = 0 limit 1`,
    );
    if (cmt) expect((await page(`/question/${cmt.qid}/cid-${cmt.id}`)).location).toMatch(/^\/adult\?return=/);
  });

  it("the confirmation page asks with a form to iamadult that returns to the page, and «Нет» goes home", async () => {
    const { status, html } = await page(`/adult?return=${encodeURIComponent("/relations/")}`);
    expect(status).toBe(200);
    expect(html).toContain('data-testid="adult-gate"');
    expect(html).toContain(`action="/do/iamadult?return=${encodeURIComponent("/relations/")}"`);
    expect(html).toMatch(/<a class="btn" href="\/" data-testid="adult-no" data-adult-no="">/);
    // a return address of another site is not followed
    expect((await page(`/adult?return=${encodeURIComponent("https://evil.example/")}`)).html).toContain('action="/do/iamadult?return=%2F"');
  });

  it("a guest who confirms gets the adult=1 cookie and goes back; with it the category and the question open", async () => {
    const res = await formPost(`/do/iamadult?return=${encodeURIComponent("/relations/")}`, {});
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/relations/");
    expect(res.headers.get("set-cookie")).toMatch(/^adult=1; Path=\/; HttpOnly; SameSite=Lax; Max-Age=31536000/);
    const list = await page("/relations/", GUEST_ADULT);
    expect(list.status).toBe(200);
    expect(listed(list.html).length).toBeGreaterThan(0);
    expect((await page(`/question/${await adultQuestion()}`, GUEST_ADULT)).status).toBe(200);
    // a confirmed guest goes straight back from the confirmation page
    expect((await page(`/adult?return=${encodeURIComponent("/relations/")}`, GUEST_ADULT)).location).toBe("/relations/");
  });

  it("a signed-in user who confirms has is_adult stored, and the category opens for him", async () => {
    const me = await newUser("Взрослый");
    expect((await page("/relations/", me)).status).toBe(302);
    const { json } = await post("iamadult", {}, me);
    expect(json).toMatchObject({ status: 200, is_adult: 1 });
    expect(await value("select is_adult v from users where id = ?", me.id)).toBe(1);
    expect((await page("/relations/", me.cookie)).status).toBe(200);
  });

  it("the lists of every category leave adult questions out for a reader who has not confirmed, and show them to one who has", async () => {
    const now = Date.now();
    const qid = await adultQuestion();
    // the adult question on top of the index, in the gold fund and a leader
    await exec("update questions set added = ?, goldrec = 1, lead_until = ? where id = ?", now, now + 3_600_000, qid);
    // ?p=000: addresses no earlier test made the guest cache keep
    for (const path of ["/?p=000", "/golden/?p=000", "/smstop?p=000"]) {
      expect(listed((await page(path)).html), path).not.toContain(qid);
      expect(listed((await page(path, GUEST_ADULT)).html), path).toContain(qid);
    }
  });

  it("a confirmed guest's cached copy never reaches a guest who has not confirmed", async () => {
    const qid = await adultQuestion();
    await exec("update questions set added = ? where id = ?", Date.now() + 1000, qid);
    // the confirmed guest's copies are cached first …
    const adultIndex = await page("/?p=0", GUEST_ADULT);
    expect(listed(adultIndex.html)).toContain(qid);
    expect((await page("/?p=0", GUEST_ADULT)).res.headers.get("x-page-cache")).toBe("hit");
    expect((await page("/relations/?p=0", GUEST_ADULT)).status).toBe(200);
    // … and another guest still gets his own: no adult question, the gate for the category
    expect(listed((await page("/?p=0")).html)).not.toContain(qid);
    expect(listed((await page("/?p=0&__adult_copy=1")).html)).not.toContain(qid);
    expect((await page("/relations/?p=0")).status).toBe(302);
    expect((await page("/relations/?p=0&__adult_copy=1")).status).toBe(302);
  });

  it("the list calls refuse the adult category to a reader who has not confirmed, and leave its questions out of the other lists", async () => {
    for (const name of ["questlist", "golden", "leadqst"]) {
      const refused = await get(name, { cat: "relations" });
      expect(refused.status, name).toBe(403);
      expect(refused.json.errid, name).toBe(ERR.adultNotConfirmed);
      expect(refused.json.error, name).toContain("только для взрослых");
      expect((await get(name, { cat: "relations" }, GUEST_ADULT)).json.status, name).toBe(200);
    }
    expect((await get("check_new", { cat: "relations", qid: SHOWCASE.unansweredQuestionId })).json.errid).toBe(ERR.adultNotConfirmed);
    const qid = await adultQuestion();
    expect((await get("questlist", {})).json.qst.map((x: { qid: number }) => x.qid)).not.toContain(qid);
    expect((await get("questlist", {}, GUEST_ADULT)).json.qst.map((x: { qid: number }) => x.qid)).toContain(qid);
  });

  it("a profile's questions and answers and a brand's list leave adult questions out for a reader who has not confirmed; the owner sees his own", async () => {
    const asker = await newUser("Автор взрослого");
    const answerer = await newUser("Отвечал взрослому");
    const stranger = await newUser("Не подтвердил");
    const qid = await adultQuestion();
    const aid = await value<number>("select id v from answers where qid = ? and hidden = 0 order by id limit 1", qid);
    expect(aid).toBeTruthy();
    // the adult question is the asker's newest, tagged for the brand and the newest there; the answer the answerer's newest
    const later = Date.now() + 60_000;
    await exec("update questions set user_id = ?, added = ?, brand_id = ? where id = ?", asker.id, later, SHOWCASE.brandId, qid);
    await exec("update answers set user_id = ?, added = ? where id = ?", answerer.id, later, aid);
    // ?p=0: addresses no earlier test made the guest cache keep
    const questions = `/profile/id${asker.id}/questions?p=0`;
    const answers = `/profile/id${answerer.id}/answers?p=0`;
    const brand = `/${SHOWCASE.brandUrlname}/?p=0`;
    for (const path of [questions, answers, brand]) {
      // a guest, and a signed-in user who has not confirmed, see no adult title …
      expect(listed((await page(path)).html), path).not.toContain(qid);
      expect(listed((await page(path, stranger.cookie)).html), path).not.toContain(qid);
      // … a guest who has confirmed does
      expect(listed((await page(path, GUEST_ADULT)).html), path).toContain(qid);
    }
    // the owner of the profile sees his own question and his own answer without confirming
    expect(listed((await page(questions, asker.cookie)).html)).toContain(qid);
    expect(listed((await page(answers, answerer.cookie)).html)).toContain(qid);
  });
});
