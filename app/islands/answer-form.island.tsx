/**
 * The answer form of the question page. Server-rendered it is the plain form
 * to /do/addans; hydrated, it counts characters (the short form 800, the full form 3800 with the
 * source field; 'Лишние символы: N' when over, sending disabled while over or empty), attaches
 * photos or videos by link and uploads photos (200 characters each, disabled while over; without
 * JavaScript the form's own file field sends a photo with the answer) and sends through
 * call('addans'). The new answer then appears at the end of the list without a reload: its
 * server-rendered markup is taken from /answer/{aid}, so it looks exactly as after a reload.
 * While the reader types, the question's readers see how many people are writing (./lib/writing.ts).
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { LIMITS } from "../lib/limits";
import { ANSWER, countOf } from "../lib/plural";
import { call } from "./lib/call";
import { TextExtras, useTextBox } from "./lib/text-box";
import { answerWriting } from "./lib/writing";

/** `watching`: the reader already follows the question (then no nudge to follow it after answering). */
export type AnswerFormProps = { qid: number; back: string; watching?: boolean };

/** How long the nudge to follow the question stays after answering. */
export const FOLLOW_NUDGE_MS = 5000;

/**
 * After answering: a nudge to follow the question (to learn which answer is chosen the best), with
 * a button that does; it hides by itself after FOLLOW_NUDGE_MS.
 */
function FollowNudge({ qid }: { qid: number }) {
  const [state, setState] = useState<"shown" | "following" | "hidden">("shown");
  useEffect(() => {
    const t = setTimeout(() => setState((s) => (s === "shown" ? "hidden" : s)), FOLLOW_NUDGE_MS);
    return () => clearTimeout(t);
  }, []);
  if (state === "hidden") return null;
  if (state === "following") return <p className="follow-nudge">Вы следите за вопросом</p>;
  return (
    <p className="follow-nudge" data-testid="follow-nudge">
      Следите за вопросом, чтобы узнать, какой ответ выберут лучшим.{" "}
      <button
        type="button"
        className="btn btn-small"
        onClick={async () => {
          if ((await call("startwatch", { qid })).ok) setState("following");
        }}
      >
        Следить
      </button>
    </p>
  );
}

/** Puts the answer's server markup at the end of the list (before `before`, the form) and counts it in the header. */
export async function insertAnswer(aid: number, before: Element): Promise<boolean> {
  // the question's live room (answers-live island) may have drawn it already
  const drawn = () => document.getElementById(`answer-${aid}`);
  const already = drawn();
  if (already) {
    already.scrollIntoView?.({ block: "nearest" });
    return true;
  }
  try {
    const res = await fetch(`/answer/${aid}`, { credentials: "same-origin" });
    if (!res.ok) return false;
    const doc = new DOMParser().parseFromString(await res.text(), "text/html");
    const article = doc.getElementById(`answer-${aid}`);
    // before the live list's own additions (answers-live island), else before the form
    const anchor = document.querySelector('#answers otv-island[name="answers-live"]') ?? before;
    if (!article || !anchor.parentNode) return false;
    if (drawn()) return true;
    for (const s of article.querySelectorAll("script")) s.remove();
    const node = document.importNode(article, true);
    anchor.parentNode.insertBefore(node, anchor);
    // the live list may be drawing the same answer right now: then its copy stays and this one goes
    const watch = new MutationObserver(() => {
      if (document.querySelectorAll(`[id="answer-${aid}"]`).length > 1) {
        node.remove();
        watch.disconnect();
      }
    });
    watch.observe(document.getElementById("answers") ?? document.body, { childList: true, subtree: true });
    setTimeout(() => watch.disconnect(), 15_000);
    // the count as the server has it now (the live list may have counted this answer already)
    const head = document.querySelector('[data-testid="answers-count"]');
    const total = /\((\d+)/.exec(doc.querySelector('[data-testid="all-answers"]')?.textContent ?? "")?.[1];
    if (head && total) head.textContent = countOf(Number(total), ANSWER);
    for (const p of document.querySelectorAll('[data-testid="no-answers"], #answers > p.muted')) {
      if (p.textContent === "Ответов пока нет") p.remove();
    }
    node.scrollIntoView?.({ block: "nearest" });
    return true;
  } catch {
    return false;
  }
}

export default function AnswerForm({ qid, back, watching = false }: AnswerFormProps) {
  const [full, setFull] = useState(false);
  const box = useTextBox(full ? LIMITS.fullAnswer : LIMITS.shortAnswer);
  const source = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  // before hydration (and without JavaScript) the form is the full one: 3800 and the source
  const showSource = !box.hydrated || full;
  // the question's readers see that someone is writing (from his first keystroke until he posts or leaves)
  const writing = useMemo(() => answerWriting(qid), [qid]);
  useEffect(() => () => writing.done(), [writing]);

  async function submit(e: React.FormEvent) {
    // a submit that comes while the island hydrates (React replays it before the text is read into
    // its state) is left to the plain form, which posts as it does without JavaScript
    if (!box.hydrated) return;
    e.preventDefault();
    if (!box.count.ok || busy) return;
    setBusy(true);
    const r = await call("addans", { qid, Body: box.body, source: showSource ? (source.current?.value ?? "") : "" });
    setBusy(false);
    if (r.ok) {
      writing.done();
      const island = form.current?.closest(".answer-form-box") ?? form.current?.closest("otv-island") ?? form.current;
      box.clear();
      if (!island || !(await insertAnswer(Number(r.data.id), island))) return location.reload();
      setSent(true);
    } else if (r.data?.on_moderation) {
      box.clear();
    }
  }

  if (sent)
    return (
      <div role="status">
        <p className="muted" data-testid="answer-sent">
          Ваш ответ добавлен
        </p>
        {watching ? null : <FollowNudge qid={qid} />}
      </div>
    );
  return (
    <form
      ref={form}
      method="post"
      encType="multipart/form-data"
      action={`/do/addans?return=${encodeURIComponent(back)}`}
      className="answer-form"
      data-testid="answer-form"
      onSubmit={submit}
    >
      <input type="hidden" name="qid" value={String(qid)} />
      <label>
        Ваш ответ
        <textarea
          ref={box.ref}
          name="Body"
          required
          maxLength={box.hydrated ? undefined : LIMITS.fullAnswer}
          rows={full ? 10 : 5}
          placeholder="Введите текст ответа"
          onInput={(e) => {
            box.setText(e.currentTarget.value);
            writing.typed();
          }}
        />
      </label>
      <TextExtras box={box} photos />
      {box.hydrated ? null : (
        <label>
          Фото (необязательно)
          <input type="file" name="photo" accept="image/jpeg,image/png,image/gif" />
        </label>
      )}
      {showSource ? (
        <label>
          Источник (необязательно)
          <input ref={source} name="source" maxLength={LIMITS.source} />
        </label>
      ) : null}
      <button className="btn btn-ask" type="submit" disabled={box.hydrated && (!box.count.ok || busy)}>
        Ответить
      </button>
      {box.hydrated ? (
        <>
          {" "}
          <button type="button" className="link-like" aria-pressed={full} onClick={() => setFull(!full)}>
            {full ? "Короткая форма" : "Полная форма"}
          </button>
        </>
      ) : null}
    </form>
  );
}
