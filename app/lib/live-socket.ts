/**
 * The browser side of the live doors (/ws, /ws/question/{qid}): one socket that reconnects with
 * exponential back-off (1 s, 2 s, 4 s … at most 30 s, with jitter, reset after a healthy minute)
 * and tells its owner when it is down, so the page can fall back to polling (new answers
 * on a question every 3 s, `show_nc` for the bell every 10 s by default) until it is up again.
 * A socket the server closes because its session ended (SESSION_ENDED: sign-out, a ban, expiry)
 * is not reopened: the page is told once (`onEnded`) and the socket stays closed.
 * Islands use it; it has no dependencies so that it costs a few hundred bytes.
 */
export type LiveOptions = {
  onMessage(data: unknown): void;
  /** true when connected, false when down (poll meanwhile) */
  onStatus?(up: boolean): void;
  /** the server closed the socket for good: its session ended (no reconnecting, no polling) */
  onEnded?(): void;
  /** the socket is open (again): `send` sends a text on it while it stays open */
  onOpen?(send: (text: string) => void): void;
  /** for tests: the WebSocket constructor, the timer and the random source */
  WebSocketImpl?: new (
    url: string,
  ) => WebSocket;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (t: unknown) => void;
  random?: () => number;
};

/** What a writer's page sends on the question's socket while he types an answer (the room's WRITING). */
export const WRITING = "writing";
/** At most this often a page tells of its writer's keystrokes (the room counts him for 30 s after the last). */
export const WRITING_EVERY_MS = 5000;

/** The close code of a socket whose session ended (sign-out, a new sign-in, a ban, expiry): never reopened. */
export const SESSION_ENDED = 4001;

export const BACKOFF = { firstMs: 1000, maxMs: 30_000, healthyMs: 60_000, pingMs: 25_000 } as const;

/** The wait before reconnect attempt `n` (0-based): doubling from 1 s up to 30 s, ±20% jitter. */
export function backoffDelay(n: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF.maxMs, BACKOFF.firstMs * 2 ** n);
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** Opens a live socket on `path` (same origin); returns a function that closes it for good. */
export function connectLive(url: string, opts: LiveOptions): () => void {
  const WS = opts.WebSocketImpl ?? WebSocket;
  const setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = opts.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  let attempt = 0;
  let ws: WebSocket | null = null;
  let retry: unknown = null;
  let healthy: unknown = null;
  let ping: unknown = null;
  let stopped = false;

  const open = () => {
    retry = null;
    const socket = new WS(url);
    ws = socket;
    ws.onopen = () => {
      opts.onStatus?.(true);
      opts.onOpen?.((text) => {
        if (socket.readyState === 1) socket.send(text);
      });
      healthy = setTimer(() => (attempt = 0), BACKOFF.healthyMs);
      const beat = () => {
        if (ws?.readyState === 1) ws.send("ping");
        ping = setTimer(beat, BACKOFF.pingMs);
      };
      ping = setTimer(beat, BACKOFF.pingMs);
    };
    ws.onmessage = (e: MessageEvent) => {
      if (e.data === "pong") return;
      try {
        opts.onMessage(JSON.parse(String(e.data)));
      } catch {
        // not ours
      }
    };
    ws.onclose = (e: CloseEvent) => {
      for (const t of [healthy, ping]) if (t != null) clearTimer(t);
      healthy = ping = null;
      ws = null;
      if (stopped) return;
      opts.onStatus?.(false);
      if (e.code === SESSION_ENDED) {
        stopped = true;
        opts.onEnded?.();
        return;
      }
      retry = setTimer(open, backoffDelay(attempt++, opts.random));
    };
  };
  open();
  return () => {
    stopped = true;
    for (const t of [retry, healthy, ping]) if (t != null) clearTimer(t);
    ws?.close(1000);
  };
}
