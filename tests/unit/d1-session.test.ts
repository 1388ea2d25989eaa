import { describe, expect, it } from "vitest";
import { bookmarkOf, withD1Session } from "../../worker/d1-session";

/** A D1 binding that records how each session was opened and hands out the bookmark it is told. */
function fakeD1(after: string | null) {
  const opened: (string | undefined)[] = [];
  const DB = {
    batch: async () => [],
    withSession(from?: string) {
      opened.push(from);
      return { prepare: () => null, batch: async () => [], getBookmark: () => after };
    },
  };
  return { env: { DB } as unknown as Env, opened };
}

const request = (method: string, cookie?: string) => new Request("https://otvety.example/question/1", { method, headers: cookie ? { cookie } : {} });

describe("the D1 session of a request", () => {
  it("starts from the bookmark the browser's cookie carries", () => {
    const { env, opened } = fakeD1("00000002-00000005-00004f7e-abc");
    withD1Session(request("GET", "sid=x; d1b=00000002-00000004-00004f7e-abc"), env);
    expect(opened).toEqual(["00000002-00000004-00004f7e-abc"]);
  });

  it("starts anywhere (the nearest replica) without a bookmark, or with one D1 could not have written", () => {
    const { env, opened } = fakeD1(null);
    for (const cookie of [undefined, "d1b=", "d1b=<b>", "d1b=not-a-bookmark", `d1b=${"0".repeat(300)}`]) withD1Session(request("GET", cookie), env);
    expect(opened).toEqual(Array(5).fill("first-unconstrained"));
  });

  it("a write keeps the session's newest bookmark in an HttpOnly cookie of the whole site", () => {
    const { env } = fakeD1("00000002-00000005-00004f7e-abc");
    const s = withD1Session(request("POST", "d1b=00000002-00000004-00004f7e-abc"), env);
    expect(s.cookiesAfter(new Response("ok"))).toEqual(["d1b=00000002-00000005-00004f7e-abc; Path=/; HttpOnly; SameSite=Lax; Secure"]);
  });

  it("a read sets no cookie, and neither does a write that left the bookmark where it was", () => {
    const { env } = fakeD1("00000002-00000004-00004f7e-abc");
    expect(withD1Session(request("GET"), env).cookiesAfter(new Response("ok"))).toEqual([]);
    expect(withD1Session(request("POST", "d1b=00000002-00000004-00004f7e-abc"), env).cookiesAfter(new Response("ok"))).toEqual([]);
  });

  it("each thread database has a session of its own, started from its own cookie, and a write there keeps its bookmark in that cookie", () => {
    const site = fakeD1("00000002-00000004-00004f7e-abc");
    const threads = fakeD1("00000007-00000009-00000001-def");
    const env = { DB: site.env.DB, THREADS_1: threads.env.DB, THREADS_X: threads.env.DB } as unknown as Env;
    const s = withD1Session(request("POST", "d1b=00000002-00000004-00004f7e-abc; d1b_THREADS_1=00000007-00000008-00000001-def"), env);
    expect(site.opened).toEqual(["00000002-00000004-00004f7e-abc"]);
    // THREADS_X is no database name: not given a session
    expect(threads.opened).toEqual(["00000007-00000008-00000001-def"]);
    expect((s.env as unknown as Record<string, unknown>).THREADS_1).not.toBe(threads.env.DB);
    // DB's bookmark did not move: only THREADS_1's cookie is set
    expect(s.cookiesAfter(new Response("ok"))).toEqual(["d1b_THREADS_1=00000007-00000009-00000001-def; Path=/; HttpOnly; SameSite=Lax; Secure"]);
  });

  it("what was read for a reader is keyed by all his bookmarks, so a write to any database changes the key", () => {
    const one = bookmarkOf(request("GET", "d1b=0000000a-0000000b"));
    const both = bookmarkOf(request("GET", "d1b=0000000a-0000000b; d1b_THREADS_1=0000000c-0000000d"));
    expect(one).toBe("0000000a-0000000b");
    expect(both).not.toBe(one);
    expect(bookmarkOf(request("GET", "d1b_THREADS_1=<x>; sid=1"))).toBeNull();
  });
});
