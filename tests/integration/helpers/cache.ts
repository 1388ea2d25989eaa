import { BASE } from "./api";

/** Drops a question page's shared copies for signed-in readers here, as a write's purge does, without changing the page. */
export async function dropSharedCopies(path: string) {
  const key = new URL(path, BASE);
  key.searchParams.set("__generation", "1");
  await (caches as unknown as { default: Cache }).default.delete(new Request(key.toString()));
}
