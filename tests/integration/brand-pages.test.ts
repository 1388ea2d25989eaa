import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get, page, post, postForm } from "./helpers/api";
import { all, exec, one, value } from "./helpers/db";
import { as, newUser } from "./helpers/users";

const BRAND = 1;
const URLNAME = "tehnomir";
const EXPERT = 6;

/** Inserts a public question tagged for the brand, in a state, `ago` ms before now; returns its id. */
async function tagged(qtext: string, state: "A" | "V" | "R" | "D", ago: number, brandId = BRAND) {
  const at = Date.now() - ago;
  const r = await env.DB.prepare(
    "insert into questions (user_id, category_id, top_category_id, qtext, state, added, state_changed_at, updated_at, brand_id) values (2, 100, 1, ?, ?, ?, ?, ?, ?) returning id",
  )
    .bind(qtext, state, at, at, at, brandId)
    .first<{ id: number }>();
  return r!.id;
}

const ids = (items: { qid?: number; pqid?: number; aid?: number }[]) => items.map((i) => i.aid ?? i.pqid ?? i.qid);

describe("the brand page's tabs", () => {
  it("every tab and sub of the brand page opens by a plain link; unknown ones are 404 and the administrator's are 404 to anyone else", async () => {
    const admin = await as("brandadmin@demo.local");
    const user = await as("user@demo.local");
    const everyone = [
      "questions/all",
      "questions/open",
      "questions/resolve",
      "questions/vote",
      "qst2brand/refer",
      "answers/all",
      "answers/best",
      "feed/updates",
      "followers/users",
    ];
    const adminOnly = ["questions/deleted", "questions/private", "qst2brand/private", "kquserlist/recommended"];
    for (const path of everyone) {
      for (const who of [undefined, user, admin]) expect((await page(`/${URLNAME}/${path}`, who)).status, path).toBe(200);
    }
    for (const path of adminOnly) {
      expect((await page(`/${URLNAME}/${path}`, admin)).status, path).toBe(200);
      for (const who of [undefined, user]) expect((await page(`/${URLNAME}/${path}`, who)).status, path).toBe(404);
    }
    // a tab alone opens its default sub
    const questions = await page(`/${URLNAME}/questions`);
    expect(questions.status).toBe(200);
    expect(questions.html).toContain('data-tab="questions/all" aria-current="page"');
    expect((await page(`/${URLNAME}/answers`)).html).toContain('data-tab="answers/all" aria-current="page"');
    expect((await page(`/${URLNAME}/kquserlist`, admin)).status).toBe(200);
    // the premoderation tab is the queue pages
    expect((await page(`/${URLNAME}/premoderation`, admin)).location).toBe(`/${URLNAME}/premoderation/questions`);
    for (const bad of ["questions/nothing", "answers/deleted", "kquserlist/all", "nothing/all", "questions/all/more"]) {
      expect((await page(`/${URLNAME}/${bad}`, admin)).status, bad).toBe(404);
    }
    // the tab bar: the administrator's tabs only for him, no follow button for him
    const guest = (await page(`/${URLNAME}/`)).html;
    expect(guest).not.toContain('data-tab="kquserlist/recommended"');
    expect(guest).not.toContain('data-tab="premoderation/questions"');
    expect(guest).toContain('data-tab="feed/updates"');
    expect(guest).toContain('data-tab="followers/users"');
    const mine = (await page(`/${URLNAME}/`, admin)).html;
    expect(mine).toContain('href="/tehnomir/kquserlist/recommended" data-tab="kquserlist/recommended"');
    expect(mine).toContain('href="/tehnomir/premoderation/questions" data-tab="premoderation/questions"');
    expect(mine).toContain('data-testid="tile-recommended"');
    expect(mine).toContain('data-testid="tile-private"');
    expect(mine).not.toContain('data-testid="brand-follow"');
    expect(guest).not.toContain('data-testid="tile-recommended"');
    expect(guest).toContain('data-testid="tile-tagged"');
  });

  it("the questions tab lists the questions tagged for the brand by state, and bquserlist pages them by 20 with p", async () => {
    const open = [];
    for (let i = 0; i < 21; i++) open.push(await tagged(`Открытый вопрос бренду ${i}`, "A", 1_000_000 + i * 1000));
    const vote = await tagged("Вопрос бренду на голосовании", "V", 500);
    const resolved = await tagged("Решённый вопрос бренду", "R", 400);
    const deleted = await tagged("Удалённый вопрос бренду", "D", 300);
    const other = await tagged("Вопрос другому бренду", "A", 200, 2).catch(() => null);

    const first = await get("bquserlist", { urlname: URLNAME, sub: "open" });
    expect(first.json.status).toBe(200);
    expect(first.json.items).toHaveLength(20);
    expect(first.json.more).toBe(1);
    expect(ids(first.json.items).slice(0, 2)).toEqual([open[0], open[1]]);
    const second = await get("bquserlist", { cid: String(BRAND), sub: "open", p: 20 });
    expect(ids(second.json.items)).toContain(open[20]);
    expect(second.json.items.every((i: { state: string }) => i.state === "A")).toBe(true);
    expect((await get("bquserlist", { cid: URLNAME, sub: "vote" })).json.items.map((i: { qid: number }) => i.qid)).toEqual([vote]);
    expect((await get("bquserlist", { cid: URLNAME, sub: "resolve" })).json.items.map((i: { qid: number }) => i.qid)).toEqual([resolved]);
    const everything = ids((await get("bquserlist", { cid: URLNAME })).json.items);
    expect(everything.slice(0, 2)).toEqual([resolved, vote]);
    expect(everything).not.toContain(deleted);
    if (other !== null) expect(everything).not.toContain(other);
    // tagqlist is the same list without subs
    expect(ids((await get("tagqlist", { cid: URLNAME })).json.items)).toEqual(everything);
    // the page shows the same, with "Показать ещё" past 20 (signed in: a guest may get the copy cached before these rows were written)
    const reader = await as("user@demo.local");
    const html = (await page(`/${URLNAME}/questions/open`, reader)).html;
    expect(html).toContain(`href="/question/${open[0]}"`);
    expect(html).not.toContain(`href="/question/${vote}"`);
    expect(html).toContain(`href="/tehnomir/questions/open?p=20"`);
    expect((await page(`/${URLNAME}/questions/open?p=20`, reader)).html).toContain(`href="/question/${open[20]}"`);
    // bad input: an unknown sub, a bad offset, no brand, an unknown brand
    for (const [params, errid] of [
      [{ cid: URLNAME, sub: "nothing" }, 494],
      [{ cid: URLNAME, p: "-1" }, 300],
      [{ cid: URLNAME, p: "5000" }, 312],
      [{}, 492],
      [{ cid: "no-such-brand" }, 470],
    ] as const) {
      expect((await get("bquserlist", params as Record<string, string>)).json.errid).toBe(errid);
    }
  });

  it("the administrator's lists (deleted, private, qst2brandlist, kquserlist) are refused to anyone else with 493", async () => {
    const admin = await as("brandadmin@demo.local");
    const expert = await as("expert@demo.local");
    const user = await as("user@demo.local");
    const waiting = await post("askbrand", { bid: BRAND, qtext: "Когда придёт мой заказ?" }, user);
    const hidden = await post("askbrand", { bid: BRAND, qtext: "Этот вопрос я скрою сам" }, user);
    expect((await post("hideqpersonal", { pqid: hidden.json.pqid }, user)).json.status).toBe(200);

    const priv = await get("qst2brandlist", { cid: URLNAME }, admin);
    expect(priv.json.status).toBe(200);
    expect(ids(priv.json.items)).toContain(waiting.json.pqid);
    expect(ids(priv.json.items)).not.toContain(hidden.json.pqid);
    expect(ids((await get("bquserlist", { cid: URLNAME, sub: "deleted" }, admin)).json.items)).toContain(hidden.json.pqid);
    expect(ids((await get("bquserlist", { cid: URLNAME, sub: "private" }, admin)).json.items)).toContain(waiting.json.pqid);
    for (const who of [expert, user, undefined]) {
      for (const [name, params] of [
        ["qst2brandlist", { cid: URLNAME }],
        ["kquserlist", { cid: URLNAME }],
        ["bquserlist", { cid: URLNAME, sub: "deleted" }],
        ["bquserlist", { cid: URLNAME, sub: "private" }],
        ["getBrands", { urlname: URLNAME, sub: "kquserlist" }],
      ] as const) {
        const r = await get(name, params, who);
        expect({ name, status: r.res.status, errid: r.json.errid }).toEqual({ name, status: 403, errid: 493 });
      }
    }
  });

  it("uqst2brandlist and the default tab list the tagged questions no member of the brand has answered; abrandans lists the members' answers, all or best", async () => {
    const waitingQ = await tagged("Ещё никто из бренда не ответил", "A", 100);
    const answeredQ = await tagged("На этот ответил эксперт", "A", 90);
    const answer = await env.DB.prepare("insert into answers (qid, user_id, text, added, best) values (?, ?, 'Ответ эксперта бренда', ?, 1) returning id")
      .bind(answeredQ, EXPERT, Date.now())
      .first<{ id: number }>();
    const plain = await env.DB.prepare("insert into answers (qid, user_id, text, added) values (?, 3, 'Ответ обычного пользователя', ?) returning id")
      .bind(waitingQ, Date.now())
      .first<{ id: number }>();

    const refer = ids((await get("uqst2brandlist", { cid: URLNAME })).json.items);
    expect(refer).toContain(waitingQ);
    expect(refer).not.toContain(answeredQ);
    const reader = await as("user@demo.local");
    const html = (await page(`/${URLNAME}/`, reader)).html;
    expect(html).toContain(`href="/question/${waitingQ}"`);
    expect(html).not.toContain(`href="/question/${answeredQ}"`);

    const answers = (await get("abrandans", { cid: URLNAME })).json.items;
    expect(ids(answers)).toContain(answer!.id);
    expect(ids(answers)).not.toContain(plain!.id);
    expect(answers.find((a: { aid: number }) => a.aid === answer!.id)).toMatchObject({ qid: answeredQ, usrid: EXPERT, best: 1 });
    expect(ids((await get("abrandans", { cid: URLNAME, best: "1" })).json.items)).toContain(answer!.id);
    await exec("update answers set best = 0 where id = ?", answer!.id);
    expect(ids((await get("abrandans", { cid: URLNAME, best: "1" })).json.items)).not.toContain(answer!.id);
    const answersPage = (await page(`/${URLNAME}/answers/all`, reader)).html;
    expect(answersPage).toContain("Ответ эксперта бренда");
    expect(answersPage).not.toContain("Ответ обычного пользователя");
  });

  it("getBrands honours stat (the tiles' counts, the administrator's only for him) and sub (the first page of that list)", async () => {
    const admin = await as("brandadmin@demo.local");
    const plain = (await get("getBrands", { urlname: URLNAME })).json.brand;
    expect(plain.tag_cnt).toBeUndefined();
    expect(plain.items).toBeUndefined();
    const guest = (await get("getBrands", { urlname: URLNAME, stat: "1" })).json.brand;
    const live = await value("select count(*) v from questions where brand_id = ? and state <> 'D' and hidden = 0", BRAND);
    expect(guest.tag_cnt).toBe(live);
    expect(guest.kquserlist_cnt).toBeUndefined();
    expect(guest.modcount).toBeUndefined();
    const mine = (await get("getBrands", { id: String(BRAND), stat: "1" }, admin)).json.brand;
    expect(mine).toMatchObject({ is_admin: 1, tag_cnt: live });
    expect(typeof mine.kquserlist_cnt).toBe("number");
    expect(typeof mine.qst2brand).toBe("number");
    expect(typeof mine.modcount).toBe("number");
    const withSub = (await get("getBrands", { urlname: URLNAME, sub: "questions/vote" })).json.brand;
    expect(withSub).toMatchObject({ tab: "questions", sub: "vote" });
    expect(withSub.items.every((i: { state: string }) => i.state === "V")).toBe(true);
    expect((await get("getBrands", { urlname: URLNAME, sub: "answers" })).json.brand).toMatchObject({ tab: "answers", sub: "all" });
    for (const sub of ["nothing", "questions/nothing"]) expect((await get("getBrands", { urlname: URLNAME, sub })).json.errid).toBe(494);
  });
});

describe("recommending a question", () => {
  it("the brand administrator recommends a question: 'Рекомендация отправлена на согласование', and kquserlist lists it", async () => {
    const admin = await as("brandadmin@demo.local");
    const qid = await tagged("Вопрос, который стоит рекомендовать", "A", 50);
    const before = await value("select count(*) v from brand_recommendations");
    // the plain form with the question's address, JavaScript off
    const sent = await postForm(
      "kqrecommend",
      { cid: String(BRAND), qid: `https://otvety.example/question/${qid}` },
      `/${URLNAME}/kquserlist/recommended?sent=1`,
      admin,
    );
    expect(sent.res.status).toBe(302);
    expect(sent.res.headers.get("location")).toBe(`/${URLNAME}/kquserlist/recommended?sent=1`);
    const html = (await page(`/${URLNAME}/kquserlist/recommended?sent=1`, admin)).html;
    expect(html).toContain("Рекомендация отправлена на согласование");
    expect(html).toContain(`href="/question/${qid}"`);
    expect(await one("select brand_id, qid, user_id, status from brand_recommendations where qid = ?", qid)).toEqual({
      brand_id: BRAND,
      qid,
      user_id: admin.id,
      status: "N",
    });
    expect(await value("select count(*) v from brand_recommendations")).toBe(before + 1);
    const listed = await get("kquserlist", { cid: URLNAME }, admin);
    expect(listed.json.items[0]).toMatchObject({ qid, status: "N" });
    // the API says the same
    const other = await tagged("Второй рекомендованный", "R", 40);
    expect((await post("kqrecommend", { cid: URLNAME, qid: String(other) }, admin)).json).toMatchObject({
      status: 200,
      qid: other,
      message: "Рекомендация отправлена на согласование",
    });
    expect((await get("getBrands", { urlname: URLNAME, stat: "1" }, admin)).json.brand.kquserlist_cnt).toBeGreaterThanOrEqual(2);
  });

  it("recommending is refused to anyone but the brand's administrator, twice, or for a missing or deleted question, and writes nothing", async () => {
    const admin = await as("brandadmin@demo.local");
    const expert = await as("expert@demo.local");
    const stranger = await newUser("Прохожий");
    const qid = await tagged("Рекомендуют только один раз", "A", 30);
    const gone = await tagged("Удалённый вопрос", "D", 20);
    expect((await post("kqrecommend", { cid: URLNAME, qid: String(qid) }, admin)).json.status).toBe(200);
    const before = await all("select * from brand_recommendations order by id");
    for (const [body, who, errid] of [
      [{ cid: URLNAME, qid: String(qid) }, admin, 496],
      [{ cid: URLNAME, qid: String(gone) }, admin, 495],
      [{ cid: URLNAME, qid: "999999" }, admin, 495],
      [{ cid: URLNAME, qid: "не вопрос" }, admin, 495],
      [{ cid: URLNAME, qid: String(qid + 1000) }, expert, 493],
      [{ cid: URLNAME, qid: String(qid) }, stranger, 493],
      [{ cid: URLNAME, qid: String(qid) }, undefined, 101],
      [{ qid: String(qid) }, admin, 492],
    ] as const) {
      expect((await post("kqrecommend", body, who)).json.errid).toBe(errid);
    }
    expect(await all("select * from brand_recommendations order by id")).toEqual(before);
  });
});

describe("favourite categories", () => {
  it("a signed-in user marks a category a favourite: getCategories says isFavorite and the toolbar lists it first; unmarking undoes it", async () => {
    const me = await newUser("Любитель");
    const before = (await get("getCategories", {}, me)).json.categories;
    expect(before.every((c: { isFavorite: number }) => c.isFavorite === 0)).toBe(true);
    // the plain form on the category page, JavaScript off
    const form = (await page("/sport/", me)).html;
    expect(form).toContain('data-testid="fav-add"');
    expect((await postForm("favCategory", { cid: "sport", fav: "1" }, "/sport/", me)).res.status).toBe(302);
    expect((await post("favCategory", { cid: "100" }, me)).json).toEqual({ status: 200, cid: 100, urlname: expect.any(String), isFavorite: 1 });
    const cats = (await get("getCategories", {}, me)).json.categories as {
      urlname: string;
      isFavorite: number;
      categories: { id: number; isFavorite: number }[];
    }[];
    expect(cats.find((c) => c.urlname === "sport")?.isFavorite).toBe(1);
    expect(cats.flatMap((c) => c.categories).find((c) => c.id === 100)?.isFavorite).toBe(1);
    expect(cats.find((c) => c.urlname === "auto")?.isFavorite).toBe(0);
    // the drop-down: favourites first, in the order marked, then the rest without repeats
    const html = (await page("/", me)).html;
    const menu = html.slice(html.indexOf('data-testid="categories-menu"'), html.indexOf("</details>"));
    const hrefs = [...menu.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs[0]).toBe("/");
    expect(hrefs[1]).toBe("/sport/");
    expect(hrefs.filter((h) => h === "/sport/")).toHaveLength(1);
    expect(menu).toContain('data-fav="1"');
    expect((await page("/sport/", me)).html).toContain('data-testid="fav-remove"');
    // a guest's getCategories marks nothing; a guest cannot mark
    expect((await get("getCategories", {})).json.categories.every((c: { isFavorite: number }) => c.isFavorite === 0)).toBe(true);
    expect((await post("favCategory", { cid: "sport" })).json.errid).toBe(101);
    expect((await post("favCategory", { cid: "no-such-category" }, me)).json.errid).toBe(305);
    // unmarking, twice, leaves the other favourite
    expect((await post("favCategory", { cid: "sport", fav: "0" }, me)).json.isFavorite).toBe(0);
    expect((await post("favCategory", { cid: "sport", fav: "0" }, me)).json.isFavorite).toBe(0);
    expect(await value<string>("select fav_categories v from users where id = ?", me.id)).toBe("[100]");
  });

  it("a user keeps at most 30 favourite categories; the 31st is refused with 468 and nothing changes", async () => {
    const me = await newUser("Коллекционер");
    const full = JSON.stringify(Array.from({ length: 30 }, (_, i) => 1000 + i));
    await exec("update users set fav_categories = ? where id = ?", full, me.id);
    const r = await post("favCategory", { cid: "sport" }, me);
    expect({ status: r.res.status, errid: r.json.errid }).toEqual({ status: 409, errid: 468 });
    expect(await value<string>("select fav_categories v from users where id = ?", me.id)).toBe(full);
  });
});

describe("the brand edit page", () => {
  it("a god-level user edits the brand; every change is logged in the moderation log and shown on the page; the brand page links to it for him alone", async () => {
    const god = await newUser("Главный");
    await exec(`update users set permissions = '["god"]' where id = ?`, god.id);
    const admin = await as("brandadmin@demo.local");
    expect((await page(`/${URLNAME}/`, god)).html).toContain(`href="/admin/brand/edit/${BRAND}" data-testid="brand-edit-link"`);
    expect((await page(`/${URLNAME}/`, admin)).html).not.toContain("brand-edit-link");
    const form = await page(`/admin/brand/edit/${BRAND}`, god);
    expect(form.status).toBe(200);
    expect(form.html).toContain('data-testid="brand-edit-form"');

    const brand = (await one("select name, person_name, person_text, logo, url from brands where id = ?", BRAND))!;
    const fields = {
      id: String(BRAND),
      name: "ТехноМир Плюс",
      personname: brand.person_name,
      persontext: brand.person_text,
      logo: "/img/tehnomir.png",
      url: brand.url ?? "",
    };
    const saved = await postForm("brand_edit", fields, `/admin/brand/edit/${BRAND}?saved=1`, god);
    expect(saved.res.status).toBe(302);
    expect(await one("select name, logo from brands where id = ?", BRAND)).toEqual({ name: "ТехноМир Плюс", logo: "/img/tehnomir.png" });
    const log = await all("select moder_id, action, target_type, target_id, note from mod_log where action = 'brandedit'");
    expect(log).toEqual([
      {
        moder_id: god.id,
        action: "brandedit",
        target_type: "B",
        target_id: BRAND,
        note: JSON.stringify({ name: [brand.name, "ТехноМир Плюс"], logo: [brand.logo, "/img/tehnomir.png"] }),
      },
    ]);
    const after = (await page(`/admin/brand/edit/${BRAND}?saved=1`, god)).html;
    expect(after).toContain("Изменения сохранены");
    expect(after).toContain(`Название: «${brand.name}» → «ТехноМир Плюс»`);
    expect((await page(`/${URLNAME}/`)).html).toContain('data-testid="brand-name">ТехноМир Плюс</h1>');
    // the same form again changes and logs nothing
    await postForm("brand_edit", fields, `/admin/brand/edit/${BRAND}?saved=1`, god);
    expect(await value("select count(*) v from mod_log where action = 'brandedit'")).toBe(1);
  });

  it("anyone but a god-level user is refused (404 for the page, 497 for the call), bad fields get their Russian refusal, and nothing is written", async () => {
    const god = await newUser("Главный");
    await exec(`update users set permissions = '["god"]' where id = ?`, god.id);
    const admin = await as("brandadmin@demo.local");
    const moder = await as("moder@demo.local");
    for (const who of [admin, moder, undefined]) expect((await page(`/admin/brand/edit/${BRAND}`, who)).status).toBe(404);
    expect((await page("/admin/brand/edit/999", god)).status).toBe(404);
    const before = await one("select * from brands where id = ?", BRAND);
    const logged = await value("select count(*) v from mod_log");
    const good = { id: String(BRAND), name: "Новое имя", personname: "", persontext: "", logo: "", url: "" };
    for (const who of [admin, moder]) {
      const r = await post("brand_edit", good, who);
      expect({ status: r.res.status, errid: r.json.errid, error: r.json.error }).toEqual({
        status: 403,
        errid: 497,
        error: "Изменять бренды могут только главные администраторы сайта",
      });
    }
    for (const [patch, errid] of [
      [{ name: "" }, 498],
      [{ name: "Я".repeat(101) }, 498],
      [{ personname: "Я".repeat(101) }, 499],
      [{ persontext: "Я".repeat(1001) }, 499],
      [{ url: "javascript:alert(1)" }, 469],
      [{ url: "/local/path" }, 469],
      [{ logo: "//evil.example/x.png" }, 469],
      [{ id: "999" }, 470],
    ] as const) {
      const r = await post("brand_edit", { ...good, ...patch }, god);
      expect(r.json.errid, JSON.stringify(patch)).toBe(errid);
      expect(r.json.error).toMatch(/[а-я]/);
    }
    // the form door shows the refusal's text
    const door = await postForm("brand_edit", { ...good, name: "" }, `/admin/brand/edit/${BRAND}?saved=1`, god);
    expect(door.html).toContain("Название бренда — от 1 до 100 символов");
    expect(await one("select * from brands where id = ?", BRAND)).toEqual(before);
    expect(await value("select count(*) v from mod_log")).toBe(logged);
  });
});

// last in the file: its rows are dated after every other test's, and would come first in their lists
describe("the brand's list calls", () => {
  it("tagqlist, uqst2brandlist, qst2brandlist, kquserlist and abrandans page by 20 with p: the second page goes on where the first stopped", async () => {
    const admin = await as("brandadmin@demo.local");
    // 21 of each, newer than anything else in the lists, so both pages hold only these rows
    const base = Date.now() + 10_000_000;
    const fresh: number[] = [];
    for (let i = 0; i < 21; i++) fresh.push(await tagged(`Свежий вопрос бренду ${i}`, "A", -10_000_000 - i * 1000));
    const privates: number[] = [];
    for (let i = 0; i < 21; i++) {
      const r = await env.DB.prepare("insert into private_questions (brand_id, user_id, qtext, added) values (?, 3, ?, ?) returning id")
        .bind(BRAND, `Личный вопрос ${i}`, base + i * 1000)
        .first<{ id: number }>();
      privates.push(r!.id);
    }
    for (const [i, qid] of fresh.entries()) {
      await exec("insert into brand_recommendations (brand_id, qid, user_id, status, added) values (?, ?, ?, 'N', ?)", BRAND, qid, admin.id, base + i * 1000);
    }
    const newestFirst = (ids: number[]) => [...ids].reverse();
    const pages = async (name: string, params: Record<string, string> = {}) => {
      const first = await get(name, { cid: URLNAME, ...params }, admin);
      const second = await get(name, { cid: URLNAME, ...params, p: 20 }, admin);
      expect({ name, status: first.json.status, size: first.json.items.length, more: first.json.more }).toEqual({ name, status: 200, size: 20, more: 1 });
      return [...ids(first.json.items), ...ids(second.json.items)];
    };
    for (const name of ["tagqlist", "uqst2brandlist", "kquserlist"]) expect((await pages(name)).slice(0, 21), name).toEqual(newestFirst(fresh));
    expect((await pages("qst2brandlist")).slice(0, 21)).toEqual(newestFirst(privates));

    // the experts answer them: they leave uqst2brandlist, and abrandans pages their answers
    const answers: number[] = [];
    for (const [i, qid] of fresh.entries()) {
      const r = await env.DB.prepare("insert into answers (qid, user_id, text, added) values (?, ?, ?, ?) returning id")
        .bind(qid, EXPERT, `Ответ эксперта ${i}`, base + i * 1000)
        .first<{ id: number }>();
      answers.push(r!.id);
    }
    expect((await pages("abrandans")).slice(0, 21)).toEqual(newestFirst(answers));
    const refer = ids((await get("uqst2brandlist", { cid: URLNAME }, admin)).json.items);
    for (const qid of fresh) expect(refer).not.toContain(qid);
  });
});
