import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, formPost, page, post, withBookmark, workerFetch } from "./helpers/api";
import { as, newUser, type NewUser } from "./helpers/users";
import { all, exec, favouriteTopCategory, openQuestions } from "./helpers/db";
import { dropSharedCopies } from "./helpers/cache";
import { sessionAndClassOnQuestion, viewerOnQuestion } from "../../app/models/questions/viewer.server";
import { withD1Stats } from "../../worker/d1-stats";

/**
 * A signed-in reader's question page is rendered once for every reader whose facts on the
 * question are alike, kept in the Cache API with its personal slots emptied, and sent to each
 * with his own toolbar link, salt and token filled in. What each reader receives must be what a
 * rendering for him alone gives, and nothing of another reader's.
 */

/** The slots a page carries for its reader: the session in the head and the toolbar's profile link. */
function slots(html: string) {
  return {
    session: /<meta name="otv-session" content="([^"]*)"\/>/.exec(html)?.[1]?.replace(/&quot;/g, '"') ?? null,
    toolbarUser: /<a class="toolbar-user" href="([^"]*)" title="([^"]*)">/.exec(html)?.slice(1) ?? null,
  };
}

function expectOwnSlots(html: string, who: NewUser) {
  const s = slots(html);
  expect(JSON.parse(s.session!)).toEqual({ id: who.id, salt: who.salt, token: who.token });
  expect(s.toolbarUser).toEqual([`/profile/id${who.id}`, who.nick]);
  expect(html).toContain(`<span class="toolbar-nick">`);
}

describe("one rendering of a question page for the signed-in readers alike", () => {
  it("the second reader alike gets the first one's rendering with his own toolbar, salt and token, and nothing of the first's", async () => {
    const asker = await newUser("Спрашивающий");
    const [qid] = await openQuestions(asker.id, ["Общий вид страницы для читателей"]);
    const [first, second] = [await newUser("Первый читатель"), await newUser("Второй читатель")];

    const a = await page(`/question/${qid}`, first);
    const b = await page(`/question/${qid}`, second);

    expect(a.res.headers.get("x-page-cache")).toBe("shared-miss");
    expect(b.res.headers.get("x-page-cache")).toBe("shared-hit");
    expectOwnSlots(a.html, first);
    expectOwnSlots(b.html, second);
    for (const secret of [first.salt, first.token, first.nick, `/profile/id${first.id}"`]) expect(b.html).not.toContain(secret);
    for (const r of [a, b]) {
      expect(r.res.headers.get("cache-control")).toBe("private, no-store");
      // rendered whole for many readers: no inline script and no nonce anybody could reuse
      expect(r.res.headers.get("content-security-policy")).not.toContain("nonce-");
      expect(r.html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    }
  });

  it("the shared page is the same HTML as the page rendered for that reader alone", async () => {
    const asker = await newUser("Спрашивающий");
    const [qid] = await openQuestions(asker.id, ["Та же страница, что и своя"]);
    const [first, second] = [await newUser("Первый читатель"), await newUser("Второй читатель")];
    await page(`/question/${qid}`, first);
    const shared = await page(`/question/${qid}`, second);
    await dropSharedCopies(`/question/${qid}`);
    const own = await page(`/question/${qid}`, second);
    expect(shared.res.headers.get("x-page-cache")).toBe("shared-hit");
    expect(own.res.headers.get("x-page-cache")).toBe("shared-miss");
    expect(shared.html).toBe(own.html);
  });

  it("a reader whose facts differ (he answered) gets his own rendering, and the others keep theirs", async () => {
    const asker = await newUser("Спрашивающий");
    const [qid] = await openQuestions(asker.id, ["Кто уже ответил, тот видит другое"]);
    const [reader, answerer] = [await newUser("Читатель"), await newUser("Ответивший")];
    expect((await post("addans", { qid, Body: "Мой ответ на вопрос" }, answerer)).json.status).toBe(200);

    const r = await page(`/question/${qid}`, reader);
    const mine = await page(`/question/${qid}`, answerer);
    expect(mine.res.headers.get("x-page-cache")).toBe("shared-miss");
    expect(r.html).toContain('<otv-island name="answer-form"');
    expect(mine.html).not.toContain('<otv-island name="answer-form"');
    expectOwnSlots(mine.html, answerer);
  });

  it("a write reaches the signed-in readers' shared page at once", async () => {
    const asker = await newUser("Спрашивающий");
    const [qid] = await openQuestions(asker.id, ["Новый ответ виден сразу"]);
    const [reader, other, answerer] = [await newUser("Читатель"), await newUser("Другой"), await newUser("Отвечающий")];
    await page(`/question/${qid}`, reader);
    expect((await page(`/question/${qid}`, other)).res.headers.get("x-page-cache")).toBe("shared-hit");
    expect((await post("addans", { qid, Body: "Свежий ответ для всех" }, answerer)).json.status).toBe(200);
    const after = await page(`/question/${qid}`, other);
    expect(after.res.headers.get("x-page-cache")).toBe("shared-miss");
    expect(after.html).toContain("Свежий ответ для всех");
  });

  it("guests never get a signed-in reader's slots, and signed-in readers never get the guests' copy", async () => {
    const asker = await newUser("Спрашивающий");
    const [qid] = await openQuestions(asker.id, ["Гость и читатель не путаются"]);
    const reader = await newUser("Читатель");
    await page(`/question/${qid}`);
    const signed = await page(`/question/${qid}`, reader);
    const guest = await page(`/question/${qid}`);
    expect(guest.res.headers.get("x-page-cache")).toBe("hit");
    expect(guest.html).not.toContain("otv-session");
    expect(guest.html).not.toContain("toolbar-user");
    expect(guest.html).toContain('class="toolbar-login"');
    expect(signed.res.headers.get("x-page-cache")).toBe("shared-miss");
    expect(signed.html).not.toContain('class="toolbar-login"');
    expectOwnSlots(signed.html, reader);
  });

  it("a reader's favourite categories are his: another reader gets his own menu, not a copy starring the first one's", async () => {
    const asker = await newUser("Спрашивающий");
    const [qid] = await openQuestions(asker.id, ["Избранные категории у каждого свои"]);
    const [fan, other] = [await newUser("Любитель садов"), await newUser("Просто читатель")];
    const fav = await favouriteTopCategory(fan.id);
    const starred = `★ </span>${fav.name}</a>`;

    const his = await page(`/question/${qid}`, fan);
    const theirs = await page(`/question/${qid}`, other);
    const hisAgain = await page(`/question/${qid}`, fan);
    expect(his.html).toContain(starred);
    expect(hisAgain.html).toContain(starred);
    expect(theirs.res.headers.get("x-page-cache")).toBe("shared-miss");
    expect(theirs.html).not.toContain("★ </span>");
    expectOwnSlots(theirs.html, other);
  });

  it("a moderator's page, with his own controls, is rendered for him alone as before", async () => {
    const moder = await as("moder@demo.local");
    const r = await page("/question/1", moder);
    expect(r.res.status).toBe(200);
    expect(r.res.headers.get("x-page-cache")).toBeNull();
    expect(r.res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("a nick with $ patterns is put in the page as it is", async () => {
    const asker = await newUser("Спрашивающий");
    const [qid] = await openQuestions(asker.id, ["Доллары в нике"]);
    const [first, second] = [await newUser("Первый читатель"), await newUser("Второй читатель")];
    await exec("update users set nick = ? where id = ?", "Знак $& и $' и $1", second.id);
    await page(`/question/${qid}`, first);
    const b = await page(`/question/${qid}`, second);
    expect(b.res.headers.get("x-page-cache")).toBe("shared-hit");
    expect(slots(b.html).toolbarUser).toEqual([`/profile/id${second.id}`, "Знак $&amp; и $&#x27; и $1"]);
    expect(b.html).not.toMatch(/<!--[0-9a-f-]{36}:(meta|user)-->/);
  });

  it("a reader's class is read in one statement with his session, and says what the reader's own read says", async () => {
    const asker = await newUser("Спрашивающий");
    const [qid, other] = await openQuestions(asker.id, ["Факты читателя о вопросе", "Чужой вопрос рядом"]);
    await exec("update questions set user_id = ? where id = ?", asker.id, qid);
    const reader = await newUser("Деятельный читатель");
    const stranger = await newUser("Другой читатель");
    const now = Date.now();
    for (const who of [reader, stranger]) expect((await post("addans", { qid: other, Body: `Ответ на соседний вопрос ${who.id}` }, who)).json.status).toBe(200);
    const [a1, a2] = [
      (await post("addans", { qid, Body: "Первый ответ читателя" }, reader)).json.id as number,
      (await post("addans", { qid, Body: "Ответ другого читателя" }, stranger)).json.id as number,
    ];
    const [otherAnswer] = await all<{ id: number }>("select id from answers where qid = ? and user_id = ?", other, reader.id);
    await exec("insert into best_votes (qid, answer_id, user_id, added) values (?, ?, ?, ?)", qid, a2, reader.id, now);
    await exec("insert into watches (qid, user_id, added) values (?, ?, ?)", qid, reader.id, now);
    await exec(
      "insert into marks (target_type, target_id, user_id, added) values ('Q', ?, ?, ?), ('A', ?, ?, ?), ('A', ?, ?, ?)",
      qid,
      reader.id,
      now,
      a2,
      reader.id,
      now,
      otherAnswer.id,
      reader.id,
      now,
    );
    const request = (who: NewUser) => new Request(`${BASE}/question/${qid}`, { headers: { cookie: who.cookie } });

    const mine = await sessionAndClassOnQuestion({ cloudflare: { env } }, request(reader), qid);
    expect(mine.session?.user.id).toBe(reader.id);
    expect(mine.facts).toMatchObject({
      isOwner: false,
      ownAnswers: [a1],
      bestVoted: true,
      pollVoted: false,
      watching: true,
      markedQuestion: true,
      markedAnswers: [a2],
    });
    const own = await viewerOnQuestion(env, { id: reader.id, lvl: mine.facts!.lvl }, qid);
    expect(own).toMatchObject({ answered: true, bestVoted: true, pollVoted: false, watching: true, markedQuestion: true, markedAnswers: [a2] });

    const theirs = await sessionAndClassOnQuestion({ cloudflare: { env } }, request(stranger), qid);
    expect(theirs.facts).toMatchObject({ ownAnswers: [a2], bestVoted: false, watching: false, markedQuestion: false, markedAnswers: [] });
    expect((await sessionAndClassOnQuestion({ cloudflare: { env } }, request(asker), qid)).facts).toMatchObject({ isOwner: true, ownAnswers: [] });
    expect((await sessionAndClassOnQuestion({ cloudflare: { env } }, request(reader), 999_999_999)).facts).toBeNull();
  });

  it("a reader's class reads as many rows on a question of 80 answers as on one of a single answer, his marks on its answers found", async () => {
    const asker = await newUser("Спрашивающий");
    const [small, big] = await openQuestions(asker.id, ["Вопрос с одним ответом", "Вопрос с восемьюдесятью ответами"]);
    const reader = await newUser("Читатель многих ответов");
    const answerers = await all<{ id: number }>("select id from users where id not in (?, ?) order by id limit 80", reader.id, asker.id);
    const now = Date.now();
    for (const [qid, count] of [
      [small, 1],
      [big, 80],
    ] as const) {
      await exec(
        "insert into answers (qid, user_id, text, added) select ?, value, 'Ответ', ? from json_each(?)",
        qid,
        now,
        JSON.stringify(answerers.slice(0, count).map((u) => u.id)),
      );
    }
    const [last] = await all<{ id: number }>("select max(id) as id from answers where qid = ?", big);
    // written without the question, as any writer may: the store fills it in
    await exec("insert into marks (target_type, target_id, user_id, added) values ('A', ?, ?, ?)", last.id, reader.id, now);
    expect(await all("select qid from marks where user_id = ?", reader.id)).toEqual([{ qid: big }]);
    const rowsRead = async (qid: number) => {
      const counted = withD1Stats({ ...env, D1_STATS: "1" } as Env);
      const read = await sessionAndClassOnQuestion(
        { cloudflare: { env: counted.env } },
        new Request(`${BASE}/question/${qid}`, { headers: { cookie: reader.cookie } }),
        qid,
      );
      const res = new Response(null);
      counted.report(res);
      return { facts: read.facts, touched: read.touched, rows: Number(res.headers.get("x-d1-rows-read")) };
    };
    const [one, many] = [await rowsRead(small), await rowsRead(big)];
    expect(many.facts).toMatchObject({ markedAnswers: [last.id], ownAnswers: [] });
    expect(one.facts).toMatchObject({ markedAnswers: [] });
    // the questions he has done something on, read with his class for his card: the one he marked an answer of
    expect(one.touched).toEqual([big]);
    // the marks are one range of an index by reader and question (here one row more: the mark), not a lookup for each answer;
    // the list of his questions reads his session's row once for each of its six parts
    expect(many.rows).toBeLessThanOrEqual(one.rows + 1);
    expect(many.rows).toBeLessThan(40);
  });
});

/** Whether the page offers its reader to stop watching the question (the question's island says he watches it). */
const watches = (html: string) => /&quot;watching&quot;:true/.test(html);

/** A new question and a new reader of it. */
async function questionAndReader(title: string) {
  const asker = await newUser("Спрашивающий");
  const [qid] = await openQuestions(asker.id, [title]);
  return { qid, reader: await newUser("Читатель") };
}

/** The reader views the question page twice: the second view is served from what the isolate read of him. */
async function readTwice(qid: number, reader: NewUser) {
  const first = await page(`/question/${qid}`, reader);
  const again = await page(`/question/${qid}`, reader);
  expect(again.res.headers.get("x-d1-roundtrips")).toBe("0");
  return { first, again };
}

describe("a reader's next view of a page he has just read", () => {
  it("needs no D1 round trip and no new rendering: it is served from what this isolate read of him", async () => {
    const { qid, reader } = await questionAndReader("Второй взгляд на страницу");
    const { first, again } = await readTwice(qid, reader);
    expect(first.res.headers.get("x-page-cache")).toBe("shared-miss");
    expect(again.res.headers.get("x-page-cache")).toBe("shared-hit");
    expect(again.html).toBe(first.html);
    expectOwnSlots(again.html, reader);
  });

  it("shows his own write at once: the write's bookmark makes him read anew", async () => {
    const { qid, reader } = await questionAndReader("Слежу за вопросом");
    expect(watches((await readTwice(qid, reader)).again.html)).toBe(false);
    const watched = await post("startwatch", { qid }, reader);
    expect(watched.json.status).toBe(200);
    // his browser keeps the bookmark the write left beside his session
    const after = await page(`/question/${qid}`, withBookmark(reader.cookie, watched.res));
    expect(after.res.headers.get("x-d1-roundtrips")).not.toBe("0");
    expect(watches(after.html)).toBe(true);
    expectOwnSlots(after.html, reader);
  });

  it("shows another's write to the question at once: its purge makes a new generation", async () => {
    const { qid, reader } = await questionAndReader("Ответ другого виден сразу");
    const answerer = await newUser("Отвечающий");
    await readTwice(qid, reader);
    expect((await post("addans", { qid, Body: "Ответ, который читатель видит сразу" }, answerer)).json.status).toBe(200);
    const after = await page(`/question/${qid}`, reader);
    expect(after.res.headers.get("x-page-cache")).toBe("shared-miss");
    expect(after.html).toContain("Ответ, который читатель видит сразу");
  });

  it("is a guest's page once his session has ended: signing out forgets what was read of him", async () => {
    const { qid, reader } = await questionAndReader("Вышел и вернулся");
    await readTwice(qid, reader);
    expect((await post("exit", {}, reader)).json.status).toBe(200);
    // the old cookie, sent again without the bookmark the sign-out left
    const after = await page(`/question/${qid}`, reader);
    expect(after.html).toContain('class="toolbar-login"');
    expect(after.html).not.toContain(reader.token);
  });

  it("is a guest's page once he signed out through the plain form (Remix's action) too", async () => {
    const { qid, reader } = await questionAndReader("Вышел без JavaScript");
    await readTwice(qid, reader);
    expect((await formPost("/logout", {}, reader)).status).toBe(302);
    const after = await page(`/question/${qid}`, reader);
    expect(after.html).toContain('class="toolbar-login"');
    expect(after.html).not.toContain(reader.token);
  });
});

/** The SQL of the statements a request prepares on D1 (its sessions included). */
function recordingD1(db: D1Database, seen: string[]): D1Database {
  const wrap = (d: D1Database | D1DatabaseSession): D1Database =>
    ({
      prepare: (query: string) => {
        seen.push(query);
        return d.prepare(query);
      },
      batch: (statements: D1PreparedStatement[]) => d.batch(statements),
      exec: (query: string) => (d as D1Database).exec(query),
      withSession: (constraint?: string) => wrap((d as D1Database).withSession(constraint)),
    }) as unknown as D1Database;
  return wrap(db);
}

describe("a question page read through the shared copies", () => {
  it("reads its reader's session once, before Remix runs: the page's loaders take it from the load context", async () => {
    const { qid, reader } = await questionAndReader("Сессия читается один раз");
    for (const cookie of [reader.cookie, "sid=nobody-has-this-session"]) {
      const seen: string[] = [];
      const res = await workerFetch(`${BASE}/question/${qid}`, { headers: { cookie } }, { DB: recordingD1(env.DB, seen) });
      expect(res.status).toBe(200);
      await res.text();
      expect(
        seen.filter((q) => q.includes('"api_token"')),
        cookie,
      ).toHaveLength(1);
    }
  });

  it("reads the page in the round trip of its reader's session when it reads him from D1: a page rendered after it waits for no second one", async () => {
    const asker = await newUser("Спрашивающий");
    const [qid, other] = await openQuestions(asker.id, ["Страница читается вместе с сессией", "Соседний вопрос"]);
    const reader = await newUser("Читатель");
    await post("addans", { qid, Body: "Ответ, который читают вместе с сессией" }, await newUser("Ответивший"));
    const signedOut = await newUser("Вышедший читатель");
    expect((await post("exit", {}, signedOut)).json.status).toBe(200);
    // a guest's view of another question first: this isolate keeps what every question page shows
    // (the categories, the ads) and reads them no more for a while; the blocks under this
    // question's answers it has not read yet
    expect((await page(`/question/${other}`)).status).toBe(200);
    // a new reader (his UserHub has no card of him yet): his class's copy is made; a reader whose
    // session has ended: the page rendered as a guest sees it. A second trip would be a second
    // read of the page: the page's reads start no earlier than the session's
    for (const [who, state, toolbar] of [
      [reader, "shared-miss", `href="/profile/id${reader.id}"`],
      [signedOut, null, 'class="toolbar-login"'],
    ] as const) {
      const { res, status, html } = await page(`/question/${qid}`, who);
      expect(status).toBe(200);
      expect(res.headers.get("x-page-cache"), who.nick).toBe(state);
      expect(html).toContain("Ответ, который читают вместе с сессией");
      expect(html).toContain(toolbar);
      expect(res.headers.get("x-d1-roundtrips"), who.nick).toBe("1");
      // the blocks under the answers came with the page, not streamed behind it (hidden without JavaScript)
      expect(html).toContain('data-testid="similar"');
      expect(html, who.nick).not.toContain('<div hidden id="S:');
    }
  });
});
