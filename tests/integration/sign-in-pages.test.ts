import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, formPost, post, workerFetch } from "./helpers/api";
import { newUser } from "./helpers/users";
import { captchaCode } from "../../app/models/core/captcha.server";

describe("signing in and out with plain forms (no JavaScript)", () => {
  it("a guest signs in and comes back to where he was, with login=1", async () => {
    const page = await workerFetch(`${BASE}/login?return=${encodeURIComponent("/question/3?login=1")}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('name="password"');
    const res = await formPost(`/login?return=${encodeURIComponent("/question/3?login=1")}`, { email: "user@demo.local", password: "demo12345" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/question/3?login=1");
    const cookie = res.headers.get("set-cookie")!.split(";")[0];
    const home = await (await workerFetch(`${BASE}/`, { headers: { cookie } })).text();
    expect(home).toContain("Любознательная Маша");
    expect(home).toContain("Выйти");
  });

  it("a wrong password shows the Russian error on the form", async () => {
    const res = await formPost("/login", { email: "user@demo.local", password: "nope-nope" });
    expect(res.status).toBe(401);
    expect(await res.text()).toContain("Неверная почта или пароль");
  });

  it("the return address never leads to another site", async () => {
    const res = await formPost(`/login?return=${encodeURIComponent("//evil.example/")}`, { email: "znatok@demo.local", password: "demo12345" });
    expect(res.headers.get("location")).toBe("/");
  });

  it("a visitor registers with the form and is signed in", async () => {
    const res = await formPost("/register", { nick: "Форма Без Скриптов", email: "form@example.org", password: "long-enough" });
    expect(res.status).toBe(302);
    expect(res.headers.get("set-cookie")).toMatch(/^sid=/);
    expect(await env.DB.prepare("select points from users where email = 'form@example.org'").first("points")).toBe(100);
  });

  it("signing out with the form revokes the session and forgets the cookie", async () => {
    const signedIn = await formPost("/login", { email: "guru@demo.local", password: "demo12345" });
    const cookie = signedIn.headers.get("set-cookie")!.split(";")[0];
    const out = await formPost("/logout", {}, cookie);
    expect(out.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    const home = await (await workerFetch(`${BASE}/`, { headers: { cookie } })).text();
    expect(home).toContain("Войти");
  });

  it("after ten wrong passwords for an account from ten addresses the form asks for the captcha, keeps the e-mail and signs in with a solved one", async () => {
    const owner = await newUser("Форма");
    for (let i = 1; i <= 10; i++)
      expect((await post("auth", { email: owner.email, password: `guess-${i}` }, undefined, { ip: `198.18.9.${i}` })).json.errid).toBe(102);
    const headers = { "cf-connecting-ip": "198.18.9.100" };
    const captchaIdIn = (html: string) => /name="captcha_id" value="([0-9a-f]{32})"/.exec(html)?.[1];

    const refused = await formPost("/login", { email: owner.email, password: "secret-pass" }, undefined, headers);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Введите капчу");
    const id = captchaIdIn(html);
    expect(id).toBeDefined();
    expect(html).toContain(`src="/captcha/${id}.svg"`);
    expect(html).toContain('name="captcha_val"');
    expect(html).toContain(`value="${owner.email}"`);

    const wrong = await formPost(
      "/login",
      { email: owner.email, password: "secret-pass", captcha_id: id!, captcha_val: (await captchaCode(env, id!)) === "00000" ? "11111" : "00000" },
      undefined,
      headers,
    );
    expect(wrong.status).toBe(400);
    const fresh = captchaIdIn(await wrong.text());
    expect(fresh).toBeDefined();

    const res = await formPost(
      "/login",
      { email: owner.email, password: "secret-pass", captcha_id: fresh!, captcha_val: await captchaCode(env, fresh!) },
      undefined,
      headers,
    );
    expect(res.status).toBe(302);
    const cookie = res.headers.get("set-cookie")!.split(";")[0];
    const home = await (await workerFetch(`${BASE}/`, { headers: { cookie } })).text();
    expect(home).toContain(owner.nick);
  });

  it("the form's «Не вижу код» link shows a fresh captcha", async () => {
    const html = await (await workerFetch(`${BASE}/login?captcha=1`, { headers: { "cf-connecting-ip": "198.18.9.101" } })).text();
    const id = /name="captcha_id" value="([0-9a-f]{32})"/.exec(html)?.[1];
    expect(id).toBeDefined();
    expect(html).toContain(`src="/captcha/${id}.svg"`);
  });

  it("a form posted from another site is refused", async () => {
    const res = await formPost("/login", { email: "user@demo.local", password: "demo12345" }, null, { origin: "https://evil.example" });
    expect(res.status).toBe(403);
  });
});

describe("unsubscribing from a question", () => {
  it("a guest is sent to sign in first", async () => {
    const res = await workerFetch(`${BASE}/question/3/unwatch`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/login?return=${encodeURIComponent("/question/3/unwatch?login=1")}`);
  });

  it("the owner unsubscribes from the mailing and from comment notifications and sees the confirmations", async () => {
    const signedIn = await formPost("/login", { email: "user@demo.local", password: "demo12345" });
    const cookie = signedIn.headers.get("set-cookie")!.split(";")[0];
    const qid = 7; // asked by user@demo.local, who watches it
    const page = await (await workerFetch(`${BASE}/question/${qid}/unwatch`, { headers: { cookie } })).text();
    expect(page).toContain("Отписаться");
    const done = await formPost(`/do/stopnotify?return=${encodeURIComponent(`/question/${qid}/unwatch?done=1`)}`, { id: String(qid), type: "Q" }, cookie);
    expect(done.headers.get("location")).toBe(`/question/${qid}/unwatch?done=1`);
    const confirmation = await (await workerFetch(`${BASE}${done.headers.get("location")}`, { headers: { cookie } })).text();
    expect(confirmation).toContain("Вы отписались от рассылки");
    await formPost(`/do/stopnotify?return=${encodeURIComponent(`/question/${qid}/unwatch-comments?done=1`)}`, { id: String(qid), type: "C" }, cookie);
    const comments = await (await workerFetch(`${BASE}/question/${qid}/unwatch-comments?done=1`, { headers: { cookie } })).text();
    expect(comments).toContain("Вы отписались от уведомлений");
    const watch = await env.DB.prepare("select answers, comments, mail from watches where qid = ? and user_id = 1").bind(qid).first();
    expect(watch).toEqual({ answers: 0, comments: 0, mail: 0 });
  });

  it("?done=1 confirms only an unsubscribe that happened: a watcher still subscribed is offered the button, a non-watcher is told he is not subscribed", async () => {
    const me = await newUser("Подписчик");
    const qid = 7;
    await env.DB.prepare("insert into watches (qid, user_id, added) values (?, ?, ?)").bind(qid, me.id, Date.now()).run();
    for (const path of [`/question/${qid}/unwatch?done=1`, `/question/${qid}/unwatch-comments?done=1`]) {
      const html = await (await workerFetch(`${BASE}${path}`, { headers: { cookie: me.cookie } })).text();
      expect(html).not.toContain("Вы отписались");
      expect(html).toContain("Отписаться");
    }
    const aid = await env.DB.prepare("select id from answers where qid = ? and hidden = 0 limit 1").bind(qid).first<number>("id");
    if (aid)
      expect(await (await workerFetch(`${BASE}/answer/${aid}/unwatch-comments?done=1`, { headers: { cookie: me.cookie } })).text()).not.toContain(
        "Вы отписались",
      );
    const stranger = await newUser("Не подписан");
    const html = await (await workerFetch(`${BASE}/question/${qid}/unwatch?done=1`, { headers: { cookie: stranger.cookie } })).text();
    expect(html).not.toContain("Вы отписались");
    expect(html).toContain("Вы не подписаны на этот вопрос");
  });
});
