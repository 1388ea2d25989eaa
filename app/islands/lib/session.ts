/**
 * The signed-in user as the page knows him: the root writes <meta name="otv-session"> with the
 * user's id and the session's salt and token (only on pages of signed-in users, which are never
 * cached); islands send salt and token with every write (in its body, never in an address).
 */
export type PageSession = { id: number; salt: string; token: string };

let current: PageSession | null | undefined;

export function pageSession(): PageSession | null {
  if (current === undefined) {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="otv-session"]');
    current = meta ? (JSON.parse(meta.content) as PageSession) : null;
  }
  return current;
}

export function setPageSession(s: PageSession | null) {
  current = s;
}
