/**
 * Who voted and who marked: a count that, hovered, shows a tooltip with
 * up to 5 avatars (links to the profiles) and a 'more' button exactly when the tooltip is full
 * (5); a click on the count or on 'more' opens the pop-up list, 20 a page with 'Показать ещё'.
 * `whovoted` {qid | optid, p} lists best-answer or poll voters; `marked` {qid | aid, p, n} who
 * marked a question or an answer. Also the small helpers the vote and mark islands share.
 */
import { ERR } from "../lib/errids";
import { avatarSrc } from "../lib/photos";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { call, type CallResult } from "./lib/call";

export const TOOLTIP_SIZE = 5;
export const LIST_PAGE = 20;

export type VotersOf = { call: "whovoted"; qid?: number; optid?: number } | { call: "marked"; qid?: number; aid?: number };
export type Voter = { id: number; nick: string; lvl?: number; filin?: string | null };

/** The tooltip's share of the first page: up to 5 voters, and 'more' exactly when it is full. */
export function tooltipView(users: Voter[]): { shown: Voter[]; more: boolean } {
  const shown = users.slice(0, TOOLTIP_SIZE);
  return { shown, more: shown.length === TOOLTIP_SIZE };
}

/** Whether the list has a further page: the last page came full and fewer than the total are loaded. */
export function hasMore(loaded: number, lastPage: number, total: number): boolean {
  return lastPage === LIST_PAGE && loaded < total;
}

async function fetchPage(of: VotersOf, p: number): Promise<{ users: Voter[]; total: number } | null> {
  const { call: name, ...ids } = of;
  const r = await call(name, { ...ids, p, ...(name === "marked" ? { n: LIST_PAGE } : {}) }, { method: "GET" });
  if (!r.ok) return null;
  return { users: (r.data.users ?? []) as Voter[], total: Number(r.data.total ?? 0) };
}

/** A small avatar: the user's own picture of this site, else the first letter of the nick. */
export function VoterAvatar({ user }: { user: Voter }) {
  const pic = avatarSrc(user.filin, 28);
  return (
    <a className="voter" href={`/profile/id${user.id}`} title={user.nick} data-testid="voter">
      {pic ? (
        <img className="voter-pic" src={pic} alt={user.nick} width={28} height={28} />
      ) : (
        <span className="voter-pic voter-empty" role="img" aria-label={user.nick}>
          {Array.from(user.nick)[0]?.toUpperCase() ?? "?"}
        </span>
      )}
    </a>
  );
}

/** The pop-up list: a native <dialog>, 20 a page. */
function VotersList({ of, title, first, onClose }: { of: VotersOf; title: string; first: { users: Voter[]; total: number }; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [users, setUsers] = useState(first.users);
  const [last, setLast] = useState(first.users.length);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);
  const more = async () => {
    setBusy(true);
    const page = await fetchPage(of, users.length);
    setBusy(false);
    if (!page) return;
    setUsers([...users, ...page.users]);
    setLast(page.users.length);
  };
  return (
    <dialog ref={ref} className="popup voters-list" data-testid="voters-list" onClose={onClose}>
      <button type="button" className="popup-close" aria-label="Закрыть" onClick={() => ref.current?.close()}>
        ×
      </button>
      <h2 className="popup-title">{title}</h2>
      <ul>
        {users.map((u) => (
          <li key={u.id}>
            <VoterAvatar user={u} /> <a href={`/profile/id${u.id}`}>{u.nick}</a>
          </li>
        ))}
      </ul>
      {hasMore(users.length, last, first.total) ? (
        <button type="button" className="btn btn-small" disabled={busy} onClick={more}>
          Показать ещё
        </button>
      ) : null}
    </dialog>
  );
}

/**
 * The count and, hydrated, its tooltip and list. The first page is fetched once per count. With
 * `href` (an answer's marks: /ansmarks/{aid}) the count is a link to the page of the same list, so
 * that it works without JavaScript; hydrated, a plain click opens the pop-up instead. Without it
 * the count is a button, which does nothing until the island runs.
 */
export default function Voters({ of, count, label, title, href }: { of: VotersOf; count: number; label?: ReactNode; title?: string; href?: string }) {
  const box = useRef<HTMLSpanElement>(null);
  const [page, setPage] = useState<{ users: Voter[]; total: number; count: number } | null>(null);
  const [tip, setTip] = useState(false);
  const [list, setList] = useState(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>();
  const heading = title ?? (of.call === "marked" ? "Отметили" : "Проголосовали");

  const load = async () => {
    if (page && page.count === count) return page;
    const got = await fetchPage(of, 0);
    if (!got) return null;
    const next = { ...got, count };
    setPage(next);
    return next;
  };
  const show = () => {
    clearTimeout(hideTimer.current);
    if (count <= 0) return;
    setTip(true);
    void load();
  };
  const hide = () => {
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setTip(false), 300);
  };
  const open = async () => {
    if (count <= 0) return;
    setTip(false);
    if (await load()) setList(true);
  };
  // hydrated by the very hover that should show the tooltip: show it now
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once at hydration; later hovers call show themselves
  useEffect(() => {
    if (box.current?.matches(":hover")) show();
    return () => clearTimeout(hideTimer.current);
  }, []);

  const view = page && page.count === count ? tooltipView(page.users) : null;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the hover/focus area of the tooltip; the button inside is what a keyboard reaches
    <span className="voters" ref={box} onPointerEnter={show} onPointerLeave={hide} onFocus={show} onBlur={hide}>
      {href ? (
        <a
          className="voters-count"
          href={href}
          title="Кто отметил"
          data-testid="voters-count"
          onClick={(e) => {
            // a new tab or window (a modified or middle click) follows the link
            if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
            e.preventDefault();
            void open();
          }}
        >
          {label ?? count}
        </a>
      ) : (
        <button type="button" className="voters-count" data-testid="voters-count" onClick={open} aria-haspopup="dialog">
          {label ?? count}
        </button>
      )}
      {tip && view && view.shown.length > 0 ? (
        <span className="voters-tip" data-testid="voters-tip" role="tooltip">
          {view.shown.map((u) => (
            <VoterAvatar key={u.id} user={u} />
          ))}
          {view.more ? (
            <button type="button" className="voters-more" data-testid="voters-more" onClick={open}>
              ещё
            </button>
          ) : null}
        </span>
      ) : null}
      {list && page ? <VotersList of={of} title={heading} first={page} onClose={() => setList(false)} /> : null}
    </span>
  );
}

/** The need-auth marker (as island.tsx's needAuth, which islands must not import: it pulls the build manifest). */
export function needAuth(signedIn: boolean): { "data-need-auth"?: "" } {
  return signedIn ? {} : { "data-need-auth": "" };
}

/**
 * A one-button form to the form door (the same markup as CallButton, so it works without
 * JavaScript), which, hydrated, runs the call through call() and hands the result over.
 */
export function ActionButton({
  name,
  back,
  fields,
  label,
  testId,
  signedIn,
  onDone,
  className,
}: {
  name: string;
  back: string;
  fields: Record<string, string | number>;
  label: ReactNode;
  testId?: string;
  signedIn: boolean;
  onDone: (r: CallResult) => void;
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    const r = await call(name, fields);
    setBusy(false);
    onDone(r);
  };
  return (
    <form method="post" action={`/do/${name}?return=${encodeURIComponent(back)}`} className="inline-form" data-testid={testId} onSubmit={submit}>
      {Object.entries(fields).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={String(v)} />
      ))}
      <button className={className ?? "btn btn-small"} type="submit" disabled={busy} {...needAuth(signedIn)}>
        {label}
      </button>
    </form>
  );
}

/** How long the mark button shows its new state before it re-renders in its normal look. */
export const MARK_RESTORE_MS = 3000;

/**
 * The «нравится» mark of a question or an answer: the button, the count with its who-marked
 * tooltip; after a mark the button shows 'Отмечено' for 3 s, then its normal look again.
 */
export function MarkControl({
  target,
  back,
  signedIn,
  canMark,
  marked: markedAtFirst,
  total: totalAtFirst,
  labels,
}: {
  target: { qid: number } | { aid: number };
  back: string;
  signedIn: boolean;
  /** false for one's own item: only the count */
  canMark: boolean;
  marked: boolean;
  total: number;
  labels: { mark: string; unmark: string; done: string };
}) {
  const [marked, setMarked] = useState(markedAtFirst);
  const [total, setTotal] = useState(totalAtFirst);
  const [flash, setFlash] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const of: VotersOf = "qid" in target ? { call: "marked", qid: target.qid } : { call: "marked", aid: target.aid };
  const done = (r: CallResult, nowMarked: boolean) => {
    const errid = r.ok ? null : r.errid;
    if (r.ok) {
      if (typeof r.data.totalmarks === "number") setTotal(r.data.totalmarks);
    } else if (errid !== ERR.alreadyMarked && errid !== ERR.notMarked) return;
    // already marked or not marked: the page was stale; show how it stands
    setMarked(nowMarked);
    if (r.ok && nowMarked) {
      setFlash(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setFlash(false), MARK_RESTORE_MS);
    }
  };
  return (
    <span className={marked ? "mark mark-on" : "mark"} data-testid="mark">
      {!canMark ? null : flash ? (
        <button type="button" className="btn btn-small mark-done" data-testid="mark-done" disabled>
          {labels.done}
        </button>
      ) : marked ? (
        <ActionButton name="unmark" back={back} fields={target} label={labels.unmark} signedIn={signedIn} testId="unmark" onDone={(r) => done(r, false)} />
      ) : (
        <ActionButton name="mark" back={back} fields={target} label={labels.mark} signedIn={signedIn} testId="mark-button" onDone={(r) => done(r, true)} />
      )}
      <Voters of={of} count={total} label={<span data-testid="mark-count">{total}</span>} href={"aid" in target ? `/ansmarks/${target.aid}` : undefined} />
    </span>
  );
}
