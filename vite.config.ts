import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: false;
  }
}

/**
 * The search page (app/routes/search.tsx, "/search") also answers every deeper address of its
 * filters and query, one to six segments, each depth a route of its own: six optional segments
 * would be 64 routes to rank and try on every request, and React Router ranks and matches the
 * whole table for each request (a splat route would rank below the categories' pages).
 */
function searchAtEveryDepth(route: (path: string, file: string, options: { id: string }) => void) {
  for (let depth = 1; depth <= 6; depth++) {
    const params = Array.from({ length: depth }, (_, i) => `:s${i + 1}`);
    route(["search", ...params].join("/"), "routes/search.tsx", { id: `routes/search-${depth}` });
  }
}

export default defineConfig({
  plugins: [
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_lazyRouteDiscovery: true,
      },
      routes: (defineRoutes) => defineRoutes(searchAtEveryDepth),
    }),
  ],
  resolve: {
    mainFields: ["browser", "module", "main"],
  },
  ssr: {
    resolve: { conditions: ["workerd", "worker", "browser"] },
  },
  build: { minify: true },
});
