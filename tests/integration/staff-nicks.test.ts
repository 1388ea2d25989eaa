/**
 * Nicks that look like the staff's (app/models/users/nicks.server.ts): a new account may not take
 * a nick that looks like a moderator's, a god-level user's, a brand member's or a brand's name or
 * person, nor one with a staff word, through either door; invisible characters are stripped from
 * every nick; and pages mark a volunteer moderator's nick with the «Модератор» label.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fillNickKeys } from "../../app/models/users/nicks.server";
import { formPost, page, post } from "./helpers/api";
import { countRows, exec, openQuestions, value } from "./helpers/db";
import { as, newUser } from "./helpers/users";

let serial = 0;
/** A registration from an address of its own (no captcha: registration-limits.test.ts). */
async function register(nick: string) {
  const n = ++serial;
  return (await post("register", { nick, email: `staff-nick-${n}@example.org`, password: "secret-pass" }, undefined, { ip: `198.51.100.${n}` })).json;
}

const RESERVED = { status: 400, errid: 109, error: "Такой ник выбрать нельзя: он похож на ник модератора, администрации или бренда. Выберите другой" };

describe("a new account may not take a nick that looks like the staff's", () => {
  it("the moderator's nick and its look-alikes (case, Latin letters, NBSP, zero-width and bidi characters, spaces) are refused by register, writing no user", async () => {
    const before = await countRows("users");
    for (const nick of [
      "Модератор Олег",
      "модератор олег",
      "МОДЕРАТОР ОЛЕГ",
      "Модератoр Олег", // Latin o
      "Mодератор Oлег", // Latin M and O
      "Модератор\u00A0Олег",
      "Модератор\u200BОлег",
      "Моде\u00ADратор Олег",
      "\u202EМодератор Олег",
      " Мoдератор  Олег ",
      "М0дератор Олег", // zero
      "Мо\u0301дератор Олег", // a combining accent
    ]) {
      expect(await register(nick), JSON.stringify(nick)).toMatchObject(RESERVED);
    }
    expect(await countRows("users")).toBe(before);
  });

  it("a brand member's, the god-level user's and the brand's names are reserved as they look, with no staff word in them", async () => {
    const before = await countRows("users");
    for (const nick of [
      "Эксперт ТехноМира", // the brand's expert
      "эксперт технoмирa", // Latin o and a
      "Главный\u00A0админ", // the god-level user
      "ТехноМир", // the brand's name
      "Tехно Мир", // Latin T, a space more
      "Ольга из ТехноМира", // the brand's person
      "Ольга из Техно\u200DМира",
    ]) {
      expect(await register(nick), JSON.stringify(nick)).toMatchObject(RESERVED);
    }
    expect(await countRows("users")).toBe(before);
  });

  it("a nick with a staff word in it is refused, whatever is around the word", async () => {
    for (const nick of ["Администрация сайта", "Служба поддержки", "СуперМодератор", "Админ Вася", "Moderator Bob"]) {
      expect(await register(nick), JSON.stringify(nick)).toMatchObject(RESERVED);
    }
  });

  it("a nick of invisible characters alone is refused as too short, and invisible characters are stripped from the nick that is stored", async () => {
    expect(await register("\u200B\u200B\u200B\u200B")).toMatchObject({ status: 400, errid: 106 });
    expect(await register("\u202E\u2066\u00AD\u3164")).toMatchObject({ status: 400, errid: 106 });
    expect(await register(" \u00A0 ")).toMatchObject({ status: 400, errid: 106 });
    const ok = await register("\u202EТихий\u200B\u00A0 Читатель\u2066");
    expect(ok.status).toBe(200);
    expect(await value("select nick v from users where id = ?", ok.id)).toBe("Тихий Читатель");
  });

  it("an ordinary nick registers with its key stored, also one like an ordinary user's or with a word like «бадминтон»", async () => {
    for (const nick of ["Весёлый Бадминтонист", "Гуру Ирина", "Модный Олег"]) {
      const r = await register(nick);
      expect(r.status, nick).toBe(200);
      expect(await value("select nick_key is not null and nick_key <> '' v from users where id = ?", r.id)).toBe(1);
    }
  });

  it("a moderator made after registering reserves his nick too, and the cron fills the key of a row written without one", async () => {
    const guard = await newUser("Тихий Страж");
    expect(await register(guard.nick.toUpperCase())).toMatchObject({ status: 200 });
    await exec("update users set type = 'volonter', permissions = '[\"cmtdrop\"]' where id = ?", guard.id);
    expect(await register(guard.nick.replace("Т", "T"))).toMatchObject(RESERVED);
    // a store migrated with rows in it has no keys until the worker writes them
    await exec("update users set nick_key = null where id in (5, ?)", guard.id);
    expect(await register("Модный Страж")).toMatchObject({ status: 200 });
    expect(await fillNickKeys(env.DB)).toBe(2);
    expect(await register(guard.nick)).toMatchObject(RESERVED);
  });

  it("a brand renamed by the god-level user reserves its new name", async () => {
    const god = await as("god@demo.local");
    const brand = await env.DB.prepare("select person_name, person_text, logo, url from brands where id = 1").first<Record<string, string | null>>();
    const edited = await post(
      "brand_edit",
      { id: 1, name: "ГаджетПлюс", personname: brand!.person_name ?? "", persontext: brand!.person_text ?? "", logo: brand!.logo ?? "", url: brand!.url ?? "" },
      god,
    );
    expect(edited.json.status).toBe(200);
    expect(await register("Гаджет Плюс")).toMatchObject(RESERVED);
    expect(await register("ТехноМир")).toMatchObject({ status: 200 });
  });

  it("the registration form shows the refusal under the nick field, keeps what was typed and writes no user (no JavaScript)", async () => {
    const before = await countRows("users");
    const res = await formPost("/register", { nick: "Модератор\u00A0Олег", email: "form-staff@example.org", password: "long-enough" }, null, {
      "cf-connecting-ip": "198.51.100.200",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    const field = html.match(/<input[^>]*name="nick"[^>]*>/)![0];
    expect(field).toContain('aria-invalid="true"');
    expect(field).toContain('aria-describedby="register-nick-error"');
    expect(field).toContain('value="Модератор\u00A0Олег"');
    // right after the nick's label, before the e-mail's
    expect(html).toMatch(
      /name="nick"[^>]*><\/label><span class="form-error field-error" id="register-nick-error" role="alert" data-testid="register-nick-error">Такой ник выбрать нельзя: он похож на ник модератора, администрации или бренда\. Выберите другой<\/span><label>Почта/,
    );
    expect(await countRows("users")).toBe(before);
  });
});

describe("a volunteer moderator's nick is marked on pages", () => {
  const label = '<span class="staff-label" data-testid="staff-label">Модератор</span>';
  /** Each author's nick of the user on a page (answers, comments, the question), from its link to what follows it before the level. */
  const nickOf = (html: string, uid: number) =>
    [
      ...html.matchAll(
        new RegExp(
          `<span class="author">(?:<img [^>]*>|<span class="mini-avatar[^>]*></span>)?<a class="user lvl-[\\w-]+" (href="/profile/id${uid}">[^<]*</a>(?:<span class="staff-label"[^>]*>[^<]*</span>)?)`,
          "g",
        ),
      ),
    ].map((m) => m[1]);

  it("his answer and his comment on a question carry the label next to his nick; an ordinary user's and an old account's with his nick do not", async () => {
    const moder = await as("moder@demo.local");
    const reader = await newUser("Читатель");
    const [qid] = await openQuestions(moder.id, ["Вопрос, на который ответил модератор"]);
    // an account made before nicks were reserved, with the moderator's nick
    const old = await newUser("Старый");
    await exec("update users set nick = 'Модератор Олег' where id = ?", old.id);
    for (const who of [moder, reader, old]) expect((await post("addans", { qid, Body: `Ответ ${who.id}` }, who)).json.status).toBe(200);
    expect((await post("addcmt", { type: "Q", refid: String(qid), Body: "Комментарий модератора" }, moder)).json.status).toBe(200);

    const { html } = await page(`/question/${qid}`);
    const moders = nickOf(html, moder.id);
    expect(moders).toHaveLength(2);
    for (const m of moders) expect(m).toBe(`href="/profile/id${moder.id}">Модератор Олег</a>${label}`);
    expect(nickOf(html, reader.id)).toEqual([`href="/profile/id${reader.id}">${reader.nick}</a>`]);
    expect(nickOf(html, old.id)).toEqual([`href="/profile/id${old.id}">Модератор Олег</a>`]);
    // the same page as a signed-in reader sees it (a shared rendering)
    const signedIn = await page(`/question/${qid}`, reader);
    expect(nickOf(signedIn.html, moder.id)).toHaveLength(2);
    expect(nickOf(signedIn.html, moder.id).every((m) => m.endsWith(label))).toBe(true);
    expect(nickOf(signedIn.html, old.id).some((m) => m.includes("staff-label"))).toBe(false);
  });

  it("his profile's header carries the label; an ordinary user's does not", async () => {
    const moderPage = (await page("/profile/id5")).html;
    expect(moderPage).toMatch(
      /data-testid="profile-nick">Модератор Олег<\/h1><div class="meta"><span class="staff-label" data-testid="staff-label">Модератор<\/span>/,
    );
    expect((await page("/profile/id3")).html).not.toContain("staff-label");
  });
});
