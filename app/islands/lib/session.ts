/**
 * The signed-in user as the page knows him: the root writes <meta name="otv-session"> with the
 * user's id and the session's salt and token (only on pages of signed-in users, which are never
 * cached); islands send salt and token with every write (in its body, never in an address).
 *
 * The page's credentials change when the session is refreshed (new salt and token) and go when the
 * server says the session is gone: the meta follows, so that every script of the page reads the
 * same. Other tabs of the browser learn of it through a BroadcastChannel (the user's id with the new
 * salt and token) and, where there is none, the `storage` event of one key that holds the user's
 * id alone (0 for nobody) — the API token is never written to storage.
 */
export type PageSession = { id: number; salt: string; token: string };

/** The channel and the storage key other tabs hear about the signed-in user on. */
export const SESSION_CHANNEL = "otv-session";
export const USER_KEY = "otv-user";

let current: PageSession | null | undefined;

const meta = () => document.querySelector<HTMLMetaElement>('meta[name="otv-session"]');

export function pageSession(): PageSession | null {
  if (current === undefined) {
    const m = meta();
    current = m?.content ? (JSON.parse(m.content) as PageSession) : null;
  }
  return current;
}

/** Sets the page's credentials (null: signed out), in the meta too. */
export function setPageSession(s: PageSession | null) {
  current = s;
  const m = meta();
  if (s && m) m.content = JSON.stringify(s);
  else if (!s) m?.remove();
}

const channel: BroadcastChannel | null = typeof BroadcastChannel === "function" ? new BroadcastChannel(SESSION_CHANNEL) : null;

/** What the other tabs receive: the user (0 for nobody) and, for the same user, the session's new salt and token. */
export type SessionMessage = { user: number; salt?: string; token?: string };

/** Tells the browser's other tabs who is signed in here now (and the refreshed credentials, if any). */
export function shareSession(user: number, fresh?: PageSession) {
  channel?.postMessage({ user, ...(fresh ? { salt: fresh.salt, token: fresh.token } : {}) } satisfies SessionMessage);
  try {
    if (localStorage.getItem(USER_KEY) !== String(user)) localStorage.setItem(USER_KEY, String(user));
  } catch {
    // storage refused (private mode, full): the channel alone tells the other tabs
  }
}

/** Listens to what other tabs tell (the channel, and the storage key where the channel is missing or late). */
export function onSessionMessage(listener: (m: SessionMessage) => void) {
  channel?.addEventListener("message", (e: MessageEvent) => {
    const m = e.data as SessionMessage | null;
    if (m && typeof m.user === "number") listener(m);
  });
  addEventListener("storage", (e: StorageEvent) => {
    if (e.key === USER_KEY && e.newValue !== null && /^\d+$/.test(e.newValue)) listener({ user: Number(e.newValue) });
  });
}
