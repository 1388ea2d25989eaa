import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { workerFetch } from "./helpers/api";

describe("the worker inside workerd", () => {
  it("an unknown named call replies 404 JSON with 'undefined url'", async () => {
    const res = await workerFetch("http://127.0.0.1/api/v2/nope");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(await res.json()).toMatchObject({ error: "undefined url" });
  });

  it("the database holds the seeded demo user user@demo.local", async () => {
    const user = await env.DB.prepare("SELECT id, email FROM users WHERE email = ?").bind("user@demo.local").first<{ id: number; email: string }>();
    expect(user).not.toBeNull();
    expect(user!.email).toBe("user@demo.local");
  });
});
