/**
 * A safe place to come back to after signing in or sending a form: a path on this site, never
 * another host. The address is read the way a browser reads it (the URL parser drops tabs and
 * line breaks and takes a backslash for a slash, so "/\t/evil.example" is another host and is
 * refused) and given back percent-encoded, so that it is always a valid Location header.
 */
export function safeReturn(raw: string | null | undefined): string {
  if (!raw?.startsWith("/")) return "/";
  const base = "http://return.invalid";
  let u: URL;
  try {
    u = new URL(raw, base);
  } catch {
    return "/";
  }
  return u.origin === base ? u.pathname + u.search + u.hash : "/";
}

/** The sign-in page for a guest who tried something that needs an account: login=1 is added to the return address. */
export function signInUrl(returnTo: string): string {
  const u = new URL(returnTo, "http://x");
  u.searchParams.set("login", "1");
  return `/login?return=${encodeURIComponent(u.pathname + u.search + u.hash)}`;
}
