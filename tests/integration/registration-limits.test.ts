import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, formPost, post, workerFetch } from "./helpers/api";
import { value } from "./helpers/db";
import { captchaCode } from "../../app/models/core/captcha.server";

let n = 0;
/** Registration fields of a new visitor. */
const fields = () => {
  n++;
  return { nick: `Гость ${n}`, email: `reg-${n}@limits.test`, password: "secret-pass" };
};
const register = (body: Record<string, string>, ip: string) => post("register", body, undefined, { ip });
const usersFrom = (prefix: string) => value("select count(*) v from users where email like ?", `${prefix}%`);

describe("registration limits", () => {
  it("a second registration from one address within a day asks for the captcha, and the right code lets it through", async () => {
    const ip = "203.0.113.20";
    expect((await register(fields(), ip)).json.status).toBe(200);
    const before = await value("select count(*) v from users");
    const second = fields();
    const refused = await register(second, ip);
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ errid: 237, error: "Введите капчу", captcha_id: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(await value("select count(*) v from users")).toBe(before);
    const code = await captchaCode(env, refused.json.captcha_id);
    const passed = await register({ ...second, captcha_id: refused.json.captcha_id, captcha_val: code }, ip);
    expect(passed.json).toMatchObject({ status: 200, id: expect.any(Number) });
    // another address starts afresh
    expect((await register(fields(), "203.0.113.21")).json.status).toBe(200);
  });

  it("twenty parallel registrations from one address without a captcha make one account", async () => {
    const batch = Array.from({ length: 20 }, (_, i) => ({ nick: `Бот ${i}`, email: `bot-${i}@parallel.test`, password: "secret-pass" }));
    const replies = await Promise.all(batch.map((b) => register(b, "203.0.113.30")));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.json.errid === 237)).toHaveLength(19);
    expect(await usersFrom("bot-")).toBe(1);
  });

  it("after three tries an address must solve the captcha before registration says whether an e-mail is taken", async () => {
    const ip = "203.0.113.40";
    for (let i = 0; i < 3; i++) expect((await register({ nick: "Разведчик", email: "user@demo.local", password: "secret-pass" }, ip)).json.errid).toBe(105);
    const fourth = await register({ nick: "Разведчик", email: "guru@demo.local", password: "secret-pass" }, ip);
    expect(fourth.json.errid).toBe(237);
  });

  it("an address gets thirty registration tries an hour, then waits", async () => {
    const ip = "203.0.113.50";
    for (let i = 0; i < 30; i++) expect((await register({ ...fields(), nick: "Перебор" }, ip)).status).not.toBe(429);
    const over = await register(fields(), ip);
    expect(over.status).toBe(429);
    expect(over.json.error).toMatch(/Попробуйте через/);
  });

  it("the registration page shows the captcha to an address that registered today, and the form with its code registers", async () => {
    const ip = "203.0.113.60";
    const headers = { "cf-connecting-ip": ip };
    const clean = await (await workerFetch(`${BASE}/register`, { headers })).text();
    expect(clean).not.toContain('name="captcha_val"');
    expect((await formPost("/register", fields(), undefined, headers)).status).toBe(302);

    const html = await (await workerFetch(`${BASE}/register`, { headers })).text();
    const id = /name="captcha_id" value="([0-9a-f]{32})"/.exec(html)?.[1];
    expect(id).toBeDefined();
    expect(html).toContain(`src="/captcha/${id}.svg"`);
    expect(html).toContain('name="captcha_val"');
    const next = fields();
    const wrong = await formPost(
      "/register",
      { ...next, captcha_id: id!, captcha_val: "00000" === (await captchaCode(env, id!)) ? "11111" : "00000" },
      undefined,
      headers,
    );
    expect(wrong.status).toBe(400);
    const again = await wrong.text();
    expect(again).toContain("Введите капчу");
    const fresh = /name="captcha_id" value="([0-9a-f]{32})"/.exec(again)![1];
    const ok = await formPost("/register", { ...next, captcha_id: fresh, captcha_val: await captchaCode(env, fresh) }, undefined, headers);
    expect(ok.status).toBe(302);
    expect(await value("select count(*) v from users where email = ?", next.email)).toBe(1);
  });
});
