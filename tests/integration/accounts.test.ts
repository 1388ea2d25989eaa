import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, post, workerFetch } from "./helpers/api";

/** A named call with a bare session cookie (no salt and token); `origin` stands in for another site, `ip` for the sender's address. */
async function call(name: string, body: Record<string, string>, init: { cookie?: string; origin?: string; ip?: string } = {}) {
  const { res, json } = await post(name, body, init.cookie, { origin: init.origin, ip: init.ip });
  return { res, json, cookie: res.headers.get("set-cookie") };
}

const sid = (setCookie: string | null) => setCookie!.split(";")[0];

describe("accounts and sessions", () => {
  it("a visitor registers, starts with 100 points written to the ledger, and is signed in", async () => {
    const { res, json, cookie } = await call("register", { nick: "Новый Читатель", email: "New@Example.org", password: "secret-pass" });
    expect(res.status).toBe(200);
    expect(json).toMatchObject({ status: 200, id: expect.any(Number), salt: expect.any(String), token: expect.any(String) });
    expect(cookie).toMatch(/^sid=\d+\.[\w-]+; Path=\/; HttpOnly; SameSite=Lax/);
    const user = await env.DB.prepare("select email, points, lvl from users where id = ?").bind(json.id).first();
    expect(user).toEqual({ email: "new@example.org", points: 100, lvl: 2 });
    const ledger = await env.DB.prepare("select sum(delta) s from points_ledger where user_id = ?").bind(json.id).first("s");
    expect(ledger).toBe(100);
    const stored = await env.DB.prepare("select token_hash from sessions where user_id = ?").bind(json.id).first<string>("token_hash");
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(sid(cookie)).not.toContain(stored);
  });

  it("registration refuses a taken e-mail, a short nick, a bad e-mail and a short password, writing nothing", async () => {
    const before = await env.DB.prepare("select count(*) n from users").first("n");
    // from an address that has not registered today (else a captcha comes first: registration-limits.test.ts)
    const ip = "192.0.2.105";
    expect((await call("register", { nick: "Маша", email: "user@demo.local", password: "secret-pass" }, { ip })).json).toMatchObject({
      status: 409,
      errid: 105,
    });
    expect((await call("register", { nick: "М", email: "a@b.ru", password: "secret-pass" }, { ip })).json).toMatchObject({ status: 400, errid: 106 });
    expect((await call("register", { nick: "Маша", email: "not-an-email", password: "secret-pass" }, { ip })).json).toMatchObject({ status: 400, errid: 107 });
    expect((await call("register", { nick: "Маша", email: "m@b.ru", password: "short" }, { ip })).json).toMatchObject({
      status: 400,
      errid: 108,
      error: "Пароль должен быть не короче 8 символов",
    });
    expect(await env.DB.prepare("select count(*) n from users").first("n")).toBe(before);
  });

  it("a demo user signs in with the demo password and the session knows him", async () => {
    const { json, cookie } = await call("auth", { email: "user@demo.local", password: "demo12345" });
    expect(json).toMatchObject({ status: 200, id: 1 });
    const page = await workerFetch(`${BASE}/myprofile`, { headers: { cookie: sid(cookie) }, redirect: "manual" });
    expect(page.headers.get("location")).toBe("/profile/id1");
  });

  it("a wrong password is refused with a Russian error", async () => {
    const { res, json } = await call("auth", { email: "znatok@demo.local", password: "wrong-password" });
    expect(res.status).toBe(401);
    expect(json).toEqual({ status: 401, errid: 102, error: "Неверная почта или пароль" });
  });

  it("after five failures for one e-mail even the right password waits (throttling)", async () => {
    for (let i = 0; i < 5; i++) await call("auth", { email: "guru@demo.local", password: `guess-${i}` });
    const { res, json } = await call("auth", { email: "guru@demo.local", password: "demo12345" });
    expect(res.status).toBe(429);
    expect(json.errid).toBe(104);
  });

  it("signing out revokes the session", async () => {
    const { json, cookie } = await call("auth", { email: "vip@demo.local", password: "demo12345" });
    const out = await call("exit", {}, { cookie: sid(cookie) });
    expect(out.json.status).toBe(200);
    expect(out.cookie).toMatch(/^sid=; .*Max-Age=0/);
    const revoked = await env.DB.prepare("select count(*) n from sessions where user_id = ? and revoked_at is not null").bind(json.id).first("n");
    expect(revoked).toBe(1);
    const page = await workerFetch(`${BASE}/myprofile`, { headers: { cookie: sid(cookie) }, redirect: "manual" });
    expect(page.headers.get("location")).toBe("/");
  });

  it("refresh_auth gives a new salt and token for the same session", async () => {
    const signedIn = await call("auth", { email: "expert@demo.local", password: "demo12345" });
    const { res, json } = await call("refresh_auth", {}, { cookie: sid(signedIn.cookie) });
    expect(res.status).toBe(200);
    expect(json.salt).not.toBe(signedIn.json.salt);
    expect(json.token).not.toBe(signedIn.json.token);
  });

  it("a write from another site is refused", async () => {
    const { res, json } = await call("register", { nick: "Чужой", email: "x@evil.example", password: "secret-pass" }, { origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(json.errid).toBe(111);
  });

  it("an unknown call name is 404 'undefined url' and a read of a write is refused", async () => {
    const res = await workerFetch(`${BASE}/api/v2/no_such_call`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ status: 404, errid: 404, error: "undefined url" });
    const get = await workerFetch(`${BASE}/api/v2/auth`);
    expect(get.status).toBe(405);
  });
});
