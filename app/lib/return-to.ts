/**
 * A safe place to come back to after signing in, registering or a form post: a path on this site
 * (`origin`, the request's), resolved the way a browser resolves a Location or a link. Anything
 * else is the home page: a value with control characters or backslashes (URL parsers drop tabs and
 * newlines and read a backslash as a slash, so "/\t/host" and "/\\host" lead to another host), one
 * that resolves to another origin (other hosts, javascript: and other schemes), and one whose path
 * a browser would read as a host ("/.//host" resolves to the path "//host").
 */
export function safeReturn(raw: string | null | undefined, origin: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (!raw || /[\u0000-\u001f\u007f\\]/.test(raw)) return "/";
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return "/";
  }
  if (url.origin !== origin) return "/";
  const path = url.pathname + url.search + url.hash;
  return path.startsWith("//") ? "/" : path;
}

/** The sign-in page for a guest who tried something that needs an account: login=1 is added to the return address. */
export function signInUrl(returnTo: string): string {
  const u = new URL(returnTo, "http://x");
  u.searchParams.set("login", "1");
  return `/login?return=${encodeURIComponent(u.pathname + u.search + u.hash)}`;
}
