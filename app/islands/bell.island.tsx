/**
 * The notification bell of the toolbar: the
 * unread counter (server-rendered from the user's UserHub), kept live by the /ws socket
 * (hello / notify / count) and, while the socket is down, by polling show_nc every
 * notify_interval seconds (10 by default). A click opens the list (show_bulk, at most half the
 * window high, 'Новых событий нет' when empty). A new notification pops up: at most 3 at once,
 * the next no sooner than 3 s after the previous, each hiding after 30 s; hovering one marks it
 * viewed (bulk_viewed), which lowers the counter; a click closes it. The sound plays when the
 * user's settings allow it (/sounds/notify.mp3, or .ogg where mp3 cannot play). When the server
 * ends the socket because the session ended (signed out elsewhere, banned), the bell neither
 * reconnects nor polls. Without JavaScript the bell is a link to the notification settings.
 */
import { useEffect, useRef, useState } from "react";
import { connectLive } from "../lib/live-socket";
import { call } from "./lib/call";
import { liveUrl } from "./lib/live-url";
import { noticeHref, noticeText, noticeTitle, type NoticeItem } from "../lib/notice-text";

export const POPUP_MAX = 3;
export const POPUP_GAP_MS = 3000;
export const POPUP_HIDE_MS = 30_000;

export type BellProps = {
  unread: number;
  /** seconds between show_nc polls while the socket is down */
  interval: number;
  /** the sound channel is on */
  sound: boolean;
};

type HubMessage = { type: "hello" | "notify" | "count"; unread: number; item?: NoticeItem };

function chime() {
  const probe = new Audio();
  const src = probe.canPlayType("audio/mpeg") ? "/sounds/notify.mp3" : "/sounds/notify.ogg";
  void new Audio(src).play().catch(() => undefined);
}

function Notice({ item, onSeen, testId }: { item: NoticeItem; onSeen: (i: NoticeItem) => void; testId: string }) {
  const text = noticeText(item);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hovering a notification, or focusing its link, marks it viewed; the link is the interactive part
    <div className={item.viewed ? "notice" : "notice notice-new"} data-testid={testId} onMouseEnter={() => onSeen(item)} onFocus={() => onSeen(item)}>
      <a href={noticeHref(item)}>{noticeTitle(item)}</a>
      {text ? <div className="notice-text">{text}</div> : null}
    </div>
  );
}

export default function Bell({ unread: initial, interval, sound }: BellProps) {
  const [unread, setUnread] = useState(initial);
  const [open, setOpen] = useState(false);
  const [list, setList] = useState<NoticeItem[] | null>(null);
  const [popups, setPopups] = useState<NoticeItem[]>([]);
  const queue = useRef<NoticeItem[]>([]);
  const lastShown = useRef(0);
  const pumpTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const visible = useRef(0);
  const seen = useRef(new Set<number>());
  const box = useRef<HTMLDivElement>(null);

  const hide = (nid: number) => {
    setPopups((ps) => {
      const rest = ps.filter((p) => p.nid !== nid);
      visible.current = rest.length;
      return rest;
    });
    setTimeout(pump, 0);
  };

  /** Shows the next queued notification when a place is free and 3 s have passed since the last. */
  function pump() {
    if (pumpTimer.current || queue.current.length === 0 || visible.current >= POPUP_MAX) return;
    const wait = Math.max(0, lastShown.current + POPUP_GAP_MS - Date.now());
    pumpTimer.current = setTimeout(() => {
      pumpTimer.current = null;
      if (visible.current >= POPUP_MAX) return;
      const item = queue.current.shift();
      if (!item) return;
      lastShown.current = Date.now();
      visible.current += 1;
      setPopups((ps) => [...ps, item]);
      setTimeout(() => hide(item.nid), POPUP_HIDE_MS);
      pump();
    }, wait);
  }

  const markSeen = (item: NoticeItem) => {
    if (item.viewed || seen.current.has(item.nid)) return;
    seen.current.add(item.nid);
    const viewed = (i: NoticeItem) => (i.nid === item.nid ? { ...i, viewed: 1 } : i);
    setPopups((ps) => ps.map(viewed));
    setList((ls) => (ls ? ls.map(viewed) : null));
    setUnread((n) => Math.max(0, n - 1));
    void call("bulk_viewed", { bid: item.nid }, { door: "notify", quiet: true }).then((r) => {
      if (r.ok && typeof r.data.res === "number") setUnread(r.data.res);
    });
  };

  const soundRef = useRef(sound);
  soundRef.current = sound;
  // the socket is opened once per interval; it always reaches the current pump
  const pumpRef = useRef(pump);
  pumpRef.current = pump;
  useEffect(() => {
    let poll: ReturnType<typeof setInterval> | null = null;
    let ended = false;
    const check = async () => {
      const r = await call("show_nc", {}, { door: "notify", method: "GET", quiet: true });
      if (r.ok && typeof r.data.res === "number") setUnread(r.data.res);
    };
    // the socket's state on the island element (stories wait for it)
    const mark = (state: "up" | "down" | "ended") => document.querySelector('otv-island[name="bell"]')?.setAttribute("live", state);
    const stop = connectLive(liveUrl("/ws"), {
      onMessage(data) {
        const m = data as HubMessage;
        if (typeof m.unread === "number") setUnread(m.unread);
        if (m.type === "notify" && m.item) {
          queue.current.push(m.item);
          pumpRef.current();
          if (soundRef.current) chime();
        }
      },
      onStatus(up) {
        if (ended) return;
        mark(up ? "up" : "down");
        if (up) {
          if (poll) clearInterval(poll);
          poll = null;
        } else if (!poll) {
          poll = setInterval(check, Math.max(1, interval) * 1000);
        }
      },
      onEnded() {
        // the session ended: nothing more will come for this page
        ended = true;
        if (poll) clearInterval(poll);
        poll = null;
        mark("ended");
      },
    });
    return () => {
      stop();
      if (poll) clearInterval(poll);
      if (pumpTimer.current) clearTimeout(pumpTimer.current);
    };
  }, [interval]);

  // the list closes on Escape and on a click outside it
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    const onClick = (e: MouseEvent) => box.current && !box.current.contains(e.target as Node) && setOpen(false);
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  }, [open]);

  const toggle = async (e: React.MouseEvent) => {
    e.preventDefault();
    if (open) return setOpen(false);
    setOpen(true);
    const r = await call("show_bulk", { p: 0 }, { door: "notify", method: "GET" });
    if (r.ok) {
      setList((r.data.bulk ?? []) as NoticeItem[]);
      if (typeof r.data.res === "number") setUnread(r.data.res);
    } else setList([]);
  };

  return (
    <div className="bell" ref={box}>
      <a className="bell-btn" href="/settings" aria-label="Уведомления" aria-expanded={open} data-testid="bell" onClick={toggle}>
        <span aria-hidden="true">🔔</span>
        <span className="bell-count" data-testid="bell-count" hidden={unread === 0}>
          {unread}
        </span>
      </a>
      {open ? (
        <div className="bell-list" role="dialog" aria-label="Уведомления" data-testid="bell-list">
          {list === null ? (
            <p className="muted">Загружаем…</p>
          ) : list.length === 0 ? (
            <p className="muted">Новых событий нет</p>
          ) : (
            list.map((i) => <Notice key={i.nid} item={i} onSeen={markSeen} testId="bell-item" />)
          )}
          <a className="bell-push" href="/settings#push">
            Уведомления, когда сайт закрыт
          </a>
        </div>
      ) : null}
      {popups.length > 0 ? (
        <div className="notice-popups" aria-live="polite">
          {popups.map((i) => (
            <div key={i.nid} className="notice-popup">
              <Notice item={i} onSeen={markSeen} testId="notice-popup" />
              <button type="button" className="notice-close" aria-label="Скрыть" onClick={() => hide(i.nid)}>
                ×
              </button>
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
