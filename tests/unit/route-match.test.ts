import { matchRoutes as matchEach } from "@remix-run/router";
import { describe, expect, it } from "vitest";
import { matchRoutes } from "../../worker/route-match";

/** A route table shaped like the site's: a root with index, dynamic, optional and splat children. */
const routes = [
  {
    id: "root",
    path: "",
    children: [
      { id: "index", index: true },
      { id: "question", path: "question/:qid" },
      { id: "question-sub", path: "question/:qid/:sub" },
      { id: "category-tab", path: ":category/:tab/:sub?" },
      { id: "top", path: "top/:type?/:period?/:cat?" },
      { id: "search", path: "search/:s1?/:s2?/:s3?" },
      { id: "splat", path: "*" },
    ],
  },
];

const paths = [
  "/",
  "/question/1",
  "/question/1/cid-5",
  "/top/points/week/",
  "/search/q-open/%D0%BA%D0%BE%D1%82",
  "/auto/open",
  "/a/b/c/d/e",
  "/question/1?p=20",
];

describe("route matching kept per path", () => {
  it("matches every path as React Router does, the first time and the next", () => {
    for (const p of paths) {
      expect(matchRoutes(routes, p)).toEqual(matchEach(routes, p));
      expect(matchRoutes(routes, p)).toEqual(matchEach(routes, p));
      expect(matchRoutes(routes, { pathname: p.split("?")[0] })).toEqual(matchEach(routes, { pathname: p.split("?")[0] }));
    }
  });

  it("gives every caller its own params, so one caller's change never reaches the next", () => {
    const first = matchRoutes(routes, "/question/7")!;
    (first[first.length - 1].params as Record<string, string>).qid = "changed";
    const next = matchRoutes(routes, "/question/7")!;
    expect(next[next.length - 1].params.qid).toBe("7");
  });

  it("serves a table built anew for every request (as React Router's render does) with matches of that table's own routes", () => {
    const anew = () => structuredClone(routes);
    for (const p of paths) {
      const table = anew();
      const got = matchRoutes(table, p);
      expect(got).toEqual(matchEach(table, p));
      const leaf = got?.[got.length - 1]?.route;
      const own = matchEach(table, p)?.at(-1)?.route;
      expect(leaf).toBe(own);
    }
  });

  it("tells tables of another shape apart: the same path in a table whose route has another path", () => {
    const other = structuredClone(routes);
    other[0].children[1] = { id: "question", path: "q/:qid" };
    expect(matchRoutes(routes, "/question/1")?.at(-1)?.route.id).toBe("question");
    expect(matchRoutes(other, "/question/1")?.at(-1)?.route.id).toBe("category-tab");
    expect(matchRoutes(other, "/question/1")).toEqual(matchEach(other, "/question/1"));
  });
});
