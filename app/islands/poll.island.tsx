/**
 * The poll: the options with their counts (each a who-voted list) and
 * the number of people who voted, and, while the reader may vote, the voting form — radio
 * buttons for a single-choice poll, checkboxes for a multiple-choice one. Server-rendered as the
 * plain form to the form door; hydrated, a vote with nothing chosen shows the pop-up, and a vote
 * goes through call() and updates the results in place.
 */
import { ERR } from "../lib/errids";
import { useState } from "react";
import { countOf, PEOPLE, PERSON_VOTED, plural, POINT, VOTE } from "../lib/plural";
import { PollForm } from "../components/forms";
import { call } from "./lib/call";
import { showPopup } from "./lib/dialogs";
import Voters from "./voters.island";

export const EMPTY_CHOICE_TITLE = "Опрос";
export const EMPTY_CHOICE_TEXT = "Просьба выбрать вариант ответа в опросе";

export type PollOption = { id: number; text: string; votes: number };
export type PollProps = {
  qid: number;
  type: "S" | "C";
  options: PollOption[];
  totalVoted: number;
  /** the reader may vote now (open poll, not yet voted) */
  canVote: boolean;
  back: string;
};

/** The counts after a vote: the reply's per-option counts where given, else the old ones. */
export function applyPollResult(options: PollOption[], counted: { optid: number; votes: number }[] | undefined): PollOption[] {
  const counts = new Map((counted ?? []).map((o) => [Number(o.optid), Number(o.votes)]));
  return options.map((o) => (counts.has(o.id) ? { ...o, votes: counts.get(o.id)! } : o));
}

/** The option ids a poll form holds checked. */
export function chosenOptions(form: HTMLFormElement): number[] {
  return Array.from(form.querySelectorAll<HTMLInputElement>('input[name="vote"]'))
    .filter((i) => i.checked)
    .map((i) => Number(i.value));
}

export default function Poll(p: PollProps) {
  const [options, setOptions] = useState(p.options);
  const [total, setTotal] = useState(p.totalVoted);
  const [open, setOpen] = useState(p.canVote);
  const [mine, setMine] = useState<number[]>([]);
  const [dpoints, setDpoints] = useState(0);
  const [busy, setBusy] = useState(false);
  const max = Math.max(1, ...options.map((o) => o.votes));

  const submit = async (e: React.FormEvent) => {
    const form = e.target as HTMLFormElement;
    if (form.tagName !== "FORM") return;
    e.preventDefault();
    if (busy) return;
    const vote = chosenOptions(form);
    if (vote.length === 0) {
      showPopup(EMPTY_CHOICE_TITLE, EMPTY_CHOICE_TEXT);
      return;
    }
    setBusy(true);
    const r = await call("votepoll", { qid: p.qid, vote });
    setBusy(false);
    if (r.ok) {
      setOptions((opts) => applyPollResult(opts, r.data.options));
      if (typeof r.data.total_voted === "number") setTotal(r.data.total_voted);
      setMine(vote);
      setDpoints(Number(r.data.dpoints ?? 0));
      setOpen(false);
    } else if (r.errid === ERR.alreadyVotedInPoll || r.errid === ERR.pollClosed) {
      // already voted, or the poll closed: no form any more
      setOpen(false);
    }
  };

  return (
    <>
      <section className="poll-view" data-testid="poll">
        <div className="muted">{p.type === "S" ? "Опрос: один вариант ответа" : "Опрос: несколько вариантов ответа"}</div>
        <ul className="poll">
          {options.map((o) => (
            <li key={o.id} data-testid="poll-option" className={mine.includes(o.id) ? "poll-mine" : undefined}>
              {o.text} —{" "}
              <Voters of={{ call: "whovoted", optid: o.id }} count={o.votes} label={<strong data-testid="poll-votes">{countOf(o.votes, VOTE)}</strong>} />
              <progress className="bar" value={o.votes} max={max} />
            </li>
          ))}
        </ul>
        <div className="muted" data-testid="poll-total">
          {`${plural(total, PERSON_VOTED)} ${countOf(total, PEOPLE)}`}
        </div>
        {mine.length > 0 ? (
          <div className="voted" data-testid="poll-voted">
            {dpoints > 0 ? `Ваш голос учтён (+${countOf(dpoints, POINT)})` : "Ваш голос учтён"}
          </div>
        ) : null}
      </section>
      {open ? (
        <div className="poll-form-box" onSubmit={submit}>
          <PollForm qid={p.qid} type={p.type} options={options} back={p.back} />
        </div>
      ) : null}
    </>
  );
}
