import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { get, page, post, type Me } from "./helpers/api";
import { value } from "./helpers/db";
import { newUser } from "./helpers/users";
import { signIn } from "../../app/models/users/auth.server";
import { captchaCode } from "../../app/models/core/captcha.server";
import { DomainError } from "../../app/lib/errors";

/** A sign-in through the API from an address. */
const attempt = (email: string, password: string, ip: string) => post("auth", { email, password }, undefined, { ip });

/** A sign-in straight through the model at a chosen moment: "ok" or the refusal's errid. */
const signInAt = (email: string, password: string, ip: string, now: number) =>
  signIn(env, { email, password }, ip, null, now).then(
    () => "ok",
    (e) => (e instanceof DomainError ? e.errid : Promise.reject(e)),
  );

const attemptsFor = (email: string) => value("select count(*) v from login_attempts where email = ?", email);

/** Ten wrong passwords for one e-mail, each from its own address (198.18.{net}.1 … 10), each checked and refused. */
async function tenGuesses(email: string, net: number) {
  for (let i = 1; i <= 10; i++) expect((await attempt(email, `guess-${i}`, `198.18.${net}.${i}`)).json.errid).toBe(102);
}

/** A code that is not the captcha's. */
const wrongCode = async (id: string) => ((await captchaCode(env, id)) === "00000" ? "11111" : "00000");

/** The user's notifications about failed sign-ins, as the bell lists them. */
const failedSignInNotices = async (me: Me) =>
  ((await get("show_bulk", {}, me, "notify")).json.bulk as { a: string; txt: string }[]).filter((i) => i.a === "failed_signins");

afterEach(() => vi.restoreAllMocks());

describe("sign-in limits", () => {
  it("ten parallel wrong guesses for one e-mail from one address reach the password check only five times", async () => {
    const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => attempt("guru@demo.local", `guess-${i}`, "203.0.113.7")));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect(replies.find((r) => r.status === 429)!.json).toMatchObject({
      errid: 104,
      error: expect.stringMatching(/^Слишком много попыток входа\. Попробуйте через /),
    });
    expect(await attemptsFor("guru@demo.local")).toBe(5);
  });

  it("wrong passwords from one address do not lock the owner out: he signs in from his own", async () => {
    for (let i = 0; i < 6; i++) await attempt("znatok@demo.local", `guess-${i}`, "198.51.100.66");
    const attacker = await attempt("znatok@demo.local", "demo12345", "198.51.100.66");
    expect(attacker.status).toBe(429);
    expect(attacker.json.errid).toBe(104);
    const owner = await attempt("znatok@demo.local", "demo12345", "198.51.100.1");
    expect(owner.json).toMatchObject({ status: 200, id: expect.any(Number) });
  });

  it("after five free guesses each further guess waits twice as long as the one before", async () => {
    const t0 = Date.now();
    const ip = "192.0.2.50";
    for (let i = 0; i < 5; i++) expect(await signInAt("vip@demo.local", "wrong-password", ip, t0 + i)).toBe(102);
    expect(await signInAt("vip@demo.local", "wrong-password", ip, t0 + 30_000)).toBe(104);
    const one = t0 + 4 + 60_000;
    expect(await signInAt("vip@demo.local", "wrong-password", ip, one)).toBe(102);
    expect(await signInAt("vip@demo.local", "demo12345", ip, one + 100_000)).toBe(104);
    expect(await signInAt("vip@demo.local", "demo12345", ip, one + 120_000)).toBe("ok");
  });

  it("an unknown e-mail is refused like a wrong password, after the same password work", async () => {
    const derive = vi.spyOn(crypto.subtle, "deriveBits");
    const unknown = await attempt("nobody-here@example.org", "some-password", "192.0.2.60");
    const known = await attempt("expert@demo.local", "some-password", "192.0.2.61");
    expect(unknown.status).toBe(known.status);
    expect(unknown.json).toEqual(known.json);
    expect(derive.mock.calls.map(([params]) => (params as Pbkdf2Params).iterations)).toEqual([100_000, 100_000]);
  });

  it("forty parallel guesses from one address across many e-mails reach the password check at most thirty times", async () => {
    const replies = await Promise.all(Array.from({ length: 40 }, (_, i) => attempt(`spray-${i}@example.org`, "password1", "203.0.113.99")));
    expect(replies.filter((r) => r.status === 401).length).toBe(30);
    expect(replies.filter((r) => r.status === 429).length).toBe(10);
    expect(await value("select count(*) v from login_attempts where ip = '203.0.113.99'")).toBe(30);
  });
});

describe("guessing one account's password from many addresses", () => {
  it("ten wrong passwords from ten addresses are checked; the eleventh, from a new address, needs a captcha even with the right password, which is not checked", async () => {
    const owner = await newUser("Владелец");
    await tenGuesses(owner.email, 1);
    const derive = vi.spyOn(crypto.subtle, "deriveBits");
    const eleventh = await attempt(owner.email, "secret-pass", "198.18.1.200");
    expect(eleventh.status).toBe(400);
    expect(eleventh.json).toMatchObject({ errid: 237, error: "Введите капчу", captcha_id: expect.stringMatching(/^[0-9a-f]{32}$/) });
    const wrong = await post(
      "auth",
      { email: owner.email, password: "secret-pass", captcha_id: eleventh.json.captcha_id, captcha_val: await wrongCode(eleventh.json.captcha_id) },
      undefined,
      { ip: "198.18.1.201" },
    );
    expect(wrong.json).toMatchObject({ errid: 237, error: "Введите капчу" });
    expect(derive).not.toHaveBeenCalled();
    expect(await attemptsFor(owner.email)).toBe(10);
  });

  it("the owner signs in from any address with a solved captcha and the right password, and is told once about the failed attempts", async () => {
    const owner = await newUser("Хозяин");
    await tenGuesses(owner.email, 2);
    const refused = await attempt(owner.email, "secret-pass", "198.18.2.100");
    expect(refused.json.errid).toBe(237);
    const id = refused.json.captcha_id as string;
    const signedIn = await post("auth", { email: owner.email, password: "secret-pass", captcha_id: id, captcha_val: await captchaCode(env, id) }, undefined, {
      ip: "198.18.2.101",
    });
    expect(signedIn.json).toMatchObject({ status: 200, id: owner.id });
    const me: Me = { id: owner.id, cookie: signedIn.res.headers.get("set-cookie")!.split(";")[0], salt: signedIn.json.salt, token: signedIn.json.token };
    expect(await failedSignInNotices(me)).toEqual([expect.objectContaining({ txt: "10" })]);
    const updates = await page(`/profile/id${owner.id}/feed/updates`, me);
    expect(updates.html).toContain("10 неудачных попыток входа в ваш аккаунт");

    // the count starts again: the next sign-in needs no captcha and tells him nothing new
    const again = await attempt(owner.email, "secret-pass", "198.18.2.102");
    expect(again.json).toMatchObject({ status: 200, id: owner.id });
    expect(await failedSignInNotices(me)).toHaveLength(1);
  });

  it("a wrong password after a solved captcha counts too, and the next try needs a captcha again", async () => {
    const owner = await newUser("Упорный");
    await tenGuesses(owner.email, 3);
    const first = await attempt(owner.email, "guess-11", "198.18.3.100");
    const id = first.json.captcha_id as string;
    const checked = await post("auth", { email: owner.email, password: "guess-11", captcha_id: id, captcha_val: await captchaCode(env, id) }, undefined, {
      ip: "198.18.3.101",
    });
    expect(checked.json.errid).toBe(102);
    expect(checked.json.captcha_id).toMatch(/^[0-9a-f]{32}$/);
    expect((await attempt(owner.email, "secret-pass", "198.18.3.102")).json.errid).toBe(237);
    const next = checked.json.captcha_id as string;
    const signedIn = await post(
      "auth",
      { email: owner.email, password: "secret-pass", captcha_id: next, captcha_val: await captchaCode(env, next) },
      undefined,
      { ip: "198.18.3.103" },
    );
    const me: Me = { id: owner.id, cookie: signedIn.res.headers.get("set-cookie")!.split(";")[0], salt: signedIn.json.salt, token: signedIn.json.token };
    expect(await failedSignInNotices(me)).toEqual([expect.objectContaining({ txt: "11" })]);
  });

  it("twenty wrong passwords sent at once from twenty addresses reach the password check only ten times", async () => {
    const owner = await newUser("Осаждённый");
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(owner.email, `guess-${i}`, `198.18.4.${i + 1}`)));
    expect(replies.filter((r) => r.json.errid === 102)).toHaveLength(10);
    expect(replies.filter((r) => r.json.errid === 237)).toHaveLength(10);
    expect(await attemptsFor(owner.email)).toBe(10);
  });

  it("an unknown e-mail is asked for the captcha after ten wrong passwords, as an account is", async () => {
    await tenGuesses("nobody-at-all@example.org", 5);
    const eleventh = await attempt("nobody-at-all@example.org", "whatever-1", "198.18.5.100");
    expect(eleventh.json).toMatchObject({ errid: 237, error: "Введите капчу", captcha_id: expect.stringMatching(/^[0-9a-f]{32}$/) });
  });
});
