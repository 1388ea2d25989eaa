import { env } from "cloudflare:test";
import { renderToString } from "react-dom/server";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { BASE, get, type Me, page, post, postForm, unread, workerFetch } from "./helpers/api";
import { countRows, notificationsOf, one } from "./helpers/db";
import { as, newUser } from "./helpers/users";
import { SettingsPage } from "../../app/components/settings-page";
import { DEFAULT_SETTINGS, type NotifySettings } from "../../app/lib/notify-settings";
import { loader as settingsLoader } from "../../app/routes/settings._index";
import { loader as settingsIdLoader } from "../../app/routes/settings.$uid";

async function ask(me: Me, qtext: string, extra: Record<string, string | string[]> = {}) {
  const { json } = await post("addqst", { qtext, cid: "1", subcid: "100", ...extra }, me);
  expect(json.status).toBe(200);
  return json.qid as number;
}

async function answer(me: Me, qid: number, Body: string) {
  const { json } = await post("addans", { qid, Body }, me);
  expect(json.status).toBe(200);
  return json.id as number;
}

// shared by the tests in order: an owner, his question, the answers on it
let owner: Me;
let qid: number;
let guruAid: number;
const TITLE = "Как приучить кота к когтеточке?";

describe("notifications of new answers (show_nc, show_bulk)", () => {
  it("an answer to my question creates exactly one 'answer' notification for me and none for the answerer; show_nc rises by 1", async () => {
    owner = await newUser("Хозяйка кота");
    const guru = await as("guru@demo.local");
    qid = await ask(owner, TITLE);
    expect(await unread(owner)).toBe(0);
    const guruBefore = await notificationsOf(guru.id, { kind: "answer" });

    guruAid = await answer(guru, qid, "Натрите когтеточку кошачьей мятой и хвалите кота, когда он ею пользуется.");

    const mine = await notificationsOf(owner.id, { kind: "answer", qid });
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ actor_id: guru.id, qid, aid: guruAid, viewed: 0 });
    expect(mine[0].txt).toContain("Натрите когтеточку");
    expect(await notificationsOf(guru.id, { kind: "answer" })).toEqual(guruBefore);
    expect(await unread(owner)).toBe(1);
  });

  it("the owner's open socket receives the new notification with its fields and the new count", async () => {
    const res = await workerFetch(`${BASE}/ws`, { headers: { upgrade: "websocket", origin: BASE, cookie: owner.cookie } });
    const ws = res.webSocket!;
    ws.accept();
    const messages: any[] = [];
    let wake = () => {};
    ws.addEventListener("message", (e) => {
      messages.push(JSON.parse(e.data as string));
      wake();
    });
    const next = async () => {
      for (let i = 0; i < 40 && messages.length === 0; i++)
        await new Promise<void>((r) => {
          wake = r;
          setTimeout(r, 50);
        });
      return messages.shift();
    };
    expect(await next()).toEqual({ type: "hello", unread: 1 });
    const other = await post("addcmt", { type: "Q", refid: qid, Body: "Попробуйте спрей с валерьянкой." }, await as("vip@demo.local"));
    expect(other.json.status).toBe(200);
    const msg = await next();
    expect(msg).toMatchObject({
      type: "notify",
      unread: 2,
      item: { a: "comment", qid, txtq: TITLE, id: other.json.id, uid: 4, nick: "VIP Андрей", viewed: 0, txt: "Попробуйте спрей с валерьянкой." },
    });
    ws.close();
    // back to one unread for the tests below
    expect((await post("bulk_set", { bid: msg.item.nid }, owner, { door: "notify" })).json.res).toBe(1);
  });

  it("show_bulk lists it newest first in the spec's fields, with the question's title as txtq", async () => {
    const { res, json } = await get("show_bulk", {}, owner, "notify");
    expect(res.status).toBe(200);
    expect(json.res).toBe(1);
    expect(json.more).toBe(0);
    expect(json.bulk.map((i: { a: string }) => i.a)).toEqual(["comment", "answer"]);
    expect(json.bulk[1]).toMatchObject({
      nid: expect.any(Number),
      a: "answer",
      timestamp: expect.any(Number),
      viewed: 0,
      txtq: TITLE,
      qid,
      id: guruAid,
      ans: guruAid,
      uid: 3,
      nick: "Гуру Ирина",
      lvl: 5,
      declined_text: null,
      premod_type: null,
    });
    expect(Math.abs(json.bulk[1].timestamp - Date.now() / 1000)).toBeLessThan(60);
    // where it leads (the question's category), nothing marked or voted, and the end of the list
    const urlname = await env.DB.prepare("select c.urlname from questions q join categories c on c.id = q.category_id where q.id = ?")
      .bind(qid)
      .first("urlname");
    expect(json.bulk[1]).toMatchObject({ urlname, marked: [], voted: [], last: 1 });
    expect(json.bulk[0].last).toBe(0);
  });

  it("the notify calls live under /api/notify only, and guests get 101", async () => {
    expect((await get("show_nc", {}, owner)).res.status).toBe(404);
    const guest = await get("show_nc", {}, undefined, "notify");
    expect(guest.res.status).toBe(401);
    expect(guest.json.errid).toBe(101);
    expect((await get("show_bulk", {}, undefined, "notify")).json.errid).toBe(101);
  });

  it("a refused answer (the owner answering his own question, a second answer) creates no notification", async () => {
    const before = await countRows("notifications");
    const own = await post("addans", { qid, Body: "Отвечу сама себе" }, owner);
    expect(own.json.errid).toBe(163);
    const again = await post("addans", { qid, Body: "Ещё раз" }, await as("guru@demo.local"));
    expect(again.json.errid).toBe(164);
    expect(await countRows("notifications")).toBe(before);
    expect(await unread(owner)).toBe(1);
  });
});

describe("marking notifications viewed (bulk_viewed, bulk_set)", () => {
  let first: number;
  let second: number;

  it("bulk_viewed lowers show_nc by what it really changed; a second bulk_viewed of the same id does not lower it again", async () => {
    await answer(await as("moder@demo.local"), qid, "Поставьте когтеточку рядом с местом, где кот спит.");
    expect(await unread(owner)).toBe(2);
    [first, second] = (await notificationsOf(owner.id, { kind: "answer", qid })).map((r) => r.id);

    const once = await post("bulk_viewed", { bid: first }, owner, { door: "notify" });
    expect(once.json).toEqual({ status: 200, viewed: 1, res: 1 });
    expect(await unread(owner)).toBe(1);

    const twice = await post("bulk_viewed", { bids: String(first) }, owner, { door: "notify" });
    expect(twice.json).toEqual({ status: 200, viewed: 0, res: 1 });
    expect(await unread(owner)).toBe(1);
    expect((await notificationsOf(owner.id, { kind: "answer", qid })).map((r) => r.viewed)).toEqual([1, 0]);
  });

  it("another user cannot mark my notification viewed", async () => {
    const guru = await as("guru@demo.local");
    for (const [name, body] of [
      ["bulk_viewed", { bid: second }],
      ["bulk_set", { bid: second }],
    ] as const) {
      const { res, json } = await post(name, body, guru, { door: "notify" });
      expect(res.status).toBe(404);
      expect(json.errid).toBe(360);
    }
    expect((await notificationsOf(owner.id, { kind: "answer", qid })).map((r) => r.viewed)).toEqual([1, 0]);
    expect(await unread(owner)).toBe(1);
  });

  it("bulk_set marks one viewed by the same rule; bad ids are refused", async () => {
    expect((await post("bulk_set", { bid: second }, owner, { door: "notify" })).json).toEqual({ status: 200, viewed: 1, res: 0 });
    expect((await post("bulk_set", { bid: second }, owner, { door: "notify" })).json).toEqual({ status: 200, viewed: 0, res: 0 });
    expect(await unread(owner)).toBe(0);
    expect((await post("bulk_set", {}, owner, { door: "notify" })).json.errid).toBe(361);
    expect((await post("bulk_viewed", { bids: "1,x" }, owner, { door: "notify" })).json.errid).toBe(361);
    const many = Array.from({ length: 101 }, (_, i) => String(i + 1)).join(",");
    expect((await post("bulk_viewed", { bids: many }, owner, { door: "notify" })).json.errid).toBe(362);
    expect((await post("bulk_viewed", { bid: first }, undefined, { door: "notify" })).json.errid).toBe(101);
  });
});

describe("notifications of the other actions", () => {
  it("a comment notifies the author of what was commented on, and a reply the parent comment's author, once each", async () => {
    const guru = await as("guru@demo.local");
    const moder = await as("moder@demo.local");
    const ownerComments = (await notificationsOf(owner.id, { kind: "comment" })).length;

    // on guru's answer: guru hears of it, the question's owner does not
    const c1 = await post("addcmt", { type: "A", refid: guruAid, Body: "Проверено, работает!" }, moder);
    expect(c1.json.status).toBe(200);
    expect(await notificationsOf(guru.id, { kind: "comment", qid })).toMatchObject([{ actor_id: moder.id, aid: guruAid, cmid: c1.json.id, viewed: 0 }]);
    expect(await notificationsOf(owner.id, { kind: "comment" })).toHaveLength(ownerComments);

    // on the question: its owner hears of it
    const c2 = await post("addcmt", { type: "Q", refid: qid, Body: "Хороший вопрос, у меня та же беда." }, guru);
    expect(c2.json.status).toBe(200);
    const onQuestion = await notificationsOf(owner.id, { kind: "comment", qid });
    expect(onQuestion).toHaveLength(ownerComments + 1);
    expect(onQuestion.at(-1)).toMatchObject({ actor_id: guru.id, aid: null, cmid: c2.json.id });

    // the owner's reply to guru's comment: guru hears of it, the owner (the actor) does not
    const c3 = await post("addcmt", { type: "Q", refid: qid, cmid: c2.json.id, Body: "Спасибо!" }, owner);
    expect(c3.json.status).toBe(200);
    expect(await notificationsOf(guru.id, { kind: "comment", qid })).toHaveLength(2);
    expect((await notificationsOf(guru.id, { kind: "comment", qid }))[1]).toMatchObject({ actor_id: owner.id, cmid: c3.json.id });
    expect(await notificationsOf(owner.id, { kind: "comment", qid })).toHaveLength(ownerComments + 1);
  });

  it("a poll vote notifies the poll's owner once; his own vote does not", async () => {
    const poll = await ask(owner, "Какой корм выбрать коту?", { poll: "S", poll_options: ["Сухой", "Влажный"] });
    const opts = await env.DB.prepare("select id from poll_options where qid = ? order by position").bind(poll).all<{ id: number }>();
    const guru = await as("guru@demo.local");
    expect((await post("votepoll", { qid: poll, vote: String(opts.results[0].id) }, guru)).json.status).toBe(200);
    expect((await post("votepoll", { qid: poll, vote: String(opts.results[1].id) }, guru)).json.errid).toBe(225);
    expect((await post("votepoll", { qid: poll, vote: String(opts.results[1].id) }, owner)).json.status).toBe(200);
    expect(await notificationsOf(owner.id, { kind: "poll_vote", qid: poll })).toMatchObject([{ actor_id: guru.id, qid: poll }]);
    // the item names the options the voter chose
    const bulk = (await get("show_bulk", {}, owner, "notify")).json.bulk as Record<string, unknown>[];
    expect(bulk.find((i) => i.a === "poll_vote" && i.qid === poll)).toMatchObject({ voted: [opts.results[0].id], marked: [] });
    // the vote counts are still right after the batch was reordered
    const votes = await env.DB.prepare("select votes from poll_options where qid = ? order by position").bind(poll).all<{ votes: number }>();
    expect(votes.results.map((v) => v.votes)).toEqual([1, 1]);
  });

  it("a «нравится» on my question notifies me once ('q_liked'); a mark on an answer notifies nobody", async () => {
    const znatok = await as("znatok@demo.local");
    expect((await post("mark", { qid }, znatok)).json.status).toBe(200);
    expect((await post("mark", { qid }, znatok)).json.errid).toBe(177);
    expect(await notificationsOf(owner.id, { kind: "q_liked", qid })).toMatchObject([{ actor_id: znatok.id }]);
    const bulk = (await get("show_bulk", {}, owner, "notify")).json.bulk as Record<string, unknown>[];
    expect(bulk.find((i) => i.a === "q_liked")).toMatchObject({ marked: [qid], voted: [] });
    const guruRows = (await notificationsOf(3)).length;
    expect((await post("mark", { aid: guruAid }, znatok)).json.status).toBe(200);
    expect(await notificationsOf(3)).toHaveLength(guruRows);
  });

  it("the asker liking an answer (+5) notifies its author once ('ans_liked')", async () => {
    expect((await post("thanks", { aid: guruAid }, owner)).json.status).toBe(200);
    expect((await post("thanks", { aid: guruAid }, owner)).json.errid).toBe(253);
    expect(await notificationsOf(3, { kind: "ans_liked" })).toMatchObject([{ actor_id: owner.id, qid, aid: guruAid, txt: "+5" }]);
    const feed = (await get("feed", {}, await as("guru@demo.local"), "notify")).json.feed as Record<string, unknown>[];
    expect(feed.find((i) => i.a === "ans_liked")).toMatchObject({ marked: [guruAid] });
  });

  it("points crossing a level threshold notify 'level' once; points that stay within a level do not", async () => {
    const me = await newUser("Почти знаток");
    // 248 points (Ученик), kept equal to the ledger
    await env.DB.batch([
      env.DB.prepare("update users set points = 248, lvl = 2 where id = ?").bind(me.id),
      env.DB.prepare("insert into points_ledger (user_id, delta, reason, added) values (?, 148, 'moder', ?)").bind(me.id, Date.now()),
    ]);
    await answer(me, qid, "Купите вторую когтеточку и поставьте у входа.");
    expect(await notificationsOf(me.id, { kind: "level" })).toMatchObject([{ lvl: 3, actor_id: null }]);
    expect(await env.DB.prepare("select points, lvl from users where id = ?").bind(me.id).first()).toEqual({ points: 250, lvl: 3 });
    expect(await unread(me)).toBe(1);
    const { json } = await get("show_bulk", {}, me, "notify");
    expect(json.bulk[0]).toMatchObject({ a: "level", lvl: 3, txt: "Знаток" });

    const other = await ask(await newUser(), "Сколько раз в день кормить котёнка?");
    await answer(me, other, "Четыре-пять раз маленькими порциями.");
    expect(await notificationsOf(me.id, { kind: "level" })).toHaveLength(1);
  });

  it("the welcome bonus notifies 'bonus25' once, and show_bulk puts the hub's counter right", async () => {
    const me = await newUser("Приветственный");
    const open = await ask(await newUser(), "Чем занять кота, пока я на работе?");
    const poll = await env.DB.prepare(
      "select q.id qid, o.id oid from questions q join poll_options o on o.qid = q.id where q.state = 'A' and q.user_id != ? limit 1",
    )
      .bind(me.id)
      .first<{ qid: number; oid: number }>();
    await ask(me, "Мой первый вопрос про котов?");
    const aid = await answer(me, open, "Оставьте ему игрушки-головоломки.");
    expect((await post("addcmt", { type: "A", refid: aid, Body: "И включите радио." }, me)).json.status).toBe(200);
    expect(await notificationsOf(me.id, { kind: "bonus25" })).toHaveLength(0);
    expect((await post("votepoll", { qid: poll!.qid, vote: String(poll!.oid) }, me)).json.status).toBe(200);
    expect(await notificationsOf(me.id, { kind: "bonus25" })).toMatchObject([{ txt: "+25" }]);
    // one more main action: no second bonus
    expect((await post("addcmt", { type: "A", refid: aid, Body: "И оставьте свет." }, me)).json.status).toBe(200);
    expect(await notificationsOf(me.id, { kind: "bonus25" })).toHaveLength(1);

    const inD1 = (await env.DB.prepare("select count(*) n from notifications where user_id = ? and viewed = 0").bind(me.id).first<number>("n"))!;
    const { json } = await get("show_bulk", {}, me, "notify");
    expect(json.res).toBe(inD1);
    expect(json.bulk.map((i: { a: string }) => i.a)).toContain("bonus25");
    expect(await unread(me)).toBe(inD1);
  });

  it("a new question notifies the asker's followers ('followed_question'), not the asker", async () => {
    const author = await newUser("Автор");
    const follower = await newUser("Подписчик");
    await env.DB.prepare("insert into follows (follower_id, target_type, target_id, added) values (?, 'U', ?, ?)")
      .bind(follower.id, author.id, Date.now())
      .run();
    const q = await ask(author, "Почему кот приносит мне игрушки?");
    expect(await notificationsOf(follower.id, { kind: "followed_question" })).toMatchObject([{ actor_id: author.id, qid: q }]);
    expect(await notificationsOf(author.id, { kind: "followed_question" })).toHaveLength(0);
    expect(await unread(follower)).toBe(1);
  });

  it("a question that mentions a user (mention = his id) notifies him once ('mention'); mentioning oneself or nobody notifies no one", async () => {
    const asker = await newUser("Спрашивает");
    const named = await newUser("Упомянутый");
    const q = await ask(asker, "Как вы думаете, стоит ли учить Rust?", { mention: String(named.id) });
    expect(await notificationsOf(named.id, { kind: "mention" })).toMatchObject([{ actor_id: asker.id, qid: q }]);
    expect(await unread(named)).toBe(1);
    await ask(asker, "А себя можно упомянуть?", { mention: String(asker.id) });
    await ask(asker, "А несуществующего пользователя?", { mention: "999999" });
    expect(await notificationsOf(asker.id, { kind: "mention" })).toHaveLength(0);
    expect(await env.DB.prepare("select count(*) n from notifications where kind = 'mention'").first<number>("n")).toBe(1);
    expect((await post("addqst", { qtext: "Кривое упоминание?", cid: "1", subcid: "100", mention: "abc" }, asker)).res.status).toBe(400);
  });
});

describe("notification settings (savesettings, showsettings)", () => {
  it("with web notifications of new answers off (AQ_W = 0) an answer creates no notification", async () => {
    const me = await newUser("Тихоня");
    const saved = await post("savesettings", { AQ_W: "0" }, me);
    expect(saved.json.status).toBe(200);
    const q = await ask(me, "Как отучить кота драть обои?");
    await answer(await as("guru@demo.local"), q, "Дайте ему когтеточку получше обоев.");
    expect(await notificationsOf(me.id, { kind: "answer" })).toHaveLength(0);
    expect(await unread(me)).toBe(0);
    // the other kinds stay on
    expect((await post("addcmt", { type: "Q", refid: q, Body: "Присоединяюсь к вопросу." }, await as("guru@demo.local"))).json.status).toBe(200);
    expect(await notificationsOf(me.id, { kind: "comment" })).toHaveLength(1);
  });

  it("the web channel off (web = 1, inverted) silences the switchable kinds", async () => {
    const me = await newUser("Без сайта");
    expect((await post("savesettings", { web: "1" }, me)).json.settings.web).toBe(1);
    const q = await ask(me, "Можно ли купать кота?");
    await answer(await as("guru@demo.local"), q, "Можно, но редко.");
    expect((await post("addcmt", { type: "Q", refid: q, Body: "Лучше не надо." }, await as("moder@demo.local"))).json.status).toBe(200);
    expect(await notificationsOf(me.id)).toHaveLength(0);
  });

  it("savesettings takes the channels inverted (1 = off) and showsettings gives them back the same way", async () => {
    const me = await newUser("Настройщик");
    const defaults = await get("showsettings", {}, me);
    expect(defaults.json.settings).toMatchObject({ push: 0, mail: 0, web: 0, sound: 0, AQ_P: 1, AQ_M: 1, AQ_W: 1, LK_W: 1, CO_W: 1, PV_W: 1, NEW: 1 });

    const wire = { push: "1", mail: "1", web: "0", sound: "1", AQ_P: "0", LK_M: "0", PV_W: "0", NEW: "0" };
    const saved = await post("savesettings", wire, me);
    expect(saved.json.status).toBe(200);
    const expected = {
      push: 1,
      mail: 1,
      web: 0,
      sound: 1,
      AQ_P: 0,
      AQ_M: 1,
      AQ_W: 1,
      LK_P: 1,
      LK_M: 0,
      LK_W: 1,
      CO_P: 1,
      CO_M: 1,
      CO_W: 1,
      PV_P: 1,
      PV_M: 1,
      PV_W: 0,
      NEW: 0,
    };
    expect(saved.json.settings).toEqual(expected);
    expect((await get("showsettings", {}, me)).json.settings).toEqual(expected);
    // stored with 1 = on for every key
    const stored = JSON.parse((await env.DB.prepare("select notify_settings s from users where id = ?").bind(me.id).first<string>("s"))!);
    expect(stored).toMatchObject({ push: 0, mail: 0, web: 1, sound: 0, AQ_P: 0, LK_M: 0, PV_W: 0, NEW: 0 });

    // a field left out keeps its value
    expect((await post("savesettings", { sound: "0" }, me)).json.settings).toEqual({ ...expected, sound: 0 });
    // refusals
    expect((await post("savesettings", { push: "2" }, me)).json).toMatchObject({ status: 400, errid: 363 });
    expect((await post("savesettings", { push: "1" })).json.errid).toBe(101);
    expect((await get("showsettings")).json.errid).toBe(101);
  });
});

describe("the feed (/api/notify/feed)", () => {
  it("pages the user's own notifications by offset and by cursor; someone else's feed is refused", async () => {
    const all = await notificationsOf(owner.id);
    expect(all.length).toBeGreaterThanOrEqual(4);
    const newest = [...all].reverse();
    const page1 = await get("feed", { n: 2 }, owner, "notify");
    expect(page1.json.feed.map((i: { nid: number }) => i.nid)).toEqual(newest.slice(0, 2).map((r) => r.id));
    expect(page1.json.more).toBe(1);
    expect(page1.json.feed[0].timecell).toBe("1 минуту");
    const byCursor = await get("feed", { n: 2, nid: page1.json.lastnid }, owner, "notify");
    const byOffset = await get("feed", { n: 2, p: 2, id: owner.id }, owner, "notify");
    expect(byCursor.json.feed.map((i: { nid: number }) => i.nid)).toEqual(newest.slice(2, 4).map((r) => r.id));
    expect(byOffset.json.feed).toEqual(byCursor.json.feed);
    expect((await get("feed", { time: 1 }, owner, "notify")).json.feed).toEqual([]);
    expect((await get("feed", { id: 3 }, owner, "notify")).json.errid).toBe(364);
    expect((await get("feed", { n: 50 }, owner, "notify")).json.errid).toBe(301);
    expect((await get("feed", {}, undefined, "notify")).json.errid).toBe(101);
  });
});

describe("the settings page (/settings)", () => {
  const context = () => ({ cloudflare: { env } }) as never;
  const call = async (loader: (a: never) => Promise<Response>, url: string, me?: Me, params: Record<string, string> = {}) => {
    try {
      return await loader({ request: new Request(`${BASE}${url}`, { headers: me ? { cookie: me.cookie } : {} }), context: context(), params } as never);
    } catch (e) {
      if (e instanceof Response) return e;
      throw e;
    }
  };

  it("a guest is sent to the sign-in page and brought back", async () => {
    const res = await call(settingsLoader as never, "/settings");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/login?return=${encodeURIComponent("/settings?login=1")}`);
    const byId = await call(settingsIdLoader as never, "/settings/id1", undefined, { uid: "id1" });
    expect(byId.headers.get("location")).toBe(`/login?return=${encodeURIComponent("/settings/id1?login=1")}`);
  });

  it("a user sees the form with his saved state, saved through the form door with JavaScript off", async () => {
    const me = await newUser("Форма");
    // the plain form: a hidden 0 before each checkbox, the checkbox's 1 last when ticked (the channels as {channel}_on)
    const form = new URLSearchParams();
    for (const c of ["push", "mail", "web", "sound"]) form.append(`${c}_on`, "0");
    form.append("web_on", "1"); // only "На сайте" ticked among the channels
    for (const k of ["AQ", "LK", "CO", "PV"].flatMap((t) => ["P", "M", "W"].map((ch) => `${t}_${ch}`))) {
      form.append(k, "0");
      if (k !== "LK_W") form.append(k, "1");
    }
    form.append("NEW", "0");
    const { res } = await postForm("savesettings", form, "/settings?saved=1", me);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/settings?saved=1");

    const page = await call(settingsLoader as never, "/settings?saved=1", me);
    expect(page.status).toBe(200);
    const data = (await page.json()) as { settings: NotifySettings; back: string; saved: boolean; devices: []; vapidKey: string | null };
    expect(data).toMatchObject({ back: "/settings", saved: true });
    expect(data.settings).toEqual({ ...DEFAULT_SETTINGS, push: 0, mail: 0, sound: 0, LK_W: 0, NEW: 0 });

    const html = renderToString(createElement(SettingsPage, data));
    expect(html).toContain('action="/do/savesettings?return=%2Fsettings%3Fsaved%3D1"');
    expect(html).toContain("Настройки сохранены");
    const box = (name: string) => html.match(new RegExp(`<input type="checkbox" name="${name}"[^>]*>`))![0];
    // a ticked box is on and sends 1, channels too
    expect(box("web_on")).toContain("checked");
    expect(box("web_on")).toContain('value="1"');
    expect(box("push_on")).not.toContain("checked");
    expect(html.match(/<input type="checkbox"[^>]*>/g)!.filter((b) => b.includes('value="0"'))).toEqual([]);
    expect(box("AQ_W")).toContain("checked");
    expect(box("LK_W")).not.toContain("checked");
    expect(box("NEW")).not.toContain("checked");
    expect(html).toContain("Новый ответ на мой вопрос");
  });

  it("unticking «Уведомления на сайте» takes the bell off his pages and ticking it brings it back; the API's inverted web does the same", async () => {
    const me = await newUser("Без колокольчика");
    const bell = async () => (await page("/", me)).html.includes('data-testid="bell"');
    expect(await bell()).toBe(true);
    const form = (web: "0" | "1") => new URLSearchParams([["web_on", "0"], ...(web === "1" ? [["web_on", "1"]] : [])]);
    expect((await postForm("savesettings", form("0"), "/settings?saved=1", me)).res.status).toBe(302);
    expect(await one("select notify from users where id = ?", me.id)).toEqual({ notify: 0 });
    expect(await bell()).toBe(false);
    const html = renderToString(createElement(SettingsPage, (await (await call(settingsLoader as never, "/settings", me)).json()) as never));
    expect(html.match(/<input type="checkbox" name="web_on"[^>]*>/)![0]).not.toContain("checked");
    expect((await postForm("savesettings", form("1"), "/settings?saved=1", me)).res.status).toBe(302);
    expect(await bell()).toBe(true);
    // the API's flag is inverted: web 1 = off
    expect((await post("savesettings", { web: "1" }, me)).json.settings.web).toBe(1);
    expect(await bell()).toBe(false);
    expect((await post("savesettings", { web: "0" }, me)).json.settings.web).toBe(0);
    expect(await bell()).toBe(true);
  });

  it("/settings/id{own} shows the same form; another id goes to /settings; a malformed one is 404", async () => {
    const me = await newUser("Свой");
    const own = await call(settingsIdLoader as never, `/settings/id${me.id}`, me, { uid: `id${me.id}` });
    expect(own.status).toBe(200);
    expect(((await own.json()) as { back: string }).back).toBe(`/settings/id${me.id}`);
    const other = await call(settingsIdLoader as never, "/settings/id1", me, { uid: "id1" });
    expect(other.status).toBe(302);
    expect(other.headers.get("location")).toBe("/settings");
    expect((await call(settingsIdLoader as never, "/settings/idx", me, { uid: "idx" })).status).toBe(404);
  });
});

describe("a notice shows nothing of what was removed since (the visibility rule, docs/decisions/0050)", () => {
  const texts = async (me: Me) => {
    const bulk = (await get("show_bulk", {}, me, "notify")).json.bulk as { txt: string; txtq: string }[];
    const feed = (await get("feed", {}, me, "notify")).json.feed as { txt: string; txtq: string }[];
    const page = await (await workerFetch(`${BASE}/profile/id${me.id}/feed`, { headers: { cookie: me.cookie } })).text();
    return { said: JSON.stringify([bulk, feed]), page };
  };

  it("a moderator's drop of an answer takes its words out of the asker's notices, list, feed and page, and out of the unread count; a restore brings them back", async () => {
    const asker = await newUser("Спросивший");
    const author = await newUser("Грубиян");
    const moder = await as("moder@demo.local");
    const q = await ask(asker, "Проверка уведомлений после удаления ответа?");
    const aid = await answer(author, q, "Оскорбительный ответ ГРУБОСЛОВ, который удалят");
    expect((await texts(asker)).said).toContain("ГРУБОСЛОВ");
    expect(await unread(asker)).toBe(1);

    expect((await post("a_ansdrop", { id: aid }, moder)).json.status).toBe(200);
    const after = await texts(asker);
    expect(after.said).not.toContain("ГРУБОСЛОВ");
    expect(after.page).not.toContain("ГРУБОСЛОВ");
    expect((await get("show_bulk", {}, asker, "notify")).json.res).toBe(0);
    expect(await unread(asker)).toBe(0);
    // the row is kept: a restore shows it again
    expect((await post("a_ansrestore", { id: aid }, moder)).json.status).toBe(200);
    expect((await texts(asker)).said).toContain("ГРУБОСЛОВ");
  });

  it("a dropped comment leaves the notices of the answer's author; a dropped question takes its title out of a follower's", async () => {
    const asker = await newUser("Автор темы");
    const author = await newUser("Автор ответа");
    const critic = await newUser("Критик", { points: 600 });
    const fan = await newUser("Подписчица");
    const moder = await as("moder@demo.local");
    expect((await post("follow", { uid: asker.id }, fan)).json.status).toBe(200);
    const q = await ask(asker, "Вопрос с заголовком ЗАГОЛОВОКУДАЛЯТ?");
    const aid = await answer(author, q, "Обычный ответ на вопрос про заголовок.");
    const cm = await post("addcmt", { type: "A", refid: aid, Body: "Комментарий КОММЕНТУДАЛЯТ к ответу" }, critic);
    expect(cm.json.status).toBe(200);
    expect((await texts(author)).said).toContain("КОММЕНТУДАЛЯТ");
    expect((await texts(fan)).said).toContain("ЗАГОЛОВОКУДАЛЯТ");

    expect((await post("a_cmtdrop", { id: cm.json.id }, moder)).json.status).toBe(200);
    expect((await texts(author)).said).not.toContain("КОММЕНТУДАЛЯТ");
    expect((await post("a_qstdrop", { id: q }, moder)).json.status).toBe(200);
    const fans = await texts(fan);
    expect(fans.said).not.toContain("ЗАГОЛОВОКУДАЛЯТ");
    expect(fans.page).not.toContain("ЗАГОЛОВОКУДАЛЯТ");
    // his own question's title still names it in the asker's notice of the drop
    expect((await texts(asker)).said).toContain("ЗАГОЛОВОКУДАЛЯТ");
  });

  it("notices from someone the reader blacklisted later are not shown to him", async () => {
    const asker = await newUser("Терпеливый");
    const pest = await newUser("Назойливый");
    const q = await ask(asker, "Вопрос, на который ответит назойливый?");
    await answer(pest, q, "Ответ НАЗОЙЛИВЫЙТЕКСТ от того, кого потом занесут в чёрный список");
    expect((await texts(asker)).said).toContain("НАЗОЙЛИВЫЙТЕКСТ");
    expect((await post("addblist", { bid: pest.id }, asker)).json.status).toBe(200);
    expect((await texts(asker)).said).not.toContain("НАЗОЙЛИВЫЙТЕКСТ");
  });
});
