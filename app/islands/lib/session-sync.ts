/**
 * The session while a page is open, on every page that loads the island entry (every page of a
 * signed-in user does, and guests' pages with islands):
 *
 * - every REFRESH_EVERY_MS a signed-in page refreshes the session (refresh_auth: new salt and token,
 *   which the other tabs take over too); when the server answers that the session is gone, the
 *   page's credentials are cleared and it reloads after RELOAD_AFTER_MS (as a guest's page);
 * - a change of the signed-in user in another tab of the browser — a sign-in as someone else, a
 *   sign-out — heard on the BroadcastChannel or the storage event, refreshes and reloads this page,
 *   so no tab keeps showing (and writing as) a user who is no longer signed in here;
 * - the page says who is signed in when it loads, and a sign-out form says it as it is sent.
 */
import { refreshSession } from "./call";
import { onSessionMessage, pageSession, setPageSession, shareSession } from "./session";

export const REFRESH_EVERY_MS = 60_000;
export const RELOAD_AFTER_MS = 250;

let reloading = false;

function reloadSoon() {
  if (reloading) return;
  reloading = true;
  setTimeout(() => location.reload(), RELOAD_AFTER_MS);
}

export function startSessionSync() {
  const me = pageSession()?.id ?? 0;
  onSessionMessage((m) => {
    if (m.user === me) {
      // the same user's session refreshed in another tab: its new salt and token serve here too
      if (me && m.salt && m.token) setPageSession({ id: me, salt: m.salt, token: m.token });
      return;
    }
    if (reloading) return;
    // another user (or nobody) is signed in now: refresh, then show the page as he sees it
    void refreshSession(true).finally(reloadSoon);
  });
  shareSession(me);
  document.addEventListener(
    "submit",
    (e) => {
      const form = e.target instanceof HTMLFormElement ? e.target : null;
      if (form && new URL(form.action, location.href).pathname === "/logout") shareSession(0);
    },
    true,
  );
  if (!me) return;
  setInterval(() => {
    if (reloading) return;
    void refreshSession(true).then((outcome) => {
      if (outcome === "gone") reloadSoon();
    });
  }, REFRESH_EVERY_MS);
}
