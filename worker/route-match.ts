/**
 * React Router's route matching, with its answers kept per route table and path. Remix matches a
 * request's path against the route table more than once per request (its handler, then React
 * Router's render), and every match flattens, ranks and compiles every route anew (each optional
 * segment doubles the routes to rank). The table never changes in a running Worker, so a path's
 * matches are the same every time: they are kept, and every caller gets its own copy of them.
 *
 * `wrangler.toml` points the package's imports here (`[alias]`); everything else is the package's
 * own. What wrangler bundles (dev, deploy) goes through this; the browser's copy does not.
 */
import type { AgnosticRouteMatch, AgnosticRouteObject, Location } from "@remix-run/router";
import * as bundle from "../node_modules/@remix-run/router/dist/router.js";

export * from "../node_modules/@remix-run/router/dist/router.js";

/** the package's module build, typed as the package (its declarations file covers a part of it) */
const router = bundle as unknown as typeof import("@remix-run/router");

type Matches = AgnosticRouteMatch<string, AgnosticRouteObject>[] | null;

/** Paths kept per route table; past this the table's paths are dropped and kept anew. */
const PATHS_KEPT = 2000;
const kept = new WeakMap<object, Map<string, Matches>>();

export function matchRoutes(routes: AgnosticRouteObject[], locationArg: Partial<Location> | string, basename = "/"): Matches {
  const location = typeof locationArg === "string" ? (router.parsePath(locationArg) as Partial<Location>) : locationArg;
  const key = `${basename}\n${location.pathname ?? "/"}`;
  let paths = kept.get(routes);
  if (!paths) {
    paths = new Map();
    kept.set(routes, paths);
  }
  let matches = paths.get(key);
  if (matches === undefined) {
    matches = router.matchRoutes(routes, location, basename) as Matches;
    if (paths.size >= PATHS_KEPT) paths.clear();
    paths.set(key, matches);
  }
  if (!matches) return null;
  // a caller may change what it gets (the params): each gets its own copy
  return matches.map((m) => ({ ...m, params: { ...m.params } }));
}
