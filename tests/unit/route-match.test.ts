import { createStaticHandler as createEachHandler, matchRoutes as matchEach, type StaticHandlerContext } from "@remix-run/router";
import { describe, expect, it } from "vitest";
import { createStaticHandler, matchRoutes } from "../../worker/route-match";

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

describe("the static handler answered by the routes a path matches", () => {
  /** the site's shape, with loaders: each says which route answered and with what params */
  const withLoaders = () => [
    {
      id: "root",
      path: "",
      hasErrorBoundary: true,
      loader: () => ({ root: true }),
      children: [
        { id: "index", index: true, loader: () => "index" },
        { id: "question", path: "question/:qid", loader: ({ params }: { params: Record<string, string | undefined> }) => `question ${params.qid}` },
        {
          id: "question-sub",
          path: "question/:qid/:sub",
          loader: ({ params }: { params: Record<string, string | undefined> }) => {
            if (params.sub === "broken") throw new Error("broken");
            return `sub ${params.sub}`;
          },
        },
        {
          id: "top",
          path: "top/:type?/:period?",
          loader: ({ params }: { params: Record<string, string | undefined> }) => `top ${params.type ?? ""} ${params.period ?? ""}`,
        },
      ],
    },
  ];
  const request = (path: string) => new Request(`http://site.test${path}`);
  /** what a render takes of a handler's answer: matched routes, params, data, errors, status */
  const seen = (context: unknown) => {
    if (context instanceof Response) return { status: context.status };
    const c = context as StaticHandlerContext;
    return {
      matches: c.matches.map((m) => [m.route.id, m.params, m.pathname]),
      loaderData: c.loaderData,
      errors:
        c.errors && Object.fromEntries(Object.entries(c.errors).map(([id, e]) => [id, e instanceof Error ? e.message : (e as { status: number }).status])),
      statusCode: c.statusCode,
    };
  };

  it("answers every path as the whole table's handler does: data, params, a 404 and a loader's error at its boundary", async () => {
    const ours = createStaticHandler(withLoaders());
    const theirs = createEachHandler(withLoaders());
    for (const p of ["/", "/question/1", "/question/1/cid-5", "/question/1/broken", "/top/points", "/top", "/nowhere/at/all", "/question/2?p=20"]) {
      for (let i = 0; i < 2; i++) expect(seen(await ours.query(request(p)))).toEqual(seen(await theirs.query(request(p))));
    }
    expect(seen(await ours.query(request("/question/1/broken"))).errors).toEqual({ root: "broken" });
    expect(seen(await ours.query(request("/nowhere/at/all"))).statusCode).toBe(404);
  });

  it("answers a route's data request by its id, and refuses one of a route the path does not match", async () => {
    const ours = createStaticHandler(withLoaders());
    expect(await ours.queryRoute(request("/question/3"), { routeId: "question" })).toBe("question 3");
    await expect(ours.queryRoute(request("/question/3"), { routeId: "index" })).rejects.toMatchObject({ status: 403 });
  });
});
