import { storedIds } from "../../lib/fields";
import { levelById } from "../../lib/levels";
import { timeAgoWords } from "../../lib/time-ago";
import { type PushJob, queuePushes } from "./web-push-queue.server";
import { queueMails } from "../mail/mail-queue.server";
import { userHub } from "../core/hub.server";
import { keepShown } from "./thread-part.server";
import { PREMOD_TAB, type NotificationKind, type NotificationRow, type PremodType } from "./create.server";

// ---------------------------------------------------------------------------- the push side

function isNotificationRow(x: unknown): x is NotificationRow & { notification: number } {
  return typeof x === "object" && x !== null && (x as { notification?: unknown }).notification === 1 && typeof (x as { nid?: unknown }).nid === "number";
}

/** The rows the rules of a batch wrote, found among the batch's results. */
export function notifiedRows(results: readonly unknown[]): NotificationRow[] {
  const out: NotificationRow[] = [];
  for (const r of results) if (Array.isArray(r)) for (const row of r) if (isNotificationRow(row)) out.push(row);
  return out;
}

/** At most this many hub calls at a time; past MAX_PUSH recipients the counters heal on the next list read. */
const PUSH_CONCURRENCY = 50;
const MAX_PUSH = 500;

/**
 * After the batch succeeded: each recipient's UserHub counts his new notification and pushes the
 * item to his sockets, in parallel; those with no page open get it by Web Push, and the kinds one
 * may mail are queued for mail (the consumers decide who wants them). Never
 * throws: a failing hub is logged, the write stands.
 * Returns how many were pushed.
 */
export async function announce(env: Env, results: readonly unknown[]): Promise<number> {
  // a notice of a thread that lives in a thread database passed DB's SQL on the reader's part alone:
  // its thread's part is checked where the thread lives before anyone hears of it
  const written = notifiedRows(results);
  const rows = written.some((r) => r.home)
    ? (await keepShown(env, written, (r) => ({ id: r.userId, adult: r.recipientAdult === 1 }), Date.now())).kept
    : written;
  if (rows.length > MAX_PUSH) console.warn(`announce: ${rows.length} notifications, pushing the first ${MAX_PUSH}`);
  const todo = rows.slice(0, MAX_PUSH);
  let pushed = 0;
  const unseen: PushJob[] = [];
  for (let i = 0; i < todo.length; i += PUSH_CONCURRENCY) {
    const settled = await Promise.allSettled(todo.slice(i, i + PUSH_CONCURRENCY).map((r) => userHub(env, r.userId).notified(toItem(r))));
    for (const [j, s] of settled.entries()) {
      const r = todo[i + j];
      if (s.status === "fulfilled") pushed++;
      else console.error(`announce: the hub of user ${r.userId} failed`, s.reason);
      // no page of his heard it: his devices may (Web Push)
      if (s.status === "rejected" || s.value.open === 0) unseen.push({ userId: r.userId, nid: r.nid });
    }
  }
  await Promise.all([
    queuePushes(env, unseen),
    queueMails(
      env,
      todo.map((r) => ({ userId: r.userId, nid: r.nid, kind: r.kind })),
    ),
  ]);
  return pushed;
}

// ------------------------------------------------------------------------------ the item shape

const SYSTEM_TEXT: Partial<Record<NotificationKind, string>> = {
  bonus25: "+25",
  vip_started: "VIP-статус подключен",
  vip_expired: "VIP-статус закончился",
};

/** A notification in the API's fields. */
export function toItem(r: NotificationRow, now?: number) {
  const kind = r.kind as NotificationKind;
  const subject = kind === "follower" ? r.actorId : (r.cmid ?? r.aid ?? r.pqid ?? r.qid ?? r.gid ?? null);
  const txt = r.txt ?? (kind === "level" && r.lvl != null ? levelById(r.lvl).name : (SYSTEM_TEXT[kind] ?? ""));
  const item: Record<string, unknown> = {
    nid: r.nid,
    a: r.kind,
    timestamp: Math.floor(r.added / 1000),
    viewed: r.viewed ? 1 : 0,
    txt,
    txtq: r.txtq ?? "",
    qid: r.qid,
    id: subject,
    uid: r.actorId,
    nick: r.nick,
    lvl: kind === "level" ? r.lvl : r.actorLvl,
    filin: r.filin,
    ans: r.aid,
    cmt: r.cmid ? [r.cmid] : [],
    // what was marked: the answer or the question
    marked: kind === "ans_liked" && r.aid ? [r.aid] : kind === "q_liked" && r.qid ? [r.qid] : [],
    voted: storedIds(r.voted),
    urlname: r.urlname ?? null,
    pqid: r.pqid,
    gid: r.gid,
    premod_type: r.premodType,
    premod_tab: r.premodType ? (PREMOD_TAB[r.premodType as PremodType] ?? null) : null,
    declined_text: r.declinedText,
  };
  if (now !== undefined) item.timecell = timeAgoWords(r.added, now);
  return item;
}
