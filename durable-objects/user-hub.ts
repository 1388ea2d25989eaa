import { DurableObject } from "cloudflare:workers";
import { acceptUpgrade, admissionOf, answerPing, broadcast, CLOSE_SESSION_ENDED, closeBack, closeSockets, tagValue } from "./sockets";

/** The Moscow day (UTC+3 all year): it turns at 21:00 UTC. */
export const moscowDayKey = (ms: number) => Math.floor((ms + 10_800_000) / 86_400_000);

export type QuotaSlot = { ok: boolean; day: number; used: number; limit: number };
/** Today's use and limit of each quota asked about. */
export type QuotaDay = Record<string, { used: number; limit: number }>;

/** What the user's sockets receive. */
export type HubMessage =
  | { type: "hello"; unread: number }
  | { type: "notify"; unread: number; item: Record<string, unknown> }
  | { type: "count"; unread: number };

/**
 * One object per user (`idFromName(String(userId))`): the daily quotas, the unread-notification
 * counter and the user's WebSockets (hibernation API).
 *
 * Each socket is tagged with the session it was opened in (`sid:{id}`) and when that session
 * expires (`until:{ms}`). When a session ends (sign-out, a new sign-in in the same browser, a
 * ban) the app calls `endSessions`: its sockets are closed with CLOSE_SESSION_ENDED and the
 * session is remembered until it would have expired, so an upgrade that passed the worker's
 * session check just before the end is refused here (401). A socket whose session has expired is
 * closed instead of being sent the next message.
 *
 * Quotas are checked and consumed atomically: `take` reads and writes the counter with the
 * synchronous `ctx.storage.sql` and no `await` in between, so concurrent calls are serialised by
 * the object's single thread. The caller gives a slot back when the write it took it for fails.
 * The limits are the caller's (the table is in app/lib/quotas.ts); this class imports nothing from
 * the app, as DESIGN.md asks.
 */
export class UserHub extends DurableObject {
  /** a random id of this instance in memory: it changes when the object hibernates or restarts */
  private readonly instance = crypto.randomUUID();

  constructor(ctx: DurableObjectState, env: unknown) {
    super(ctx, env as never);
    ctx.storage.sql.exec(
      `CREATE TABLE IF NOT EXISTS quota (day INTEGER NOT NULL, code TEXT NOT NULL, used INTEGER NOT NULL, PRIMARY KEY (day, code));
       CREATE TABLE IF NOT EXISTS quota_peak (day INTEGER NOT NULL, code TEXT NOT NULL, peak INTEGER NOT NULL, PRIMARY KEY (day, code));
       CREATE TABLE IF NOT EXISTS counter (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
       CREATE TABLE IF NOT EXISTS ended_session (sid INTEGER PRIMARY KEY, until INTEGER NOT NULL);`,
    );
  }

  private used(day: number, code: string): number {
    const row = this.ctx.storage.sql.exec<{ used: number }>("SELECT used FROM quota WHERE day = ? AND code = ?", day, code).toArray()[0];
    return row?.used ?? 0;
  }

  /**
   * Today's limit of `code`: the highest level limit the caller has given for it today. A limit
   * follows the user's level, and a question costs points: a user who falls a level by asking keeps
   * the day's limit he started with; a level won raises it at once. A VIP limit (`vip`) is his while
   * the status lasts and is not kept.
   */
  private limitToday(day: number, code: string, limit: number, vip: boolean): number {
    if (vip) return limit;
    const row = this.ctx.storage.sql.exec<{ peak: number }>("SELECT peak FROM quota_peak WHERE day = ? AND code = ?", day, code).toArray()[0];
    if (row && row.peak >= limit) return row.peak;
    this.ctx.storage.sql.exec(
      "INSERT INTO quota_peak (day, code, peak) VALUES (?, ?, ?) ON CONFLICT (day, code) DO UPDATE SET peak = excluded.peak",
      day,
      code,
      limit,
    );
    return limit;
  }

  /** Takes one slot of today's quota `code` if fewer than today's limit (`limit` or higher, see limitToday) are used. Synchronous inside. */
  take(code: string, limit: number, now: number, vip = false): QuotaSlot {
    const day = moscowDayKey(now);
    const today = this.limitToday(day, code, limit, vip);
    const used = this.used(day, code);
    if (used >= today) return { ok: false, day, used, limit: today };
    this.ctx.storage.sql.exec("INSERT INTO quota (day, code, used) VALUES (?, ?, 1) ON CONFLICT (day, code) DO UPDATE SET used = used + 1", day, code);
    // the first slot of a day: yesterday and older are no longer needed
    if (used === 0) {
      this.ctx.storage.sql.exec("DELETE FROM quota WHERE day < ?", day - 1);
      this.ctx.storage.sql.exec("DELETE FROM quota_peak WHERE day < ?", day - 1);
    }
    return { ok: true, day, used: used + 1, limit: today };
  }

  /** Gives back a slot taken on `day` (the write it was taken for failed). */
  giveBack(code: string, day: number): void {
    this.ctx.storage.sql.exec("UPDATE quota SET used = used - 1 WHERE day = ? AND code = ? AND used > 0", day, code);
  }

  /** Today's use and limit of each quota in `limits` (its limit at the user's level now). */
  usage(now: number, limits: Record<string, number>, vip = false): QuotaDay {
    const day = moscowDayKey(now);
    const out: QuotaDay = {};
    for (const [code, limit] of Object.entries(limits)) out[code] = { used: this.used(day, code), limit: this.limitToday(day, code, limit, vip) };
    return out;
  }

  // ------------------------------------------------------------------ unread notifications

  private counter(): number {
    const row = this.ctx.storage.sql.exec<{ value: number }>("SELECT value FROM counter WHERE name = 'unread'").toArray()[0];
    return row?.value ?? 0;
  }

  private setCounter(value: number): number {
    const v = Math.max(0, value);
    this.ctx.storage.sql.exec("INSERT INTO counter (name, value) VALUES ('unread', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value", v);
    return v;
  }

  unread(): number {
    return this.counter();
  }

  /**
   * A new notification (already stored in D1): the counter rises and every socket hears of it.
   * `open` says how many of his pages heard it: none, and the site may reach him by push.
   */
  notified(item: Record<string, unknown>): { unread: number; open: number } {
    const unread = this.setCounter(this.counter() + 1);
    const open = this.broadcast({ type: "notify", unread, item });
    return { unread, open };
  }

  /** `n` notifications were viewed: the counter falls (never below 0). */
  viewed(n: number): number {
    const unread = this.setCounter(this.counter() - n);
    this.broadcast({ type: "count", unread });
    return unread;
  }

  /** Sets the counter to the count D1 holds (after a bulk change). */
  resetUnread(value: number): number {
    const unread = this.setCounter(value);
    this.broadcast({ type: "count", unread });
    return unread;
  }

  // ------------------------------------------------------------------ what his pages know of him

  /**
   * Reader cards by session token hash: what the site read of this user in D1 for his pages (his
   * session and the questions he has done something on), kept in memory only, so a restart or a
   * hibernation forgets them. The caller says how long a card serves.
   */
  private readonly cards = new Map<string, { card: unknown; touched: Set<number>; until: number; renewAt: number }>();
  /** Moves on every change: a card read before a change is not remembered after it. */
  private changes = 0;
  /** Until when no card is remembered: a write of his may not be on every read replica yet. */
  private quietUntil = 0;

  /**
   * His card for the session `hash` on question `qid`, if one serves: the card, whether he has done
   * something on the question, and whether the caller is to renew it (the first one to read it past
   * half its time: it serves meanwhile); with the unread count (the bell) and the epoch a card read
   * now from D1 is to be remembered under.
   */
  readerCard(
    hash: string,
    qid: number,
    now: number,
  ): { epoch: string; unread: number; card: unknown; touched: boolean; renew: boolean } | { epoch: string; unread: number; card: null } {
    const epoch = `${this.instance}:${this.changes}`;
    const unread = this.counter();
    const kept = this.cards.get(hash);
    if (!kept || kept.until <= now) {
      if (kept) this.cards.delete(hash);
      return { epoch, unread, card: null };
    }
    const renew = now >= kept.renewAt;
    if (renew) kept.renewAt = Number.POSITIVE_INFINITY;
    return { epoch, unread, card: kept.card, touched: kept.touched.has(qid), renew };
  }

  /**
   * Keeps a card read from D1 under `epoch` for `ms` (past half of it, `readerCard` asks for a
   * renewal), unless anything changed since the epoch was given or a change is too recent
   * (`forgetReaders`). Says whether it kept it. At most 8 sessions' cards: the oldest goes first.
   */
  rememberReader(epoch: string, hash: string, card: unknown, touched: number[], now: number, ms: number): boolean {
    if (epoch !== `${this.instance}:${this.changes}` || now < this.quietUntil) return false;
    this.cards.delete(hash);
    if (this.cards.size >= 8) this.cards.delete(this.cards.keys().next().value!);
    this.cards.set(hash, { card, touched: new Set(touched), until: now + ms, renewAt: now + ms / 2 });
    return true;
  }

  /** Something of his changed (a write of his, a session ended): every card goes, and none is kept for `quietMs`. */
  forgetReaders(now: number, quietMs: number): void {
    this.cards.clear();
    this.changes++;
    this.quietUntil = Math.max(this.quietUntil, now + quietMs);
  }

  // ------------------------------------------------------------------ sockets

  /**
   * The worker has checked the session and the Origin; this refuses a session that has ended
   * meanwhile (401) and a socket over the user's cap (429), and accepts the rest.
   */
  async fetch(request: Request): Promise<Response> {
    const admission = admissionOf(request);
    const sid = Number(tagValue(admission.tags, "sid"));
    if (sid > 0 && this.ended(sid)) return new Response("session ended", { status: 401 });
    return acceptUpgrade(this.ctx, request, admission, JSON.stringify({ type: "hello", unread: this.counter() } satisfies HubMessage));
  }

  private ended(sid: number): boolean {
    return this.ctx.storage.sql.exec("SELECT 1 FROM ended_session WHERE sid = ?", sid).toArray().length > 0;
  }

  /**
   * Sessions have ended: their sockets are closed with CLOSE_SESSION_ENDED, and each is remembered
   * until `until` (when it would have expired anyway). Returns how many sockets were closed.
   */
  endSessions(sessions: { id: number; until: number }[], now: number): number {
    this.forgetReaders(now, 0);
    this.ctx.storage.sql.exec("DELETE FROM ended_session WHERE until < ?", now);
    let closed = 0;
    for (const s of sessions) {
      this.ctx.storage.sql.exec("INSERT OR REPLACE INTO ended_session (sid, until) VALUES (?, ?)", s.id, s.until);
      closed += closeSockets(this.ctx.getWebSockets(`sid:${s.id}`), CLOSE_SESSION_ENDED, "session ended");
    }
    return closed;
  }

  /** Closes the socket when its session has expired; says whether it did. */
  private expired(ws: WebSocket, now: number): boolean {
    const until = Number(tagValue(this.ctx.getTags(ws), "until"));
    if (!(until > 0 && until <= now)) return false;
    closeSockets([ws], CLOSE_SESSION_ENDED, "session expired");
    return true;
  }

  incarnation(): string {
    return this.instance;
  }

  /** Sends to every socket whose session is still current; how many it reached. */
  private broadcast(msg: HubMessage): number {
    const now = Date.now();
    return broadcast(this.ctx, JSON.stringify(msg), (ws) => this.expired(ws, now));
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    answerPing(ws, message);
  }

  async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    closeBack(ws, code);
  }
}
