import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { BASE } from "./helpers/api";
import { value } from "./helpers/db";
import { captchaCode } from "../../app/models/core/captcha.server";

/** A request to the worker running with other bindings. */
async function fetchWith(bindings: Partial<Env>, path: string, init?: RequestInit) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`${BASE}${path}`, init), { ...env, ...bindings } as Env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

describe("the secrets", () => {
  it("without PEPPER the worker refuses every request with 503 and says the site is not configured", async () => {
    const page = await fetchWith({ PEPPER: undefined }, "/");
    expect(page.status).toBe(503);
    expect(await page.text()).toMatch(/Сайт не настроен/);
    const before = await value("select count(*) v from users");
    const api = await fetchWith({ PEPPER: "" }, "/api/v2/register", {
      method: "POST",
      headers: { origin: BASE, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ nick: "Без перца", email: "no-pepper@example.org", password: "secret-pass" }),
    });
    expect(api.status).toBe(503);
    expect(await value("select count(*) v from users")).toBe(before);
  });

  it("without CAPTCHA_SECRET the worker refuses every request with 503", async () => {
    const page = await fetchWith({ CAPTCHA_SECRET: undefined }, "/question/3");
    expect(page.status).toBe(503);
    expect(await page.text()).toMatch(/Сайт не настроен/);
  });

  it("the captcha's code comes from its own secret, not from the password pepper", async () => {
    const id = "0123456789abcdef0123456789abcdef";
    const a = await captchaCode({ ...env, CAPTCHA_SECRET: "first-captcha-secret" }, id);
    const b = await captchaCode({ ...env, CAPTCHA_SECRET: "second-captcha-secret" }, id);
    expect(a).not.toBe(b);
    expect(await captchaCode({ ...env, PEPPER: "another-pepper" }, id)).toBe(await captchaCode(env, id));
  });

  it("with both secrets set the site answers", async () => {
    expect((await fetchWith({}, "/")).status).toBe(200);
  });
});
