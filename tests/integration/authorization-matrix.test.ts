import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import gifUrl from "../fixtures/photos/anim.gif?inline";
import { ERR } from "../../app/lib/errids";
import { BASE, type Me, post, workerFetch } from "./helpers/api";
import { signIn } from "./helpers/users";

/**
 * The authorization matrix: every role × every write call of the named API. Each cell
 * runs the call on a fresh set of items (a question with a poll, an answer and a comment; a
 * question in best-answer voting; a private question to the demo brand and a public one tagged
 * for it; dropped copies for the restore calls) and asserts that the call is allowed, or that it
 * is refused and changed nothing in D1 (every table but the session, login, captcha and tracking
 * bookkeeping is compared row by row before and after).
 *
 * The photo calls send a multipart file as a browser does (upload, addimg, filin, and upload into
 * an album). addimgurl cannot fetch anything in the test pool (it has no outside network), so it
 * is sent a link that is refused after the caller's checks: for it, "allowed" is that refusal.
 *
 * Not in the matrix: canask (a read) and check_captcha (anyone may check a code).
 */

const PERMISSIONS = ["qstdrop", "qstrestore", "qstmove", "ansdrop", "ansrestore", "cmtdrop", "tmpban", "usrkiller"] as const;
type Permission = (typeof PERMISSIONS)[number];

const ROLES = [
  "guest",
  "user",
  "owner",
  "author",
  "moder-none",
  ...PERMISSIONS.map((p) => `moder-${p}` as const),
  "moder-cmtdrop-novolcats",
  "expert",
  "brandadmin",
  "banned",
] as const;
type Role = (typeof ROLES)[number];

const NOW = Date.now();
const DAY = 86_400_000;
const BRAND = 1;
const BODY = "Ответ для проверки прав: достаточно длинный и осмысленный текст.";

/** The role's permission when it is a moderator holding one. */
const held = (role: Role): Permission | null => {
  const m = /^moder-(\w+)$/.exec(role);
  return m && (PERMISSIONS as readonly string[]).includes(m[1]) ? (m[1] as Permission) : null;
};
const isModer = (role: Role, p: Permission) => held(role) === p;
const signedIn = (role: Role) => role !== "guest";
/** may write at all: signed in and not banned */
const writer = (role: Role) => signedIn(role) && role !== "banned";

let leaf: { cid: number; top: number; other: number };
let users: Record<Exclude<Role, "guest">, Me>;
let passwordHash: string;
let serial = 0;
/** the address block the last a_ipunblock cell set up */
let lastBlock = 0;

async function createUser(role: string, extra: Record<string, string | number> = {}): Promise<number> {
  serial++;
  const cols = {
    nick: `Матрица ${role} ${serial}`,
    email: `matrix-${role}-${serial}@example.org`,
    password_hash: passwordHash,
    points: 600,
    lvl: 4,
    welcome_bonus: 1,
    created_at: NOW - 60 * DAY,
    ...extra,
  };
  const keys = Object.keys(cols);
  const r = await env.DB.prepare(`insert into users (${keys.join(",")}) values (${keys.map(() => "?").join(",")}) returning id`)
    .bind(...Object.values(cols))
    .first<number>("id");
  return r!;
}

async function createRole(role: Exclude<Role, "guest">): Promise<Me> {
  const p = held(role as Role);
  const extra: Record<string, string | number> = {};
  if (role === "moder-none") Object.assign(extra, { type: "volonter", permissions: "[]" });
  if (p) Object.assign(extra, { type: "volonter", permissions: JSON.stringify([p]), volcats: JSON.stringify([leaf.cid, leaf.top]), banduration: 8640 });
  if (role === "moder-cmtdrop-novolcats") Object.assign(extra, { type: "volonter", permissions: JSON.stringify(["cmtdrop"]), volcats: "[]" });
  const id = await createUser(role, extra);
  if (role === "expert" || role === "brandadmin") {
    await env.DB.prepare("insert into brand_members (brand_id, user_id, role) values (?, ?, ?)")
      .bind(BRAND, id, role === "expert" ? "expert" : "admin")
      .run();
  }
  const email = (await env.DB.prepare("select email from users where id = ?").bind(id).first<string>("email"))!;
  const me = await signIn(email);
  if (role === "banned") {
    await env.DB.prepare("update users set banned_until = ?, ban_reason = 'Реклама или спам' where id = ?")
      .bind(NOW + 30 * DAY, id)
      .run();
  }
  return me;
}

type Fixture = {
  qid: number;
  aid: number;
  cmid: number;
  options: number[];
  /** a question in best-answer voting (state V) with an answer by the answer author */
  qv: number;
  av: number;
  /** a private question of the owner to the demo brand, waiting for its expert */
  pqid: number;
  /** a public question of the owner tagged for the demo brand */
  qb: number;
  /** a user to ban */
  victim: number;
  /** an album of the question owner's with one photo in it (made by the album calls' setup) */
  album?: number;
  photo?: number;
};

/** Fresh items for one cell, written straight into D1 (one batch). */
async function fixture(): Promise<Fixture> {
  const owner = users.owner.id;
  const author = users.author.id;
  const ins = (sql: string, ...b: unknown[]) => env.DB.prepare(sql).bind(...b);
  const q = (state: string, poll: string | null, brandTags: string | null) =>
    ins(
      `insert into questions (user_id, category_id, top_category_id, qtext, state, poll_type, brand_tags, brand_id, anscnt, comcnt, added, state_changed_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, 1, 0, ?, ?, ?) returning id`,
      owner,
      leaf.cid,
      leaf.top,
      `Вопрос матрицы ${++serial}?`,
      state,
      poll,
      brandTags,
      brandTags ? BRAND : null,
      NOW - 3_600_000,
      NOW - 3_600_000,
      NOW - 3_600_000,
    );
  const [[{ id: qid }], [{ id: qv }], [{ id: qb }]] = (await env.DB.batch([q("A", "S", null), q("V", null, null), q("A", null, JSON.stringify([BRAND]))])).map(
    (r) => r.results as { id: number }[],
  );
  const a = (on: number) => ins("insert into answers (qid, user_id, text, added) values (?, ?, ?, ?) returning id", on, author, BODY, NOW - 1_800_000);
  const results = await env.DB.batch([
    a(qid),
    a(qv),
    ...[1, 2, 3].map((pos) => ins("insert into poll_options (qid, position, text) values (?, ?, ?) returning id", qid, pos, `Вариант ${pos}`)),
    ins(
      "insert into private_questions (brand_id, user_id, qtext, added) values (?, ?, ?, ?) returning id",
      BRAND,
      owner,
      `Личный вопрос ${serial}?`,
      NOW - 600_000,
    ),
  ]);
  const ids = results.map((r) => (r.results as { id: number }[])[0].id);
  const [aid, av, o1, o2, o3, pqid] = ids;
  const cmid = (await ins(
    "insert into comments (qid, ref_type, ref_id, depth, user_id, text, added) values (?, 'A', ?, 0, ?, ?, ?) returning id",
    qid,
    aid,
    author,
    "Комментарий матрицы",
    NOW - 900_000,
  ).first<number>("id"))!;
  await ins("update answers set comcnt = 1 where id = ?", aid).run();
  const victim = await createUser("victim", { points: 120, lvl: 2 });
  return { qid, aid, cmid, options: [o1, o2, o3], qv, av, pqid, qb, victim };
}

/** The question owner's album with one photo, for the album calls' cells. */
async function withAlbum(f: Fixture): Promise<void> {
  const ins = (sql: string, ...b: unknown[]) => env.DB.prepare(sql).bind(...b);
  f.album = (await ins(
    "insert into albums (user_id, title, privacy, size, added) values (?, ?, 0, 1, ?) returning id",
    users.owner.id,
    `Альбом ${++serial}`,
    NOW,
  ).first<number>("id"))!;
  const src = `c0ffee${serial.toString(16).padStart(26, "0")}`;
  f.photo = (await ins(
    "insert into photos (album_id, user_id, src, width, height, added) values (?, ?, ?, 10, 10, ?) returning id",
    f.album,
    users.owner.id,
    src,
    NOW,
  ).first<number>("id"))!;
}

type Call = {
  name: string;
  /** the cell's title when the call appears more than once */
  label?: string;
  /** the call's door (/api/{door}/{name}) and a multipart file field, as the photo calls take them */
  door?: string;
  file?: true;
  /** errids that still count as allowed: the refusal comes after the caller's own checks */
  pastChecks?: number[];
  input(f: Fixture, role: Role): Record<string, string | number | string[]>;
  /** what must be in place before the call (run as the full moderator or the role itself) */
  setup?(f: Fixture, role: Role): Promise<void>;
  allowed(role: Role): boolean;
};

const as = (role: Role): Me | undefined => (role === "guest" ? undefined : users[role]);
/** moder@demo.local holds every permission (the seed's volunteer moderator) */
let fullModer: Me;
async function must(name: string, body: Record<string, string | number | string[]>, me: Me | undefined) {
  const { json } = await post(name, body, me);
  if (json.status !== 200) throw new Error(`setup ${name} failed: ${JSON.stringify(json)}`);
}

const CALLS: Call[] = [
  { name: "addqst", input: () => ({ qtext: `Новый вопрос матрицы ${++serial}?`, cid: leaf.cid }), allowed: writer },
  { name: "addans", input: (f) => ({ qid: f.qid, Body: BODY }), allowed: (r) => writer(r) && r !== "owner" && r !== "author" },
  { name: "editans", input: (f) => ({ qid: f.qid, update: f.aid, Body: `${BODY} Исправлено.` }), allowed: (r) => r === "author" },
  { name: "addcmt", input: (f) => ({ type: "A", refid: f.aid, Body: "Комментарий к ответу" }), allowed: writer },
  { name: "updqst", input: (f) => ({ qid: f.qid, Body: "Дополнение к вопросу" }), allowed: (r) => r === "owner" },
  { name: "votefor", input: (f) => ({ qid: f.qv, aid: f.av }), allowed: (r) => writer(r) && r !== "owner" && r !== "author" },
  { name: "voteagainst", input: (f) => ({ qid: f.qv }), allowed: (r) => writer(r) && r !== "owner" && r !== "author" },
  { name: "selectbest", input: (f) => ({ aid: f.aid }), allowed: (r) => r === "owner" },
  { name: "votepoll", input: (f) => ({ qid: f.qid, vote: String(f.options[1]) }), allowed: writer },
  { name: "mark", input: (f) => ({ aid: f.aid }), allowed: (r) => writer(r) && r !== "author" },
  {
    name: "unmark",
    input: (f) => ({ aid: f.aid }),
    setup: async (f, r) => (writer(r) && r !== "author" ? must("mark", { aid: f.aid }, as(r)) : undefined),
    allowed: (r) => writer(r) && r !== "author",
  },
  { name: "thanks", input: (f) => ({ aid: f.aid }), allowed: (r) => r === "owner" },
  { name: "unthanks", input: (f) => ({ aid: f.aid }), setup: (f) => must("thanks", { aid: f.aid }, users.owner), allowed: (r) => r === "owner" },
  { name: "notimportant", input: (f) => ({ aid: f.aid }), allowed: (r) => r === "owner" },
  {
    name: "unnotimportant",
    input: (f) => ({ aid: f.aid }),
    setup: (f) => must("notimportant", { aid: f.aid }, users.owner),
    allowed: (r) => r === "owner",
  },
  { name: "abuse", input: (f) => ({ report: "spam", cid: f.cmid }), allowed: (r) => writer(r) && r !== "author" },
  { name: "startwatch", input: (f) => ({ qid: f.qid }), allowed: writer },
  {
    name: "dropwatch",
    input: (f) => ({ qid: f.qid }),
    setup: async (f, r) => (writer(r) ? must("startwatch", { qid: f.qid }, as(r)) : undefined),
    allowed: writer,
  },
  {
    name: "stopnotify",
    input: (f) => ({ id: f.qid, type: "Q" }),
    setup: async (f, r) => (writer(r) ? must("startwatch", { qid: f.qid }, as(r)) : undefined),
    allowed: writer,
  },
  // a brand's own members cannot ask it privately
  { name: "askbrand", input: () => ({ bid: BRAND, qtext: `Вопрос эксперту ${++serial}?` }), allowed: (r) => writer(r) && r !== "expert" && r !== "brandadmin" },
  // the brand's members (its experts and its admin) answer its private questions
  { name: "anspersonal", input: (f) => ({ pqid: f.pqid, Body: BODY }), allowed: (r) => r === "expert" || r === "brandadmin" },
  // the asker, or a brand member declining one that still waits for the brand's answer
  { name: "hideqpersonal", input: (f) => ({ pqid: f.pqid, tag: "" }), allowed: (r) => r === "owner" || r === "expert" || r === "brandadmin" },
  { name: "hideqnopersonal", input: (f) => ({ qid: f.qb, tag: String(BRAND) }), allowed: (r) => r === "owner" },
  { name: "a_qstdrop", input: (f) => ({ id: f.qid }), allowed: (r) => isModer(r, "qstdrop") },
  { name: "a_qstrestore", input: (f) => ({ id: f.qid }), setup: (f) => must("a_qstdrop", { id: f.qid }, fullModer), allowed: (r) => isModer(r, "qstrestore") },
  { name: "a_ansdrop", input: (f) => ({ id: f.aid }), allowed: (r) => isModer(r, "ansdrop") },
  { name: "a_ansrestore", input: (f) => ({ id: f.aid }), setup: (f) => must("a_ansdrop", { id: f.aid }, fullModer), allowed: (r) => isModer(r, "ansrestore") },
  { name: "a_cmtdrop", input: (f) => ({ id: f.cmid }), allowed: (r) => isModer(r, "cmtdrop") },
  { name: "a_cmtrestore", input: (f) => ({ id: f.cmid }), setup: (f) => must("a_cmtdrop", { id: f.cmid }, fullModer), allowed: (r) => isModer(r, "cmtdrop") },
  { name: "a_qstmove", input: (f) => ({ id: f.qid, cid: leaf.other }), allowed: (r) => isModer(r, "qstmove") },
  { name: "a_tmpban", input: (f) => ({ id: f.victim, period: 24, text: "spam" }), allowed: (r) => isModer(r, "tmpban") },
  // an address block reaches everyone behind the address: usrkiller's (each cell a fresh address)
  { name: "a_ipblock", input: () => ({ ip: `198.18.${serial >> 8}.${++serial & 255}`, period: 3, text: "spam" }), allowed: (r) => isModer(r, "usrkiller") },
  {
    name: "a_ipunblock",
    input: () => ({ id: lastBlock }),
    setup: async () => {
      const { json } = await post("a_ipblock", { ip: `198.19.${serial >> 8}.${++serial & 255}`, period: 3, text: "spam" }, fullModer);
      if (json.status !== 200) throw new Error(`setup a_ipblock failed: ${JSON.stringify(json)}`);
      lastBlock = json.id;
    },
    allowed: (r) => isModer(r, "usrkiller"),
  },
  // the client's own settings (the welcome tour) are not content: a banned user may keep them
  { name: "usrsettings_set", input: () => ({ title: "welcome", flag: "step", val: "2" }), allowed: signedIn },
  // tracking events are taken from anyone, guests too
  { name: "dwh", input: (f) => ({ name: "answer_visited", qid: f.qid }), allowed: () => true },
  // photos: anyone who may write uploads; an album is its owner's alone
  { name: "upload", door: "slow", file: true, input: () => ({}), allowed: writer },
  { name: "addimg", file: true, input: () => ({}), allowed: writer },
  {
    name: "upload",
    label: "upload into an album",
    door: "slow",
    file: true,
    setup: withAlbum,
    input: (f) => ({ aid: f.album! }),
    allowed: (r) => r === "owner",
  },
  { name: "addimgurl", door: "slow", input: () => ({ url: "http://10.0.0.1/photo.jpg" }), pastChecks: [ERR.photoUrlForbidden], allowed: writer },
  { name: "filin", door: "slow", file: true, input: () => ({}), allowed: writer },
  { name: "addalbum", input: () => ({ title: `Альбом матрицы ${++serial}`, privacy: "1" }), allowed: writer },
  { name: "editalbum", setup: withAlbum, input: (f) => ({ aid: f.album!, title: "Новое название", privacy: "2" }), allowed: (r) => r === "owner" },
  { name: "delalbum", setup: withAlbum, input: (f) => ({ aid: f.album! }), allowed: (r) => r === "owner" },
  { name: "delphoto", setup: withAlbum, input: (f) => ({ pid: f.photo! }), allowed: (r) => r === "owner" },
];

const GIF = Uint8Array.from(atob(gifUrl.slice(gifUrl.indexOf(",") + 1)), (c) => c.charCodeAt(0));

/** A call as the page's form or island sends it: form fields, or a multipart form with a photo file. */
async function send(call: Call, body: Record<string, string | number | string[]>, me: Me | undefined) {
  if (!call.file) return post(call.name, body, me, { door: call.door });
  const form = new FormData();
  form.set("file", new File([GIF], "a.gif", { type: "image/gif" }));
  for (const [k, v] of Object.entries(body)) form.set(k, String(v));
  if (me) {
    form.set("salt", me.salt);
    form.set("token", me.token);
  }
  const res = await workerFetch(`${BASE}/api/${call.door ?? "v2"}/${call.name}`, {
    method: "POST",
    headers: { origin: BASE, ...(me ? { cookie: me.cookie } : {}) },
    body: form,
  });
  return { res, status: res.status, json: (await res.json()) as Record<string, any> };
}

/**
 * Tables that do not hold the site's state: sessions, sign-in attempts, captchas, tracking, D1's
 * own, the search indexes and their word lists (kept from the tables they index), and the log of
 * mails the mail queue's consumer writes a second after an earlier allowed write notified someone.
 */
const BOOKKEEPING = /^(sessions|login_attempts|captchas|track_events|d1_migrations|sqlite_sequence|mail_log|_cf_.*|(questions|answers)_fts.*)$/;
let tables: string[] = [];

/** Every row of every table that holds the site's state, as one string. */
async function dump(): Promise<string> {
  const all = await env.DB.batch(tables.map((t) => env.DB.prepare(`select * from "${t}" order by rowid`)));
  return all.map((r, i) => `${tables[i]}:${JSON.stringify(r.results)}`).join("\n");
}

beforeAll(async () => {
  passwordHash = (await env.DB.prepare("select password_hash from users where email = 'user@demo.local'").first<string>("password_hash"))!;
  const cat = await env.DB.prepare(
    "select c.id cid, c.parent_id top from categories c join categories p on p.id = c.parent_id where c.readonly = 0 and c.id not in (601, 2024) and p.id not in (601, 2024) and c.hidden = 0 and c.adult = 0 and p.adult = 0 order by c.id limit 2",
  ).all<{ cid: number; top: number }>();
  leaf = { cid: cat.results[0].cid, top: cat.results[0].top, other: cat.results[1].cid };
  const entries = [];
  for (const role of ROLES) if (role !== "guest") entries.push([role, await createRole(role)] as const);
  users = Object.fromEntries(entries) as typeof users;
  fullModer = await signIn("moder@demo.local");
  tables = (await env.DB.prepare("select name from sqlite_master where type = 'table'").all<{ name: string }>()).results
    .map((r) => r.name)
    .filter((n) => !BOOKKEEPING.test(n));
}, 120_000);

describe("the authorization matrix: every role × every write call", () => {
  for (const call of CALLS) {
    it(`${call.label ?? call.name}: allowed exactly for ${ROLES.filter((r) => call.allowed(r)).join(", ") || "nobody"}; refusals change nothing`, async () => {
      const wrong: string[] = [];
      for (const role of ROLES) {
        const f = await fixture();
        await call.setup?.(f, role);
        const before = await dump();
        const { res, json } = await send(call, call.input(f, role), as(role));
        const ok = (res.status === 200 && json.status === 200 && !json.on_moderation) || (call.pastChecks ?? []).includes(json.errid);
        if (ok !== call.allowed(role))
          wrong.push(`${role}: expected ${call.allowed(role) ? "allowed" : "refused"}, got ${res.status} ${JSON.stringify(json).slice(0, 160)}`);
        if (!ok || json.status !== 200) {
          if (!json.errid || typeof json.error !== "string" || !/[а-яё]/i.test(json.error))
            wrong.push(`${role}: refusal without errid and Russian text: ${JSON.stringify(json)}`);
          if ((await dump()) !== before) wrong.push(`${role}: refused, but D1 changed`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }
});
