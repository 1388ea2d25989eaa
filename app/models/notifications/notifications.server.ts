/**
 * Notifications (issue 4 §2, docs/decisions/0014-notifications.md).
 *
 * D1 holds the notifications; the unread counter lives in the user's UserHub Durable Object. An
 * action creates its notifications in its own D1 batch: the rule functions below return INSERT …
 * SELECT statements that pick the recipients, drop the actor himself and whoever switched the
 * kind off (users.notify_settings, read in SQL), and only insert when the action's own row was
 * written by the same batch. Every such statement RETURNs its new rows, marked; after the batch
 * succeeded the action hands the batch results to `announce`, which raises each recipient's
 * counter and pushes the item to his sockets. A failing hub never fails the write (it is logged;
 * the counter is put right again when the user opens his list: `showBulk`).
 */
import { and, count, desc, eq, getTableColumns, inArray, lt, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { z } from "zod";
import { listOf } from "../../lib/fields";
import { DomainError } from "../../lib/errors";
import { levelById } from "../../lib/levels";
import { cut, LIMITS } from "../../lib/limits";
import { DEFAULT_SETTINGS, fromWire, parseStored, SETTING_KEYS, toWire, type FlagType, type NotifySettings, type SettingKey } from "../../lib/notify-settings";
import { plainText } from "../../lib/seo";
import { timeAgoWords } from "../../lib/time-ago";
import { Offset, PageSize } from "../core/inputs.server";
import { batchable, getDb, schema, type Db } from "../core/db.server";
import { userHub } from "../core/hub.server";
import { requireUser, type Session } from "../users/session.server";

const n = schema.notifications;

// ------------------------------------------------------------------------------------ kinds

/** The kind codes (the item's `a`); surroundings.md §4. */
export const NOTIFICATION_KINDS = [
  "answer",
  "comment",
  "poll_vote",
  "q_liked",
  "ans_liked",
  "level",
  "bonus25",
  "followed_question",
  "mention",
  "follower",
  "gift",
  "moder_deleted",
  "premod_declined",
  "sms_deleted",
  "vip_started",
  "vip_expired",
  "direct",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The per-type setting that governs a kind; kinds not named here are not switchable. */
export const KIND_FLAG: Partial<Record<NotificationKind, FlagType>> = {
  answer: "AQ",
  comment: "CO",
  poll_vote: "PV",
  q_liked: "LK",
  ans_liked: "LK",
};

/** What a premoderation rejection was about (notifications.premod_type). */
export type PremodType = "qst" | "ans" | "cmt" | "poll" | "ansedit" | "adn2qst";

/** The premoderation list tab a rejected item belongs to. */
const PREMOD_TAB: Record<PremodType, string> = {
  qst: "questions",
  poll: "questions",
  adn2qst: "questions",
  ans: "answers",
  ansedit: "answers",
  cmt: "comments",
};

/** A short plain-text excerpt of a user's (sanitised HTML) text for a notification. */
export function excerpt(html: string, max = 150): string {
  return cut(plainText(html), max);
}

// ------------------------------------------------------------------------------- statements

type Value = number | string | null | SQL;

/**
 * One notification rule: who gets it and what it says. `to` is one user, a list, or SQL selecting
 * one column of user ids (a UNION, the followers …); duplicates count once.
 */
export type NotificationSpec = {
  kind: NotificationKind;
  to: number | readonly number[] | SQL;
  /** who did it; never notified about his own action */
  actorId?: number | null;
  qid?: Value;
  aid?: Value;
  cmid?: Value;
  pqid?: Value;
  gid?: Value;
  lvl?: Value;
  txt?: string | null;
  declinedText?: string | null;
  premodType?: PremodType | null;
  /** the rows are written only when this holds (typically: the action's own row exists) */
  when?: SQL;
  /** a recipient is skipped when this holds; `RECIPIENT` is his users row */
  unless?: SQL;
  now: number;
};

/** The recipient's users row inside a rule's `when` / `unless`. */
export const RECIPIENT = sql.raw("nr");

/** A stored JSON settings column, or {} when it holds something that is not JSON. */
const jsonOrEmpty = (column: SQLWrapper) => sql`(CASE WHEN json_valid(${column}) THEN ${column} ELSE '{}' END)`;
const settingsJson = jsonOrEmpty(sql.raw("nr.notify_settings"));
/** A stored setting of the recipient is on (missing = on). */
const settingOn = (key: SettingKey) => sql`COALESCE(json_extract(${settingsJson}, ${`$.${key}`}), 1) <> 0`;

const asSql = (v: Value | undefined): SQL => (v === undefined || v === null ? sql`NULL` : typeof v === "object" ? v : sql`${v}`);

/** A notification's own columns, as the rules return them and the lists read them. */
const COLUMNS = {
  nid: n.id,
  userId: n.userId,
  kind: n.kind,
  actorId: n.actorId,
  qid: n.qid,
  aid: n.aid,
  cmid: n.cmid,
  pqid: n.pqid,
  gid: n.gid,
  lvl: n.lvl,
  txt: n.txt,
  declinedText: n.declinedText,
  premodType: n.premodType,
  viewed: n.viewed,
  added: n.added,
};

/** What an INSERT of a rule returns for `announce` (the marker tells it from other batch results). */
const RETURNED = {
  notification: sql<number>`1`.as("is_notification"),
  ...COLUMNS,
  // the actor and the question title come from subqueries (SQLite allows them in RETURNING)
  nick: sql<string | null>`(SELECT x.nick FROM users x WHERE x.id = ${n.actorId})`.as("actor_nick"),
  actorLvl: sql<number | null>`(SELECT x.lvl FROM users x WHERE x.id = ${n.actorId})`.as("actor_lvl"),
  filin: sql<string | null>`(SELECT x.filin FROM users x WHERE x.id = ${n.actorId})`.as("actor_filin"),
  txtq: sql<string | null>`(SELECT y.qtext FROM questions y WHERE y.id = ${n.qid})`.as("txtq"),
};

export type NotificationRow = {
  nid: number;
  userId: number;
  kind: string;
  actorId: number | null;
  qid: number | null;
  aid: number | null;
  cmid: number | null;
  pqid: number | null;
  gid: number | null;
  lvl: number | null;
  txt: string | null;
  declinedText: string | null;
  premodType: string | null;
  viewed: number;
  added: number;
  nick: string | null;
  actorLvl: number | null;
  filin: string | null;
  txtq: string | null;
};

/**
 * The batch statements of one rule: a single INSERT … SELECT over the recipients' users rows, so
 * the settings are read in SQL, in the same batch as the action. Put them at the END of the
 * action's batch: they change SQLite's changes(), which earlier statements may chain on.
 */
export function notificationRows(db: Db, spec: NotificationSpec) {
  const to = spec.to;
  const recipients = typeof to === "number" ? sql`${to}` : Array.isArray(to) ? sql`SELECT value FROM json_each(${JSON.stringify(to)})` : (to as SQL);
  const flag = KIND_FLAG[spec.kind];
  const conditions: SQL[] = [sql`nr.id IN (${recipients})`];
  if (spec.actorId != null) conditions.push(sql`nr.id <> ${spec.actorId}`);
  if (flag) conditions.push(settingOn("web"), settingOn(`${flag}_W`));
  if (spec.when) conditions.push(sql`(${spec.when})`);
  if (spec.unless) conditions.push(sql`NOT (${spec.unless})`);

  const values: Record<string, SQL> = {
    id: sql`NULL`,
    userId: sql`nr.id`,
    kind: sql`${spec.kind}`,
    actorId: asSql(spec.actorId),
    qid: asSql(spec.qid),
    aid: asSql(spec.aid),
    cmid: asSql(spec.cmid),
    pqid: asSql(spec.pqid),
    gid: asSql(spec.gid),
    lvl: asSql(spec.lvl),
    txt: asSql(spec.txt),
    declinedText: asSql(spec.declinedText),
    premodType: asSql(spec.premodType),
    viewed: sql`0`,
    added: sql`${spec.now}`,
  };
  // the columns in the table's order, as drizzle lists them in INSERT … SELECT
  const columns = Object.keys(getTableColumns(n)).map((k) => {
    const v = values[k];
    if (!v) throw new Error(`notifications.${k} has no value in notificationRows`);
    return v;
  });
  const select = sql`SELECT ${sql.join(columns, sql`, `)} FROM users nr WHERE ${sql.join(conditions, sql` AND `)}`;
  return [db.insert(n).select(select).returning(RETURNED)] as const;
}

// -------------------------------------------------------------------------------- the rules

const watchOff = (qid: Value, column: "answers" | "comments") =>
  sql`EXISTS (SELECT 1 FROM watches w WHERE w.qid = ${asSql(qid)} AND w.user_id = nr.id AND w.${sql.raw(column)} = 0)`;

/**
 * A new answer: the question's owner and its watchers (watches.answers = 1) get 'answer'; anyone
 * who unsubscribed from the question's answers (stopnotify Q) does not. `aid` is SQL finding the
 * answer this batch wrote; nothing is written when it is not there.
 */
export function answerNotifications(db: Db, o: { qid: number; ownerId: number; actorId: number; aid: SQL; text: string; now: number }) {
  return notificationRows(db, {
    kind: "answer",
    to: sql`SELECT ${o.ownerId} UNION ALL SELECT w.user_id FROM watches w WHERE w.qid = ${o.qid} AND w.answers = 1`,
    actorId: o.actorId,
    qid: o.qid,
    aid: o.aid,
    txt: excerpt(o.text),
    when: sql`${o.aid} IS NOT NULL`,
    unless: watchOff(o.qid, "answers"),
    now: o.now,
  });
}

/**
 * A new comment: the author of what was commented on (the question's owner or the answer's
 * author) and, for a reply, the parent comment's author get 'comment', unless they unsubscribed
 * from the question's comments (stopnotify C). `cmid` is SQL finding the comment this batch wrote.
 */
export function commentNotifications(db: Db, o: { qid: number; aid: number | null; to: number[]; actorId: number; cmid: SQL; text: string; now: number }) {
  return notificationRows(db, {
    kind: "comment",
    to: o.to,
    actorId: o.actorId,
    qid: o.qid,
    aid: o.aid,
    cmid: o.cmid,
    txt: excerpt(o.text),
    when: sql`${o.cmid} IS NOT NULL`,
    unless: watchOff(o.qid, "comments"),
    now: o.now,
  });
}

/** A vote in a poll: its owner gets 'poll_vote' when the vote row was written by this batch. */
export function pollVoteNotification(db: Db, o: { qid: number; ownerId: number; actorId: number; now: number }) {
  return notificationRows(db, {
    kind: "poll_vote",
    to: o.ownerId,
    actorId: o.actorId,
    qid: o.qid,
    when: sql`EXISTS (SELECT 1 FROM poll_votes v WHERE v.qid = ${o.qid} AND v.user_id = ${o.actorId} AND v.added = ${o.now})`,
    now: o.now,
  });
}

/** A «нравится» on a question: its owner gets 'q_liked' when the mark was written by this batch. */
export function questionLikedNotification(db: Db, o: { qid: number; ownerId: number; actorId: number; now: number }) {
  return notificationRows(db, {
    kind: "q_liked",
    to: o.ownerId,
    actorId: o.actorId,
    qid: o.qid,
    when: sql`EXISTS (SELECT 1 FROM marks m WHERE m.target_type = 'Q' AND m.target_id = ${o.qid} AND m.user_id = ${o.actorId} AND m.added = ${o.now})`,
    now: o.now,
  });
}

/** The asker liked an answer (+5 points): its author gets 'ans_liked' when the thanks is this batch's. */
export function answerLikedNotification(db: Db, o: { qid: number; aid: number; authorId: number; actorId: number; now: number }) {
  return notificationRows(db, {
    kind: "ans_liked",
    to: o.authorId,
    actorId: o.actorId,
    qid: o.qid,
    aid: o.aid,
    txt: "+5",
    when: sql`EXISTS (SELECT 1 FROM answer_reactions r WHERE r.answer_id = ${o.aid} AND r.kind = 'thanks' AND r.user_id = ${o.actorId} AND r.added = ${o.now})`,
    now: o.now,
  });
}

/** The welcome bonus: 'bonus25' when this batch paid it (its ledger row). */
export function bonusNotification(db: Db, o: { userId: number; now: number }) {
  return notificationRows(db, {
    kind: "bonus25",
    to: o.userId,
    txt: "+25",
    when: sql`EXISTS (SELECT 1 FROM points_ledger l WHERE l.user_id = ${o.userId} AND l.reason = 'welcome' AND l.added = ${o.now})`,
    now: o.now,
  });
}

/**
 * A level reached: used by pointsChange right after the points update and its ledger row, where
 * changes() = 1 exactly when the change applied. `levelBefore` is SQL of the level the points had
 * before the change; the users row (RECIPIENT) already holds the new points and level.
 */
export function levelNotification(db: Db, o: { userId: number; delta: number; levelBefore: SQL; now: number }) {
  return notificationRows(db, {
    kind: "level",
    to: o.userId,
    lvl: sql`nr.lvl`,
    when: o.delta > 0 ? sql`changes() = 1 AND nr.lvl <> ${o.levelBefore}` : sql`0`,
    now: o.now,
  });
}

/** A new question: every follower of its author gets 'followed_question'. `qid` is SQL for the new question. */
export function followedQuestionNotifications(db: Db, o: { authorId: number; qid: SQL; now: number }) {
  return notificationRows(db, {
    kind: "followed_question",
    to: sql`SELECT f.follower_id FROM follows f WHERE f.target_type = 'U' AND f.target_id = ${o.authorId}`,
    actorId: o.authorId,
    qid: o.qid,
    when: sql`${o.qid} IS NOT NULL`,
    now: o.now,
  });
}

/** A mention of a user in a question (the ask form has no mention field yet: see 0014). */
export function mentionNotification(db: Db, o: { qid: Value; userId: number; actorId: number; now: number; when?: SQL }) {
  return notificationRows(db, { kind: "mention", to: o.userId, actorId: o.actorId, qid: o.qid, when: o.when, now: o.now });
}

// The kinds whose actions come with later work (issue 6): each is one rule for that action's batch.

/** Someone followed the user. */
export function followerNotification(db: Db, o: { userId: number; followerId: number; now: number; when?: SQL }) {
  return notificationRows(db, { kind: "follower", to: o.userId, actorId: o.followerId, when: o.when, now: o.now });
}

/** A gift received (`hidden` gifts name no sender). */
export function giftNotification(db: Db, o: { userId: number; fromId: number | null; giftId: Value; message?: string; now: number; when?: SQL }) {
  return notificationRows(db, {
    kind: "gift",
    to: o.userId,
    actorId: o.fromId,
    gid: o.giftId,
    txt: o.message ? cut(o.message, 150) : null,
    when: o.when,
    now: o.now,
  });
}

/** A moderator deleted the user's question, answer or comment. */
export function moderDeletedNotification(
  db: Db,
  o: { userId: number; moderId: number; qid: Value; aid?: Value; cmid?: Value; reason?: string | null; now: number; when?: SQL },
) {
  return notificationRows(db, {
    kind: "moder_deleted",
    to: o.userId,
    actorId: o.moderId,
    qid: o.qid,
    aid: o.aid,
    cmid: o.cmid,
    declinedText: o.reason ?? null,
    now: o.now,
    when: o.when,
  });
}

/** A moderator declined the user's premoderated write, with the reason (`declined_text`). */
export function premodDeclinedNotification(
  db: Db,
  o: {
    userId: number;
    moderId: number;
    premodType: PremodType;
    declinedText: string;
    qid?: Value;
    aid?: Value;
    pqid?: Value;
    txt?: string | null;
    now: number;
    when?: SQL;
  },
) {
  return notificationRows(db, {
    kind: "premod_declined",
    to: o.userId,
    actorId: o.moderId,
    premodType: o.premodType,
    declinedText: o.declinedText,
    qid: o.qid,
    aid: o.aid,
    pqid: o.pqid,
    txt: o.txt ? excerpt(o.txt) : null,
    now: o.now,
    when: o.when,
  });
}

/** An SMS-paid deletion of the user's answer or question is done. */
export function smsDeletedNotification(db: Db, o: { userId: number; qid: Value; aid?: Value; now: number; when?: SQL }) {
  return notificationRows(db, { kind: "sms_deleted", to: o.userId, qid: o.qid, aid: o.aid, now: o.now, when: o.when });
}

/** VIP status started or expired. */
export function vipNotification(db: Db, o: { userId: number; kind: "vip_started" | "vip_expired"; now: number; when?: SQL }) {
  return notificationRows(db, { kind: o.kind, to: o.userId, now: o.now, when: o.when });
}

/** A new direct (private) question to the brand experts `to`. */
export function directNotifications(db: Db, o: { to: readonly number[] | SQL; askerId: number; pqid: Value; text: string; now: number; when?: SQL }) {
  return notificationRows(db, { kind: "direct", to: o.to, actorId: o.askerId, pqid: o.pqid, txt: excerpt(o.text), now: o.now, when: o.when });
}

/**
 * For a caller with no batch of its own: writes the rule's rows and announces them. An action
 * that writes D1 should add the rule to its own batch instead.
 */
export async function notifyNow(env: Env, rule: (db: Db) => readonly unknown[]): Promise<number> {
  const db = getDb(env.DB);
  const stmts = batchable(env.DB, rule(db));
  const results = await db.batch(stmts as unknown as Parameters<typeof db.batch>[0]);
  return announce(env, results as unknown as unknown[]);
}

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
 * item to his sockets, in parallel. Never throws: a failing hub is logged, the write stands.
 * Returns how many were pushed.
 */
export async function announce(env: Env, results: readonly unknown[]): Promise<number> {
  const rows = notifiedRows(results);
  if (rows.length > MAX_PUSH) console.warn(`announce: ${rows.length} notifications, pushing the first ${MAX_PUSH}`);
  const todo = rows.slice(0, MAX_PUSH);
  let pushed = 0;
  for (let i = 0; i < todo.length; i += PUSH_CONCURRENCY) {
    const settled = await Promise.allSettled(todo.slice(i, i + PUSH_CONCURRENCY).map((r) => userHub(env, r.userId).notified(toItem(r))));
    for (const [j, s] of settled.entries()) {
      if (s.status === "fulfilled") pushed++;
      else console.error(`announce: the hub of user ${todo[i + j].userId} failed`, s.reason);
    }
  }
  return pushed;
}

// ------------------------------------------------------------------------------ the item shape

const SYSTEM_TEXT: Partial<Record<NotificationKind, string>> = {
  bonus25: "+25",
  vip_started: "VIP-статус подключен",
  vip_expired: "VIP-статус закончился",
};

/** A notification in the spec's fields (surroundings.md §3 Notification). */
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
    pqid: r.pqid,
    gid: r.gid,
    premod_type: r.premodType,
    premod_tab: r.premodType ? (PREMOD_TAB[r.premodType as PremodType] ?? null) : null,
    declined_text: r.declinedText,
  };
  if (now !== undefined) item.timecell = timeAgoWords(r.added, now);
  return item;
}

export type NotificationItem = ReturnType<typeof toItem>;

// ------------------------------------------------------------------------------------ reads

const actor = schema.users;
const question = schema.questions;

/** A page read with one row more than shown: the items and whether more follow. */
function pageOf<T>(rows: T[], n: number) {
  return { shown: rows.slice(0, n), more: rows.length > n ? 1 : 0 };
}

/** The list query: newest first, with the actor and the question title. */
function listQuery(db: Db, where: SQL, limit: number, offset: number) {
  return db
    .select({
      ...COLUMNS,
      // aliased: a D1 batch returns rows keyed by column name, and "lvl" is in both tables
      nick: sql<string | null>`${actor.nick}`.as("actor_nick"),
      actorLvl: sql<number | null>`${actor.lvl}`.as("actor_lvl"),
      filin: sql<string | null>`${actor.filin}`.as("actor_filin"),
      txtq: sql<string | null>`${question.qtext}`.as("txtq"),
    })
    .from(n)
    .leftJoin(actor, eq(actor.id, n.actorId))
    .leftJoin(question, eq(question.id, n.qid))
    .where(where)
    .orderBy(desc(n.id))
    .limit(limit)
    .offset(offset);
}

/** The hub's answer, or `fallback` (logged) when the hub fails: a read never fails for it. */
async function fromHub<T>(what: string, call: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    console.error(`user hub: ${what} failed`, e);
    return fallback();
  }
}

async function unreadInD1(db: Db, userId: number): Promise<number> {
  const row = await db
    .select({ c: count() })
    .from(n)
    .where(and(eq(n.userId, userId), eq(n.viewed, 0)))
    .get();
  return row?.c ?? 0;
}

/** show_nc: the unread count from the user's hub (D1's count if the hub is down). */
export async function showCount(env: Env, session: Session | null) {
  const user = requireUser(session);
  const res = await fromHub(
    "unread",
    () => userHub(env, user.id).unread(),
    () => unreadInD1(getDb(env.DB), user.id),
  );
  return { res };
}

const last = (v: unknown) => (Array.isArray(v) ? v[v.length - 1] : v);
const blank = (v: unknown) => {
  const x = last(v);
  return x === "" || x === null ? undefined : x;
};
const MAX_ID = 2 ** 31 - 1;
const offset = Offset.transform((p) => p ?? 0);
const pageSize = PageSize.transform((n) => n ?? LIMITS.pageSize);
const optionalId = (errid: string) => z.preprocess(blank, z.coerce.number(errid).int(errid).positive(errid).max(MAX_ID, errid).optional());

export const ShowBulkInput = z.object({ p: offset, n: pageSize });

/**
 * show_bulk: the latest page of the user's notifications (20, offset p, newest first) and the
 * unread count. D1's count of unread rows is read in the same batch and, when the hub disagrees
 * (a push that failed, a row written where no env was at hand), the hub is set to it.
 */
export async function showBulk(env: Env, session: Session | null, input: z.infer<typeof ShowBulkInput>) {
  const user = requireUser(session);
  const db = getDb(env.DB);
  const hub = userHub(env, user.id);
  const [[rows, unreadRows], hubCount] = await Promise.all([
    db.batch([
      listQuery(db, eq(n.userId, user.id), input.n + 1, input.p),
      db
        .select({ c: count() })
        .from(n)
        .where(and(eq(n.userId, user.id), eq(n.viewed, 0))),
    ]),
    hub.unread().catch((e: unknown) => {
      console.error("user hub: unread failed", e);
      return null;
    }),
  ]);
  const unread = unreadRows[0]?.c ?? 0;
  if (hubCount !== null && hubCount !== unread) {
    await hub.resetUnread(unread).catch((e: unknown) => console.error("user hub: resetUnread failed", e));
  }
  const { shown, more } = pageOf(rows, input.n);
  return { bulk: shown.map((r) => toItem(r)), more, res: unread };
}

export const FeedInput = z.object({
  id: optionalId("364"),
  n: pageSize,
  p: offset,
  /** only notifications older than this one (the id of the last one shown) */
  nid: optionalId("361"),
  /** only notifications older than this (seconds, as `timestamp`) */
  time: z.preprocess(blank, z.coerce.number("365").int("365").positive("365").max(1e11, "365").optional()),
});

/**
 * /api/notify/feed: the user's notifications feed, paged by offset p (n ≤ 20) and/or from a cursor
 * (nid: older than that notification; time: older than that moment). Only one's own (id, when
 * given, must be the user's: 364). Each item carries `timecell`, the time ago in words.
 */
export async function readFeed(env: Env, session: Session | null, input: z.infer<typeof FeedInput>, now: number) {
  const user = requireUser(session);
  if (input.id !== undefined && input.id !== user.id) throw new DomainError(364);
  const db = getDb(env.DB);
  const where = and(
    eq(n.userId, user.id),
    input.nid !== undefined ? lt(n.id, input.nid) : undefined,
    input.time !== undefined ? lt(n.added, input.time * 1000) : undefined,
  )!;
  const rows = await listQuery(db, where, input.n + 1, input.p);
  const { shown, more } = pageOf(rows, input.n);
  const items = shown.map((r) => toItem(r, now));
  return { feed: items, more, lastnid: items.length > 0 ? items[items.length - 1].nid : null };
}

/** One or many notification ids: bid, bids (a list, a repeated field or "1,2,3"). */
const idList = z.preprocess(listOf, z.array(z.coerce.number("361").int("361").positive("361").max(MAX_ID, "361")).max(100, "362"));

export const BulkViewedInput = z
  .object({ bid: idList, bids: idList })
  .transform((i) => [...new Set([...i.bid, ...i.bids])])
  .refine((ids) => ids.length > 0, "361")
  .refine((ids) => ids.length <= 100, "362");

export const BulkSetInput = z.object({ bid: optionalId("361") }).refine((i) => i.bid !== undefined, "361");

/**
 * Marks the user's notifications `ids` viewed. The hub's counter falls by the number that really
 * went from unviewed to viewed (UPDATE … RETURNING), so a repeat or another user's id changes
 * nothing. None of the ids is the user's: 360.
 */
export async function markViewed(env: Env, session: Session | null, ids: number[]) {
  const user = requireUser(session);
  const db = getDb(env.DB);
  const mine = and(eq(n.userId, user.id), inArray(n.id, ids));
  const [changed, owned] = await db.batch([
    db
      .update(n)
      .set({ viewed: 1 })
      .where(and(mine, eq(n.viewed, 0)))
      .returning({ id: n.id }),
    db.select({ c: count() }).from(n).where(mine),
  ]);
  if ((owned[0]?.c ?? 0) === 0) throw new DomainError(360);
  const hub = userHub(env, user.id);
  const res = await fromHub(
    "viewed",
    () => (changed.length > 0 ? hub.viewed(changed.length) : hub.unread()),
    () => unreadInD1(db, user.id),
  );
  return { viewed: changed.length, res };
}

// --------------------------------------------------------------------------------- settings

/** The user's settings as stored, defaults all on. */
export async function readSettings(d1: D1Database, userId: number): Promise<NotifySettings> {
  const row = await getDb(d1).select({ s: schema.users.notifySettings }).from(schema.users).where(eq(schema.users.id, userId)).get();
  return row ? parseStored(row.s) : { ...DEFAULT_SETTINGS };
}

/** showsettings: the settings in the wire form (channels inverted: 1 = off). */
export async function showSettings(env: Env, session: Session | null) {
  const user = requireUser(session);
  return { settings: toWire(await readSettings(env.DB, user.id)) };
}

/** A wire flag: 0 or 1 ("0"/"1", true/false, a checkbox's "on"; the last of a repeated field). */
const wireFlag = z.preprocess((v) => {
  const x = last(v);
  if (x === undefined || x === null || x === "") return undefined;
  if (x === true || x === "on") return 1;
  if (x === false) return 0;
  return x;
}, z.coerce.number("363").int("363").min(0, "363").max(1, "363").optional());

/**
 * savesettings: mail, push, web, sound (the spec's inverted flags: 1 = off) and the per-type
 * flags AQ_P … PV_W and NEW (1 = on). A field left out keeps its stored value.
 */
export const SaveSettingsInput = z.object(Object.fromEntries(SETTING_KEYS.map((k) => [k, wireFlag])) as Record<SettingKey, typeof wireFlag>);

/** Merges the given flags into users.notify_settings in one statement (json_patch), stored 1 = on. */
export async function saveSettings(env: Env, session: Session | null, input: z.infer<typeof SaveSettingsInput>) {
  const user = requireUser(session);
  const patch: Partial<Record<SettingKey, 0 | 1>> = {};
  for (const k of SETTING_KEYS) {
    const v = input[k];
    if (v === 0 || v === 1) patch[k] = fromWire(k, v);
  }
  const row = await getDb(env.DB)
    .update(schema.users)
    .set({ notifySettings: sql`json_patch(${jsonOrEmpty(schema.users.notifySettings)}, ${JSON.stringify(patch)})` })
    .where(eq(schema.users.id, user.id))
    .returning({ s: schema.users.notifySettings })
    .get();
  return { settings: toWire(parseStored(row?.s)) };
}
