/**
 * The service worker (docs/decisions/0056-installable-offline.md), served at /sw.js for the whole
 * site. Online it changes nothing: every page comes from the network (navigation preload, so the
 * worker's start does not delay it), and a new build takes over at once. Each page a reader opens
 * is kept on the device (at most PAGES_LIMIT, newest first) — a guest's page as it came, a signed-in
 * reader's page as a guest sees it (his own rendering is `no-store`); offline, a kept page is shown
 * with a line saying so, and any other address gets the offline page with the list of kept ones.
 * A page that has gone (404, 410: dropped by a moderator, deleted) is dropped from the device when
 * the reader next asks for it online, and signing out drops them all. It also shows Web Push
 * notifications and opens their page on a click.
 */
import {
  isSignOut,
  keepable,
  OFFLINE_PATH,
  overLimit,
  PAGES_CACHE,
  SAVED_AT,
  SAVED_TITLE,
  stylesheetsOf,
  titleOf,
  withOfflineNote,
  withSavedList,
} from "./offline-pages";
import { notificationOf, safePath } from "./push-view";

/** Replaced by `npm run build` with a digest of the build: a new build is a new worker. */
const VERSION = "__SW_VERSION__";
const BUILD_CACHE = `build-${VERSION}`;

type ExtendableEvent = Event & { waitUntil(p: Promise<unknown>): void };
type PushEvent = ExtendableEvent & { data: { text(): string } | null };
type NotificationEvent = ExtendableEvent & { notification: Notification & { data: { url?: string } } };
type WindowClient = { url: string; focus(): Promise<unknown>; navigate(url: string): Promise<unknown> };
type FetchEvent = ExtendableEvent & { request: Request; preloadResponse: Promise<Response | undefined>; respondWith(r: Promise<Response>): void };
const sw = self as unknown as {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: {
    claim(): Promise<void>;
    matchAll(o: { type: "window"; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<unknown>;
  };
  registration: { navigationPreload?: { enable(): Promise<void> }; showNotification(title: string, options: NotificationOptions): Promise<void> };
  addEventListener(type: "install" | "activate", fn: (e: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", fn: (e: FetchEvent) => void): void;
  addEventListener(type: "push", fn: (e: PushEvent) => void): void;
  addEventListener(type: "notificationclick", fn: (e: NotificationEvent) => void): void;
};

/** The offline page and its stylesheets, as a guest gets them. */
async function keepOfflinePage(): Promise<void> {
  const cache = await caches.open(BUILD_CACHE);
  const res = await fetch(OFFLINE_PATH, { credentials: "omit" });
  if (!res.ok) return;
  const html = await res.clone().text();
  await cache.put(OFFLINE_PATH, res);
  await cache.addAll(stylesheetsOf(html));
}

sw.addEventListener("install", (e) => {
  e.waitUntil(keepOfflinePage().then(() => sw.skipWaiting()));
});

sw.addEventListener("activate", (e) => {
  e.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== BUILD_CACHE && name !== PAGES_CACHE) await caches.delete(name);
      await sw.registration.navigationPreload?.enable();
      await sw.clients.claim();
    })(),
  );
});

/** Keeps a page that was opened: its own response when any cache may keep it, else a guest's. */
async function keep(url: string, res: Response): Promise<void> {
  let page = res;
  if (!keepable(page) && res.status === 200 && /no-store/.test(res.headers.get("cache-control") ?? "")) {
    page = await fetch(url, { credentials: "omit", redirect: "manual" });
  }
  const cache = await caches.open(PAGES_CACHE);
  // a page gone (dropped, deleted, hidden from guests) is not read offline either
  if (page.status === 404 || page.status === 410) await cache.delete(url);
  if (!keepable(page)) return;
  const html = await page.text();
  const headers = new Headers(page.headers);
  headers.set(SAVED_AT, String(Date.now()));
  headers.set(SAVED_TITLE, encodeURIComponent(titleOf(html)));
  await cache.delete(url);
  await cache.put(url, new Response(html, { status: 200, headers }));
  for (const href of stylesheetsOf(html)) if (!(await cache.match(href))) await cache.add(href).catch(() => undefined);
  const pages = (await cache.keys()).filter((r) => !new URL(r.url).pathname.startsWith("/assets/"));
  for (const old of overLimit(pages)) await cache.delete(old);
}

/** Offline: the page as kept, with a line saying so; else the offline page listing what is kept. */
async function offline(url: string): Promise<Response> {
  const pages = await caches.open(PAGES_CACHE);
  const hit = await pages.match(url);
  if (hit) {
    const html = withOfflineNote(await hit.text(), Number(hit.headers.get(SAVED_AT)) || Date.now());
    return new Response(html, { status: 200, headers: hit.headers });
  }
  const page = await caches.match(OFFLINE_PATH, { cacheName: BUILD_CACHE });
  if (!page) return new Response("Нет подключения к интернету.", { status: 503, headers: { "content-type": "text/plain; charset=utf-8" } });
  const kept = [];
  for (const req of [...(await pages.keys())].reverse()) {
    if (new URL(req.url).pathname.startsWith("/assets/")) continue;
    const res = await pages.match(req);
    kept.push({ url: new URL(req.url).pathname + new URL(req.url).search, title: decodeURIComponent(res?.headers.get(SAVED_TITLE) ?? "") });
  }
  return new Response(withSavedList(await page.text(), kept), { status: 200, headers: page.headers });
}

async function navigate(e: FetchEvent): Promise<Response> {
  try {
    const res = (await e.preloadResponse) ?? (await fetch(e.request));
    e.waitUntil(keep(e.request.url.split("#")[0], res.clone()).catch(() => undefined));
    return res;
  } catch {
    return offline(e.request.url.split("#")[0]);
  }
}

sw.addEventListener("fetch", (e) => {
  const req = e.request;
  const url = new URL(req.url);
  if (url.origin !== sw.location.origin) return;
  if (isSignOut(req.method, url.pathname)) {
    e.waitUntil(caches.delete(PAGES_CACHE));
    return;
  }
  if (req.method !== "GET") return;
  if (req.mode === "navigate") e.respondWith(navigate(e));
  // stylesheets are named by their content: the copy kept for offline reading is as good as the network's
  else if (url.pathname.startsWith("/assets/") && url.pathname.endsWith(".css")) e.respondWith(caches.match(req).then((hit) => hit ?? fetch(req)));
});

// Web Push (docs/decisions/0057): shown in Russian with the question's title; one question's pushes share a tag
sw.addEventListener("push", (e) => {
  const { title, options } = notificationOf(e.data?.text() ?? "");
  e.waitUntil(sw.registration.showNotification(title, options));
});

// a click opens the page it is about: in a tab of the site already open, else in a new one
sw.addEventListener("notificationclick", (e) => {
  e.notification.close();
  const url = new URL(safePath(e.notification.data?.url), sw.location.origin).href;
  e.waitUntil(
    (async () => {
      const tabs = await sw.clients.matchAll({ type: "window", includeUncontrolled: true });
      const tab = tabs.find((t) => new URL(t.url).origin === sw.location.origin);
      if (tab) {
        try {
          await tab.navigate(url);
          await tab.focus();
          return;
        } catch {
          // a tab this worker does not control cannot be sent elsewhere: a new one opens
        }
      }
      await sw.clients.openWindow(url);
    })(),
  );
});
