import { describe, expect, it } from "vitest";
import { buildThreads, threadOf, type CommentRow } from "../../app/models/comments/threads.server";

const row = (id: number, parent: number | null, depth: number, extra: Partial<CommentRow> = {}): CommentRow => ({
  id,
  ref_type: "A",
  ref_id: 7,
  parent_id: parent,
  depth,
  text: `комментарий ${id}`,
  added: id,
  hidden: 0,
  comcnt: 0,
  user_id: 1,
  nick: "Маша",
  lvl: 2,
  points: 150,
  kpd: 10,
  ...extra,
});

describe("comment threads", () => {
  it("replies nest under their parents", () => {
    const threads = buildThreads([row(1, null, 0, { comcnt: 1 }), row(2, 1, 1, { comcnt: 1 }), row(3, 2, 2), row(4, null, 0)]);
    const t = threadOf(threads, "A:7", 4);
    expect(t.nodes.map((n) => n.id)).toEqual([1, 4]);
    expect(t.nodes[0].replies[0].replies[0].id).toBe(3);
    expect(t.shown).toBe(4);
  });
  it("a comment with replies that were cut off counts them as 'more'", () => {
    const threads = buildThreads([row(1, null, 0, { comcnt: 5 }), row(2, 1, 1), row(3, 1, 1), row(4, 1, 1)]);
    expect(threadOf(threads, "A:7", 6).nodes[0].more).toBe(2);
  });
  it("a reply whose parent was cut off is dropped", () => {
    const threads = buildThreads([row(1, null, 0), row(9, 8, 3)]);
    expect(threadOf(threads, "A:7", 2).shown).toBe(1);
  });
  it("a deleted comment keeps its place without its text", () => {
    const threads = buildThreads([row(1, null, 0, { hidden: 1, comcnt: 1 }), row(2, 1, 1)]);
    const t = threadOf(threads, "A:7", 1);
    expect(t.nodes[0].text).toBeNull();
    expect(t.nodes[0].replies[0].text).toBe("комментарий 2");
  });
});
