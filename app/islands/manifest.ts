/**
 * Where the island client entry is: `npm run build` builds the islands first
 * (vite.islands.config.ts → build-islands/, with a Vite manifest), then the Remix server, which
 * bundles this manifest, then copies the hashed files to build/client/islands/.
 */
// biome-ignore lint/suspicious/noTsIgnore: the manifest exists only after the islands build, so @ts-expect-error would fail once it does
// @ts-ignore - produced by `vite build -c vite.islands.config.ts`
import manifest from "../../build-islands/.vite/manifest.json";

type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }>;

const entries = manifest as Manifest;

export function islandEntryUrl(): string {
  return `/${entries["app/islands/client.ts"].file}`;
}

/** The toolbar's search suggestions (app/islands/toolbar-suggest.ts): a script of its own on every page, without React. */
export function toolbarScriptUrl(): string {
  return `/${entries["app/islands/toolbar-suggest.ts"].file}`;
}
