/**
 * The vote and mark controls of one answer: the vote for the best answer
 * in state V, the owner's choice of the best answer, the owner's like / dislike marks
 * (can-do-sps → is-sps or is-not-sps, and back) and the «полезный ответ» mark with its
 * who-marked list. Server-rendered as plain forms to the form door; hydrated, each acts through
 * call() and updates in place.
 */
import { ERR } from "../lib/errids";
import { useEffect, useRef, useState } from "react";
import { countOf, POINT, VOTE } from "../lib/plural";
import type { CallResult } from "./lib/call";
import { ActionButton, MarkControl } from "./voters.island";
import { AnswerEdit, type AnswerEditProps } from "./lib/answer-edit";

export type AnswerActionsProps = {
  qid: number;
  aid: number;
  signedIn: boolean;
  /** may vote for the best answer now (state V, not the owner, not an answerer, not yet voted) */
  vote: boolean;
  /** the owner may choose this answer as the best */
  selectBest: boolean;
  /** the reader is the question's owner: the like / dislike marks */
  owner: boolean;
  canthStatus: number;
  /** the reader may mark this answer (not his own) */
  canMark: boolean;
  marked: boolean;
  totalmarks: number;
  /** the author may edit his answer now: its text as he typed it */
  edit?: Pick<AnswerEditProps, "text" | "source">;
};

/** The cross-island signal that the reader has voted (or failed to) on a question: every vote button goes. */
export const BEST_VOTE_EVENT = "otv:bestvote";

/** Questions the reader voted on in this page's life (one module instance for every island): islands hydrating later read it. */
const votedOn = new Set<number>();

export function announceBestVote(qid: number, counted: boolean) {
  votedOn.add(qid);
  window.dispatchEvent(new CustomEvent(BEST_VOTE_EVENT, { detail: { qid, counted } }));
}

/** Hides the vote control of this island when the reader voted elsewhere on the page. */
export function useBestVoteGone(qid: number, onGone: () => void) {
  // one listener per question; it always calls the latest callback
  const gone = useRef(onGone);
  gone.current = onGone;
  useEffect(() => {
    if (votedOn.has(qid)) gone.current();
    const f = (e: Event) => {
      if ((e as CustomEvent<{ qid: number }>).detail?.qid === qid) gone.current();
    };
    window.addEventListener(BEST_VOTE_EVENT, f);
    return () => window.removeEventListener(BEST_VOTE_EVENT, f);
  }, [qid]);
}

export type Reaction = "thanks" | "unthanks" | "notimportant" | "unnotimportant";
export const SPS_CLASS: Record<number, string> = { 0: "can-do-sps", 1: "is-sps", [-1]: "is-not-sps" };

/**
 * The owner's mark after a reaction call: thanks → 1 (is-sps), notimportant → −1 (is-not-sps),
 * the undos → 0 (can-do-sps). A refusal that tells how the answer really stands moves there
 * (already liked or another mark on thanks, another mark on notimportant, already hidden);
 * any other failure leaves the mark as it was.
 */
export function spsAfter(kind: Reaction, current: number, ok: boolean, errid?: number): number {
  if (ok) return kind === "thanks" ? 1 : kind === "notimportant" ? -1 : 0;
  if (kind === "thanks" && errid === ERR.alreadyLiked) return 1;
  if (kind === "thanks" && errid === ERR.reactionTaken) return -1;
  if (kind === "notimportant" && errid === ERR.reactionTaken) return 1;
  if (kind === "notimportant" && errid === ERR.answerAlreadyHidden) return -1;
  return current;
}

/** The text of the answer's rating after a vote: the rating shown on the page, plus one. */
function bumpRating(aid: number) {
  const el = document.querySelector<HTMLElement>(`#answer-${aid} [data-rating]`);
  if (!el) return;
  const n = Number(el.dataset.rating ?? 0) + 1;
  el.dataset.rating = String(n);
  el.textContent = countOf(n, VOTE);
}

/** The answer's own markup outside the island follows the owner's mark: its class and the 'liked' line. */
function reflectSps(aid: number, status: number) {
  const article = document.getElementById(`answer-${aid}`);
  if (!article) return;
  for (const c of Object.values(SPS_CLASS)) article.classList.remove(c);
  article.classList.add(SPS_CLASS[status] ?? "can-do-sps");
  for (const l of article.querySelectorAll<HTMLElement>(":scope > .liked")) l.hidden = status !== 1;
}

export default function AnswerActions(p: AnswerActionsProps) {
  const back = `/question/${p.qid}#answer-${p.aid}`;
  const [vote, setVote] = useState<"can" | "done" | "gone">(p.vote ? "can" : "gone");
  const [dpoints, setDpoints] = useState(0);
  const [sps, setSps] = useState(p.canthStatus);
  useBestVoteGone(p.qid, () => setVote((v) => (v === "can" ? "gone" : v)));

  const voted = (r: CallResult) => {
    if (r.ok) {
      setVote("done");
      setDpoints(Number(r.data.dpoints ?? 0));
      bumpRating(p.aid);
    }
    // a failed vote takes the vote away too; a vote already counted (213) is a vote
    else setVote(!r.ok && r.errid === ERR.alreadyVoted ? "done" : "gone");
    announceBestVote(p.qid, r.ok);
  };
  const react = (kind: Reaction) => (r: CallResult) => {
    const next = spsAfter(kind, sps, r.ok, r.ok ? undefined : r.errid);
    setSps(next);
    reflectSps(p.aid, next);
  };
  const field = { aid: p.aid };

  return (
    <>
      {vote === "can" ? (
        <ActionButton
          name="votefor"
          back={back}
          fields={{ qid: p.qid, aid: p.aid }}
          label="Голосовать за этот ответ"
          testId="votefor"
          signedIn={p.signedIn}
          onDone={voted}
        />
      ) : vote === "done" ? (
        <span className="voted" data-testid="vote-done">
          {dpoints > 0 ? `Ваш голос учтён (+${countOf(dpoints, POINT)})` : "Ваш голос учтён"}
        </span>
      ) : null}
      {p.selectBest ? (
        <ActionButton
          name="selectbest"
          back={`/question/${p.qid}`}
          fields={field}
          label="Выбрать лучшим"
          testId="selectbest"
          signedIn={p.signedIn}
          // the best answer moves out of the list and the question is resolved: the page reloads
          onDone={(r) => r.ok && location.assign(`/question/${p.qid}`)}
        />
      ) : null}
      {p.owner ? (
        <span className={`sps ${SPS_CLASS[sps] ?? "can-do-sps"}`} data-testid="sps" data-state={SPS_CLASS[sps]}>
          {sps === 1 ? (
            <>
              <span className="sps-note">Вам понравился этот ответ</span>
              <ActionButton name="unthanks" back={back} fields={field} label="Отменить «Нравится»" signedIn={p.signedIn} onDone={react("unthanks")} />
            </>
          ) : sps === -1 ? (
            <>
              <span className="sps-note">Ответ скрыт</span>
              <ActionButton name="unnotimportant" back={back} fields={field} label="Показать ответ" signedIn={p.signedIn} onDone={react("unnotimportant")} />
            </>
          ) : (
            <>
              <ActionButton name="thanks" back={back} fields={field} label="Нравится" testId="thanks" signedIn={p.signedIn} onDone={react("thanks")} />
              <ActionButton name="notimportant" back={back} fields={field} label="Не нравится" signedIn={p.signedIn} onDone={react("notimportant")} />
            </>
          )}
        </span>
      ) : null}
      {p.edit ? <AnswerEdit qid={p.qid} aid={p.aid} text={p.edit.text} source={p.edit.source} /> : null}
      <MarkControl
        target={field}
        back={back}
        signedIn={p.signedIn}
        canMark={p.canMark}
        marked={p.marked}
        total={p.totalmarks}
        labels={{ mark: "Полезный ответ", unmark: "Убрать отметку", done: "Отмечено" }}
      />
    </>
  );
}
