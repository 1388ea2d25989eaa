import { DurableObject } from "cloudflare:workers";

/** The verdict on one hit: let through or not, how many hits the window holds, and how long to wait when refused. */
export type Hit = { ok: boolean; count: number; retryAfterMs: number; id: number };

/**
 * One counter per key (`idFromName(key)`: "signin:{e-mail}:{address}", "register:{address}",
 * "burst:answer:{user}" …): the times of the recent hits in the object's SQLite storage.
 *
 * `hit` decides and records with the synchronous `ctx.storage.sql` and no `await` in between, so
 * concurrent hits on one key are serialised by the object's single thread and can never both take
 * the last free place (as UserHub.take does for the daily quotas). The rule (limit, window,
 * back-off) is the caller's; this class imports nothing from the app.
 *
 * When the last hit has left its window, an alarm deletes the object's storage, so keys that are
 * seen once (an address, a mistyped e-mail) leave nothing behind.
 */
export class Limiter extends DurableObject {
  constructor(ctx: DurableObjectState, env: unknown) {
    super(ctx, env as never);
    this.init();
  }

  private init(): void {
    this.ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS hits (id INTEGER PRIMARY KEY AUTOINCREMENT, at INTEGER NOT NULL, until INTEGER NOT NULL)");
  }

  private times(windowMs: number, now: number): number[] {
    this.ctx.storage.sql.exec("DELETE FROM hits WHERE at <= ?", now - windowMs);
    return this.ctx.storage.sql
      .exec<{ at: number }>("SELECT at FROM hits ORDER BY at")
      .toArray()
      .map((r) => r.at);
  }

  /**
   * Records a hit at `now` if the last `windowMs` hold fewer than `limit` hits. With `backoffMs`,
   * a key at its limit is not shut for the whole window: one more hit is let through once
   * backoffMs · 2^(hits − limit) have passed since the latest one, so each further hit waits twice
   * as long as the one before. A refused hit is not recorded; `retryAfterMs` says when the next
   * one will be let through.
   */
  hit(limit: number, windowMs: number, now: number, backoffMs = 0): Hit {
    const times = this.times(windowMs, now);
    const at = this.nextAllowed(times, limit, windowMs, now, backoffMs);
    if (at > now) return { ok: false, count: times.length, retryAfterMs: at - now, id: 0 };
    const row = this.ctx.storage.sql.exec<{ id: number }>("INSERT INTO hits (at, until) VALUES (?, ?) RETURNING id", now, now + windowMs).toArray()[0];
    // the storage goes once every hit has left its window (real time: `now` may be a test's)
    void this.ctx.storage.setAlarm(Date.now() + windowMs);
    return { ok: true, count: times.length + 1, retryAfterMs: 0, id: row.id };
  }

  /**
   * The first moment a hit is let through: now if the window has room; else when enough of the
   * oldest hits have left it or, with back-off, when the wait after the latest hit is over (a wait
   * that shortens as old hits leave the window).
   */
  private nextAllowed(times: number[], limit: number, windowMs: number, now: number, backoffMs: number): number {
    const n = times.length;
    if (n < limit) return now;
    let at = times[n - limit] + windowMs;
    if (backoffMs > 0) {
      // k: how many of the oldest hits have left the window by then
      for (let k = 0; k <= n - limit; k++) {
        const from = k === 0 ? now : times[k - 1] + windowMs;
        at = Math.min(at, Math.max(from, times[n - 1] + backoffMs * 2 ** (n - k - limit)));
      }
    }
    return at;
  }

  /** Takes back a recorded hit (the action it was counted for did not happen). */
  giveBack(id: number): void {
    this.ctx.storage.sql.exec("DELETE FROM hits WHERE id = ?", id);
  }

  /** Forgets every hit (e.g. a successful sign-in clears its failures). */
  reset(): void {
    this.ctx.storage.sql.exec("DELETE FROM hits");
  }

  /**
   * Forgets every hit and says how many the last `windowMs` held, in one step: of two callers at
   * once, one gets the count and the other 0 (a successful sign-in tells its owner of the failures
   * before it once).
   */
  drain(windowMs: number, now: number): number {
    const n = this.times(windowMs, now).length;
    this.reset();
    return n;
  }

  /** How many hits the last `windowMs` hold, recording nothing. */
  count(windowMs: number, now: number): number {
    return this.times(windowMs, now).length;
  }

  async alarm(): Promise<void> {
    this.ctx.storage.sql.exec("DELETE FROM hits WHERE until <= ?", Date.now());
    const left = this.ctx.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM hits").one().n;
    if (left > 0) return;
    await this.ctx.storage.deleteAll();
    this.init();
  }
}
