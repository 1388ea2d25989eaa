/**
 * The answers list, live — without React, so a guest's question page loads no framework for it.
 * 'Показать ещё ответы' appends the next 20 through `moreanswers` without a reload (its server
 * render, app/components/answers-more.tsx, is the ?p= paging link, which works with JavaScript
 * off), and new answers arrive from the question's room (/ws/question/{qid}) and are drawn with
 * the server's answer markup (./lib/answer-html.ts). While the socket is down the island polls
 * `moreanswers` past the last known answer every 3 s (docs/decisions/0013-quotas-and-live.md). An
 * answer already on the page (the answer form's own, say) is never drawn twice. The room also
 * tells how many people are writing an answer ("2 человека пишут ответ", ./lib/writers-line.ts).
 */
import { connectLive } from "../lib/live-socket";
import { LIMITS } from "../lib/limits";
import { ANSWER, countOf } from "../lib/plural";
import type { AnswerView, LiveAnswer } from "../lib/views";
import { answerHtml } from "./lib/answer-html";
import { fromLive, fromReply, type AnswerReply } from "./lib/answer-view";
import { call } from "./lib/call";
import { pageSession } from "./lib/session";
import { liveUrl } from "./lib/live-url";

export const POLL_MS = 3000;

export type AnswersLiveProps = {
  qid: number;
  /** where this page starts among the answers that are not the best */
  offset: number;
  /** how many the server rendered on this page */
  shown: number;
  /** all answers of the question, and whether one of them is the best (listed apart) */
  anscnt: number;
  best: boolean;
  /** V: the answers show their votes */
  state: string;
  signedIn: boolean;
};

type RoomMessage = { type: string; qid?: number; aid?: number; answer?: LiveAnswer; n?: number };

/** Runs the live list on its server-rendered element (the pager link, or nothing when every answer is shown). */
export function mount(el: HTMLElement, props: AnswersLiveProps): void {
  const { qid } = props;
  let anscnt = props.anscnt;
  let loading = false;
  // where the next page starts (answers on the page past the offset, appended ones included)
  let next = props.offset + props.shown;
  let known: Set<number> | null = null;
  const others = () => anscnt - (props.best ? 1 : 0);

  const isKnown = (id: number) => {
    known ??= new Set([...document.querySelectorAll<HTMLElement>("[data-answer-id]")].map((e) => Number(e.dataset.answerId)));
    return known.has(id) || document.getElementById(`answer-${id}`) !== null;
  };

  /** The 'Показать ещё ответы' link while answers remain past the ones shown (as the server renders it). */
  const syncPager = () => {
    let pager = el.querySelector<HTMLElement>(":scope > .pager");
    if (next >= others()) return pager?.remove();
    if (!pager) {
      pager = document.createElement("div");
      pager.className = "pager";
      const link = document.createElement("a");
      link.className = "btn";
      link.rel = "next";
      link.dataset.testid = "more-answers";
      pager.appendChild(link);
      el.appendChild(pager);
    }
    const link = pager.querySelector("a")!;
    link.href = `/question/${qid}?p=${next}#answers`;
    link.setAttribute("aria-busy", String(loading));
    link.textContent = loading ? "Загружаем…" : "Показать ещё ответы";
  };

  /** Draws answers at the end of the list, before the pager. */
  const append = (views: AnswerView[]) => {
    if (views.length === 0) return;
    const html = views.map((a) => answerHtml(a, { now: Date.now(), showRating: props.state === "V", guest: !props.signedIn })).join("");
    const pager = el.querySelector(":scope > .pager");
    if (pager) pager.insertAdjacentHTML("beforebegin", html);
    else el.insertAdjacentHTML("beforeend", html);
  };

  /** The count heading and the empty-list line live outside the island. */
  const setCount = (n: number) => {
    if (n === anscnt) return;
    anscnt = n;
    const h = document.querySelector('[data-testid="answers-count"]');
    if (h) h.textContent = countOf(anscnt, ANSWER);
    if (anscnt > 0) document.querySelector('[data-testid="no-answers"]')?.remove();
  };

  /** Answers past the last known one: drawn when the list is shown to its end, else only counted. */
  const arrived = (views: AnswerView[], total?: number, draw = true) => {
    const fresh = views.filter((v) => !isKnown(v.id));
    for (const v of fresh) known!.add(v.id);
    const atEnd = next >= others();
    setCount(Math.max(total ?? 0, anscnt + fresh.length));
    if (fresh.length > 0 && atEnd) {
      next += fresh.length;
      if (draw) append(fresh);
    }
    syncPager();
  };

  let poll: ReturnType<typeof setInterval> | null = null;
  const check = async () => {
    const r = await call("moreanswers", { qid, p: others(), n: LIMITS.pageSize }, { method: "GET", quiet: true });
    if (!r.ok) return; // the next tick tries again
    const answers = (r.data.answers ?? []) as AnswerReply[];
    arrived(answers.map(fromReply), Number(r.data.anscnt) || undefined);
  };
  connectLive(liveUrl(`/ws/question/${qid}`), {
    onMessage(data) {
      const m = data as RoomMessage;
      // how many people are writing an answer: the line's code is loaded the first time it is needed
      if (m.type === "writers") return void import("./lib/writers-line").then((w) => w.showWriters(el, Number(m.n) || 0));
      if (m.type !== "answer" || m.qid !== qid || typeof m.aid !== "number") return;
      // the reader's own answer is drawn by the answer form that sent it: only counted here
      if (m.answer) return arrived([fromLive(qid, m.aid, m.answer)], undefined, m.answer.author.id !== pageSession()?.id);
      void call("showans", { aid: m.aid }, { method: "GET", quiet: true }).then((r) => {
        if (r.ok && r.data.answer) arrived([fromReply(r.data.answer as AnswerReply)]);
      });
    },
    onStatus(up) {
      // the socket's state on the island element (stories wait for it)
      el.setAttribute("live", up ? "up" : "down");
      if (up) {
        if (poll) clearInterval(poll);
        poll = null;
        // catch up on what came while the socket was away
        if (known) void check();
      } else if (!poll) {
        poll = setInterval(check, POLL_MS);
      }
    },
  });

  el.addEventListener("click", async (e) => {
    const link = e.target instanceof Element ? e.target.closest('[data-testid="more-answers"]') : null;
    if (!link) return;
    e.preventDefault();
    if (loading) return;
    loading = true;
    syncPager();
    const r = await call("moreanswers", { qid, p: next, n: LIMITS.pageSize }, { method: "GET" });
    loading = false;
    if (r.ok) {
      const answers = ((r.data.answers ?? []) as AnswerReply[]).map(fromReply);
      next += answers.length;
      const fresh = answers.filter((v) => !isKnown(v.id));
      for (const v of fresh) known!.add(v.id);
      append(fresh);
      if (typeof r.data.anscnt === "number") setCount(r.data.anscnt);
      if (answers.length === 0) next = others();
    }
    syncPager();
  });
}
