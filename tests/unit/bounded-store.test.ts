import { describe, expect, it } from "vitest";
import { BoundedStore } from "../../app/lib/bounded-store";

describe("the bounded store of kept fragments", () => {
  it("counts a key set again (two renders that missed at once) only once, and keeps serving", () => {
    const store = new BoundedStore(1000);
    for (let i = 0; i < 50; i++) store.set("answer-1", "x".repeat(40));
    expect(store.chars).toBe("answer-1".length + 40);
    store.set("answer-2", "y".repeat(40));
    expect(store.get("answer-1")).toBe("x".repeat(40));
    expect(store.get("answer-2")).toBe("y".repeat(40));
  });

  it("drops the least recently used entries once over its limit", () => {
    const store = new BoundedStore(400);
    store.set("a", "1".repeat(49));
    store.set("b", "2".repeat(49));
    store.get("a");
    for (const k of ["c", "d", "e", "f", "g", "h", "i"]) store.set(k, "3".repeat(49));
    expect(store.chars).toBeLessThanOrEqual(400);
    expect(store.get("b")).toBeUndefined();
    expect(store.get("i")).toBe("3".repeat(49));
  });

  it("refuses an entry bigger than an eighth of its limit", () => {
    const store = new BoundedStore(800);
    store.set("big", "z".repeat(200));
    expect(store.get("big")).toBeUndefined();
    expect(store.chars).toBe(0);
  });
});
