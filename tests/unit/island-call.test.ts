import { afterEach, describe, expect, it, vi } from "vitest";
import { call, errorText, GENERIC_ERROR, pageType, SILENT_ERRIDS } from "../../app/islands/lib/call";
import { setPageSession } from "../../app/islands/lib/session";

describe("the islands' call client", () => {
  it("shows the server's catalogue text, else 'неизвестная ошибка: {id}', else the generic text", () => {
    expect(errorText({ status: 403, errid: 163, error: "Нельзя отвечать на свой вопрос" })).toBe("Нельзя отвечать на свой вопрос");
    expect(errorText({ status: 400, errid: 777 })).toBe("неизвестная ошибка: 777");
    expect(errorText({ status: 500 })).toBe(GENERIC_ERROR);
    expect(errorText(null)).toBe(GENERIC_ERROR);
  });

  it("keeps the spec's silent errids silent", () => {
    expect([...SILENT_ERRIDS].sort((a, b) => a - b)).toEqual([103, 121, 122, 123, 124, 147, 171, 181, 214, 999]);
  });

  it("reports the page type from the path", () => {
    expect(pageType("/")).toBe("index");
    expect(pageType("/question/12")).toBe("question");
    expect(pageType("/ask/private-1")).toBe("ask");
    expect(pageType("/comp/open")).toBe("category");
    expect(pageType("/ask2/x")).toBe("category");
  });

  describe("signed in", () => {
    afterEach(() => {
      setPageSession(null);
      vi.unstubAllGlobals();
    });

    /** Runs calls with a fake fetch on a signed-in page; the requests as sent. */
    async function sent(run: () => Promise<unknown>) {
      const requests: { url: string; method: string; body: string }[] = [];
      vi.stubGlobal("location", { href: "http://127.0.0.1/question/1", pathname: "/question/1" });
      // a page without the session's meta: the credentials are the ones set below
      vi.stubGlobal("document", { referrer: "", querySelector: () => null });
      vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
        requests.push({ url, method: init.method ?? "GET", body: init.body ? String(init.body) : "" });
        return new Response(JSON.stringify({ status: 200 }), { headers: { "content-type": "application/json" } });
      });
      setPageSession({ id: 7, salt: "SALT-secret", token: "TOKEN-secret" });
      await run();
      return requests;
    }

    it("never puts the session's salt and token in a GET address (logs, history and Referer keep those), only in a POST body", async () => {
      const [read, write] = await sent(async () => {
        await call("moreanswers", { qid: 1, p: 20 }, { method: "GET", quiet: true });
        await call("addcmt", { type: "Q", refid: 1, Body: "текст" }, { quiet: true });
      });
      expect(read.method).toBe("GET");
      expect(read.url).toMatch(/^\/api\/v2\/moreanswers\?/);
      expect(read.url).toContain("qid=1");
      expect(read.url).not.toMatch(/salt|token|SALT-secret|TOKEN-secret/);
      expect(read.body).toBe("");
      expect(write.method).toBe("POST");
      expect(write.url).toBe("/api/v2/addcmt");
      const body = new URLSearchParams(write.body);
      expect(body.get("salt")).toBe("SALT-secret");
      expect(body.get("token")).toBe("TOKEN-secret");
    });
  });
});
