/**
 * The reader's controls on the question itself: watch / unwatch, the
 * «интересный вопрос» mark with its who-marked list, and the vote against all in state V.
 * Server-rendered as plain forms; hydrated, each acts through call() and updates in place.
 */
import { ERR } from "../lib/errids";
import { useEffect, useState } from "react";
import { countOf, PEOPLE, PERSON_VOTED, plural, POINT } from "../lib/plural";
import { announceBestVote, BEST_VOTE_EVENT, useBestVoteGone } from "./answer-actions.island";
import { call } from "./lib/call";
import Voters, { ActionButton, MarkControl } from "./voters.island";

export type QuestionActionsProps = {
  qid: number;
  signedIn: boolean;
  watching: boolean;
  /** the reader may mark the question (not its owner) */
  canMark: boolean;
  marked: boolean;
  totalmarks: number;
  /** may vote against all now (state V, not the owner, not an answerer, not yet voted) */
  voteAgainst: boolean;
  /** state V: the count of best-answer votes with its who-voted list (fetched once hydrated) */
  onVoting?: boolean;
};

export default function QuestionActions(p: QuestionActionsProps) {
  const back = `/question/${p.qid}`;
  const [watching, setWatching] = useState(p.watching);
  const [vote, setVote] = useState<"can" | "done" | "gone">(p.voteAgainst ? "can" : "gone");
  const [dpoints, setDpoints] = useState(0);
  useBestVoteGone(p.qid, () => setVote((v) => (v === "can" ? "gone" : v)));
  const field = { qid: p.qid };
  // the overall count of best-answer votes: read once (whovoted's total), then one more for the reader's own vote
  const [voters, setVoters] = useState<number | null>(null);
  useEffect(() => {
    if (!p.onVoting) return;
    let alive = true;
    void call("whovoted", { qid: p.qid, p: 0 }, { method: "GET", quiet: true }).then((r) => {
      if (alive && r.ok && typeof r.data.total === "number") setVoters((n) => Math.max(n ?? 0, r.data.total));
    });
    const counted = (e: Event) => {
      if ((e as CustomEvent<{ qid: number; counted?: boolean }>).detail?.counted) setVoters((n) => (n === null ? n : n + 1));
    };
    window.addEventListener(BEST_VOTE_EVENT, counted);
    return () => {
      alive = false;
      window.removeEventListener(BEST_VOTE_EVENT, counted);
    };
  }, [p.onVoting, p.qid]);
  return (
    <>
      {watching ? (
        <ActionButton
          name="dropwatch"
          back={back}
          fields={field}
          label="Не следить за вопросом"
          testId="dropwatch"
          signedIn={p.signedIn}
          // 148: not following already
          onDone={(r) => (r.ok || r.errid === ERR.notWatching) && setWatching(false)}
        />
      ) : (
        <ActionButton
          name="startwatch"
          back={back}
          fields={field}
          label="Следить за вопросом"
          testId="startwatch"
          signedIn={p.signedIn}
          onDone={(r) => (r.ok || r.errid === ERR.alreadyWatching) && setWatching(true)}
        />
      )}
      <MarkControl
        target={field}
        back={back}
        signedIn={p.signedIn}
        canMark={p.canMark}
        marked={p.marked}
        total={p.totalmarks}
        labels={{ mark: "Интересный вопрос", unmark: "Убрать отметку", done: "Отмечено" }}
      />
      {vote === "can" ? (
        <ActionButton
          name="voteagainst"
          back={back}
          fields={field}
          label="Против всех"
          testId="voteagainst"
          signedIn={p.signedIn}
          onDone={(r) => {
            if (r.ok) setDpoints(Number(r.data.dpoints ?? 0));
            setVote(r.ok || r.errid === ERR.alreadyVoted ? "done" : "gone");
            announceBestVote(p.qid, r.ok);
          }}
        />
      ) : vote === "done" ? (
        <span className="voted" data-testid="vote-done">
          {dpoints > 0 ? `Ваш голос учтён (+${countOf(dpoints, POINT)})` : "Ваш голос учтён"}
        </span>
      ) : null}
      {voters !== null ? (
        <span className="muted" data-testid="question-voters">
          <Voters of={{ call: "whovoted", qid: p.qid }} count={voters} label={`${plural(voters, PERSON_VOTED)} ${countOf(voters, PEOPLE)}`} />
        </span>
      ) : null}
    </>
  );
}
