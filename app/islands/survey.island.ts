/**
 * The survey banner of a question page, without React (a guest's page loads no framework for it):
 * 2 s after load, when the question has answers and the reader has no survey cookie, it asks
 * whether he found his answer. 'Да' thanks him and hides after 2 s; 'Нет' offers to ask his own
 * question (the ask page with this question's text) and, in a category with a brand, to ask that
 * brand's experts; × closes it. Any choice sets the cookie for
 * 30 days. Each step is reported as a tracking event (dwh). Without JavaScript there is no banner.
 */
import { call } from "./lib/call";

export const SURVEY_COOKIE = "otv_survey";
export const SURVEY_DELAY_MS = 2000;
export const SURVEY_THANKS_MS = 2000;
export const SURVEY_COOKIE_DAYS = 30;

export type SurveyProps = {
  qid: number;
  qtext: string;
  /** the brand of the question's category: 'Нет' also offers to ask its experts */
  expert?: { bid: number; name: string };
};

function hasSurveyCookie(cookie = document.cookie): boolean {
  return cookie.split(";").some((p) => p.trim().startsWith(`${SURVEY_COOKIE}=`));
}

function setSurveyCookie(value: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie the server also reads; the Cookie Store API is not in every browser we serve
  document.cookie = `${SURVEY_COOKIE}=${value}; Max-Age=${SURVEY_COOKIE_DAYS * 86_400}; Path=/; SameSite=Lax`;
}

/** The ask page prefilled with this question's text (its ?q= of the quick-ask box). */
const askHref = (qtext: string) => `/ask?q=${encodeURIComponent(qtext)}`;

const track = (name: string, qid: number) => void call("dwh", { name, qid }, { quiet: true });

/** An element with a class and a text, or children. */
function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]>): HTMLElementTagNameMap[K] {
  return Object.assign(document.createElement(tag), props);
}

/** Shows the banner in its element 2 s after load (the server renders nothing there). */
export function mount(el: HTMLElement, { qid, qtext, expert }: SurveyProps): void {
  if (hasSurveyCookie()) return;
  let step: "ask" | "thanks" | "no" = "ask";
  const banner = h("aside", { className: "survey" });
  banner.dataset.testid = "survey";
  banner.setAttribute("aria-label", "Опрос");
  const close = h("button", { type: "button", className: "popup-close survey-close", textContent: "×" });
  close.setAttribute("aria-label", "Закрыть");

  const show = (...children: (Node | string)[]) => {
    banner.textContent = "";
    for (const c of [close, ...children]) banner.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
  };
  const text = (t: string) => h("p", { className: "survey-text", textContent: t });
  const button = (label: string, onclick: () => void) => h("button", { type: "button", className: "btn", textContent: label, onclick });

  close.onclick = () => {
    if (step === "ask") setSurveyCookie("closed");
    track("survey_closed", qid);
    banner.remove();
  };
  const yes = () => {
    setSurveyCookie("yes");
    track("survey_answer_found_click", qid);
    step = "thanks";
    show(text("Спасибо за ответ!"));
    setTimeout(() => banner.remove(), SURVEY_THANKS_MS);
  };
  const no = () => {
    setSurveyCookie("no");
    track("survey_answer_notfound_click", qid);
    step = "no";
    /** A link whose tracking event goes first (a navigation would cancel it), at most a moment's wait. */
    const tracked = (label: string, href: string, event: string) => {
      const a = h("a", { className: "btn btn-ask", href, textContent: label });
      a.onclick = (e) => {
        e.preventDefault();
        const go = () => location.assign(a.href);
        void Promise.race([call("dwh", { name: event, qid }, { quiet: true }), new Promise((r) => setTimeout(r, 800))]).then(go, go);
      };
      return a;
    };
    const ask = tracked("Задать вопрос", askHref(qtext), "survey_ask_click");
    if (!expert) return show(text("Не нашли ответ? Задайте свой вопрос — вам ответят."), ask);
    const toExpert = tracked(`Спросить эксперта «${expert.name}»`, `/ask/private-${expert.bid}`, "survey_askexpert_click");
    toExpert.dataset.testid = "survey-askexpert";
    show(text("Не нашли ответ? Задайте свой вопрос — вам ответят, или спросите эксперта."), ask, " ", toExpert);
  };

  setTimeout(() => {
    if (hasSurveyCookie()) return;
    show(text("Вы нашли ответ на свой вопрос?"), button("Да", yes), " ", button("Нет", no));
    el.appendChild(banner);
    track("survey_shown", qid);
  }, SURVEY_DELAY_MS);
}
