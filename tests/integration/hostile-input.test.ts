/**
 * Hostile input never breaks the server. Every named call of the registry (the API door with its
 * own method and the others, and the form door; as a guest and signed in) and every page route
 * (each path segment, the query, the cookie, the headers and a posted body) is sent what an
 * attacker would try: prototype keys, broken percent-escapes, invalid UTF-8, control characters,
 * homoglyphs, path climbing, numbers out of range, arrays, nested objects, JSON bombs and very long
 * strings. Nothing may end in a 500 or in errid 999: an API refusal is a 4xx carrying its errid's
 * status and Russian text from the catalogue, and a page answers 2xx, 3xx or 4xx (a form door
 * refusal with its errid's text).
 *
 * To stay fast, a field schema shared by several calls (the ids, offsets and page sizes of
 * app/lib/fields.ts) gets the whole list once and a few values in every other call.
 */
import { env } from "cloudflare:test";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { NamedCall } from "../../app/calls/define";
import { CALLS } from "../../app/calls/registry";
import { ERRORS } from "../../app/lib/errors";
import { BASE, workerFetch, type Me } from "./helpers/api";
import { BODIES, COOKIES, FEW, HEADERS, JSON_VALUES, LONG, LONG_QUERY, PAGE_BODIES, RAW } from "./helpers/hostile-values";
import { signIn } from "./helpers/users";

// ------------------------------------------------------------------------------ the named calls

/** A field's plausible value, so that a hostile value in another field gets past the easy refusals. */
const VALID: Record<string, string> = {
  qid: "3",
  aid: "1",
  cmid: "3",
  refid: "1",
  type: "Q",
  id: "1",
  uid: "2",
  user: "2",
  usrid: "2",
  pqid: "1",
  optid: "1",
  vote: "1",
  bid: "1",
  bids: "1",
  nid: "1",
  lastid: "3",
  p: "0",
  n: "20",
  num: "20",
  sf: "0",
  state: "open",
  Body: "Обычный текст для проверки полей",
  qtext: "Обычный вопрос для проверки полей?",
  text: "Обычный текст жалобы",
  mes: "Привет",
  report: "spam",
  email: "guru@demo.local",
  password: "demo12345",
  nick: "Проверка полей",
  title: "welcome",
  flag: "step",
  val: "1",
  keyword: "ноутбук",
  q: "ноутбук",
  depth: "20,3,3",
  sort: "old",
  gift: "1",
  period: "10",
  name: "page_view",
  pid: "1",
  privacy: "0",
};
/** Per call where a field means something else there, or only one of two may be given. */
const VALID_IN: Record<string, Record<string, string>> = {
  abuse: { aid: "", cid: "" },
  whovoted: { optid: "" },
  marked: { aid: "" },
  mark: { aid: "" },
  unmark: { aid: "" },
  addqst: { cid: "1" },
  askbrand: { cid: "1" },
  a_qstmove: { cid: "1" },
  mod_queue: { type: "questions" },
  brand_follow: { urlname: "tehnomir" },
  brand_unfollow: { urlname: "tehnomir" },
  getBrands: { urlname: "tehnomir" },
  makegift: { user: "3" },
  savepress: { tour: "welcome", type: "1shown", value: "1" },
  overlay_shown: { tour: "welcome" },
};

/** The fields of a call's zod schema by name, wherever they sit (objects, pipes, refinements, unions). */
function fieldsOf(schema: unknown, seen = new Set<unknown>(), out = new Map<string, unknown>()): Map<string, unknown> {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | null)?._zod?.def;
  if (!def || seen.has(schema)) return out;
  seen.add(schema);
  if (def.shape && typeof def.shape === "object") for (const [k, v] of Object.entries(def.shape)) if (!out.has(k)) out.set(k, v);
  for (const k of ["in", "out", "innerType", "schema", "left", "right"]) fieldsOf(def[k], seen, out);
  if (Array.isArray(def.options)) for (const o of def.options) fieldsOf(o, seen, out);
  return out;
}

function validFields(name: string, fields: Iterable<string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) {
    const v = VALID_IN[name]?.[f] ?? VALID[f];
    if (v) out[f] = v;
  }
  return out;
}

/** A form body or query string: the `raw` pair goes in as it is (already encoded, or deliberately broken). */
function encode(fields: Record<string, string>, ...raw: [string, string][]): string {
  const parts = Object.entries(fields).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
  for (const [k, v] of raw) parts.push(`${k}=${v}`);
  return parts.join("&");
}

// ------------------------------------------------------------------------------ the checks

let sent = 0;
const failures: string[] = [];
const seenKinds = new Set<string>();

/** A failure, once per kind (the label's first words and the reply's start), at most 60. */
function fail(label: string, status: number, body: string) {
  const reply = body.slice(0, 160).replace(/\s+/g, " ");
  const kind = `${label.split(" ").slice(0, 3).join(" ")} ${status} ${reply.slice(0, 40)}`;
  if (seenKinds.has(kind) || failures.length >= 60) return;
  seenKinds.add(kind);
  failures.push(`${label} → ${status} ${reply}`);
}

/** The catalogue's text of an errid as a pattern (a {placeholder} matches any filling), or null for no such errid. */
function catalogueText(errid: unknown): RegExp | null {
  if (typeof errid !== "number" || !Object.hasOwn(ERRORS, errid)) return null;
  const text = ERRORS[errid as keyof typeof ERRORS].text;
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\\\{\w+\\\}/g, ".*")}$`, "s");
}

/** An API reply: never 5xx, never 999; a refusal is a 4xx with its errid's status and Russian text. */
async function checkApi(label: string, res: Response) {
  sent++;
  const text = await res.text();
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text);
  } catch {
    return fail(`${label} (not JSON)`, res.status, text);
  }
  if (res.status >= 500 || body.errid === 999) return fail(label, res.status, text);
  if (res.status === 200) return;
  const expected = catalogueText(body.errid);
  const entry = expected && ERRORS[body.errid as keyof typeof ERRORS];
  if (!entry || res.status < 400 || entry.status !== res.status || body.status !== res.status || !expected.test(String(body.error)))
    fail(label, res.status, text);
}

const unescapeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** A page: 2xx, 3xx or 4xx; a form door refusal shows its errid's Russian text. */
async function checkPage(label: string, res: Response) {
  sent++;
  const html = await res.text();
  if (res.status >= 500 || res.status < 200) return fail(label, res.status, html);
  const m = /data-errid="(\d+)"[^>]*>([^<]*)</.exec(html);
  if (!m) return;
  const expected = catalogueText(Number(m[1]));
  if (!expected || Number(m[1]) === 999 || !expected.test(unescapeHtml(m[2]))) fail(label, res.status, m[0]);
}

// Remix warns on every undecodable path and every POST to a page without an action: thousands of
// lines. They are kept, and shown only when a test fails, with the worker's own error logs.
const logged: string[] = [];
beforeEach(() => {
  logged.length = 0;
  for (const level of ["error", "warn"] as const) vi.spyOn(console, level).mockImplementation((...args) => void logged.push(args.map(String).join(" ")));
});
afterEach(() => {
  vi.restoreAllMocks();
});

function expectNoFailures() {
  const found = failures.splice(0);
  const logs = found.length
    ? `\n\nthe worker's errors:\n${[...new Set(logged.filter((l) => !/could not be decoded|did not provide an `action`/.test(l)))].slice(0, 20).join("\n")}`
    : "";
  expect(found, `${found.join("\n")}${logs}`).toEqual([]);
}

// ------------------------------------------------------------------------------ sending

type Who = Me | null;
const whoName = (who: Who) => (who ? "signed in" : "guest");

/**
 * Every request comes from an address of its own: the failed sign-ins the fuzzing makes must not
 * throttle the test's own sign-ins (from 127.0.0.1). Pages are asked with a Host header, as every
 * request that reaches a Worker has one.
 */
const FROM = { "cf-connecting-ip": "198.51.100.7", host: "127.0.0.1" };

const apiUrl = (name: string, call: NamedCall, query = "") => `${BASE}/api/${call.door ?? "v2"}/${name}${query ? `?${query}` : ""}`;

/** A named call with a form body (POST) or a query string (GET); signed in (with salt and token) when `who` is given. */
function callWith(name: string, call: NamedCall, method: string, body: string, who: Who, headers: Record<string, string> = {}) {
  const auth = who ? `salt=${encodeURIComponent(who.salt)}&token=${encodeURIComponent(who.token)}` : "";
  const all = [body, auth].filter(Boolean).join("&");
  const cookie: Record<string, string> = who ? { cookie: who.cookie } : {};
  if (method === "GET") return workerFetch(apiUrl(name, call, all), { headers: { ...FROM, ...cookie, ...headers } });
  return workerFetch(apiUrl(name, call), {
    method,
    headers: { ...FROM, origin: BASE, "content-type": "application/x-www-form-urlencoded", ...cookie, ...headers },
    body: all,
  });
}

/** A named call with a body of its own (JSON or anything else). */
function bodyCall(name: string, call: NamedCall, body: string, who: Who, contentType = "application/json") {
  return workerFetch(apiUrl(name, call), {
    method: "POST",
    headers: { ...FROM, origin: BASE, ...(contentType ? { "content-type": contentType } : {}), ...(who ? { cookie: who.cookie } : {}) },
    body,
  });
}

/** A page, without following its redirect. */
function pageWith(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return workerFetch(`${BASE}${path}`, {
    redirect: "manual",
    ...init,
    headers: { ...FROM, ...(init.method === "POST" ? { origin: BASE } : {}), ...init.headers },
  });
}

/** The session-changing calls run with a session of their own, so that the others keep theirs. */
const SESSION_CALLS = new Set(["exit", "refresh_auth", "auth", "register"]);

let moder: Me;
let plain: Me;
const sessionFor = async (name: string, who: Me) => (SESSION_CALLS.has(name) ? signIn(who === moder ? "moder@demo.local" : "user@demo.local") : who);

beforeAll(async () => {
  moder = await signIn("moder@demo.local");
  plain = await signIn("user@demo.local");
});

afterAll(() => {
  console.log(`hostile input: ${sent} requests sent`);
});

const CALL_LIST = Object.entries(CALLS).map(([name, call]) => {
  const fields = fieldsOf(call.input);
  return { name, call, fields, valid: validFields(name, fields.keys()) };
});

describe("hostile input to the named calls", () => {
  it("no call answers a hostile value in any field with a 500, errid 999 or a text outside the catalogue", async () => {
    const tried = new Set<unknown>();
    for (const { name, call, fields, valid } of CALL_LIST) {
      const long = call.method === "POST" ? LONG : LONG_QUERY;
      const me = await sessionFor(name, moder);
      for (const [f, schema] of fields) {
        const others = { ...valid };
        delete others[f];
        const full = !tried.has(schema);
        tried.add(schema);
        const send = (value: string, who: Who) => callWith(name, call, call.method, encode(others, [encodeURIComponent(f), value]), who);
        for (const v of [...(full ? RAW : FEW), long]) await checkApi(`${call.method} ${name} ${f}=${v.slice(0, 30)} (signed in)`, await send(v, me));
        for (const v of FEW) await checkApi(`${call.method} ${name} ${f}=${v} (guest)`, await send(v, null));
        // a repeated field and a list field
        for (const extra of [`${f}=1&${f}=__proto__`, `${f}%5B%5D=constructor`]) {
          await checkApi(`${call.method} ${name} ${extra}`, await callWith(name, call, call.method, [encode(others), extra].join("&"), me));
        }
      }
      if (call.method === "POST") {
        // the session's salt and token themselves
        for (const v of FEW) {
          await checkApi(`POST ${name} salt=${v}`, await callWith(name, call, "POST", encode(valid, ["salt", v], ["token", v]), null, { cookie: me.cookie }));
        }
      }
    }
    expectNoFailures();
  }, 180_000);

  it("no call answers a JSON body with lists, objects, numbers out of range or a JSON bomb in a field with a 500", async () => {
    const tried = new Set<unknown>();
    for (const { name, call, fields, valid } of CALL_LIST) {
      if (call.method !== "POST") continue;
      const me = await sessionFor(name, moder);
      for (const [f, schema] of fields) {
        const values = tried.has(schema) ? JSON_VALUES.slice(0, 5) : JSON_VALUES;
        tried.add(schema);
        for (const v of values) {
          const body = JSON.stringify({ ...valid, salt: me.salt, token: me.token, [f]: null }).replace(`"${f}":null`, `"${f}":${v}`);
          await checkApi(`POST ${name} JSON ${f}=${v.slice(0, 30)}`, await bodyCall(name, call, body, me));
        }
      }
    }
    expectNoFailures();
  }, 180_000);

  it("no call answers hostile field names, bodies, content types, cookies, headers or another method with a 500", async () => {
    for (const { name, call, valid } of CALL_LIST) {
      const me = await sessionFor(name, plain);
      const base = encode(valid);
      for (const key of ["__proto__", "__proto__%5B%5D", "constructor", "toString", "__proto__%5Bqid%5D", "%", "%E0%A4%A"]) {
        await checkApi(`${call.method} ${name} key ${key}`, await callWith(name, call, call.method, `${key}=1&${base}&${key}=2`, me));
      }
      for (const [type, body] of BODIES) await checkApi(`POST ${name} body ${type} ${body.slice(0, 30)}`, await bodyCall(name, call, body, me, type));
      await checkApi(`POST ${name} body as a guest`, await bodyCall(name, call, "x", null, "multipart/form-data"));
      for (const headers of HEADERS) {
        await checkApi(`${call.method} ${name} ${JSON.stringify(headers).slice(0, 60)}`, await callWith(name, call, call.method, base, me, headers));
      }
      for (const method of ["GET", "POST", "PUT", "DELETE"]) {
        if (method !== call.method) await checkApi(`${method} ${name}`, await callWith(name, call, method, base, me));
      }
      for (const cookie of COOKIES) {
        await checkApi(`${call.method} ${name} cookie ${cookie.slice(0, 30)}`, await callWith(name, call, call.method, base, null, { cookie }));
      }
    }
    for (const path of ["v2/__proto__", "v2/constructor", "v2/%", "v2/%E0%A4%A", "%/auth", "__proto__/auth", "notify/auth", "v2/auth/%", "v2/"]) {
      await checkApi(`GET /api/${path}`, await workerFetch(`${BASE}/api/${path}`, { headers: FROM }));
      await checkApi(`POST /api/${path}`, await workerFetch(`${BASE}/api/${path}`, { method: "POST", headers: { ...FROM, origin: BASE }, body: "x=1" }));
    }
    expectNoFailures();
  }, 180_000);

  it("the form door answers hostile fields, bodies, call names and return addresses with a page or a redirect, never a 500", async () => {
    const form = (path: string, body: string, who: Who, type = "application/x-www-form-urlencoded") =>
      pageWith(path, { method: "POST", headers: { ...(type ? { "content-type": type } : {}), ...(who ? { cookie: who.cookie } : {}) }, body });
    for (const { name, fields, valid } of CALL_LIST) {
      const me = await sessionFor(name, moder);
      for (const f of fields.keys()) {
        const others = { ...valid };
        delete others[f];
        for (const v of ["__proto__", "%E0%A4%A", LONG])
          await checkPage(`/do/${name} ${f}=${v.slice(0, 30)}`, await form(`/do/${name}?return=/`, encode(others, [f, v]), me));
      }
      for (const [type, body] of PAGE_BODIES)
        await checkPage(`/do/${name} body ${type} ${body.slice(0, 30)}`, await form(`/do/${name}?return=/`, body, me, type));
      await checkPage(`/do/${name} as a guest`, await form(`/do/${name}?return=/`, encode(valid), null));
    }
    const returns = [
      "%",
      "%E0%A4%A",
      "/%D0%B2%D0%BE%D0%BF%D1%80%D0%BE%D1%81",
      "/%0D%0ALocation:%20x",
      "/%00",
      "//evil.example",
      "/%09/evil.example",
      "/%5Cevil.example",
    ];
    for (const ret of [...returns, "javascript:alert(1)", "/__proto__", `/${"a".repeat(10_000)}`]) {
      await checkPage(`/do/usrsettings_set?return=${ret}`, await form(`/do/usrsettings_set?return=${ret}`, "title=welcome&flag=x&val=1", moder));
      await checkPage(`/do/addqst?return=${ret} as a guest`, await form(`/do/addqst?return=${ret}`, "qtext=x", null));
      await checkPage(`/do/…?premod=1&return=${ret}`, await pageWith(`/do/usrsettings_set?premod=1&return=${ret}`));
      for (const page of ["/login", "/register"])
        await checkPage(`${page}?return=${ret}`, await form(`${page}?return=${ret}`, "email=user%40demo.local&password=demo12345", null));
    }
    for (const name of ["__proto__", "constructor", "toString", "%", "%E0%A4%A", "..%2Fauth"]) {
      await checkPage(`/do/${name}`, await form(`/do/${name}?return=/`, "x=1", moder));
    }
    expectNoFailures();
  }, 180_000);
});

// ------------------------------------------------------------------------------ the pages

/** A route file's path pattern (Remix flat routes): "question.$qid.$sub.tsx" → ["question", ":qid", ":sub"]. */
function patternOf(file: string): string[] {
  return routeKey(file)
    .split(".")
    .filter((s) => s !== "_index")
    .map((s) => (s === "$" ? "*" : s.replace(/^\(\$(\w+)\)$/, ":$1?").replace(/^\$(\w+)$/, ":$1")));
}
const routeKey = (file: string) => file.replace(/^.*\/routes\//, "").replace(/\.tsx$/, "");

/** The search page's deepest address (vite.config.ts gives each depth, 1 to 6 segments, its own route). */
const SEARCH_DEEP = "../../app/routes/search.$s1.$s2.$s3.$s4.$s5.$s6.tsx";
const ROUTE_FILES = [...Object.keys(import.meta.glob("../../app/routes/*.tsx")), SEARCH_DEEP];

/** A valid value of each route parameter (by route, then by name), so that one segment at a time is hostile. */
const PARAM: Record<string, string> = {
  qid: "1",
  aid: "1",
  pqid: "1",
  type: "Q",
  id: "1",
  tab: "open",
  kind: "questions",
  name: "abuse",
  text: "%D0%B2%D0%BE%D0%BF%D1%80%D0%BE%D1%81",
  cid: "cid-1",
  "*": "x",
};
const PARAM_IN: Record<string, Record<string, string>> = {
  "answer.$aid.$sub": { sub: "thanks" },
  "question.$qid.$sub": { sub: "cid-1" },
  "ask.$text.$sub": { sub: "cid-1" },
  "$category.$tab.($sub)": { sub: "" },
  "profile.$uid.$tab.($sub)": { uid: "id1", tab: "answers", sub: "best" },
  "profile.$uid._index": { uid: "id1" },
  "moderlog.$uid.($tab)": { uid: "id5", tab: "answers" },
  "moderlog.ban.$uid": { uid: "1" },
  "admin.usrview.$uid": { uid: "8" },
  "settings.$uid": { uid: "id5" },
  "captcha.$id": { id: "abc" },
  "unsubscribe.$token": { token: "1.AAAAAAAAAAAAAAAAAAAAAA" },
  "photo.$pid": { pid: "1" },
  "magic8ball.$q.$a": { q: "%D0%94%D0%B0%3F", a: "3" },
  "tour.$tour.$page": { tour: "welcome", page: "1" },
  "top.($type).($period).($cat)": { type: "points", period: "week", cat: "" },
  // the search page's deeper addresses are routes of vite.config.ts, not files (SEARCH_DEEP)
  "search.$s1.$s2.$s3.$s4.$s5.$s6": { s1: "q-open", s2: "s-date", s3: "", s4: "", s5: "", s6: "%D0%BA%D0%BE%D1%82" },
};

/** Query keys the pages read, and what they get. */
const QUERY_KEYS = ["p", "return", "url", "brand", "q", "cid", "subcid", "done", "sent", "premod", "login", "_data"];
const QUERY_VALUES = [
  "__proto__",
  "constructor",
  "%",
  "%E0%A4%A",
  "%00",
  "%FF",
  "-1",
  "1e309",
  "99999999999",
  "%0D%0Ax",
  "//evil.example",
  "javascript:alert(1)",
  "root",
  LONG_QUERY,
];
const SEGMENTS = [
  "__proto__",
  "constructor",
  "toString",
  "%",
  "%E0%A4%A",
  "%00",
  "%FF",
  "%ED%A0%80",
  "%0D%0A",
  "%2e%2e",
  "..%2F..%2Fetc",
  "-1",
  "1e3",
  "99999999999999999999",
  "id__proto__",
  "cid-constructor",
  "cid-%",
  "%D0%B0%E2%80%AE",
  "x".repeat(3_000),
];

describe("hostile input to the pages", () => {
  let routes: { key: string; segments: string[]; valueOf: (param: string) => string | undefined }[] = [];
  beforeAll(async () => {
    const category = (await env.DB.prepare("select urlname from categories where parent_id is null order by id limit 1").first<string>("urlname"))!;
    routes = ROUTE_FILES.map((file) => {
      const key = routeKey(file);
      return { key, segments: patternOf(file), valueOf: (param: string) => PARAM_IN[key]?.[param] ?? (param === "category" ? category : PARAM[param]) };
    });
  });

  /** The route's path with every parameter valid, except the segment at `hostile`, which gets `value`. */
  function pathOf(r: (typeof routes)[number], hostile: number, value: string): string {
    const parts = r.segments.map((s, i) => {
      if (!s.startsWith(":") && s !== "*") return s;
      if (i === hostile) return value;
      const v = r.valueOf(s === "*" ? "*" : s.slice(1).replace(/\?$/, ""));
      if (v === undefined) throw new Error(`no valid value for ${s} of ${r.key}: add one to PARAM_IN`);
      return v;
    });
    return `/${parts.filter((p, i) => p !== "" || i === hostile).join("/")}`;
  }

  it("every route answers hostile path segments with 2xx, 3xx or 4xx, as a guest and signed in", async () => {
    expect(routes.length).toBeGreaterThan(20);
    for (const r of routes) {
      const slots = r.segments.flatMap((s, i) => (s.startsWith(":") || s === "*" ? [i] : []));
      for (const i of slots) {
        for (const v of SEGMENTS) {
          const path = pathOf(r, i, v);
          for (const who of [null, moder] as Who[])
            await checkPage(`GET ${path.slice(0, 80)} (${whoName(who)})`, await pageWith(path, { headers: who ? { cookie: who.cookie } : {} }));
        }
      }
    }
    // the worker's own doors beside the pages: a question's live room and the API's unknown paths
    for (const v of SEGMENTS) {
      for (const headers of [{}, { upgrade: "websocket", origin: BASE, cookie: moder.cookie }] as Record<string, string>[]) {
        await checkPage(`GET /ws/question/${v.slice(0, 30)}`, await pageWith(`/ws/question/${v}`, { headers }));
      }
    }
    expectNoFailures();
  }, 180_000);

  it("every route answers hostile query values, cookies, headers and posted bodies with 2xx, 3xx or 4xx", async () => {
    for (const r of routes) {
      const path = pathOf(r, -1, "");
      const signedIn = { cookie: moder.cookie };
      for (const v of QUERY_VALUES)
        await checkPage(
          `GET ${path}?(every key)=${v.slice(0, 30)}`,
          await pageWith(`${path}?${QUERY_KEYS.map((k) => `${k}=${v}`).join("&")}`, { headers: signedIn }),
        );
      for (const key of QUERY_KEYS) {
        for (const v of ["__proto__", "%E0%A4%A"]) await checkPage(`GET ${path}?${key}=${v}`, await pageWith(`${path}?${key}=${v}`, { headers: signedIn }));
      }
      for (const cookie of COOKIES) await checkPage(`GET ${path} cookie ${cookie.slice(0, 30)}`, await pageWith(path, { headers: { cookie } }));
      for (const headers of HEADERS) await checkPage(`GET ${path} ${JSON.stringify(headers).slice(0, 60)}`, await pageWith(path, { headers }));
      for (const [type, body] of PAGE_BODIES) {
        await checkPage(
          `POST ${path} ${type} ${body.slice(0, 30)}`,
          await pageWith(path, { method: "POST", headers: { ...(type ? { "content-type": type } : {}), ...signedIn }, body }),
        );
      }
    }
    expectNoFailures();
  }, 180_000);
});
