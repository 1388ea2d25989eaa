import { workerFetch } from "../worker-fetch";

/** Calling the worker from integration tests, as a browser on our origin would: named calls, form posts and pages. */
export { workerFetch };

export const BASE = "http://127.0.0.1";

export type Me = { id: number; cookie: string; salt: string; token: string };

/** Form fields: a list repeats the field. */
export type Fields = Record<string, string | number | string[]>;

/**
 * Who sends a request: a signed-in user (his session cookie, and on a named call his salt and
 * token), a bare session cookie (no salt and token), or a guest (null or nothing).
 */
export type Who = Me | string | null | undefined;

const cookieOf = (who: Who) => (typeof who === "string" ? who : who?.cookie);
const cookieHeader = (who: Who): Record<string, string> => {
  const cookie = cookieOf(who);
  return cookie ? { cookie } : {};
};

function formBody(fields: Fields | URLSearchParams) {
  if (fields instanceof URLSearchParams) return fields;
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const x of ([] as (string | number)[]).concat(v)) body.append(k, String(x));
  return body;
}

/**
 * POSTs a named call (at /api/v2 unless another door is given) with form fields; signed in when
 * `who` is given. `origin` stands in for a page of another site, `ip` for the sender's address
 * (the cf-connecting-ip header; 127.0.0.1 without it), `bindings` other values of some of the worker's vars.
 */
export async function post(name: string, body: Fields, who?: Who, opts: { door?: string; origin?: string; ip?: string; bindings?: Partial<Env> } = {}) {
  const form = formBody(body);
  if (who && typeof who !== "string") {
    form.set("salt", who.salt);
    form.set("token", who.token);
  }
  const res = await workerFetch(
    `${BASE}/api/${opts.door ?? "v2"}/${name}`,
    {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: opts.origin ?? BASE,
        ...cookieHeader(who),
        ...(opts.ip ? { "cf-connecting-ip": opts.ip } : {}),
      },
      body: form,
    },
    opts.bindings,
  );
  return { res, status: res.status, json: (await res.json()) as Record<string, any> };
}

/** GETs a named call (at /api/v2 unless another door is given), as a guest or signed in; `ip` as for post. */
export async function get(name: string, params: Record<string, string | number> = {}, who?: Who, door = "v2", ip?: string) {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const res = await workerFetch(`${BASE}/api/${door}/${name}?${qs}`, { headers: { ...cookieHeader(who), ...(ip ? { "cf-connecting-ip": ip } : {}) } });
  return { res, status: res.status, json: (await res.json()) as Record<string, any> };
}

/** The user's unread notifications, as the bell asks for them (show_nc). */
export const unread = async (me: Me) => (await get("show_nc", {}, me, "notify")).json.res as number;

/** GETs a page as a guest or signed in; a redirect is not followed (`location` tells where it goes). */
export async function page(path: string, who?: Who) {
  const res = await workerFetch(`${BASE}${path}`, { redirect: "manual", headers: cookieHeader(who) });
  return { res, status: res.status, html: await res.text(), location: res.headers.get("location") };
}

/** POSTs a plain HTML form to a page's own address (its action), as a browser with JavaScript off does; redirects are not followed. */
export function formPost(path: string, fields: Fields | URLSearchParams, who?: Who, headers: Record<string, string> = {}) {
  return workerFetch(`${BASE}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", host: "127.0.0.1", origin: BASE, ...cookieHeader(who), ...headers },
    body: formBody(fields),
  });
}

/** Posts a plain HTML form to the form door (/do/{name}?return=…), as a browser with JavaScript off does. */
export async function postForm(name: string, fields: Fields | URLSearchParams, back: string, me: Me) {
  const res = await formPost(`/do/${name}?return=${encodeURIComponent(back)}`, fields, me);
  return { res, html: res.status === 302 ? "" : await res.text() };
}

/** The Set-Cookie headers of a response that set the D1 bookmark cookie. */
export const bookmarkCookies = (res: Response) => res.headers.getSetCookie().filter((c) => c.startsWith("d1b="));

/** A cookie header with the session and the bookmark a write left, as the browser keeps them. */
export const withBookmark = (sid: string, res: Response) => `${sid}; ${bookmarkCookies(res)[0].split(";")[0]}`;
