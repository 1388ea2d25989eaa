/**
 * React Router's route matching, with its answers kept per route table and path. Remix matches a
 * request's path against the route table more than once per request (its handler, then React
 * Router's render), and every match flattens, ranks and compiles every route anew (each optional
 * segment doubles the routes to rank). The table never changes in a running Worker (React
 * Router's render builds a copy of it for every request), so a path's matches are the same every
 * time: they are kept by the table's shape and the path, and every caller gets its own copy of
 * them, pointing at its own table's routes.
 *
 * Remix's static handler (which runs a request's loaders) matches with the package's own matching,
 * which nothing outside reaches; so each path is handed to a handler of a table that holds only
 * the routes the path matches (`createStaticHandler` below), where that matching has nearly
 * nothing to flatten and rank.
 *
 * `wrangler.toml` points the package's imports here (`[alias]`); everything else is the package's
 * own. What wrangler bundles (dev, deploy) goes through this; the browser's copy does not.
 */
import type { AgnosticDataRouteObject, AgnosticRouteMatch, AgnosticRouteObject, Location, StaticHandler } from "@remix-run/router";
import * as bundle from "../node_modules/@remix-run/router/dist/router.js";

export * from "../node_modules/@remix-run/router/dist/router.js";

/** the package's module build, typed as the package (its declarations file covers a part of it) */
const router = bundle as unknown as typeof import("@remix-run/router");

type Matches = AgnosticRouteMatch<string, AgnosticRouteObject>[] | null;
/** a path's matches as kept: each matched route by its id, with what it matched */
type Kept = { id: string; params: AgnosticRouteMatch["params"]; pathname: string; pathnameBase: string }[] | null;

/** Paths kept per route table; past this the table's paths are dropped and kept anew. */
const PATHS_KEPT = 2000;
/** Route tables' shapes kept (the Worker has one or two); past this they are dropped and kept anew. */
const SHAPES_KEPT = 8;
const kept = new Map<string, Map<string, Kept>>();

/**
 * A route table's shape (each route's id, path and whether it is an index, nested as the table
 * is) and its routes by id, or null when a route has no id. React Router's render builds its
 * table anew for every request from the same manifest, so tables are told apart by their shape,
 * not by their identity: two tables of one shape match every path alike.
 */
function shapeOf(routes: AgnosticRouteObject[]): { shape: string; byId: Map<string, AgnosticRouteObject> } | null {
  const parts: string[] = [];
  const byId = new Map<string, AgnosticRouteObject>();
  const walk = (list: AgnosticRouteObject[]): boolean => {
    for (const r of list) {
      if (r.id === undefined) return false;
      byId.set(r.id, r);
      parts.push(`${r.id}\t${r.path ?? ""}\t${r.index ? 1 : 0}`);
      if (r.children) {
        parts.push("(");
        if (!walk(r.children)) return false;
        parts.push(")");
      }
    }
    return true;
  };
  return walk(routes) ? { shape: parts.join("\n"), byId } : null;
}

/** each table's shape, worked out once for a table that is matched again (Remix's own; a table is never changed once built) */
const shapes = new WeakMap<object, ReturnType<typeof shapeOf>>();

export function matchRoutes(routes: AgnosticRouteObject[], locationArg: Partial<Location> | string, basename = "/"): Matches {
  let table = shapes.get(routes);
  if (table === undefined) {
    table = shapeOf(routes);
    shapes.set(routes, table);
  }
  if (!table) return router.matchRoutes(routes, locationArg, basename) as Matches;
  const location = typeof locationArg === "string" ? (router.parsePath(locationArg) as Partial<Location>) : locationArg;
  const key = `${basename}\n${location.pathname ?? "/"}`;
  let paths = kept.get(table.shape);
  if (!paths) {
    if (kept.size >= SHAPES_KEPT) kept.clear();
    paths = new Map();
    kept.set(table.shape, paths);
  }
  let matches = paths.get(key);
  if (matches === undefined) {
    const found = router.matchRoutes(routes, location, basename) as Matches;
    matches = found ? found.map((m) => ({ id: m.route.id as string, params: m.params, pathname: m.pathname, pathnameBase: m.pathnameBase })) : null;
    if (paths.size >= PATHS_KEPT) paths.clear();
    paths.set(key, matches);
  }
  if (!matches) return null;
  // each caller gets matches of its own table's routes, and its own params (a caller may change them)
  return matches.map((m) => ({ route: table.byId.get(m.id)!, params: { ...m.params }, pathname: m.pathname, pathnameBase: m.pathnameBase }));
}

/** The routes of `ids` alone, each the only child of the one before, as in `routes`. */
function chainOf(routes: AgnosticRouteObject[], ids: string[]): AgnosticRouteObject[] {
  const [id, ...rest] = ids;
  const route = routes.find((r) => r.id === id);
  if (!route) throw new Error(`route ${id} is not in its table`);
  return [{ ...route, children: rest.length > 0 ? chainOf(route.children ?? [], rest) : undefined } as AgnosticRouteObject];
}

/**
 * The package's static handler, but each request is answered by a handler of a table of the routes
 * its path matches alone (kept per chain of routes; a path that matches nothing goes to the whole
 * table's handler, which answers its 404). The smaller table matches the path with the same routes
 * and params, and its routes are the same routes, so loaders, errors and boundaries are as they were.
 */
export function createStaticHandler(routes: AgnosticRouteObject[], opts?: Parameters<typeof router.createStaticHandler>[1]): StaticHandler {
  const whole = router.createStaticHandler(routes, opts);
  const byChain = new Map<string, StaticHandler>();
  const handlerOf = (request: Request): StaticHandler => {
    const matches = matchRoutes(routes, { pathname: new URL(request.url).pathname }, opts?.basename);
    if (!matches) return whole;
    const ids = matches.map((m) => m.route.id as string);
    const key = ids.join("\n");
    let handler = byChain.get(key);
    if (!handler) {
      handler = router.createStaticHandler(chainOf(routes, ids), opts);
      byChain.set(key, handler);
    }
    return handler;
  };
  return {
    dataRoutes: whole.dataRoutes as AgnosticDataRouteObject[],
    query: (request, o) => handlerOf(request).query(request, o),
    queryRoute: (request, o) => handlerOf(request).queryRoute(request, o),
  };
}
