/**
 * CSRF guard for unsafe methods and WebSocket upgrades: a browser always says where a request
 * comes from (Origin, Sec-Fetch-Site); a request that says it comes from another site is refused.
 * Clients that are not browsers send neither and carry no ambient credentials worth stealing,
 * but signed-in API writes also need the session's salt and token (app/calls/run.server.ts).
 */
export function isSameOrigin(req: Request): boolean {
  const site = req.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return false;
  const origin = req.headers.get("origin");
  if (origin && origin !== "null" && origin !== new URL(req.url).origin) return false;
  if (origin === "null") return false;
  return true;
}
