/**
 * The island client entry: the only script a page loads up front (a module, so never
 * render-blocking). It finds the <otv-island> elements the server rendered and hydrates each with
 * hydrateRoot when it comes near the viewport, when the browser is idle, at once, or as soon as
 * it is touched (pointer or focus) — loading that island's chunk only then, and React only for an
 * island made with it (a plain island's `mount` runs on the server's markup without it). It also
 * turns a guest's click on any need-auth element into the sign-in dialog (the pop-ups' own file is
 * loaded then), keeps the session going
 * while the page is open (lib/session-sync.ts), and says so when an island's file does not arrive
 * within CHUNK_TIMEOUT_MS ('Loading chunk failed', with a retry).
 */
import { startSessionSync } from "./lib/session-sync";
import { pageSession } from "./lib/session";
import type { IslandName } from "./names";
import { ISLANDS } from "./registry";

const started = new WeakSet<Element>();

/** The pop-ups, loaded when one is first shown (a guest's need-auth click, an island that did not arrive). */
const dialogs = () => import("./lib/dialogs");

/** How long an island's files may take to arrive. */
export const CHUNK_TIMEOUT_MS = 120_000;
export const CHUNK_FAILED_TEXT = "Не удалось загрузить часть страницы (Loading chunk failed). Проверьте подключение к интернету и попробуйте ещё раз.";

function inTime<T>(p: Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error("Loading chunk failed")), CHUNK_TIMEOUT_MS);
    p.then(resolve, reject).finally(() => clearTimeout(t));
  });
}

/**
 * One pop-up for every island whose files failed; «Повторить» loads the page again (the browser
 * keeps a module that failed to load as failed for the rest of the document, so asking for it again
 * in place would fail again).
 */
let failedShown = false;
function chunkFailed() {
  if (failedShown) return;
  failedShown = true;
  void dialogs().then((d) => d.showPopup("Ошибка", CHUNK_FAILED_TEXT, [{ label: "Повторить", onClick: () => location.reload() }]));
}

async function hydrate(el: HTMLElement) {
  if (started.has(el)) return;
  started.add(el);
  const name = el.getAttribute("name") as IslandName;
  const load = ISLANDS[name];
  if (!load) return console.error(`unknown island ${name}`);
  const props = JSON.parse(el.getAttribute("props") || "{}");
  try {
    const mod = await inTime(load());
    if ("mount" in mod) {
      // a plain island: no React at all
      (mod.mount as (el: HTMLElement, props: unknown) => void)(el, props);
    } else {
      const [{ hydrateRoot }, { createElement }] = await inTime(Promise.all([import("react-dom/client"), import("react")]));
      hydrateRoot(el, createElement(mod.default as React.ComponentType<Record<string, unknown>>, props));
    }
  } catch (e) {
    // the island's files did not arrive: the server's markup stays usable, and the reader may try again
    console.error(e);
    return chunkFailed();
  }
  el.setAttribute("hydrated", "");
}

const visible =
  typeof IntersectionObserver === "function"
    ? new IntersectionObserver(
        (entries) => {
          for (const e of entries) {
            if (!e.isIntersecting) continue;
            visible!.unobserve(e.target);
            void hydrate(e.target as HTMLElement);
          }
        },
        { rootMargin: "200px" },
      )
    : null;

const idle = (f: () => void) => ("requestIdleCallback" in window ? requestIdleCallback(f, { timeout: 2000 }) : setTimeout(f, 200));

function schedule(el: HTMLElement) {
  if (el.hasAttribute("scheduled")) return;
  el.setAttribute("scheduled", "");
  const when = el.getAttribute("when");
  const now = () => void hydrate(el);
  for (const type of ["pointerover", "focusin", "touchstart"]) el.addEventListener(type, now, { once: true, passive: true });
  if (when === "load") now();
  else if (when === "idle") idle(now);
  else if (visible) visible.observe(el);
  else now();
}

function scan() {
  document.querySelectorAll<HTMLElement>("otv-island").forEach(schedule);
}

startSessionSync();
scan();
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", scan, { once: true });
// islands streamed in later (behind <Suspense>) are picked up as they arrive
new MutationObserver(scan).observe(document.documentElement, { childList: true, subtree: true });

// a guest's click on a need-auth element opens the sign-in dialog
document.addEventListener(
  "click",
  (e) => {
    const target = e.target instanceof Element ? e.target.closest("[data-need-auth]") : null;
    if (!target || pageSession()) return;
    e.preventDefault();
    e.stopPropagation();
    void dialogs().then((d) => d.showSignIn());
  },
  true,
);
