/**
 * The image viewer over the page, without React. The server's markup is a link per photo to its
 * own page (/photo/{pid}: the viewer that works without JavaScript); here a click on one opens it
 * over the page instead: previous and next among the photos of the same question, answer or
 * comment, wrapping around; close by the button, a click beside the photo or Escape; the arrow
 * keys go back and forth. The photo keeps 50 px clear at the sides and 60 px above and below.
 */
export const MARGIN_X = 50;
export const MARGIN_Y = 60;

type Viewer = { root: HTMLElement; img: HTMLImageElement; count: HTMLElement; links: HTMLAnchorElement[]; at: number; back: Element | null };

let current: Viewer | null = null;

function show(v: Viewer, at: number) {
  const n = v.links.length;
  v.at = ((at % n) + n) % n;
  const link = v.links[v.at];
  const thumb = link.querySelector("img");
  v.img.src = link.dataset.big ?? thumb?.src ?? "";
  v.img.alt = `Фото ${v.at + 1} из ${n}`;
  v.count.textContent = n > 1 ? `${v.at + 1} из ${n}` : "";
}

function close() {
  if (!current) return;
  current.root.remove();
  document.removeEventListener("keydown", onKey);
  (current.back as HTMLElement | null)?.focus?.();
  current = null;
}

function onKey(e: KeyboardEvent) {
  if (!current) return;
  if (e.key === "Escape") close();
  else if (e.key === "ArrowLeft") show(current, current.at - 1);
  else if (e.key === "ArrowRight") show(current, current.at + 1);
  else return;
  e.preventDefault();
}

function button(label: string, text: string, cls: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement("button");
  b.type = "button";
  b.className = cls;
  b.setAttribute("aria-label", label);
  b.textContent = text;
  b.addEventListener("click", (e) => {
    e.stopPropagation();
    onClick();
  });
  return b;
}

function open(links: HTMLAnchorElement[], at: number) {
  close();
  const root = document.createElement("div");
  root.className = "photo-overlay";
  root.setAttribute("role", "dialog");
  root.setAttribute("aria-modal", "true");
  root.setAttribute("aria-label", "Просмотр фото");
  root.dataset.testid = "photo-overlay";
  root.style.setProperty("--photo-mx", `${MARGIN_X}px`);
  root.style.setProperty("--photo-my", `${MARGIN_Y}px`);
  const img = document.createElement("img");
  img.className = "photo-overlay-img";
  img.addEventListener("click", (e) => e.stopPropagation());
  const count = document.createElement("span");
  count.className = "photo-overlay-count";
  const v: Viewer = { root, img, count, links, at, back: document.activeElement };
  const closeBtn = button("Закрыть", "×", "photo-overlay-close", close);
  for (const child of [img, count, closeBtn]) root.appendChild(child);
  if (links.length > 1) {
    root.appendChild(button("Предыдущее фото", "‹", "photo-overlay-prev", () => show(v, v.at - 1)));
    root.appendChild(button("Следующее фото", "›", "photo-overlay-next", () => show(v, v.at + 1)));
  }
  root.addEventListener("click", close);
  current = v;
  show(v, at);
  document.body.appendChild(root);
  document.addEventListener("keydown", onKey);
  closeBtn.focus();
}

export function mount(_el: HTMLElement) {
  document.addEventListener("click", (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const link = (e.target as Element | null)?.closest?.<HTMLAnchorElement>("a.photo-link");
    if (!link) return;
    const group = link.closest(".photos") ?? link.parentElement;
    const links = Array.from(group?.querySelectorAll<HTMLAnchorElement>("a.photo-link") ?? [link]);
    e.preventDefault();
    open(links, Math.max(0, links.indexOf(link)));
  });
}
