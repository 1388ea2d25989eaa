/**
 * The answers list, live: 'Показать ещё ответы' appends the next 20 through `moreanswers` without
 * a reload (its server render is the ?p= paging link, which works with JavaScript off), and new
 * answers arrive from the question's room (/ws/question/{qid}) and are drawn with the server's
 * AnswerItem. While the socket is down the island polls `moreanswers` past the last known answer
 * every 3 s (docs/decisions/0013-quotas-and-live.md). An answer already on the page (the answer
 * form's own, say) is never drawn twice.
 */
import { useEffect, useRef, useState } from "react";
import { connectLive } from "../lib/live-socket";
import { LIMITS } from "../lib/limits";
import { ANSWER, countOf } from "../lib/plural";
import type { AnswerView, LiveAnswer } from "../lib/views";
import { fromLive, fromReply, type AnswerReply } from "./lib/answer-view";
import { call } from "./lib/call";
import { pageSession } from "./lib/session";
import { liveUrl } from "./lib/live-url";

export const POLL_MS = 3000;

// the answer markup (and the comment tree under it) loads only when an answer is to be drawn
type ItemModule = typeof import("../components/answer-item");
let itemModule: Promise<ItemModule> | null = null;
const loadItem = () => (itemModule ??= import("../components/answer-item"));

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

type RoomMessage = { type: string; qid?: number; aid?: number; answer?: LiveAnswer };

export default function AnswersLive(props: AnswersLiveProps) {
  const { qid } = props;
  const [extra, setExtra] = useState<AnswerView[]>([]);
  const [Item, setItem] = useState<ItemModule["AnswerItem"] | null>(null);
  const [anscnt, setAnscnt] = useState(props.anscnt);
  const [loading, setLoading] = useState(false);
  // where the next page starts (answers on the page past the offset, appended ones included)
  const next = useRef(props.offset + props.shown);
  const [, rerender] = useState(0);
  const known = useRef<Set<number> | null>(null);
  const others = anscnt - (props.best ? 1 : 0);

  const isKnown = (id: number) => {
    known.current ??= new Set([...document.querySelectorAll<HTMLElement>("[data-answer-id]")].map((e) => Number(e.dataset.answerId)));
    return known.current.has(id) || document.getElementById(`answer-${id}`) !== null;
  };

  /** Answers past the last known one: drawn when the list is shown to its end, else only counted. */
  const arrived = (views: AnswerView[], total?: number, draw = true) => {
    const fresh = views.filter((v) => !isKnown(v.id));
    for (const v of fresh) known.current!.add(v.id);
    setAnscnt((n) => Math.max(total ?? 0, n + fresh.length));
    if (fresh.length === 0) return;
    const atEnd = next.current >= others;
    if (atEnd) {
      next.current += fresh.length;
      if (draw) append(fresh);
    }
  };

  /** Draws answers at the end of the list, once the answer markup has loaded. */
  const append = (views: AnswerView[]) => {
    if (views.length === 0) return;
    void loadItem().then((m) => {
      setItem(() => m.AnswerItem);
      setExtra((xs) => [...xs, ...views]);
    });
  };
  const arrivedRef = useRef(arrived);
  arrivedRef.current = arrived;
  const othersRef = useRef(others);
  othersRef.current = others;

  // the count heading and the empty-list line live outside the island
  useEffect(() => {
    if (anscnt === props.anscnt) return;
    const h = document.querySelector('[data-testid="answers-count"]');
    if (h) h.textContent = countOf(anscnt, ANSWER);
    if (anscnt > 0) document.querySelector('[data-testid="no-answers"]')?.remove();
  }, [anscnt, props.anscnt]);

  useEffect(() => {
    let poll: ReturnType<typeof setInterval> | null = null;
    const check = async () => {
      const r = await call("moreanswers", { qid, p: othersRef.current, n: LIMITS.pageSize }, { method: "GET", quiet: true });
      if (!r.ok) return; // the next tick tries again
      const answers = (r.data.answers ?? []) as AnswerReply[];
      arrivedRef.current(answers.map(fromReply), Number(r.data.anscnt) || undefined);
    };
    const stop = connectLive(liveUrl(`/ws/question/${qid}`), {
      onMessage(data) {
        const m = data as RoomMessage;
        if (m.type !== "answer" || m.qid !== qid || typeof m.aid !== "number") return;
        // the reader's own answer is drawn by the answer form that sent it: only counted here
        if (m.answer) return arrivedRef.current([fromLive(qid, m.aid, m.answer)], undefined, m.answer.author.id !== pageSession()?.id);
        void call("showans", { aid: m.aid }, { method: "GET", quiet: true }).then((r) => {
          if (r.ok && r.data.answer) arrivedRef.current([fromReply(r.data.answer as AnswerReply)]);
        });
      },
      onStatus(up) {
        // the socket's state on the island element (stories wait for it)
        document.querySelector('otv-island[name="answers-live"]')?.setAttribute("live", up ? "up" : "down");
        if (up) {
          if (poll) clearInterval(poll);
          poll = null;
          // catch up on what came while the socket was away
          if (known.current) void check();
        } else if (!poll) {
          poll = setInterval(check, POLL_MS);
        }
      },
    });
    return () => {
      stop();
      if (poll) clearInterval(poll);
    };
  }, [qid]);

  const more = async (e: React.MouseEvent) => {
    e.preventDefault();
    if (loading) return;
    setLoading(true);
    const r = await call("moreanswers", { qid, p: next.current, n: LIMITS.pageSize }, { method: "GET" });
    setLoading(false);
    if (!r.ok) return;
    const answers = ((r.data.answers ?? []) as AnswerReply[]).map(fromReply);
    next.current += answers.length;
    const fresh = answers.filter((v) => !isKnown(v.id));
    for (const v of fresh) known.current!.add(v.id);
    append(fresh);
    if (typeof r.data.anscnt === "number") setAnscnt(r.data.anscnt);
    if (answers.length === 0) next.current = others;
    rerender((n) => n + 1);
  };

  const now = Date.now();
  const commentLink = (aid: number) => (
    <a className="btn btn-small" href={`/answer/${aid}#comment-form`} {...(props.signedIn ? {} : { "data-need-auth": "" })}>
      Комментировать
    </a>
  );
  return (
    <>
      {Item
        ? extra.map((a) => (
            <Item
              key={a.id}
              answer={a}
              now={now}
              showRating={props.state === "V"}
              allCommentsHref={`/answer/${a.id}`}
              actions={commentLink(a.id)}
              guest={!props.signedIn}
            />
          ))
        : null}
      {next.current < others ? (
        <div className="pager">
          <a className="btn" rel="next" data-testid="more-answers" href={`/question/${qid}?p=${next.current}#answers`} onClick={more} aria-busy={loading}>
            {loading ? "Загружаем…" : "Показать ещё ответы"}
          </a>
        </div>
      ) : null}
    </>
  );
}
