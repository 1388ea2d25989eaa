import { defineConfig, type Plugin } from "vite";
import { ERR } from "./app/lib/errids";

/**
 * Every `ERR.name` in the islands' code becomes its number at build time, as a const enum's member
 * would: the names stay the one way to write an errid, and the islands' files carry the ids they
 * use instead of the whole list (which nothing else of the islands needs).
 */
function inlineErrids(): Plugin {
  const ids: Record<string, number> = ERR;
  return {
    name: "inline-errids",
    transform(code, id) {
      if (!/\/app\/.*\.tsx?$/.test(id) || !code.includes("ERR.")) return null;
      const out = code.replace(/\bERR\.([A-Za-z_$][\w$]*)/g, (name, key: string) => (key in ids ? String(ids[key]) : name));
      return out === code ? null : { code: out, map: null };
    },
  };
}

/**
 * The islands' browser build (docs/decisions/0019-islands.md): one small entry, one chunk per
 * island, React in its own chunks, every name hashed (served with a year's cache, see
 * public/_headers). `npm run build` runs this before the Remix build, which bundles the manifest.
 */
export default defineConfig({
  plugins: [inlineErrids()],
  resolve: {
    alias: [
      // the server's manifest of this very build cannot be part of it (app/islands/manifest.browser.ts)
      { find: /^\.\/manifest$/, replacement: new URL("./app/islands/manifest.browser.ts", import.meta.url).pathname },
    ],
  },
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  esbuild: { jsx: "automatic" },
  publicDir: false,
  build: {
    outDir: "build-islands",
    emptyOutDir: true,
    manifest: true,
    target: "es2020",
    modulePreload: false,
    rollupOptions: {
      // the service worker keeps one address (a browser updates it there), its version put in by `npm run build`
      input: ["app/islands/client.ts", "app/islands/toolbar-suggest.ts", "app/sw/sw.ts"],
      output: {
        entryFileNames: (chunk) => (chunk.name === "sw" ? "sw.js" : "islands/[name]-[hash].js"),
        chunkFileNames: "islands/[name]-[hash].js",
        assetFileNames: "islands/[name]-[hash][extname]",
      },
    },
  },
});
