/** A safe place to come back to after signing in: a path on this site, never another host. */
export function safeReturn(raw: string | null | undefined): string {
  if (!raw?.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return "/";
  return raw;
}

/** The sign-in page for a guest who tried something that needs an account: login=1 is added to the return address. */
export function signInUrl(returnTo: string): string {
  const u = new URL(returnTo, "http://x");
  u.searchParams.set("login", "1");
  return `/login?return=${encodeURIComponent(u.pathname + u.search + u.hash)}`;
}
