import { describe, expect, it } from "vitest";
import { BASE, page, post, postForm } from "./helpers/api";
import { all, exec, one } from "./helpers/db";
import { newUser, signIn } from "./helpers/users";
import { SHOWCASE } from "../../db/seed/seed";

/** The ids of the answers a page shows in its list (not the best one), in order. */
const listedAnswers = (html: string) => [...html.matchAll(/data-testid="answer" data-answer-id="(\d+)"/g)].map((m) => Number(m[1]));

/** A visible question in no adult category whose answer count matches a condition, with its answers that are not the best, oldest first. */
async function questionWith(anscnt: string) {
  const q = (await one<{ id: number; anscnt: number }>(
    `select q.id, q.anscnt from questions q join categories c on c.id = q.category_id
     where q.hidden = 0 and q.state != 'D' and c.adult = 0 and q.poll_type is null and q.anscnt ${anscnt} order by q.id limit 1`,
  ))!;
  const answers = (await all<{ id: number }>("select id from answers where qid = ? and hidden = 0 and best = 0 order by added, id", q.id)).map((r) => r.id);
  return { ...q, answers };
}

describe("the question page's answers", () => {
  it("opens a question with more than five answers at its first three, with a plain link to the rest", async () => {
    const q = await questionWith("> 5");
    const r = await page(`/question/${q.id}`);
    expect(r.status).toBe(200);
    expect(listedAnswers(r.html)).toEqual(q.answers.slice(0, 3));
    expect(r.html).toContain(`href="/question/${q.id}?p=3#answers"`);
  });

  it("shows the rest of the answers from the fourth on behind that link", async () => {
    const q = await questionWith("> 5");
    const r = await page(`/question/${q.id}?p=3`);
    expect(r.status).toBe(200);
    expect(listedAnswers(r.html)).toEqual(q.answers.slice(3, 23));
  });

  it("shows every answer of a question with five answers or fewer", async () => {
    const q = await questionWith("between 2 and 5");
    const r = await page(`/question/${q.id}`);
    expect(listedAnswers(r.html)).toEqual(q.answers);
    expect(r.html).not.toContain('data-testid="more-answers"');
  });
});

describe("the blocks after the answers", () => {
  it("lists the questions a question's explanation links to under 'Упоминается в вопросе', and leaves the block out when it links to none", async () => {
    const asker = await newUser("Упоминатель", { points: 100 });
    const others = await all<{ id: number; qtext: string }>(
      `select q.id, q.qtext from questions q join categories c on c.id = q.category_id where q.hidden = 0 and q.state != 'D' and c.adult = 0 order by q.id limit 2`,
    );
    const body = `Смотрите ${BASE}/question/${others[0]!.id} и ещё ${BASE}/question/${others[1]!.id} — там похожее`;
    const asked = await post("addqst", { qtext: "Как связаны эти два вопроса между собой?", Body: body, cid: "100" }, asker);
    expect(asked.json.status).toBe(200);
    const r = await page(`/question/${asked.json.qid}`);
    const block = r.html.slice(r.html.indexOf('data-testid="mentioned"'));
    const listed = [...block.slice(0, block.indexOf("</ul>")).matchAll(/href="\/question\/(\d+)">([^<]*)</g)].map((m) => [Number(m[1]), m[2]]);
    expect(r.html).toContain("Упоминается в вопросе");
    expect(listed).toEqual(others.map((o) => [o.id, o.qtext]));

    const plain = await post("addqst", { qtext: "Вопрос безо всяких ссылок на другие вопросы?", cid: "100" }, asker);
    const p = await page(`/question/${plain.json.qid}`);
    expect(p.html).not.toContain("Упоминается в вопросе");
  });

  it("lists resolved questions of the same section under 'Также спрашивают', newest first, never the question itself", async () => {
    const q = (await one<{ id: number; top: number }>(
      "select q.id, q.top_category_id top from questions q join categories c on c.id = q.category_id where q.hidden = 0 and q.state = 'R' and c.adult = 0 order by q.id limit 1",
    ))!;
    const expected = (
      await all<{ id: number }>(
        "select id from questions where top_category_id = ? and state = 'R' and hidden = 0 and id != ? order by added desc limit 5",
        q.top,
        q.id,
      )
    ).map((r) => r.id);
    expect(expected.length).toBeGreaterThan(0);
    const r = await page(`/question/${q.id}`);
    const block = r.html.slice(r.html.indexOf('data-testid="also-asked"'));
    const listed = [...block.slice(0, block.indexOf("</ul>")).matchAll(/href="\/question\/(\d+)"/g)].map((m) => Number(m[1]));
    expect(listed).toEqual(expected);
  });
});

describe("/ansmarks/{aid}", () => {
  it("lists who marked an answer, linking to each one's profile", async () => {
    const a = (await one<{ id: number; uid: number }>(
      "select a.id, a.user_id uid from answers a join questions q on q.id = a.qid where a.hidden = 0 and q.hidden = 0 order by a.id limit 1",
    ))!;
    const marker = await newUser("Отметивший");
    expect((await post("mark", { aid: a.id }, marker)).json.status).toBe(200);
    const r = await page(`/ansmarks/${a.id}`);
    expect(r.status).toBe(200);
    expect(r.html).toContain("Отметили ответ");
    expect(r.html).toContain(`href="/profile/id${marker.id}"`);
    expect(r.html).toContain(marker.nick);
  });

  it("is 404 for an answer that is deleted or does not exist", async () => {
    const a = (await one<{ id: number }>("select id from answers where hidden = 0 order by id desc limit 1"))!;
    await exec("update answers set hidden = 1 where id = ?", a.id);
    expect((await page(`/ansmarks/${a.id}`)).status).toBe(404);
    expect((await page("/ansmarks/999999999")).status).toBe(404);
    expect((await page("/ansmarks/abc")).status).toBe(404);
  });

  it("the answer's mark count links to it in the page's own markup, and a new mark shows there at once, the guest's copy dropped", async () => {
    const asker = await newUser("Спросивший");
    const answerer = await newUser("Ответивший");
    const asked = await post("addqst", { qtext: "Кто отметит этот ответ полезным?", cid: "100" }, asker);
    const added = await post("addans", { qid: asked.json.qid, Body: "Ответ, который отметят полезным" }, answerer);
    const aid = Number(added.json.id);
    expect(aid).toBeGreaterThan(0);
    const link = `<a class="voters-count" href="/ansmarks/${aid}"`;
    expect((await page(`/question/${asked.json.qid}`)).html).toContain(link);
    expect((await page(`/question/${asked.json.qid}`, await signIn("guru@demo.local"))).html).toContain(link);

    const first = await newUser("Первый");
    expect((await post("mark", { aid }, first)).json.status).toBe(200);
    // the guest's copy is made and kept
    expect((await page(`/ansmarks/${aid}`)).html).toContain(first.nick);
    const second = await newUser("Второй");
    expect((await post("mark", { aid }, second)).json.status).toBe(200);
    expect((await page(`/ansmarks/${aid}`)).html).toContain(second.nick);
  });
});

describe("the prompts on a question on voting", () => {
  const VQ = SHOWCASE.votingQuestionId;

  it("tells a reader who answered the question that he may not vote, instead of leaving the buttons out silently", async () => {
    const answerer = (await one<{ email: string }>(
      `select u.email from answers a join users u on u.id = a.user_id
       where a.qid = ? and a.hidden = 0 and u.banned_until is null and u.id != (select user_id from questions where id = ?) order by a.id limit 1`,
      VQ,
      VQ,
    ))!;
    const me = await signIn(answerer.email);
    const r = await page(`/question/${VQ}`, me);
    expect(r.html).toContain('data-testid="voting-prompt" data-rid="2"');
    expect(r.html).toContain("Вы ответили на этот вопрос, поэтому не можете голосовать за лучший ответ.");
    expect(r.html).not.toContain('data-testid="votefor"');
  });

  it("offers a new voter the buttons with no prompt, and once his vote is counted says so", async () => {
    const me = await newUser("Голосующий");
    await exec("update users set lvl = 3 where id = ?", me.id);
    const before = await page(`/question/${VQ}`, me);
    expect(before.html).toContain('data-testid="votefor"');
    expect(before.html).not.toContain('data-testid="voting-prompt"');

    const aid = (await one<{ id: number }>("select id from answers where qid = ? and hidden = 0 order by id limit 1", VQ))!.id;
    expect((await post("votefor", { qid: VQ, aid }, me)).json.status).toBe(200);
    const after = await page(`/question/${VQ}`, me);
    expect(after.html).toContain('data-testid="voting-prompt" data-rid="4"');
    expect(after.html).toContain("Ваш голос учтён. Лучший ответ выберут по итогам голосования.");
    expect(after.html).not.toContain('data-testid="votefor"');
  });

  it("gives a guest no prompt", async () => {
    expect((await page(`/question/${VQ}`)).html).not.toContain('data-testid="voting-prompt"');
  });
});

describe("the asker's gift to the best answer's author", () => {
  const RQ = SHOWCASE.resolvedQuestionId;
  const facts = async () =>
    (await one<{ askerEmail: string; bestAuthor: number }>(
      `select u.email askerEmail, a.user_id bestAuthor from questions q join users u on u.id = q.user_id
       join answers a on a.qid = q.id and a.best = 1 where q.id = ?`,
      RQ,
    ))!;

  it("offers the asker, on the best answer, to send its author a gift through the gift form of his profile", async () => {
    const f = await facts();
    const asker = await signIn(f.askerEmail);
    const r = await page(`/question/${RQ}`, asker);
    const best = r.html.slice(r.html.indexOf('data-testid="best-answer"'), r.html.indexOf('id="answers"'));
    expect(best).toContain(`href="/profile/id${f.bestAuthor}/gifts" data-testid="gift-best-author"`);
    expect(best).toContain("Подарить подарок автору");
    expect(r.html.match(/data-testid="gift-best-author"/g)).toHaveLength(1);
    expect((await page(`/profile/id${f.bestAuthor}/gifts`, asker)).html).toContain('data-testid="gift-form"');
  });

  it("offers no such gift to another reader or a guest", async () => {
    const reader = await newUser("Читатель");
    expect((await page(`/question/${RQ}`, reader)).html).not.toContain("gift-best-author");
    expect((await page(`/question/${RQ}`)).html).not.toContain("gift-best-author");
  });
});

describe("the smaller rules", () => {
  /** The props of the page's survey island, or null when the page has none. */
  const surveyProps = (html: string) => {
    const m = html.match(/<otv-island name="survey" when="load" props="([^"]*)"/);
    return m ? JSON.parse(m[1]!.replace(/&quot;/g, '"').replace(/&amp;/g, "&")) : null;
  };

  it("the survey banner of a question in a category with a brand offers to ask that brand's experts; elsewhere it does not", async () => {
    const brand = (await one<{ id: number; name: string; cid: number }>(
      "select id, name, category_id cid from brands where category_id is not null order by id limit 1",
    ))!;
    const inBrand = (await one<{ id: number }>(
      "select id from questions where (category_id = ? or top_category_id = ?) and hidden = 0 and state != 'D' and anscnt > 0 order by id limit 1",
      brand.cid,
      brand.cid,
    ))!;
    expect(surveyProps((await page(`/question/${inBrand.id}`)).html)).toMatchObject({ qid: inBrand.id, expert: { bid: brand.id, name: brand.name } });

    const elsewhere = (await one<{ id: number }>(
      `select q.id from questions q join categories c on c.id = q.category_id where q.category_id != ? and q.top_category_id != ? and q.hidden = 0
       and q.state != 'D' and q.anscnt > 0 and c.adult = 0 and not exists (select 1 from brands b where b.category_id in (q.category_id, q.top_category_id)) order by q.id limit 1`,
      brand.cid,
      brand.cid,
    ))!;
    const props = surveyProps((await page(`/question/${elsewhere.id}`)).html);
    expect(props).toMatchObject({ qid: elsewhere.id });
    expect(props.expert).toBeUndefined();
  });

  it("a notification of a new answer carries the answer's short text, cut at 43 characters", async () => {
    const asker = await newUser("Спрашивающий", { points: 100 });
    const answerer = await newUser("Отвечающий");
    const asked = await post("addqst", { qtext: "Сколько раз в день кормить взрослого кота?", cid: "100" }, asker);
    const text = "Два раза в день небольшими порциями, утром и вечером, и всегда оставляйте свежую воду.";
    expect((await post("addans", { qid: asked.json.qid, Body: text }, answerer)).json.status).toBe(200);
    const n = (await one<{ txt: string }>("select txt from notifications where user_id = ? and kind = 'answer' and qid = ?", asker.id, asked.json.qid))!;
    expect(Array.from(n.txt)).toHaveLength(43);
    expect(n.txt).toBe(`${Array.from(text).slice(0, 42).join("").trimEnd()}…`);
  });

  it("a moderator's failed move of a question says 'Какая-то ошибка' above its reason", async () => {
    const moder = await signIn("moder@demo.local");
    const q = (await one<{ id: number; cid: number; top: number }>(
      "select id, category_id cid, top_category_id top from questions where id = ?",
      SHOWCASE.openQuestionId,
    ))!;
    const back = `/question/${q.id}`;
    const fields: Record<string, number> = q.cid === q.top ? { id: q.id, cid: q.cid } : { id: q.id, cid: q.top, subcid: q.cid };
    const r = await postForm("a_qstmove", fields, back, moder);
    expect(r.res.status).toBeGreaterThanOrEqual(400);
    expect(r.html).toContain("<h1>Какая-то ошибка</h1>");
    expect(await one("select category_id cid from questions where id = ?", q.id)).toEqual({ cid: q.cid });
  });

  it("an answer a moderator deleted is listed for him under the question with the deleted answer's icon", async () => {
    const moder = await signIn("moder@demo.local");
    const qid = SHOWCASE.openQuestionId;
    const aid = (await one<{ id: number }>("select id from answers where qid = ? and hidden = 0 and best = 0 order by id desc limit 1", qid))!.id;
    expect((await post("a_ansdrop", { id: aid }, moder)).json.status).toBe(200);
    const r = await page(`/question/${qid}`, moder);
    const item = r.html.slice(r.html.indexOf(`data-dropped-answer="${aid}"`));
    expect(item.slice(0, item.indexOf("</li>"))).toContain('data-testid="deleted-answer-icon" role="img" aria-label="Ответ удалён"');
  });

  it("the ask page's similar-questions search reports a failed or empty search as a tracking event", async () => {
    for (const name of ["similar_failed", "similar_empty"]) {
      expect((await post("dwh", { name }, undefined, { ip: "198.51.100.77" })).json.status).toBe(200);
      expect(await one("select name from track_events where name = ? order by id desc limit 1", name)).toEqual({ name });
    }
  });
});

describe("the ask page's brand expert tags", () => {
  it("offers, for a category with a brand, a checkbox to show the question to the brand's experts, ticked by default; none elsewhere", async () => {
    const asker = await newUser("Спрашивающий эксперта", { points: 100 });
    const brand = (await one<{ id: number; name: string; cid: number }>(
      "select id, name, category_id cid from brands where category_id is not null order by id limit 1",
    ))!;
    const r = await page(`/ask?cid=${brand.cid}`, asker);
    expect(r.status).toBe(200);
    const box = r.html.match(/<input type="checkbox" name="brand_tags"[^>]*>/)?.[0];
    expect(box).toContain(`value="${brand.id}"`);
    expect(box).toContain('checked=""');
    expect(r.html.replace(/<!-- -->/g, "")).toContain(`Показать вопрос экспертам «${brand.name}»`);

    const other = (await one<{ id: number }>(
      "select id from categories where parent_id is null and id != ? and id not in (select category_id from brands where category_id is not null) and readonly = 0 and hidden = 0 and adult = 0 order by id limit 1",
      brand.cid,
    ))!;
    expect((await page(`/ask?cid=${other.id}`, asker)).html).not.toContain('name="brand_tags"');
  });
});
