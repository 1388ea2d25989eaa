import { describe, expect, it } from "vitest";
import { withD1Session } from "../../worker/d1-session";

/** A D1 binding that records how each session was opened and hands out the bookmark it is told. */
function fakeD1(after: string | null) {
  const opened: (string | undefined)[] = [];
  const DB = {
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
    expect(s.cookieAfter(new Response("ok"))).toBe("d1b=00000002-00000005-00004f7e-abc; Path=/; HttpOnly; SameSite=Lax; Secure");
  });

  it("a read sets no cookie, and neither does a write that left the bookmark where it was", () => {
    const { env } = fakeD1("00000002-00000004-00004f7e-abc");
    expect(withD1Session(request("GET"), env).cookieAfter(new Response("ok"))).toBeNull();
    expect(withD1Session(request("POST", "d1b=00000002-00000004-00004f7e-abc"), env).cookieAfter(new Response("ok"))).toBeNull();
  });
});
