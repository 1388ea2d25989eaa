import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import gifUrl from "../fixtures/photos/anim.gif?inline";
import { CALLS } from "../../app/calls/registry";
// biome-ignore lint/suspicious/noTsIgnore: the server build exists only after `remix vite:build`, so @ts-expect-error would fail once it does
// @ts-ignore - produced by `remix vite:build`
import * as build from "../../build/server/index.js";
import { app } from "../../worker/index";
import { BASE, type Me, page, post, workerFetch } from "./helpers/api";
import { exec, value } from "./helpers/db";
import { decide } from "./helpers/payments";
import { openSocket, type TestSocket } from "./helpers/sockets";
import { as, newUser, type NewUser } from "./helpers/users";
import { type Door, type Fixture, NOT_DOOR_ROUTES, NOT_DOORS, type ReaderName, SEARCH_ALIASES, WORKER_PATHS, WRITES } from "./helpers/matrix-doors";

/**
 * The visibility matrix (docs/decisions/0050-what-each-reader-may-see.md): every door a reader can
 * read through × every state that hides an item × every reader it is hidden from. Each state is a
 * thread written with words found nowhere else (and photos whose keys are random), then hidden the
 * way the site hides it; each cell asks a door as that reader and fails when the answer shows any
 * of those words or keys — a page, its loader data, a named call — or when a photo's preview is
 * served, or the question's socket lets him in. Every named call, every page route and every path
 * of the worker must be a door of the matrix or be listed with the reason it shows no item: a new
 * door fails the first test until it is classified.
 */

const bytesOf = (dataUrl: string) => Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(",") + 1)), (c) => c.charCodeAt(0));
const GIF = bytesOf(gifUrl);
const BRAND = 1;

// ------------------------------------------------------------------------------------ the doors

const qs = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter((e): e is [string, string | number] => e[1] !== undefined)
      .map(([k, v]) => [k, String(v)]),
  ).toString();
const call = (name: string, params: Record<string, string | number | undefined> = {}, door = "v2") => `/api/${door}/${name}?${qs(params)}`;
const need = <T>(...xs: (T | undefined)[]) => xs.every((x) => x !== undefined);

let brandUrl = "";
let newcomers = "";

/** The pages: each is also asked for its loader data (?_data=). */
const PAGES: Omit<Door, "kind">[] = [
  { name: "home", route: "routes/_index", url: () => "/" },
  { name: "voting", route: "routes/vote._index", url: () => "/vote/" },
  { name: "category", route: "routes/$category._index", url: (fx) => (fx.cat ? `/${fx.cat}/` : null) },
  { name: "top category", route: "routes/$category._index", url: (fx) => (fx.top ? `/${fx.top}/` : null) },
  { name: "category tab", route: "routes/$category.$tab.($sub)", url: (fx) => (fx.top ? `/${fx.top}/open` : null) },
  { name: "newcomers", route: "routes/$category._index", url: () => `/${newcomers}/` },
  { name: "question", route: "routes/question.$qid._index", url: (fx) => (fx.qid ? `/question/${fx.qid}` : null) },
  { name: "question comment", route: "routes/question.$qid.$sub", url: (fx) => (need(fx.qid, fx.acm) ? `/question/${fx.qid}/cid-${fx.acm}` : null) },
  { name: "answer", route: "routes/answer.$aid._index", url: (fx) => (fx.aid ? `/answer/${fx.aid}` : null) },
  { name: "answer comment", route: "routes/answer.$aid.$sub", url: (fx) => (need(fx.aid, fx.acm) ? `/answer/${fx.aid}/cid-${fx.acm}` : null) },
  { name: "answer marks", route: "routes/ansmarks.$aid", url: (fx) => (fx.aid ? `/ansmarks/${fx.aid}` : null) },
  { name: "report question", route: "routes/abuse.$type.$id", url: (fx) => (fx.qid ? `/abuse/Q/${fx.qid}` : null) },
  { name: "report answer", route: "routes/abuse.$type.$id", url: (fx) => (fx.aid ? `/abuse/A/${fx.aid}` : null) },
  { name: "report comment", route: "routes/abuse.$type.$id", url: (fx) => (fx.acm ? `/abuse/C/${fx.acm}` : null) },
  { name: "search", route: "routes/search", url: (fx) => `/search?q=${encodeURIComponent(fx.word)}` },
  { name: "private question", route: "routes/private.$pqid.($cid)", url: (fx) => (fx.pqid ? `/private/${fx.pqid}` : null) },
  { name: "profile", route: "routes/profile.$uid._index", activity: true, url: (fx) => `/profile/id${fx.uid}` },
  ...["questions", "answers", "gifts", "photos"].map((tab) => ({
    name: `profile ${tab}`,
    route: "routes/profile.$uid.$tab.($sub)",
    activity: true,
    url: (fx: Fixture) => `/profile/id${fx.uid}/${tab}`,
  })),
  {
    name: "profile album",
    route: "routes/profile.$uid.$tab.($sub)",
    activity: true,
    url: (fx) => (fx.album ? `/profile/id${fx.uid}/photos/${fx.album}` : null),
  },
  ...["users", "questions"].map((sub) => ({
    name: `my feed ${sub}`,
    route: "routes/profile.$uid.$tab.($sub)",
    activity: true,
    url: (_: Fixture, me: NewUser | null) => (me ? `/profile/id${me.id}/feed/${sub}` : null),
  })),
  { name: "my notifications", route: "routes/profile.$uid.$tab.($sub)", activity: true, url: (_, me) => (me ? `/profile/id${me.id}/feed` : null) },
  ...["", "feed", "feed/users", "answers", "questions", "qst2brand/refer"].map((tab) => ({
    name: `brand ${tab || "page"}`,
    route: tab ? "routes/$category.$tab.($sub)" : "routes/$category._index",
    activity: true,
    url: () => `/${brandUrl}/${tab}`,
  })),
];

/** The photo's own page and its previews. */
const PHOTO_DOORS: Door[] = [
  { name: "photo page", kind: "page", activity: true, url: () => null },
  { name: "photo data", kind: "data", route: "routes/photo.$pid", activity: true, url: () => null },
  { name: "preview 800", kind: "image", activity: true, url: () => null },
  { name: "preview 120", kind: "image", activity: true, url: () => null },
];

/** The named calls that read items. */
const CALL_DOORS: Door[] = [
  { name: "question", kind: "call", url: (fx) => (fx.qid ? call("question", { qid: fx.qid }) : null) },
  { name: "moreanswers", kind: "call", url: (fx) => (fx.qid ? call("moreanswers", { qid: fx.qid }) : null) },
  { name: "showans", kind: "call", url: (fx) => (fx.aid ? call("showans", { aid: fx.aid }) : null) },
  { name: "comments Q", kind: "call", url: (fx) => (fx.qid ? call("comments", { type: "Q", refid: fx.qid }) : null) },
  { name: "comments A", kind: "call", url: (fx) => (fx.aid ? call("comments", { type: "A", refid: fx.aid }) : null) },
  { name: "comments C", kind: "call", url: (fx) => (fx.acm ? call("comments", { type: "C", refid: fx.acm }) : null) },
  { name: "all_comments Q", kind: "call", url: (fx) => (fx.qid ? call("all_comments", { type: "Q", refid: fx.qid }) : null) },
  { name: "all_comments A", kind: "call", url: (fx) => (fx.aid ? call("all_comments", { type: "A", refid: fx.aid }) : null) },
  { name: "comment_context", kind: "call", url: (fx) => (fx.acm ? call("comment_context", { cmid: fx.acm }) : null) },
  { name: "comment_context Q", kind: "call", url: (fx) => (fx.qcm ? call("comment_context", { cmid: fx.qcm }) : null) },
  { name: "whovoted", kind: "call", url: (fx) => (fx.qid ? call("whovoted", { qid: fx.qid }) : null) },
  { name: "marked Q", kind: "call", url: (fx) => (fx.qid ? call("marked", { qid: fx.qid }) : null) },
  { name: "marked A", kind: "call", url: (fx) => (fx.aid ? call("marked", { aid: fx.aid }) : null) },
  { name: "questlist", kind: "call", url: () => call("questlist") },
  { name: "questlist category", kind: "call", url: (fx) => (fx.cat ? call("questlist", { cat: fx.cat }) : null) },
  { name: "questlist newcomers", kind: "call", url: () => call("questlist", { cat: newcomers }) },
  { name: "qstrating", kind: "call", url: (fx) => (fx.top ? call("qstrating", { cat: fx.top }) : null) },
  { name: "leadqst", kind: "call", url: () => call("leadqst") },
  { name: "golden", kind: "call", url: () => call("golden") },
  { name: "search", kind: "call", url: (fx) => call("search", { q: fx.word }, "search") },
  { name: "search similar", kind: "call", url: (fx) => call("search", { keyword: fx.word }, "search") },
  { name: "suggest", kind: "call", url: (fx) => call("suggest", { q: fx.word }) },
  { name: "qst2brand", kind: "call", url: (fx) => (fx.pqid ? call("qst2brand", { pqid: fx.pqid }) : null) },
  { name: "quserlist", kind: "call", activity: true, url: (fx) => call("quserlist", { user: fx.uid }) },
  { name: "auserlist", kind: "call", activity: true, url: (fx) => call("auserlist", { usrid: fx.uid }) },
  { name: "stats", kind: "call", activity: true, url: (fx) => call("stats", { user: fx.uid }) },
  { name: "giftedlist", kind: "call", activity: true, url: (fx) => call("giftedlist", { user: fx.uid }) },
  { name: "gifteduserlist", kind: "call", activity: true, url: (fx) => call("gifteduserlist", { user: fx.uid }) },
  { name: "albums", kind: "call", activity: true, url: (fx) => call("albums", { user: fx.uid }) },
  { name: "album", kind: "call", activity: true, url: (fx) => (fx.album ? call("album", { aid: fx.album }) : null) },
  { name: "watchlist", kind: "call", activity: true, url: (_, me) => (me ? call("watchlist") : null) },
  ...["users", "questions", "updates"].map((sub) => ({
    name: `feed ${sub}`,
    kind: "call" as const,
    activity: true,
    url: (_: Fixture, me: NewUser | null) => (me ? call("feed", { sub }, "notify") : null),
  })),
  { name: "show_bulk", kind: "call", activity: true, url: (_, me) => (me ? call("show_bulk", {}, "notify") : null) },
  ...["users", "updates", "questions"].map((sub) => ({
    name: `brand feed ${sub}`,
    kind: "call" as const,
    activity: true,
    url: () => call("feed", { cid: BRAND, sub }, "notify"),
  })),
  ...["answers", "questions/all", "feed/users"].map((sub) => ({
    name: `getBrands ${sub}`,
    kind: "call" as const,
    activity: true,
    url: () => call("getBrands", { urlname: brandUrl, sub }),
  })),
  ...["bquserlist", "tagqlist", "uqst2brandlist", "abrandans", "kquserlist", "qst2brandlist"].map((name) => ({
    name,
    kind: "call" as const,
    activity: true,
    url: () => call(name, { urlname: brandUrl }),
  })),
  { name: "mod_queue", kind: "call", url: () => call("mod_queue", { type: "A" }) },
  { name: "modqlist", kind: "call", url: () => call("modqlist") },
];

/** The question's live room: a reader who may not read the question is not let in. */
const SOCKET_DOOR: Door = { name: "question socket", kind: "socket", url: (fx) => (fx.qid && fx.questionHidden ? `/ws/question/${fx.qid}` : null) };

const DOORS: Door[] = [
  ...PAGES.flatMap((p) => [
    { ...p, kind: "page" as const },
    { ...p, name: `${p.name} (data)`, kind: "data" as const },
  ]),
  ...CALL_DOORS,
  SOCKET_DOOR,
];

let readers: Record<Exclude<ReaderName, "guest">, NewUser>;
let moder: Me;
const fixtures: Fixture[] = [];
/** The same writing with nothing hidden: the doors must show it, or the matrix would prove nothing. */
const controls: Fixture[] = [];
const pushes: Partial<Record<ReaderName, TestSocket>> = {};

/** A word found nowhere else: Cyrillic letters the stemmer leaves alone, made unique by the fixture and the part. */
function word(tag: string, part: string): string {
  const letters = "бвгджзклмнпрстфхцчшщ";
  const code = [...`${tag}${part}`].map((ch) => letters[ch.charCodeAt(0) % letters.length]).join("");
  return `зюзя${code}ка`;
}

async function upload(me: Me): Promise<{ pid: number; src: string }> {
  const form = new FormData();
  form.set("file", new File([GIF], "a.gif", { type: "image/gif" }));
  form.set("salt", me.salt);
  form.set("token", me.token);
  const res = await workerFetch(`${BASE}/api/slow/upload`, { method: "POST", headers: { origin: BASE, cookie: me.cookie }, body: form });
  const json = (await res.json()) as { status: number; pid: number };
  expect(json.status).toBe(200);
  return { pid: json.pid, src: await value<string>("select src v from photos where id = ?", json.pid) };
}

async function ok(name: string, body: Record<string, string | number>, me: Me) {
  const { json } = await post(name, body, me);
  if (json.status !== 200) throw new Error(`${name} ${JSON.stringify(body)}: ${JSON.stringify(json)}`);
  return json;
}

type Cat = { cid: number; subcid: number; cat: string; top: string };

/**
 * A thread with a word of its own in every part: a question with a photo in its explanation, an
 * answer with a photo, a comment on the question and a comment on the answer with a photo. The
 * follower follows its asker and answerer; the watcher watches the question (when he may).
 */
async function thread(tag: string, cat: Cat) {
  // Знатоки: commenting takes that level
  const asker = await newUser(`Автор ${tag}`, { points: 600 });
  const answerer = await newUser(`Отвечающий ${tag}`, { points: 600 });
  for (const uid of [asker.id, answerer.id]) await ok("follow", { uid }, readers.follower);
  const w = { q: word(tag, "q"), b: word(tag, "b"), a: word(tag, "a"), c: word(tag, "c"), ac: word(tag, "ac") };
  const [qp, ap, cp] = [await upload(asker), await upload(answerer), await upload(asker)];
  const qid = (
    await ok(
      "addqst",
      { qtext: `Как понять слово ${w.q}?`, Body: `Поясняю: слово ${w.b} встретилось в книге.\n/photo/${qp.pid}`, cid: cat.cid, subcid: cat.subcid },
      asker,
    )
  ).qid as number;
  await post("startwatch", { qid }, readers.watcher);
  const aid = (await ok("addans", { qid, Body: `Слово ${w.a} значит примерно то же, что и шутка.\n/photo/${ap.pid}` }, answerer)).id as number;
  const qcm = (await ok("addcmt", { type: "Q", refid: qid, Body: `Интересный вопрос про ${w.c}` }, answerer)).id as number;
  const acm = (await ok("addcmt", { type: "A", refid: aid, Body: `Дополню ответ про ${w.ac}\n/photo/${cp.pid}` }, asker)).id as number;
  return { asker, answerer, w, qp, ap, cp, qid, aid, qcm, acm, cat };
}

type Thread = Awaited<ReturnType<typeof thread>>;

const ITEM_READERS: ReaderName[] = ["guest", "stranger", "follower", "watcher"];

function questionGone(state: string, t: Thread, neverShown = false): Fixture {
  return {
    state,
    scope: "item",
    readers: ITEM_READERS,
    markers: [...Object.values(t.w), t.qp.src, t.ap.src, t.cp.src],
    word: t.w.q,
    uid: t.asker.id,
    qid: t.qid,
    aid: t.aid,
    qcm: t.qcm,
    acm: t.acm,
    photos: [t.qp, t.ap, t.cp],
    cat: t.cat.cat,
    top: t.cat.top,
    questionHidden: true,
    neverShown,
  };
}

function answerGone(state: string, t: Thread): Fixture {
  return {
    state,
    scope: "item",
    readers: ITEM_READERS,
    markers: [t.w.a, t.w.ac, t.ap.src, t.cp.src],
    word: t.w.a,
    uid: t.answerer.id,
    aid: t.aid,
    acm: t.acm,
    photos: [t.ap, t.cp],
    cat: t.cat.cat,
    top: t.cat.top,
    questionHidden: false,
    neverShown: false,
  };
}

async function categories(): Promise<{ plain: Cat; adult: Cat }> {
  const row = async (where: string) => {
    const r = (await env.DB.prepare(
      `select c.id sub, c.urlname cat, p.id top, p.urlname topurl from categories c join categories p on p.id = c.parent_id where ${where} order by c.id limit 1`,
    ).first<{ sub: number; cat: string; top: number; topurl: string }>())!;
    return { cid: r.top, subcid: r.sub, cat: r.cat, top: r.topurl };
  };
  return { plain: await row("c.id = 100"), adult: await row("p.adult = 1") };
}

/** Makes a user one of the brand's people (its experts), so that the brand's lists of its people's activity include him. */
const brandMember = (uid: number) => exec("insert into brand_members (brand_id, user_id, role) values (?, ?, 'expert')", BRAND, uid);

/** An author whose activity a state hides: a question, an answer, a received gift and a public album photo, each with words of their own. */
async function activity(tag: string, author: NewUser, cat: Cat) {
  const w = { q: word(tag, "q"), a: word(tag, "a"), g: word(tag, "g") };
  const other = await newUser(`Собеседник ${tag}`);
  const otherQ = (await ok("addqst", { qtext: `Вопрос собеседника номер ${other.serial}?`, cid: cat.cid, subcid: cat.subcid }, other)).qid as number;
  const qid = (await ok("addqst", { qtext: `Что значит ${w.q}?`, Body: "", cid: cat.cid, subcid: cat.subcid }, author)).qid as number;
  const aid = (await ok("addans", { qid: otherQ, Body: `Думаю, что ${w.a} здесь ни при чём.` }, author)).id as number;
  const gift = await value("select id v from gifts order by id limit 1");
  await ok("makegift", { user: author.id, gift, pointsgift: 1, mes: `С праздником, ${w.g}` }, await as("guru@demo.local"));
  const album = (await ok("addalbum", { title: `Альбом ${tag}`, privacy: 0 }, author)).aid as number;
  const form = new FormData();
  form.set("file", new File([GIF], "a.gif", { type: "image/gif" }));
  form.set("aid", String(album));
  form.set("salt", author.salt);
  form.set("token", author.token);
  const res = await workerFetch(`${BASE}/api/slow/upload`, { method: "POST", headers: { origin: BASE, cookie: author.cookie }, body: form });
  const pid = ((await res.json()) as { pid: number }).pid;
  const photo = { pid, src: await value<string>("select src v from photos where id = ?", pid) };
  return { w, qid, aid, album, photo };
}

/** The fixture of an author's activity (`activity`), hidden from `readers` (or, for a control, not). */
function activityFixture(state: string, readers: ReaderName[], uid: number, a: Awaited<ReturnType<typeof activity>>, neverShown: boolean): Fixture {
  return {
    state,
    scope: "activity",
    readers,
    markers: [...Object.values(a.w), a.photo.src],
    word: a.w.q,
    uid,
    album: a.album,
    photos: [a.photo],
    questionHidden: false,
    neverShown,
  };
}

beforeAll(async () => {
  moder = await as("moder@demo.local");
  readers = {
    stranger: await newUser("Прохожий"),
    follower: await newUser("Подписчик"),
    watcher: await newUser("Наблюдатель"),
    blacklisted: await newUser("Нежеланный"),
  };
  brandUrl = await value<string>("select urlname v from brands where id = ?", BRAND);
  newcomers = await value<string>("select urlname v from categories where special = 'newcomers'");
  for (const name of ["stranger", "follower", "watcher", "blacklisted"] as const) {
    pushes[name] = await openSocket("/ws", { me: readers[name] });
    await pushes[name]!.next(); // hello
  }
  const { plain, adult } = await categories();

  // a question dropped by a moderator, deleted by its author, hidden by the paid service
  const qdrop = await thread("qdrop", plain);
  await ok("a_qstdrop", { id: qdrop.qid }, moder);
  fixtures.push(questionGone("question dropped by a moderator", qdrop));
  const qdel = await thread("qdel", plain);
  await ok("delqst", { qid: qdel.qid }, qdel.asker);
  fixtures.push(questionGone("question deleted by its author", qdel));
  const qpaid = await thread("qpaid", plain);
  await decide((await ok("mhideqst", { qid: qpaid.qid }, qpaid.asker)).issuer_id, "pay");
  fixtures.push(questionGone("question hidden by the paid service", qpaid));

  // an answer dropped by a moderator, removed by its author through the paid service; a photo edited out
  const adrop = await thread("adrop", plain);
  await ok("a_ansdrop", { id: adrop.aid }, moder);
  fixtures.push(answerGone("answer dropped by a moderator", adrop));
  const apaid = await thread("apaid", plain);
  await decide((await ok("mhideans", { aid: apaid.aid }, apaid.answerer)).issuer_id, "pay");
  fixtures.push(answerGone("answer removed by the paid service", apaid));
  const aedit = await thread("aedit", plain);
  await ok("editans", { qid: aedit.qid, update: aedit.aid, Body: `Слово ${aedit.w.a} значит примерно то же, что и шутка.` }, aedit.answerer);
  fixtures.push({ ...answerGone("photo its author took out of his answer", aedit), markers: [aedit.ap.src], photos: [aedit.ap] });

  // a comment dropped by a moderator
  const cdrop = await thread("cdrop", plain);
  await ok("a_cmtdrop", { id: cdrop.acm }, moder);
  fixtures.push({ ...answerGone("comment dropped by a moderator", cdrop), markers: [cdrop.w.ac, cdrop.cp.src], word: cdrop.w.ac, photos: [cdrop.cp] });

  // held in premoderation: a question, a supplement and an answer to a live question, and a comment
  const held = await newUser("Новичок на проверке", { premoderated: true, points: 600 });
  await ok("follow", { uid: held.id }, readers.follower);
  const live = await thread("plive", plain);
  const hw = { q: word("held", "q"), a: word("held", "a"), c: word("held", "c"), s: word("held", "s") };
  // the asker of the live question is flagged since: his supplement waits too
  await exec("update users set premoderated = 1 where id = ?", live.asker.id);
  expect((await post("updqst", { qid: live.qid, Body: `Дополняю: слово ${hw.s} ждёт проверки.` }, live.asker)).json).toMatchObject({ on_moderation: 1 });
  for (const [name, body] of [
    ["addqst", { qtext: `Проверьте слово ${hw.q}?`, cid: plain.cid, subcid: plain.subcid }],
    ["addans", { qid: live.qid, Body: `Мой ответ про ${hw.a} ждёт проверки.` }],
    ["addcmt", { type: "A", refid: live.aid, Body: `Комментарий про ${hw.c} ждёт проверки.` }],
  ] as const) {
    expect((await post(name, body, held)).json).toMatchObject({ status: 200, on_moderation: 1 });
  }
  fixtures.push({
    state: "held in premoderation",
    scope: "item",
    readers: ITEM_READERS,
    markers: Object.values(hw),
    word: hw.q,
    uid: held.id,
    qid: live.qid,
    aid: live.aid,
    photos: [],
    cat: plain.cat,
    top: plain.top,
    questionHidden: false,
    neverShown: true,
  });

  // the adult category, for readers who have not confirmed their age
  fixtures.push(questionGone("in the adult category, age not confirmed", await thread("adult", adult), true));

  // a private question to a brand, its expert's answer and a comment
  const asker = await newUser("Клиент бренда");
  await ok("follow", { uid: asker.id }, readers.follower);
  const pw = { q: word("private", "q"), a: word("private", "a"), c: word("private", "c") };
  const pqid = (await ok("askbrand", { bid: BRAND, qtext: `Личный вопрос про ${pw.q}?`, Body: "Подробности только для вас" }, asker)).pqid as number;
  const paid = (await ok("anspersonal", { pqid, Body: `Ответ эксперта про ${pw.a}, только для вас.` }, await as("expert@demo.local"))).aid as number;
  await ok("addcmtpersonal", { refid: paid, Body: `Спасибо за ответ про ${pw.c}` }, asker);
  fixtures.push({
    state: "a private question to a brand",
    scope: "item",
    readers: ITEM_READERS,
    markers: Object.values(pw),
    word: pw.q,
    uid: asker.id,
    pqid,
    photos: [],
    questionHidden: false,
    neverShown: true,
  });

  // a hidden profile («Скрыть мою активность»): his followers followed him before; what he writes after
  const hidden = await newUser("Скрытный");
  await brandMember(hidden.id);
  await ok("follow", { uid: hidden.id }, readers.follower);
  await ok("cabhide", { uid: hidden.id, set: 1 }, moder);
  fixtures.push(activityFixture("a hidden profile", ["guest", "stranger", "follower"], hidden.id, await activity("hidden", hidden, plain), true));

  // a blacklisted reader: the owner put him on his blacklist after he followed him
  const owner = await newUser("Разборчивый");
  await brandMember(owner.id);
  await ok("follow", { uid: owner.id }, readers.blacklisted);
  await ok("addblist", { bid: readers.blacklisted.id }, owner);
  const b = await activity("blist", owner, plain);
  const shown = await thread("shown", plain);
  controls.push({ ...questionGone("nothing hidden", shown), questionHidden: false });
  const open = await newUser("Открытый");
  await brandMember(open.id);
  await ok("follow", { uid: open.id }, readers.follower);
  controls.push(activityFixture("nothing hidden (activity)", ["guest", "stranger", "follower"], open.id, await activity("open", open, plain), false));

  fixtures.push(activityFixture("the owner blacklisted the reader", ["blacklisted"], owner.id, b, true));
}, 120_000);

// ------------------------------------------------------------------------------------- the cells

type Cell = { state: string; door: string; reader: ReaderName; url: string; shows: string | null };

async function ask(door: Door, url: string, me: NewUser | null, markers: string[]): Promise<string | null> {
  if (door.kind === "socket") {
    const s = await openSocket(url, { me: me ?? undefined });
    if (!s.ws) return null;
    s.ws.close();
    return "the socket let him in";
  }
  const target = door.kind === "data" ? `${url}${url.includes("?") ? "&" : "?"}_data=${encodeURIComponent(door.route!)}` : url;
  if (door.kind === "image") {
    const res = await workerFetch(`${BASE}${target}`, { headers: me ? { cookie: me.cookie } : {} });
    await res.arrayBuffer();
    return res.status === 200 ? "the preview was served" : null;
  }
  const { html } = await page(target, me ?? undefined);
  const seen = markers.filter((m) => html.includes(m));
  return seen.length > 0 ? `shows ${seen.join(", ")}` : null;
}

/** Asks every applicable door about each fixture as each of its readers, 8 at a time. */
async function runCells(list: Fixture[]) {
  const cells: Cell[] = [];
  let notApplicable = 0;
  const work: (() => Promise<void>)[] = [];
  for (const fx of list) {
    for (const name of fx.readers) {
      const me = name === "guest" ? null : readers[name];
      const doors = DOORS.filter((d) => fx.scope === "item" || d.activity).map((door) => ({ door, url: door.url(fx, me) }));
      for (const { door, url } of [...doors, ...photoCells(fx)]) {
        if (url === null) {
          notApplicable++;
          continue;
        }
        work.push(async () => {
          cells.push({ state: fx.state, door: door.name, reader: name, url, shows: await ask(door, url, me, fx.markers) });
        });
      }
    }
  }
  for (let i = 0; i < work.length; i += 8) await Promise.all(work.slice(i, i + 8).map((w) => w()));
  return { cells, notApplicable };
}

/** The photo doors of a fixture: each photo's page, its data and both previews. */
function photoCells(fx: Fixture): { door: Door; url: string }[] {
  return fx.photos.flatMap((ph) => [
    { door: PHOTO_DOORS[0], url: `/photo/${ph.pid}` },
    { door: PHOTO_DOORS[1], url: `/photo/${ph.pid}` },
    { door: PHOTO_DOORS[2], url: `/img/p/${ph.src}/800` },
    { door: PHOTO_DOORS[3], url: `/img/p/${ph.src}/120` },
  ]);
}

describe("what each reader may see, at every door", () => {
  it("every named call, page route and worker path is a door of the matrix or says why it shows no item", () => {
    const someone = readers.stranger;
    const doorCalls = new Set(CALL_DOORS.map((d) => d.url(fullFixture(), someone)?.match(/^\/api\/\w+\/(\w+)/)?.[1]).filter(Boolean));
    const unclassified = Object.keys(CALLS).filter((name) => !doorCalls.has(name) && !Object.hasOwn(NOT_DOORS, name) && !WRITES.includes(name));
    expect(unclassified).toEqual([]);
    const doorRoutes = new Set([...PAGES.map((p) => p.route), ...PHOTO_DOORS.map((d) => d.route)]);
    const routes = Object.keys(build.routes as Record<string, unknown>).filter(
      (id) => !doorRoutes.has(id) && !Object.hasOwn(NOT_DOOR_ROUTES, id) && !SEARCH_ALIASES.test(id),
    );
    expect(routes).toEqual([]);
    const paths = app.routes.map((r) => r.path).filter((p) => !Object.hasOwn(WORKER_PATHS, p));
    expect([...new Set(paths)]).toEqual([]);
  });

  it("the doors show what nothing hides: the matrix's cells can see an item", async () => {
    const { cells } = await runCells(controls);
    /** the doors of `expected` that did not show the control's words to `reader` */
    const blind = (state: string, reader: ReaderName, expected: string[]) => {
      const shown = new Set(cells.filter((c) => c.state === state && c.reader === reader && c.shows).map((c) => c.door));
      return expected.filter((d) => !shown.has(d));
    };
    const guestSees = ["question", "question (data)", "answer", "answer comment", "search", "showans", "comments Q", "comments A", "comment_context"];
    const guestSeesToo = ["photo page", "preview 800", "preview 120", "profile questions", "category", "questlist category", "search similar"];
    expect(blind("nothing hidden", "guest", [...guestSees, ...guestSeesToo])).toEqual([]);
    expect(blind("nothing hidden", "follower", ["feed users", "my feed users", "show_bulk", "my notifications"])).toEqual([]);
    expect(blind("nothing hidden", "watcher", ["feed questions", "show_bulk", "watchlist"])).toEqual([]);
    const activity = ["profile gifts", "quserlist", "auserlist", "giftedlist", "album", "brand feed users", "abrandans", "photo page", "preview 800"];
    expect(blind("nothing hidden (activity)", "stranger", activity)).toEqual([]);
  }, 120_000);

  it("no cell shows a hidden item: every door × every state × every reader it is hidden from", async () => {
    const { cells, notApplicable } = await runCells(fixtures);
    const showing = cells.filter((c) => c.shows !== null);
    console.log(
      `visibility matrix: ${DOORS.length + PHOTO_DOORS.length} doors × ${fixtures.length} states × ${Object.keys(readers).length + 1} readers: ` +
        `${cells.length} cells asked, ${notApplicable} not applicable, ${showing.length} showing`,
    );
    expect(showing.map((c) => `${c.state} | ${c.door} | ${c.reader} | ${c.url} | ${c.shows}`)).toEqual([]);
    expect(cells.length).toBeGreaterThan(1500);
  }, 300_000);

  it("nothing that was never for a reader reached his socket: no push carried it", async () => {
    // a notice every reader gets now: once it is there, whatever was pushed before it is there too
    const tracer = await newUser("Контрольный");
    const seen: string[] = [];
    for (const [name, socket] of Object.entries(pushes)) {
      const me = readers[name as Exclude<ReaderName, "guest">];
      await ok("follow", { uid: me.id }, tracer);
      const got: unknown[] = [];
      for (;;) {
        const m = await socket!.next(5000);
        got.push(m);
        if (m.type === "notify" && m.item?.a === "follower" && m.item?.uid === tracer.id) break;
      }
      const said = JSON.stringify(got);
      for (const fx of fixtures.filter((f) => f.neverShown && f.readers.includes(name as ReaderName))) {
        for (const m of fx.markers) if (said.includes(m)) seen.push(`${fx.state} | ${name} | ${m}`);
      }
    }
    expect(seen).toEqual([]);
  });
});

/** A fixture with every id set, to read which call each door asks. */
function fullFixture(): Fixture {
  return {
    state: "",
    scope: "item",
    readers: [],
    markers: [],
    word: "слово",
    uid: 1,
    qid: 1,
    aid: 1,
    qcm: 1,
    acm: 1,
    photos: [],
    pqid: 1,
    album: 1,
    cat: "x",
    top: "x",
    questionHidden: true,
    neverShown: false,
  };
}
