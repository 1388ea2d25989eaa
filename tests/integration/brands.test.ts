import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, get, type Me, page, post, postForm, workerFetch } from "./helpers/api";
import { value } from "./helpers/db";
import { as } from "./helpers/users";
import { cut } from "../../app/lib/limits";

const BRAND = 1;
const URLNAME = "tehnomir";

async function counters(userId: number) {
  return {
    followers: await value("select followers v from brands where id = ?", BRAND),
    following: await value("select following v from users where id = ?", userId),
    rows: await value("select count(*) v from follows where follower_id = ? and target_type = 'B' and target_id = ?", userId, BRAND),
  };
}

describe("the brand page", () => {
  it("/{brand urlname}/ shows the brand's header, stats, follow button and the questions tagged for it", async () => {
    const me = await as("znatok@demo.local");
    const asked = await post("addqst", { qtext: "Стоит ли брать планшет ТехноМира?", cid: "1", subcid: "100", brand_tags: String(BRAND) }, me);
    expect(asked.json.status).toBe(200);
    const { status, html } = await page(`/${URLNAME}/`);
    expect(status).toBe(200);
    expect(html).toContain('data-testid="brand-name">ТехноМир</h1>');
    expect(html).toContain("Ольга из ТехноМира");
    expect(html).toContain("Отвечаем на вопросы о технике и гаджетах");
    expect(html).toContain('data-testid="brand-stats"');
    expect(html).toContain('data-testid="brand-follow"');
    expect(html).toContain('href="/ask/private-1"');
    expect(html).toContain('data-tab="qst2brand/refer"');
    expect(html).toContain(`href="/question/${asked.json.qid}"`);
    // guests see neither the administrator's tabs nor the queue count
    expect(html).not.toContain('data-tab="qst2brand/private"');
    expect(html).not.toContain('data-testid="brand-modcount"');
    // a category of the same path still is a category; an unknown name is 404
    expect((await page("/no-such-brand-or-category/")).status).toBe(404);
    expect((await page(`/${URLNAME}/open`)).status).toBe(404);
    expect((await page(`/${URLNAME}/qst2brand/nothing`)).status).toBe(404);
  });

  it("brand_follow and brand_unfollow toggle the follow and both counters; repeats are refused and change nothing", async () => {
    const me = await as("user@demo.local");
    const before = await counters(me.id);
    const followed = await post("brand_follow", { cid: BRAND }, me);
    expect(followed.json).toEqual({ status: 200, followers: before.followers + 1, subscribed: 1, urlname: URLNAME });
    expect(await counters(me.id)).toEqual({ followers: before.followers + 1, following: before.following + 1, rows: 1 });
    // the page now offers to unfollow and counts the follower
    const followedPage = await page(`/${URLNAME}/`, me);
    expect(followedPage.html).toContain('data-testid="brand-unfollow"');
    expect(followedPage.html).toMatch(new RegExp(`data-testid="brand-followers">${before.followers + 1} подписчик`));

    const again = await post("brand_follow", { urlname: URLNAME }, me);
    expect({ status: again.res.status, errid: again.json.errid }).toEqual({ status: 409, errid: 490 });
    expect(await counters(me.id)).toEqual({ followers: before.followers + 1, following: before.following + 1, rows: 1 });

    const unfollowed = await post("brand_unfollow", { cid: URLNAME }, me);
    expect(unfollowed.json).toEqual({ status: 200, followers: before.followers, subscribed: 0, urlname: URLNAME });
    expect(await counters(me.id)).toEqual(before);
    const twice = await post("brand_unfollow", { cid: BRAND }, me);
    expect({ status: twice.res.status, errid: twice.json.errid }).toEqual({ status: 409, errid: 491 });
    expect(await counters(me.id)).toEqual(before);

    for (const [body, who, errid] of [
      [{ cid: 999 }, me, 470],
      [{}, me, 492],
      [{ cid: BRAND }, undefined, 101],
    ] as const) {
      expect((await post("brand_follow", body, who)).json.errid).toBe(errid);
    }
    expect(await counters(me.id)).toEqual(before);
  });

  it("the brand administrator sees the private and deleted tabs and the moderation queue count; nobody else does", async () => {
    const admin = await as("brandadmin@demo.local");
    const expert = await as("expert@demo.local");
    const user = await as("user@demo.local");
    // one private question shown, one deleted by its asker, and a report on a tagged question
    const shown = await post("askbrand", { bid: BRAND, qtext: "Где ближайший сервисный центр?" }, user);
    const gone = await post("askbrand", { bid: BRAND, qtext: "Вопрос, который я скрою" }, user);
    expect((await post("hideqpersonal", { pqid: gone.json.pqid }, user)).json.status).toBe(200);
    const tagged = await value("select max(id) v from questions where brand_id = ?", BRAND);
    await env.DB.prepare("insert into abuse_reports (reporter_id, target_type, target_id, qid, reason, status, added) values (?, 'Q', ?, ?, 'spam', 'N', ?)")
      .bind(user.id, tagged, tagged, Date.now())
      .run();
    const pending = await value("select count(*) v from premod_items where brand_id = ? and modstatus = 'N'", BRAND);

    const main = await page(`/${URLNAME}/`, admin);
    expect(main.status).toBe(200);
    expect(main.html).toContain('data-tab="qst2brand/private"');
    // the questions tab's subs: the deleted and the private ones are his too
    const questionsTab = (await page(`/${URLNAME}/questions/all`, admin)).html;
    expect(questionsTab).toContain('data-tab="questions/deleted"');
    expect(questionsTab).toContain('data-tab="questions/private"');
    expect(main.html).toContain(`data-testid="brand-modcount">Очередь модерации: ${pending + 1}</span>`);
    // the administrator does not follow his own brand
    expect(main.html).not.toContain('data-testid="brand-follow"');

    const priv = await page(`/${URLNAME}/qst2brand/private`, admin);
    expect(priv.status).toBe(200);
    expect(priv.html).toContain(`href="/private/${shown.json.pqid}"`);
    expect(priv.html).not.toContain(`href="/private/${gone.json.pqid}"`);
    const deleted = await page(`/${URLNAME}/questions/deleted`, admin);
    expect(deleted.status).toBe(200);
    expect(deleted.html).toContain(`href="/private/${gone.json.pqid}"`);
    expect(deleted.html).not.toContain(`href="/private/${shown.json.pqid}"`);

    for (const who of [expert, user, undefined]) {
      expect((await page(`/${URLNAME}/qst2brand/private`, who)).status).toBe(404);
      expect((await page(`/${URLNAME}/questions/deleted`, who)).status).toBe(404);
      const html = (await page(`/${URLNAME}/`, who)).html;
      expect((await page(`/${URLNAME}/questions/all`, who)).html).not.toContain('data-tab="questions/deleted"');
      expect(html).not.toContain('data-tab="qst2brand/private"');
      expect(html).not.toContain('data-testid="brand-modcount"');
    }
  });

  it("the brand page has side columns: its experts, its category and (administrator) the moderation queues on the left, help on the right", async () => {
    const expertNick = await value<string>("select nick v from users where id = 6");
    const category = (await env.DB.prepare("select c.name, c.urlname from brands b join categories c on c.id = b.category_id where b.id = ?")
      .bind(BRAND)
      .first<{ name: string; urlname: string }>())!;
    const { html } = await page(`/${URLNAME}/?p=0`);
    expect(html).toContain('class="layout layout-columns"');
    const left = html.slice(html.indexOf('data-testid="left-column"'), html.indexOf('data-testid="right-column"'));
    expect(left).toContain("Эксперты");
    // the nick cut at 16 like the other columns, whole in the link's title
    expect(left).toContain(`<a href="/profile/id6" title="${expertNick}">${cut(expertNick, 16)}</a>`);
    // the administrator is not listed as an expert
    expect(left).not.toContain('href="/profile/id7"');
    expect(left).toContain('href="/ask/private-1"');
    expect(left).toContain(`<a href="/${category.urlname}/" data-testid="brand-category">${category.name}</a>`);
    expect(left).not.toContain("premoderation");
    const right = html.slice(html.indexOf('data-testid="right-column"'));
    expect(right).toContain('href="/help/rules"');
    // the administrator also gets the three premoderation queues
    const admin = await as("brandadmin@demo.local");
    const adminPage = (await page(`/${URLNAME}/`, admin)).html;
    const adminLeft = adminPage.slice(adminPage.indexOf('data-testid="left-column"'), adminPage.indexOf('data-testid="right-column"'));
    for (const kind of ["questions", "answers", "comments"]) {
      expect(adminLeft).toContain(`href="/${URLNAME}/premoderation/${kind}"`);
      expect((await page(`/${URLNAME}/premoderation/${kind}`, admin)).status).toBe(200);
    }
  });
});

describe("getBrands", () => {
  it("answers the brand in the spec's fields with the viewer's subscribed and is_admin", async () => {
    const admin = await as("brandadmin@demo.local");
    const user = await as("guru@demo.local");
    const read = async (params: Record<string, string | number>, me?: Me) => (await get("getBrands", params, me)).json;
    expect((await read({ urlname: URLNAME }, admin)).brand).toMatchObject({
      id: BRAND,
      urlname: URLNAME,
      name: "ТехноМир",
      brand_personname: "Ольга из ТехноМира",
      is_admin: 1,
      subscribed: 0,
    });
    expect((await post("brand_follow", { urlname: URLNAME }, user)).json.status).toBe(200);
    const mine = (await read({ id: BRAND }, user)).brand;
    expect(mine).toMatchObject({ is_admin: 0, subscribed: 1 });
    expect(mine.followers).toBe(await value("select followers v from brands where id = ?", BRAND));
    expect((await read({ urlname: "nobody" })).errid).toBe(470);
    expect((await read({})).errid).toBe(470);
  });
});

describe("asking a brand's expert", () => {
  it("/ask/private-{bid} and /ask/%20/private-{bid} show 'Задать вопрос эксперту' with no tabs and the 'Пользователи также могут ответить' option", async () => {
    const me = await as("user@demo.local");
    for (const path of ["/ask/private-1", "/ask/%20/private-1", "/ask/%D0%93%D0%B0%D1%80%D0%B0%D0%BD%D1%82%D0%B8%D1%8F%3F/private-1"]) {
      const { status, html } = await page(path, me);
      expect({ path, status }).toEqual({ path, status: 200 });
      expect(html).toContain("Задать вопрос эксперту");
      expect(html).toContain("Пользователи также могут ответить");
      expect(html).toContain('name="bid" value="1"');
      expect(html).not.toContain("Текст опроса");
      expect(html).toContain('action="/do/askbrand');
    }
    expect((await page("/ask/%D0%93%D0%B0%D1%80%D0%B0%D0%BD%D1%82%D0%B8%D1%8F%3F/private-1", me)).html).toContain("Гарантия?");
    expect((await page("/ask/private-999", me)).status).toBe(404);
    expect((await page("/ask/private-abc", me)).status).toBe(404);
    expect((await page("/ask/a/b", me)).status).toBe(404);
    // a guest goes to sign in (without JavaScript, by the page's refresh)
    expect((await page("/ask/private-1")).html).toContain("/login");
  });

  it("the other ask paths show the ask page prefilled", async () => {
    const me = await as("user@demo.local");
    const { status, html } = await page(
      "/ask/%D0%9A%D0%B0%D0%BA%20%D0%B2%D1%8B%D0%B1%D1%80%D0%B0%D1%82%D1%8C%20%D1%87%D0%B0%D0%B9%D0%BD%D0%B8%D0%BA%3F/cid-1",
      me,
    );
    expect(status).toBe(200);
    expect(html).toContain("Как выбрать чайник?");
    expect(html).toContain('action="/do/addqst');
    expect(html).not.toContain("Задать вопрос эксперту");
  });

  it("the form door: unchecked asks privately (askbrand, free, DIQ), checked asks a public question tagged for the brand (5 points)", async () => {
    const me = await as("guru@demo.local");
    const points = await value("select points v from users where id = ?", me.id);
    const form = async (fields: Record<string, string>) => (await postForm("askbrand", fields, "/ask/private-1", me)).res;
    const priv = await form({ bid: "1", qtext: "Есть ли доставка в Казань?", Body: "", public: "0", cid: "1", subcid: "" });
    expect(priv.status).toBe(302);
    const pqid = await value("select max(id) v from private_questions where user_id = ?", me.id);
    expect(priv.headers.get("location")).toBe(`/private/${pqid}`);
    expect(await value("select points v from users where id = ?", me.id)).toBe(points);

    const pub = await form({ bid: "1", qtext: "Как настроить роутер ТехноМира?", Body: "", public: "1", cid: "1", subcid: "100" });
    expect(pub.status).toBe(302);
    const qid = await value("select max(id) v from questions where user_id = ?", me.id);
    expect(pub.headers.get("location")).toBe(`/question/${qid}`);
    expect(await env.DB.prepare("select brand_id, brand_tags from questions where id = ?").bind(qid).first()).toEqual({ brand_id: BRAND, brand_tags: "[1]" });
    expect(await value("select points v from users where id = ?", me.id)).toBe(points - 5);
    const limits = (await get("canask", {}, me)).json as {
      limits: Record<string, { used: number }>;
    };
    expect(limits.limits.DIQ.used).toBe(1);
    expect(limits.limits.ASK.used).toBe(1);
  });
  it("the question call names the brand a question asks, whether its experts answered, the authors' brands, and the viewer's watch", async () => {
    const me = await as("znatok@demo.local");
    const expert = await as("expert@demo.local");
    const guru = await as("guru@demo.local");
    const asked = await post("addqst", { qtext: "Какой роутер ТехноМира взять для дачи?", cid: "1", subcid: "100", brand_tags: String(BRAND) }, me);
    expect(asked.json.status).toBe(200);
    const qid = asked.json.qid as number;
    const waiting = (await get("question", { qid }, me)).json;
    expect(waiting).toMatchObject({
      brand: "ТехноМир",
      brand_personname: "Ольга из ТехноМира",
      catHasBrand: 1,
      has_brand_answer: 0,
      waiting_brand_reply: 1,
      vip: 0,
      goldrec: 0,
      hidden: 0,
      curr: 0,
      currword: "0 отметок",
      qautor: { usrid: me.id, brand: null },
    });
    // the asker watches his question; a guest and a stranger do not
    expect(waiting.watcher).toBe(await value("select count(*) v from watches where qid = ? and user_id = ?", qid, me.id));
    expect(waiting.watcher).toBe(1);
    expect((await get("question", { qid })).json.watcher).toBe(0);
    expect((await get("question", { qid }, guru)).json.watcher).toBe(0);

    // a stranger's answer is nobody's brand; the expert's answer is the brand's and ends the wait
    expect((await post("addans", { qid, Body: "Берите любой с внешней антенной." }, guru)).json.status).toBe(200);
    expect((await get("question", { qid })).json).toMatchObject({ has_brand_answer: 0, waiting_brand_reply: 1 });
    expect((await post("addans", { qid, Body: "Для дачи подойдёт модель с 4G-модемом." }, expert)).json.status).toBe(200);
    expect((await post("mark", { qid }, guru)).json.status).toBe(200);
    await env.DB.prepare("update questions set goldrec = 1 where id = ?").bind(qid).run();
    const answered = (await get("question", { qid })).json;
    expect(answered).toMatchObject({ has_brand_answer: 1, waiting_brand_reply: 0, goldrec: 1, curr: 1, currword: "1 отметка" });
    const byAuthor = Object.fromEntries(answered.answers.map((a: Record<string, unknown>) => [a.usrid, [a.brand, a.brand_url]]));
    expect(byAuthor).toEqual({ [guru.id]: [null, null], [expert.id]: ["ТехноМир", `/${URLNAME}/`] });
    // the same on moreanswers and showans; a question asked by a brand member names his brand
    const more = (await get("moreanswers", { qid })).json;
    expect(more.answers.find((a: Record<string, unknown>) => a.usrid === expert.id)).toMatchObject({ brand: "ТехноМир", brand_url: `/${URLNAME}/` });
    const expertAid = await value("select id v from answers where qid = ? and user_id = ?", qid, expert.id);
    expect((await get("showans", { aid: expertAid })).json.answer).toMatchObject({ brand: "ТехноМир" });
    const own = await post("addqst", { qtext: "Какие наушники ТехноМира самые лёгкие?", cid: "1", subcid: "100" }, expert);
    expect((await get("question", { qid: own.json.qid })).json).toMatchObject({
      qautor: { usrid: expert.id, brand: "ТехноМир" },
      brand: null,
      waiting_brand_reply: 0,
    });
  });

  it("catHasBrand is 1 only in a category (or under one) that a brand belongs to", async () => {
    const rows = await env.DB.prepare(
      "select q.id, exists(select 1 from brands b where b.category_id in (q.category_id, q.top_category_id)) has from questions q where q.state <> 'D' and q.hidden = 0 order by q.id limit 40",
    ).all<{ id: number; has: number }>();
    const seen = new Set<number>();
    for (const r of rows.results) {
      const { json } = await get("question", { qid: r.id });
      if (json.status !== 200) continue;
      expect({ qid: r.id, catHasBrand: json.catHasBrand }).toEqual({ qid: r.id, catHasBrand: r.has });
      seen.add(r.has);
    }
    expect([...seen].sort()).toEqual([0, 1]);
  });

  it("a brand expert's public answer and comment carry wrapped links, and a click on one is recorded with its brand", async () => {
    const expert = await as("expert@demo.local");
    const qid = await value(
      "select id v from questions where state = 'A' and hidden = 0 and user_id != ? and id not in (select qid from answers where user_id = ?) order by id limit 1",
      expert.id,
      expert.id,
    );
    const { json } = await post("addans", { qid, Body: "Подробности на https://example.org/help — там всё расписано по шагам." }, expert);
    expect(json.status).toBe(200);
    const text = await value<string>("select text v from answers where qid = ? and user_id = ?", qid, expert.id);
    expect(text).toContain(`/301?url=${encodeURIComponent("https://example.org/help")}`);
    expect(text).toContain(`brand=${URLNAME}`);
    const aid = await value("select id v from answers where qid = ? and user_id = ?", qid, expert.id);
    expect((await post("addcmt", { type: "A", refid: aid, Body: "И ещё: https://example.org/faq" }, expert)).json.status).toBe(200);
    expect(await value<string>("select text v from comments where ref_type = 'A' and ref_id = ? order by id desc limit 1", aid)).toContain(`brand=${URLNAME}`);

    const before = await value("select count(*) v from track_events where name = 'external_link_click'");
    const res = await workerFetch(`${BASE}/301?url=${encodeURIComponent("https://example.org/help")}&brand=${URLNAME}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(await value("select count(*) v from track_events where name = 'external_link_click'")).toBe(before + 1);
    expect(JSON.parse(await value<string>("select payload v from track_events where name = 'external_link_click' order by id desc limit 1"))).toMatchObject({
      linkbrand: URLNAME,
    });
  });
});
