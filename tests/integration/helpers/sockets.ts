import { SELF } from "cloudflare:test";
import { BASE, type Me } from "./api";

/** A WebSocket opened through the worker, with its messages in order and how it closed. */
export type TestSocket = Awaited<ReturnType<typeof openSocket>>;

/**
 * Opens a WebSocket through the worker, as a page of our site would: `me` signs it in, `origin`
 * stands in for another site (null: none), `ip` is the address Cloudflare would report.
 * `next(ms)` is the next message (JSON parsed), `closed(ms)` the close code the server sent.
 */
export async function openSocket(path: string, opts: { me?: Me | string; origin?: string | null; ip?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { upgrade: "websocket", ...opts.headers };
  if (opts.origin !== null) headers.origin = opts.origin ?? BASE;
  if (opts.me) headers.cookie = typeof opts.me === "string" ? opts.me : opts.me.cookie;
  if (opts.ip) headers["cf-connecting-ip"] = opts.ip;
  const res = await SELF.fetch(`${BASE}${path}`, { headers });
  const ws = res.webSocket;
  const messages: any[] = [];
  const waiters: ((m: any) => void)[] = [];
  let code: number | null = null;
  const closeWaiters: ((code: number) => void)[] = [];
  if (ws) {
    ws.accept();
    ws.addEventListener("message", (e) => {
      const m = typeof e.data === "string" && e.data.startsWith("{") ? JSON.parse(e.data) : e.data;
      const w = waiters.shift();
      if (w) w(m);
      else messages.push(m);
    });
    ws.addEventListener("close", (e) => {
      code = e.code;
      for (const w of closeWaiters.splice(0)) w(e.code);
    });
  }
  /** the next message, or a failure after `ms` */
  const next = (ms = 2000) =>
    messages.length
      ? Promise.resolve(messages.shift())
      : new Promise<any>((resolve, reject) => {
          const t = setTimeout(() => reject(new Error(`no message within ${ms} ms`)), ms);
          waiters.push((m) => {
            clearTimeout(t);
            resolve(m);
          });
        });
  /** the code the server closed the socket with, or a failure after `ms` */
  const closed = (ms = 2000) =>
    code !== null
      ? Promise.resolve(code)
      : new Promise<number>((resolve, reject) => {
          const t = setTimeout(() => reject(new Error(`still open after ${ms} ms`)), ms);
          closeWaiters.push((c) => {
            clearTimeout(t);
            resolve(c);
          });
        });
  return { res, ws, messages, next, closed };
}
