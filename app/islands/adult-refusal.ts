/**
 * The adult gate's «Нет», part of the toolbar's script on every page (no imports of its own).
 * Without script the link goes home. With it, a reader who came from another page of this site
 * goes back to it: he could read that page (a page behind the gate sends him to the gate before it
 * shows anything), so refusing closes the gate over the page he was reading, as the original's
 * pop-up closes inside the page behind it.
 */
const refuse = document.querySelector<HTMLAnchorElement>("a[data-adult-no]");

/** The page the reader came from, when it is another page of this site (not the gate itself). */
function cameFrom(): URL | null {
  try {
    const from = document.referrer ? new URL(document.referrer) : null;
    return from && from.origin === location.origin && from.pathname !== location.pathname ? from : null;
  } catch {
    return null;
  }
}

refuse?.addEventListener("click", (e) => {
  const from = cameFrom();
  if (!from) return;
  e.preventDefault();
  // back keeps his place on that page; a page opened in a new tab has no history to go back in
  if (history.length > 1) history.back();
  else location.assign(from.href);
});
