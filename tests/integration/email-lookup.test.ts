import { describe, expect, it } from "vitest";
import { ERR } from "../../app/lib/errids";
import { get, page, post } from "./helpers/api";
import { exec } from "./helpers/db";

/** Registers a user with the given e-mail, each from his own address; his id. */
async function register(nick: string, email: string, ip: string): Promise<number> {
  const { json } = await post("register", { nick, email, password: "secret-pass" }, undefined, { ip });
  expect(json.status).toBe(200);
  return json.id;
}

describe("looking a user up by e-mail", () => {
  it("an e-mail-style path leads to the profile of a visible user, and id_po_email gives his id", async () => {
    const id = await register("Иванов", "ivanov@mail.ru", "10.9.0.1");
    const bk = await register("Петрова", "Petrova@bk.ru", "10.9.0.2");
    expect((await page("/mail/ivanov")).location).toBe(`/profile/id${id}`);
    expect((await page("/mail/ivanov/")).location).toBe(`/profile/id${id}`);
    expect((await page("/bk/PETROVA")).location).toBe(`/profile/id${bk}`);
    expect((await get("id_po_email", { xmail: "IVANOV@mail.ru" })).json).toMatchObject({ status: 200, id });
    // an address of any other provider: /nobody/ and the whole address
    const elsewhere = await register("Сидоров", "sidorov@example.org", "10.9.0.6");
    expect((await page("/nobody/sidorov@example.org")).location).toBe(`/profile/id${elsewhere}`);
    expect((await page("/nobody/Sidorov%40Example.org")).location).toBe(`/profile/id${elsewhere}`);
    for (const path of ["/nobody/sidorov", "/nobody/sidorov@example", "/nobody/nobody@example.org"]) expect((await page(path)).status, path).toBe(404);
  });

  it("a hidden profile, a user who opted out and an address nobody registered all get the same 404", async () => {
    const hidden = await register("Скрытный", "hidden@list.ru", "10.9.0.3");
    await exec("update users set hidden = 1 where id = ?", hidden);
    const shy = await register("Стеснительный", "shy@inbox.ru", "10.9.0.4");
    await exec(`update users set welcome_flags = '{"privacy":{"email_lookup":"0"}}' where id = ?`, shy);
    const answers = [];
    for (const path of ["/list/hidden", "/inbox/shy", "/mail/nobody-registered-this"]) {
      const r = await page(path);
      expect(r.status, path).toBe(404);
      answers.push(r.html.replace(/<title>[^<]*<\/title>/, ""));
    }
    expect(new Set(answers).size).toBe(1);
    for (const xmail of ["hidden@list.ru", "shy@inbox.ru", "nobody-registered-this@mail.ru"]) {
      const r = await get("id_po_email", { xmail });
      expect(r.status, xmail).toBe(404);
      expect(r.json.errid, xmail).toBe(ERR.userNotFound);
    }
  });

  it("a user who opts out with usrsettings_set is no longer found", async () => {
    const { res, json } = await post("register", { nick: "Передумал", email: "changed@mail.ru", password: "secret-pass" }, undefined, { ip: "10.9.0.5" });
    const me = { id: json.id, cookie: res.headers.get("set-cookie")!.split(";")[0], salt: json.salt, token: json.token };
    expect((await page("/mail/changed")).status).toBe(302);
    expect((await post("usrsettings_set", { title: "privacy", flag: "email_lookup", val: "0" }, me)).json.status).toBe(200);
    expect((await page("/mail/changed")).status).toBe(404);
  });

  it("a malformed address is refused with its Russian text, other words and deeper paths are 404", async () => {
    const bad = await get("id_po_email", { xmail: "not an address" });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ errid: ERR.emailLookupInvalid, error: "Неверный адрес электронной почты" });
    expect((await page("/mail/a%20b")).status).toBe(404);
    expect((await page("/yandex/ivanov")).status).toBe(404);
    expect((await page("/mail/ivanov/more")).status).toBe(404);
  });

  it("one address may look up 30 e-mails an hour; past that every look-up is the same 404 or 429", async () => {
    const ip = "10.9.9.9";
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await get("id_po_email", { xmail: "ivanov@mail.ru" }, undefined, "v2", ip)).status;
    expect(last).toBe(429);
  });
});
