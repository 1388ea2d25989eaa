import { describe, expect, it } from "vitest";
import { backoffDelay, connectLive, SESSION_ENDED } from "../../app/lib/live-socket";

/** A scripted WebSocket and a manual clock: the reconnect schedule without real time. */
function harness() {
  const sockets: FakeSocket[] = [];
  const timers: { fn: () => void; at: number; id: number }[] = [];
  let now = 0;
  let nextId = 1;
  class FakeSocket {
    readyState = 0;
    sent: string[] = [];
    onopen: (() => void) | null = null;
    onmessage: ((e: { data: string }) => void) | null = null;
    onclose: ((e: { code: number }) => void) | null = null;
    constructor(readonly url: string) {
      sockets.push(this);
    }
    send(s: string) {
      this.sent.push(s);
    }
    close(code = 1000) {
      this.readyState = 3;
      this.onclose?.({ code });
    }
    up() {
      this.readyState = 1;
      this.onopen?.();
    }
    /** the connection drops (1006), or the server closes it with `code` */
    down(code = 1006) {
      this.readyState = 3;
      this.onclose?.({ code });
    }
  }
  const setTimer = (fn: () => void, ms: number) => {
    const t = { fn, at: now + ms, id: nextId++ };
    timers.push(t);
    return t.id;
  };
  const clearTimer = (id: unknown) => {
    const i = timers.findIndex((t) => t.id === id);
    if (i >= 0) timers.splice(i, 1);
  };
  /** moves the clock, running the timers that fall due */
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      timers.sort((a, b) => a.at - b.at);
      const t = timers[0];
      if (!t || t.at > until) break;
      timers.shift();
      now = t.at;
      t.fn();
    }
    now = until;
  };
  return { sockets, setTimer, clearTimer, advance, FakeSocket };
}

describe("the live socket client", () => {
  it("back-off doubles from 1 s to at most 30 s, with ±20% jitter", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => backoffDelay(n, () => 0.5))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(backoffDelay(0, () => 0)).toBe(800);
    expect(backoffDelay(0, () => 1)).toBe(1200);
  });

  it("reconnects after a drop with growing waits, reports down/up, and stops for good when closed", () => {
    const h = harness();
    const status: boolean[] = [];
    const got: unknown[] = [];
    const stop = connectLive("ws://x/ws", {
      onMessage: (m) => got.push(m),
      onStatus: (up) => status.push(up),
      WebSocketImpl: h.FakeSocket as never,
      setTimer: h.setTimer,
      clearTimer: h.clearTimer,
      random: () => 0.5,
    });
    h.sockets[0].up();
    h.sockets[0].onmessage!({ data: '{"type":"hello","unread":3}' });
    h.sockets[0].onmessage!({ data: "pong" });
    expect(got).toEqual([{ type: "hello", unread: 3 }]);

    h.sockets[0].down();
    expect(status).toEqual([true, false]);
    h.advance(999);
    expect(h.sockets.length).toBe(1);
    h.advance(1);
    expect(h.sockets.length).toBe(2); // after 1 s
    h.sockets[1].down();
    h.advance(1999);
    expect(h.sockets.length).toBe(2);
    h.advance(1);
    expect(h.sockets.length).toBe(3); // after 2 s more
    h.sockets[2].up();
    h.advance(25_000);
    expect(h.sockets[2].sent).toEqual(["ping"]);
    h.advance(60_000); // a healthy minute resets the back-off
    h.sockets[2].down();
    h.advance(1000);
    expect(h.sockets.length).toBe(4);

    stop();
    h.sockets[3].down();
    h.advance(120_000);
    expect(h.sockets.length).toBe(4);
  });

  it("the owner may send on the socket while it is open, on each new one after a reconnect, and not on a closed one", () => {
    const h = harness();
    const sends: ((text: string) => void)[] = [];
    connectLive("ws://x/ws/question/1", {
      onMessage: () => undefined,
      onOpen: (send) => sends.push(send),
      WebSocketImpl: h.FakeSocket as never,
      setTimer: h.setTimer,
      clearTimer: h.clearTimer,
      random: () => 0.5,
    });
    expect(sends).toEqual([]);
    h.sockets[0].up();
    sends[0]("writing");
    expect(h.sockets[0].sent).toEqual(["writing"]);
    h.sockets[0].down();
    sends[0]("writing");
    expect(h.sockets[0].sent).toEqual(["writing"]);
    h.advance(1000);
    h.sockets[1].up();
    sends[1]("writing");
    expect(sends.length).toBe(2);
    expect(h.sockets[1].sent).toEqual(["writing"]);
  });

  it("a socket the server closes because the session ended (4001) is not reopened: the page is told once and stops", () => {
    const h = harness();
    const status: boolean[] = [];
    let ended = 0;
    connectLive("ws://x/ws", {
      onMessage: () => undefined,
      onStatus: (up) => status.push(up),
      onEnded: () => ended++,
      WebSocketImpl: h.FakeSocket as never,
      setTimer: h.setTimer,
      clearTimer: h.clearTimer,
      random: () => 0.5,
    });
    h.sockets[0].up();
    h.sockets[0].down(SESSION_ENDED);
    expect(ended).toBe(1);
    expect(status).toEqual([true, false]);
    h.advance(3_600_000);
    expect(h.sockets.length).toBe(1);
  });

  it("any other close, a refused upgrade among them, still reconnects with back-off", () => {
    const h = harness();
    let ended = 0;
    connectLive("ws://x/ws", {
      onMessage: () => undefined,
      onEnded: () => ended++,
      WebSocketImpl: h.FakeSocket as never,
      setTimer: h.setTimer,
      clearTimer: h.clearTimer,
      random: () => 0.5,
    });
    h.sockets[0].up();
    h.sockets[0].down(1001);
    h.advance(1000);
    expect(h.sockets.length).toBe(2);
    h.sockets[1].down(1006);
    h.advance(2000);
    expect(h.sockets.length).toBe(3);
    expect(ended).toBe(0);
  });
});
