import { BASE } from "./api";
import { generationKey } from "../../../app/calls/page-cache.server";

/** Drops a question page's shared copies for signed-in readers here, as a write's purge does, without changing the page. */
export async function dropSharedCopies(path: string) {
  await (caches as unknown as { default: Cache }).default.delete(generationKey(new URL(path, BASE)));
}
