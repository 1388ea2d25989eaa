import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";

const BASE = "http://127.0.0.1";

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return SELF.fetch(`${BASE}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", host: "127.0.0.1", origin: BASE, ...headers },
    body: new URLSearchParams(fields),
  });
}

describe("signing in and out with plain forms (no JavaScript)", () => {
  it("a guest signs in and comes back to where he was, with login=1", async () => {
    const page = await SELF.fetch(`${BASE}/login?return=${encodeURIComponent("/question/3?login=1")}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('name="password"');
    const res = await post(`/login?return=${encodeURIComponent("/question/3?login=1")}`, { email: "user@demo.local", password: "demo12345" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/question/3?login=1");
    const cookie = res.headers.get("set-cookie")!.split(";")[0];
    const home = await (await SELF.fetch(`${BASE}/`, { headers: { cookie } })).text();
    expect(home).toContain("Любознательная Маша");
    expect(home).toContain("Выйти");
  });

  it("a wrong password shows the Russian error on the form", async () => {
    const res = await post("/login", { email: "user@demo.local", password: "nope-nope" });
    expect(res.status).toBe(401);
    expect(await res.text()).toContain("Неверная почта или пароль");
  });

  it("the return address never leads to another site", async () => {
    const res = await post(`/login?return=${encodeURIComponent("//evil.example/")}`, { email: "znatok@demo.local", password: "demo12345" });
    expect(res.headers.get("location")).toBe("/");
  });

  it("a visitor registers with the form and is signed in", async () => {
    const res = await post("/register", { nick: "Форма Без Скриптов", email: "form@example.org", password: "long-enough" });
    expect(res.status).toBe(302);
    expect(res.headers.get("set-cookie")).toMatch(/^sid=/);
    expect(await env.DB.prepare("select points from users where email = 'form@example.org'").first("points")).toBe(100);
  });

  it("signing out with the form revokes the session and forgets the cookie", async () => {
    const signedIn = await post("/login", { email: "guru@demo.local", password: "demo12345" });
    const cookie = signedIn.headers.get("set-cookie")!.split(";")[0];
    const out = await post("/logout", {}, { cookie });
    expect(out.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    const home = await (await SELF.fetch(`${BASE}/`, { headers: { cookie } })).text();
    expect(home).toContain("Войти");
  });

  it("a form posted from another site is refused", async () => {
    const res = await post("/login", { email: "user@demo.local", password: "demo12345" }, { origin: "https://evil.example" });
    expect(res.status).toBe(403);
  });
});
