/**
 * The named-call client of the islands: POST form fields (GET a query string) to
 * /api/{door}/{name} with a 5000 ms time-out, the dwh_ tracking fields, the ajax_id counter, and,
 * on a write when signed in, salt and token (never in a GET address). The reply envelope decides:
 * status 200 is success; 200 with on_moderation shows the 'Премодерация' pop-up; otherwise the
 * 'Ошибка' pop-up with the server's catalogue text ('неизвестная ошибка: {id}' when it has none,
 * the generic text without an errid), except for the silent errids. An expired session (103) is
 * refreshed once by one shared refresh_auth for all concurrent failures and the call is retried
 * once; when that fails the sign-in dialog opens. A captcha demand (237) opens the captcha dialog
 * and resubmits.
 */
import { ERR } from "../../lib/errids";
import { pendingCall } from "./preloader";
import { pageSession, setPageSession, shareSession } from "./session";

/**
 * The pop-ups, loaded when one is first shown: a page whose calls all go well (a guest's live
 * answers, the survey) never loads them.
 */
const dialogs = () => import("./dialogs");

export const CALL_TIMEOUT_MS = 5000;
export const GENERIC_ERROR = "Что-то пошло не так. Попробуйте перезагрузить страницу и проверьте подключение к интернету";
export const PREMODERATION_TEXT = "Текст ушел на модерацию. Решение о публикации будет принято в течении 12 часов";
/** errids that never show a pop-up (a view or a retry handles them) */
/** errids the original site's client kept silent and this server never sends (their meaning is not known) */
const UNSENT_SILENT_ERRIDS = [121, 122, 123, 124, 171, 214];
export const SILENT_ERRIDS = new Set<number>([ERR.sessionExpired, ERR.alreadyWatching, ERR.questionGone, ERR.unexpected, ...UNSENT_SILENT_ERRIDS]);

// biome-ignore lint/suspicious/noExplicitAny: each call adds its own reply fields; the island that made the call reads the ones it knows
export type Envelope = { status: number; errid?: number; error?: string; on_moderation?: unknown; [k: string]: any };
export type CallResult = { ok: true; data: Envelope } | { ok: false; data: Envelope | null; errid?: number };
export type CallOptions = {
  method?: "GET" | "POST";
  door?: "v2" | "notify" | "slow" | "search";
  /** no pop-up at all on failure (the caller shows its own) */
  quiet?: boolean;
  /** the time-out, when a call may take longer than CALL_TIMEOUT_MS (an upload) */
  timeoutMs?: number;
  /** nobody waits for it (the session's periodic refresh): no preloader */
  background?: boolean;
};

let ajaxId = 0;
const loadedAt = Date.now();

/** The site's own page kinds by their first path segment; any other first segment is a category (or brand) urlname. */
const PAGE_TYPES = new Set([
  "question",
  "answer",
  "ask",
  "profile",
  "settings",
  "search",
  "private",
  "moderlog",
  "categories",
  "top",
  "login",
  "register",
  "abuse",
]);

/** The page type the tracking fields report: question, ask, profile …, index or category. */
export function pageType(pathname = location.pathname): string {
  const first = pathname.split("/").filter(Boolean)[0] ?? "";
  return first === "" ? "index" : PAGE_TYPES.has(first) ? first : "category";
}

function trackingFields(): Record<string, string> {
  return {
    dwh_clienttimestamp1: String(loadedAt),
    dwh_clienttimestamp2: String(Date.now()),
    dwh_referer: document.referrer,
    dwh_pagetype: pageType(),
    dwh_url: location.href,
    dwh_platform: "web",
    ajax_id: String(++ajaxId),
  };
}

/** A file (a Blob) goes as a multipart form with the other fields. */
type Fields = Record<string, string | number | boolean | (string | number)[] | Blob | undefined | null>;

/**
 * The fields of a call. A write (POST) also carries the session's salt and token, in its body; a
 * read (GET) never does: its address lands in logs, the history and Referer headers, and reads
 * are answered from the session cookie alone.
 */
function encode(fields: Fields, method: "GET" | "POST"): URLSearchParams {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined || v === null || v instanceof Blob) continue;
    for (const x of Array.isArray(v) ? v : [v]) body.append(k, typeof x === "boolean" ? (x ? "1" : "0") : String(x));
  }
  for (const [k, v] of Object.entries(trackingFields())) body.set(k, v);
  const s = method === "POST" ? pageSession() : null;
  if (s) {
    body.set("salt", s.salt);
    body.set("token", s.token);
  }
  return body;
}

async function send(name: string, fields: Fields, opts: CallOptions): Promise<Envelope> {
  const method = opts.method ?? "POST";
  const url = `/api/${opts.door ?? "v2"}/${name}`;
  const body = encode(fields, method);
  const files = Object.entries(fields).filter((e): e is [string, Blob] => e[1] instanceof Blob);
  let payload: URLSearchParams | FormData | undefined = method === "POST" ? body : undefined;
  if (method === "POST" && files.length > 0) {
    const form = new FormData();
    for (const [k, v] of body) form.append(k, v);
    for (const [k, v] of files) form.set(k, v);
    payload = form;
  }
  const done = opts.background ? null : pendingCall();
  try {
    const res = await fetch(method === "GET" ? `${url}?${body}` : url, {
      method,
      credentials: "same-origin",
      // a multipart body names its own boundary in the header fetch writes
      headers: method === "POST" && files.length === 0 ? { "content-type": "application/x-www-form-urlencoded" } : {},
      body: payload,
      signal: AbortSignal.timeout(opts.timeoutMs ?? CALL_TIMEOUT_MS),
    });
    const data = (await res.json().catch(() => null)) as Envelope | null;
    return data && typeof data.status === "number" ? data : { status: res.status };
  } finally {
    done?.();
  }
}

/** How a refresh ended: new credentials, the server said the session is gone, or no answer (offline). */
export type RefreshOutcome = "ok" | "gone" | "offline";

let refreshing: Promise<RefreshOutcome> | null = null;

/**
 * One refresh_auth for every caller at the same time. On success the page takes the new salt and
 * token and the other tabs hear of them; when the server answers that there is no session, the
 * page's credentials are cleared and the other tabs hear that nobody is signed in.
 */
export function refreshSession(background = false): Promise<RefreshOutcome> {
  refreshing ??= send("refresh_auth", {}, { background })
    .then((r): RefreshOutcome => {
      if (r.status === 200 && typeof r.salt === "string") {
        const fresh = { id: Number(r.id ?? pageSession()?.id ?? 0), salt: r.salt, token: String(r.token) };
        setPageSession(fresh);
        shareSession(fresh.id, fresh);
        return "ok";
      }
      if (r.errid === undefined) return "offline";
      setPageSession(null);
      shareSession(0);
      return "gone";
    })
    .catch((): RefreshOutcome => "offline")
    .finally(() => setTimeout(() => (refreshing = null), 0));
  return refreshing;
}

/** One refresh_auth for every call that failed with an expired session at the same time: whether it gave new credentials. */
export async function refreshAuth(): Promise<boolean> {
  return (await refreshSession()) === "ok";
}

/** The pop-up text of a failed reply. */
export function errorText(data: Envelope | null): string {
  if (!data || data.errid === undefined) return GENERIC_ERROR;
  return data.error || `неизвестная ошибка: ${data.errid}`;
}

export async function call(name: string, fields: Fields = {}, opts: CallOptions = {}): Promise<CallResult> {
  let data: Envelope | null;
  try {
    const sentWith = pageSession()?.token;
    data = await send(name, fields, opts);
    // an expired token: refreshed once for all the calls that failed with it (a call whose token
    // another call has already replaced just goes again), then this call is retried once
    if (data.errid === ERR.sessionExpired && (pageSession()?.token !== sentWith || (await refreshAuth()))) data = await send(name, fields, opts);
    if (data.errid === ERR.sessionExpired) {
      if (!opts.quiet) void dialogs().then((d) => d.showSignIn());
      return { ok: false, data, errid: ERR.sessionExpired };
    }
    if (data.errid === ERR.captchaNeeded && typeof data.captcha_id === "string") {
      const solved = await (await dialogs()).askCaptcha(data.captcha_id, async () => {
        const r = await send("captcha_new", {}, {}).catch(() => null);
        return typeof r?.captcha_id === "string" ? r.captcha_id : null;
      });
      if (!solved) return { ok: false, data, errid: ERR.captchaNeeded };
      return call(name, { ...fields, ...solved }, opts);
    }
  } catch {
    data = null;
  }
  if (data && data.status === 200 && !data.on_moderation) return { ok: true, data };
  if (data && data.status === 200 && data.on_moderation) {
    if (!opts.quiet) void dialogs().then((d) => d.showPopup("Премодерация", PREMODERATION_TEXT));
    return { ok: false, data };
  }
  if (!opts.quiet && !(data?.errid !== undefined && SILENT_ERRIDS.has(data.errid))) {
    const text = errorText(data);
    void dialogs().then((d) => d.showPopup("Ошибка", text));
  }
  return { ok: false, data, errid: data?.errid };
}
