/**
 * The islands' own browser build stands this in for ./manifest (vite.islands.config.ts): in the
 * browser no island writes the entry script (that happens only in the server render), and the
 * manifest does not exist yet while the islands themselves are being built.
 */
export function islandEntryUrl(): string {
  return "";
}
