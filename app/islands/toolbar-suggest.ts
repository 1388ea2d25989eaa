/**
 * Suggestions for the toolbar's search box, on every page: a small module with no React and no
 * island runtime, loaded by the site shell (which also registers the service worker, see the imports). Without it the box is a plain GET form to /search.
 * With it the field becomes a combobox: once more than 2 characters are typed it asks `suggest`
 * 200 ms after the last keystroke (older answers are dropped) and lists popular question titles
 * under the box; the arrow keys move through them, Enter or a click puts the chosen title in the
 * field and sends the form (a later answer keeps the chosen title chosen), Escape (the field keeps its text) or leaving the field closes the list.
 */

import { drawSuggestGroup, SUGGEST_COOKIE, SUGGEST_COOKIE_DAYS, suggestGroupOf } from "../lib/experiments";
import "./page-events";
import "./adult-refusal";
// every page registers the service worker that keeps pages for reading offline
import "./lib/service-worker";

// the suggest experiment: a reader's group is drawn once, in his browser, and kept in a cookie the server reads with his events
const groupCookie = document.cookie.split("; ").find((c) => c.startsWith(`${SUGGEST_COOKIE}=`));
if (!suggestGroupOf(groupCookie?.slice(SUGGEST_COOKIE.length + 1))) {
  const group = drawSuggestGroup(crypto.getRandomValues(new Uint32Array(1))[0] / 2 ** 32);
  // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie the server also reads; the Cookie Store API is not in every browser we serve
  document.cookie = `${SUGGEST_COOKIE}=${group}; Max-Age=${SUGGEST_COOKIE_DAYS * 86_400}; Path=/; SameSite=Lax`;
}

const SUGGEST_AFTER = 2;
const DEBOUNCE_MS = 200;

const form = document.querySelector<HTMLFormElement>("form.toolbar-search");
const field = form?.querySelector<HTMLInputElement>("input[name=q]");

if (form && field) {
  const list = document.createElement("div");
  const listId = "toolbar-suggest-list";
  list.id = listId;
  list.className = "search-suggest-list";
  list.setAttribute("role", "listbox");
  list.setAttribute("aria-label", "Подсказки");
  list.hidden = true;
  form.classList.add("toolbar-search-suggest");
  field.insertAdjacentElement("afterend", list);
  const set = (name: string, value: string) => field.setAttribute(name, value);
  set("role", "combobox");
  set("autocomplete", "off");
  set("aria-autocomplete", "list");
  set("aria-controls", listId);
  set("aria-expanded", "false");

  let items: string[] = [];
  let active = -1;
  let asked = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const show = (open: boolean) => {
    list.hidden = !open || items.length === 0;
    set("aria-expanded", String(!list.hidden));
    if (list.hidden) field.removeAttribute("aria-activedescendant");
  };

  const mark = (i: number) => {
    active = i;
    list.childNodes.forEach((el, n) => {
      (el as Element).setAttribute("aria-selected", String(n === i));
    });
    if (i >= 0) set("aria-activedescendant", `${listId}-${i}`);
    else field.removeAttribute("aria-activedescendant");
  };

  const choose = (text: string) => {
    field.value = text;
    show(false);
    form.requestSubmit();
  };

  const draw = (texts: string[]) => {
    // a newer answer keeps the suggestion the reader already moved to, when it is still listed
    const chosen = items[active];
    items = texts;
    list.replaceChildren(
      ...texts.map((text, i) => {
        const option = document.createElement("div");
        option.id = `${listId}-${i}`;
        option.setAttribute("role", "option");
        option.setAttribute("aria-selected", "false");
        option.dataset.testid = "suggestion";
        option.textContent = text;
        // mousedown, not click: the field's blur would close the list first
        option.addEventListener("mousedown", (e) => {
          e.preventDefault();
          choose(text);
        });
        return option;
      }),
    );
    mark(chosen === undefined ? -1 : texts.indexOf(chosen));
    show(true);
  };

  field.addEventListener("input", () => {
    const ask = ++asked;
    clearTimeout(timer);
    const q = field.value;
    if (Array.from(q.trim()).length <= SUGGEST_AFTER) return draw([]);
    timer = setTimeout(async () => {
      const texts = await fetch(`/api/v2/suggest?${new URLSearchParams({ q })}`, { credentials: "same-origin" })
        .then((r) => r.json() as Promise<{ items?: { text: string }[] }>)
        .then((r) => (Array.isArray(r.items) ? r.items.map((x) => x.text) : []))
        .catch(() => []);
      if (ask === asked) draw(texts);
    }, DEBOUNCE_MS);
  });

  field.addEventListener("keydown", (e) => {
    const n = items.length;
    if ((e.key === "ArrowDown" || e.key === "ArrowUp") && n > 0) {
      e.preventDefault();
      show(true);
      mark(e.key === "ArrowDown" ? (active + 1) % n : active <= 0 ? n - 1 : active - 1);
    } else if (e.key === "Escape" && !list.hidden) {
      // the first Escape closes the list; the next one clears the field as usual
      e.preventDefault();
      show(false);
    } else if (e.key === "Enter" && !list.hidden && active >= 0) {
      e.preventDefault();
      choose(items[active]);
    }
  });

  field.addEventListener("blur", () => show(false));
}
