import { workerFetch } from "./worker-fetch";

/** Calling the named API from integration tests, as a browser on our origin would. */
export const BASE = "http://127.0.0.1";

export type Me = { id: number; cookie: string; salt: string; token: string };

/** POSTs a named call with form fields (a list repeats the field); signed in when `me` is given. */
export async function post(name: string, body: Record<string, string | number | string[]>, me?: Me) {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) for (const x of ([] as (string | number)[]).concat(v)) form.append(k, String(x));
  if (me) {
    form.set("salt", me.salt);
    form.set("token", me.token);
  }
  const res = await workerFetch(`${BASE}/api/v2/${name}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: BASE, ...(me ? { cookie: me.cookie } : {}) },
    body: form,
  });
  return { res, json: (await res.json()) as Record<string, any> };
}

/** Signs a demo user in (password demo12345 unless given). */
export async function signIn(email: string, password = "demo12345"): Promise<Me> {
  const { res, json } = await post("auth", { email, password });
  if (json.status !== 200) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(json)}`);
  return { id: json.id, cookie: res.headers.get("set-cookie")!.split(";")[0], salt: json.salt, token: json.token };
}

const known = new Map<string, Me>();

/** Signs a demo user in once per test file and reuses the session. */
export async function as(email: string): Promise<Me> {
  const me = known.get(email) ?? (await signIn(email));
  known.set(email, me);
  return me;
}

/** Posts a plain HTML form to the form door (/do/{name}?return=…), as a browser with JavaScript off does. */
export async function postForm(name: string, fields: Record<string, string | number | string[]>, back: string, me: Me) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const x of ([] as (string | number)[]).concat(v)) body.append(k, String(x));
  const res = await workerFetch(`${BASE}/do/${name}?return=${encodeURIComponent(back)}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", host: "127.0.0.1", origin: BASE, cookie: me.cookie },
    body,
  });
  return { res, html: res.status === 302 ? "" : await res.text() };
}
