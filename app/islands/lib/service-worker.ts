/**
 * Registers the site's service worker (app/sw/sw.ts, served at /sw.js) once the page has loaded,
 * so that it never competes with the page's own first requests. Without JavaScript, or in a
 * browser without service workers, nothing changes: pages come from the network as always.
 */
function register() {
  navigator.serviceWorker.register("/sw.js").catch((e) => console.warn("service worker not registered", e));
}

if ("serviceWorker" in navigator) {
  if (document.readyState === "complete") register();
  else addEventListener("load", register, { once: true });
}
