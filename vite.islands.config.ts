import { defineConfig } from "vite";

/**
 * The islands' browser build (docs/decisions/0019-islands.md): one small entry, one chunk per
 * island, React in its own chunks, every name hashed (served with a year's cache, see
 * public/_headers). `npm run build` runs this before the Remix build, which bundles the manifest.
 */
export default defineConfig({
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
      input: ["app/islands/client.ts", "app/islands/toolbar-suggest.ts"],
      output: {
        entryFileNames: "islands/[name]-[hash].js",
        chunkFileNames: "islands/[name]-[hash].js",
        assetFileNames: "islands/[name]-[hash][extname]",
      },
    },
  },
});
