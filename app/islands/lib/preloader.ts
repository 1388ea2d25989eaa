/**
 * The preloader: a call the reader is waiting for that has not answered within PRELOADER_AFTER_MS
 * shows a small «Загрузка…» status at the top of the window until every such call has answered.
 * Background calls (the session's periodic refresh) do not show it.
 */
export const PRELOADER_AFTER_MS = 250;

let pending = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let shown: HTMLElement | null = null;

function show() {
  shown = document.createElement("div");
  shown.className = "preloader";
  shown.setAttribute("role", "status");
  shown.dataset.testid = "preloader";
  shown.textContent = "Загрузка…";
  document.body.appendChild(shown);
}

/** A call started: returns the function to call when it has answered (or failed). */
export function pendingCall(): () => void {
  if (++pending === 1) timer = setTimeout(show, PRELOADER_AFTER_MS);
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    if (--pending > 0) return;
    clearTimeout(timer);
    shown?.remove();
    shown = null;
  };
}
