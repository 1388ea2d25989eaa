import { describe, expect, it } from "vitest";
import { forgetReader, forgetUser, keepReader, knownReader, READER_SECONDS, readerKey } from "../../app/models/users/known-readers.server";

describe("what an isolate keeps of a reader on a page", () => {
  const t0 = 1_800_000_000_000;

  it("is found by the same session, page and bookmark while its time lasts, with the generation it was read under", () => {
    const key = readerKey("hash-a", "/question/1", "0001-aa");
    keepReader(key, 7, { lvl: 3 }, "gen-1", t0);
    expect(knownReader(key, t0 + READER_SECONDS * 1000 - 1)).toEqual({ value: { lvl: 3 }, generation: "gen-1" });
    expect(knownReader(readerKey("hash-a", "/question/1", "0002-bb"), t0)).toBeUndefined();
    expect(knownReader(readerKey("hash-a", "/question/1", null), t0)).toBeUndefined();
    expect(knownReader(readerKey("hash-a", "/question/2", "0001-aa"), t0)).toBeUndefined();
    expect(knownReader(readerKey("hash-b", "/question/1", "0001-aa"), t0)).toBeUndefined();
  });

  it("is not served once its time is over, and is gone after", () => {
    const key = readerKey("hash-c", "/question/1", null);
    keepReader(key, 8, "x", "gen-1", t0);
    expect(knownReader(key, t0 + READER_SECONDS * 1000)).toBeUndefined();
    expect(knownReader(key, t0)).toBeUndefined();
  });

  it("is forgotten by its key, or with every entry of its user", () => {
    const [k1, k2, k3] = [readerKey("h1", "/question/1", null), readerKey("h2", "/question/2", null), readerKey("h3", "/question/1", null)];
    keepReader(k1, 9, "a", "g", t0);
    keepReader(k2, 9, "b", "g", t0);
    keepReader(k3, 10, "c", "g", t0);
    forgetReader(k3);
    expect(knownReader(k3, t0)).toBeUndefined();
    forgetUser(9);
    expect(knownReader(k1, t0)).toBeUndefined();
    expect(knownReader(k2, t0)).toBeUndefined();
  });
});
