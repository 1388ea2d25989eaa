import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { post } from "./helpers/api";
import { value } from "./helpers/db";
import { signIn } from "../../app/models/users/auth.server";
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
