/**
 * The onboarding tour as a dialog, without React: a user who has a tour due gets this island (the
 * server's notice inside it is the way in without JavaScript). It opens the tour at once as a
 * modal dialog (the native <dialog>: the page behind it is inert, focus stays inside, Escape
 * closes it) and hides the notice. Each page asks yes or no; the answer is recorded (savepress
 * {tour, type: "{page}value", value}) and decides the next page. The first page records that it was
 * shown (1shown; the welcome tour also loginfirst); finishing or closing the tour ends it
 * (overlay_shown), and the server offers it no more.
 */
import { TOUR_PAGES, type TourNext, type TourProps } from "../lib/tours";
import { call } from "./lib/call";

function node<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string) {
  const n = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, v);
  if (text !== undefined) n.textContent = text;
  return n;
}

const record = (fields: Record<string, string>) => call("savepress", fields, { quiet: true });

export function mount(el: HTMLElement, props: TourProps) {
  const { tour, facts } = props;
  const pages = TOUR_PAGES[tour];
  const notice = el.querySelector<HTMLElement>(".tour-notice");
  if (notice) notice.hidden = true;

  const d = node("dialog", {
    class: "popup tour-dialog",
    role: "dialog",
    "aria-modal": "true",
    "aria-labelledby": "tour-dialog-title",
    "data-testid": "tour-dialog",
  });
  const close = node("button", { type: "button", class: "popup-close", "aria-label": "Закрыть знакомство" }, "×");
  const steps = node("p", { class: "tour-steps" });
  const title = node("h2", { class: "popup-title", id: "tour-dialog-title" });
  const text = node("p", { class: "popup-text" });
  const question = node("p", { class: "tour-question" });
  const yes = node("button", { type: "button", class: "btn" });
  const no = node("button", { type: "button", class: "btn btn-secondary" });
  const actions = node("div", { class: "tour-actions" });
  actions.appendChild(yes);
  actions.appendChild(no);
  for (const n of [close, steps, title, text, question, actions]) d.appendChild(n);

  let ended = false;
  let at = 1;
  const end = async (href?: string) => {
    if (ended) return;
    ended = true;
    await call("overlay_shown", { tour }, { quiet: true });
    if (d.open) d.close();
    if (href) location.assign(href);
  };

  const show = (page: number) => {
    at = page;
    const p = pages[page - 1];
    steps.textContent = `Шаг ${page} из ${pages.length}`;
    title.textContent = p.title;
    text.textContent = p.text(facts);
    question.textContent = p.question;
    yes.textContent = p.yesLabel ?? "Да";
    no.textContent = p.noLabel ?? "Нет";
    yes.focus();
  };

  const answer = async (value: "0" | "1", next: TourNext) => {
    await record({ tour, type: `${at}value`, value });
    if ("page" in next) show(next.page);
    else await end(next.href);
  };

  yes.addEventListener("click", () => void answer("1", pages[at - 1].yes));
  no.addEventListener("click", () => void answer("0", pages[at - 1].no));
  close.addEventListener("click", () => void end());
  // focus stays inside: Tab from the last button goes to the first and Shift+Tab from the first to
  // the last (a modal dialog alone lets it leave for the browser's own controls)
  d.addEventListener("keydown", (e) => {
    if (e.key !== "Tab") return;
    const buttons = [close, yes, no];
    const i = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = e.shiftKey ? (i <= 0 ? buttons.length - 1 : i - 1) : i === buttons.length - 1 || i < 0 ? 0 : i + 1;
    e.preventDefault();
    buttons[next].focus();
  });
  // Escape (the dialog's cancel) and any other way the dialog closes end the tour too
  d.addEventListener("close", () => {
    void end();
    d.remove();
  });

  document.body.appendChild(d);
  d.showModal();
  show(1);
  void record({ tour, type: "1shown", value: "1" });
  if (tour === "welcome") void record({ tour, type: "loginfirst", value: "1" });
}
