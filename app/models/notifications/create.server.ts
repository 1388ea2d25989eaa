/**
 * Creating notifications (docs/decisions/0014-notifications.md). An action creates its
 * notifications in its own D1 batch: the rule functions below return INSERT … SELECT statements
 * that pick the recipients, drop the actor himself and whoever switched the kind off
 * (users.notify_settings, read in SQL), and only insert when the action's own row was written by
 * the same batch. Every such statement RETURNs its new rows, marked, for `announce`
 * (./push.server.ts). A recipient is also dropped when the notice would name something he may not
 * see (noticeShown, the visibility rule the lists apply when they read): the actor is on his
 * blacklist (a moderator's notices excepted), the question is in an adult category he has not
 * confirmed his age for, the asker hid his activity …
 */
import { getTableColumns, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { cut, LIMITS } from "../../lib/limits";
import type { FlagType, SettingKey } from "../../lib/notify-settings";
import { plainText } from "../../lib/seo";
import { dbOf, schema } from "../core/db.server";
import { bindingOfEnv, isThreadBinding, SITE_DB } from "../core/databases.server";
import { threadDbSql } from "../core/thread-ranges.server";
import { outboxRowOf } from "../effects/outbox.server";
import { noticeShown, RECIPIENT } from "../core/visibility.server";

export const n = schema.notifications;

// ------------------------------------------------------------------------------------ kinds

/** The kind codes (the item's `a`). */
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
  "failed_signins",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** A repeated follow of the same user within this time creates no second 'follower' notification. */
const FOLLOW_NOTICE_WINDOW_MS = 24 * 3_600_000;

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
export const PREMOD_TAB: Record<PremodType, string> = {
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
  /** a recipient is skipped when this holds; `nr` is his users row */
  unless?: SQL;
  now: number;
};

/** A stored JSON settings column, or {} when it holds something that is not JSON. */
export const jsonOrEmpty = (column: SQLWrapper) => sql`(CASE WHEN json_valid(${column}) THEN ${column} ELSE '{}' END)`;
const settingsJson = jsonOrEmpty(sql.raw("nr.notify_settings"));
/** A stored setting of the recipient is on (missing = on). */
const settingOn = (key: SettingKey) => sql`COALESCE(json_extract(${settingsJson}, ${`$.${key}`}), 1) <> 0`;

const asSql = (v: Value | undefined): SQL => (v === undefined || v === null ? sql`NULL` : typeof v === "object" ? v : sql`${v}`);

/** A notification's own columns, as the rules return them and the lists read them. */
export const COLUMNS = {
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

/** For a poll vote: the options the voter chose (a JSON array), as his vote row holds them. */
export const votedSql = () =>
  sql<string | null>`CASE WHEN ${n.kind} = 'poll_vote' THEN (SELECT v.options FROM poll_votes v WHERE v.qid = ${n.qid} AND v.user_id = ${n.actorId}) END`.as(
    "voted",
  );

/** Where the item leads: the question's category, or for a private question its brand (their urlname). */
export const urlnameSql = () =>
  sql<string | null>`COALESCE(
    (SELECT c.urlname FROM categories c WHERE c.id = (SELECT y.category_id FROM questions y WHERE y.id = ${n.qid})),
    (SELECT b.urlname FROM brands b WHERE b.id = (SELECT p.brand_id FROM private_questions p WHERE p.id = ${n.pqid})))`.as("urlname");

/** What an INSERT of a rule returns for `announce` (the marker tells it from other batch results). */
const RETURNED = {
  notification: sql<number>`1`.as("is_notification"),
  ...COLUMNS,
  // the actor and the question title come from subqueries (SQLite allows them in RETURNING)
  nick: sql<string | null>`(SELECT x.nick FROM users x WHERE x.id = ${n.actorId})`.as("actor_nick"),
  actorLvl: sql<number | null>`(SELECT x.lvl FROM users x WHERE x.id = ${n.actorId})`.as("actor_lvl"),
  filin: sql<string | null>`(SELECT x.filin FROM users x WHERE x.id = ${n.actorId})`.as("actor_filin"),
  txtq: sql<string | null>`(SELECT y.qtext FROM questions y WHERE y.id = ${n.qid})`.as("txtq"),
  voted: votedSql(),
  urlname: urlnameSql(),
  home: threadDbSql(n.qid).as("home"),
  recipientAdult: sql<number>`(SELECT r.is_adult FROM users r WHERE r.id = ${n.userId})`.as("recipient_adult"),
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
  /** a poll vote's chosen options (JSON) */
  voted?: string | null;
  urlname?: string | null;
  /** the thread database of the question (null: DB), whose thread's part of the rule is checked there */
  home?: string | null;
  /** the recipient confirmed his age (1), for that check */
  recipientAdult?: number | null;
};

/**
 * The batch statements of one rule: a single INSERT … SELECT over the recipients' users rows, so
 * the settings are read in SQL, in the same batch as the action. Put them at the END of the
 * action's batch: they change SQLite's changes(), which earlier statements may chain on.
 */
export function notificationRows(env: Env, spec: NotificationSpec) {
  const db = dbOf(env);
  const to = spec.to;
  const recipients = typeof to === "number" ? sql`${to}` : Array.isArray(to) ? sql`SELECT value FROM json_each(${JSON.stringify(to)})` : (to as SQL);
  const flag = KIND_FLAG[spec.kind];
  const conditions: SQL[] = [sql`nr.id IN (${recipients})`];
  if (spec.actorId != null) conditions.push(sql`nr.id <> ${spec.actorId}`);
  if (flag) conditions.push(settingOn("web"), settingOn(`${flag}_W`));
  if (spec.when) conditions.push(sql`(${spec.when})`);
  if (spec.unless) conditions.push(sql`NOT (${spec.unless})`);

  const values = {
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
  } satisfies Record<string, SQL>;
  // nothing is written, counted or pushed that the recipient's own list would not show him
  conditions.push(noticeShown(RECIPIENT, values));
  // the columns in the table's order, as drizzle lists them in INSERT … SELECT
  const columns = Object.keys(getTableColumns(n)).map((k) => {
    const v = (values as Record<string, SQL>)[k];
    if (!v) throw new Error(`notifications.${k} has no value in notificationRows`);
    return v;
  });
  const select = sql`SELECT ${sql.join(columns, sql`, `)} FROM users nr WHERE ${sql.join(conditions, sql` AND `)}`;
  const rows = [db.insert(n).select(select).returning(RETURNED)] as const;
  // a batch in a thread database holds no users: it leaves the rule to DB (the queue brings it)
  return isThreadBinding(bindingOfEnv(env)) ? ([notifyEffect(env, spec)] as unknown as typeof rows) : rows;
}

/** A rule's notifications as the queue carries them to DB: the candidates picked, the items' ids known. */
export type NotifyEffect = Pick<NotificationSpec, "kind" | "txt" | "declinedText" | "premodType" | "now"> &
  Pick<NotificationRow, "actorId" | "qid" | "aid" | "cmid" | "pqid" | "gid" | "lvl"> & { to: number[] };

/**
 * A rule whose action's batch runs in a thread database: the batch picks the candidates there (`to`,
 * less the actor and those `unless` drops: its `nr` is a candidate, and what it reads — the thread's
 * watches — lives there) and the ids of the rows it wrote, and leaves them in a `notify` effect for
 * DB, written only when `when` holds. DB applies it with notificationRows (notifyRows): the
 * recipients' settings and the reader's part of the rule are read there, the thread's part where
 * the thread lives (keepShown, before anyone hears of it).
 */
function notifyEffect(env: Env, spec: NotificationSpec) {
  const to = spec.to;
  const candidates = typeof to === "number" ? sql`SELECT ${to}` : Array.isArray(to) ? sql`SELECT value FROM json_each(${JSON.stringify(to)})` : (to as SQL);
  const keep: SQL[] = [sql`nr.id IS NOT NULL`];
  if (spec.actorId != null) keep.push(sql`nr.id <> ${spec.actorId}`);
  if (spec.unless) keep.push(sql`NOT (${spec.unless})`);
  const recipients = sql`(WITH cand(id) AS (${candidates}) SELECT json_group_array(DISTINCT nr.id) FROM cand nr WHERE ${sql.join(keep, sql` AND `)})`;
  const body = sql`json_object('kind', ${spec.kind}, 'to', json(${recipients}), 'actorId', ${asSql(spec.actorId)}, 'qid', ${asSql(spec.qid)},
    'aid', ${asSql(spec.aid)}, 'cmid', ${asSql(spec.cmid)}, 'pqid', ${asSql(spec.pqid)}, 'gid', ${asSql(spec.gid)}, 'lvl', ${asSql(spec.lvl)},
    'txt', ${asSql(spec.txt)}, 'declinedText', ${asSql(spec.declinedText)}, 'premodType', ${asSql(spec.premodType)}, 'now', ${spec.now})`;
  return outboxRowOf(env, { target: SITE_DB, kind: "notify", body }, spec.now, spec.when ?? sql`1`);
}

/** The statements of a `notify` effect in DB: the rule's rows, as an action in DB writes them. */
export function notifyRows(env: Env, e: NotifyEffect) {
  return notificationRows(env, { ...e });
}

// -------------------------------------------------------------------------------- the rules

const watchOff = (qid: Value, column: "answers" | "comments") =>
  sql`EXISTS (SELECT 1 FROM watches w WHERE w.qid = ${asSql(qid)} AND w.user_id = nr.id AND w.${sql.raw(column)} = 0)`;

/**
 * A new answer: the question's owner and its watchers (watches.answers = 1) get 'answer'; anyone
 * who unsubscribed from the question's answers (stopnotify Q) does not. `aid` is SQL finding the
 * answer this batch wrote; nothing is written when it is not there.
 */
export function answerNotifications(env: Env, o: { qid: number; ownerId: number; actorId: number; aid: SQL; text: string; now: number }) {
  return notificationRows(env, {
    kind: "answer",
    to: sql`SELECT ${o.ownerId} UNION ALL SELECT w.user_id FROM watches w WHERE w.qid = ${o.qid} AND w.answers = 1`,
    actorId: o.actorId,
    qid: o.qid,
    aid: o.aid,
    // an answer's short text: its first 43 characters
    txt: excerpt(o.text, LIMITS.answerShortCut),
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
export function commentNotifications(env: Env, o: { qid: number; aid: number | null; to: number[]; actorId: number; cmid: SQL; text: string; now: number }) {
  return notificationRows(env, {
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
export function pollVoteNotification(env: Env, o: { qid: number; ownerId: number; actorId: number; now: number }) {
  return notificationRows(env, {
    kind: "poll_vote",
    to: o.ownerId,
    actorId: o.actorId,
    qid: o.qid,
    when: sql`EXISTS (SELECT 1 FROM poll_votes v WHERE v.qid = ${o.qid} AND v.user_id = ${o.actorId} AND v.added = ${o.now})`,
    now: o.now,
  });
}

/** A «нравится» on a question: its owner gets 'q_liked' when the mark was written by this batch. */
export function questionLikedNotification(env: Env, o: { qid: number; ownerId: number; actorId: number; now: number }) {
  return notificationRows(env, {
    kind: "q_liked",
    to: o.ownerId,
    actorId: o.actorId,
    qid: o.qid,
    when: sql`EXISTS (SELECT 1 FROM marks m WHERE m.target_type = 'Q' AND m.target_id = ${o.qid} AND m.user_id = ${o.actorId} AND m.added = ${o.now})`,
    now: o.now,
  });
}

/** The asker liked an answer (+5 points): its author gets 'ans_liked' when the thanks is this batch's. */
export function answerLikedNotification(env: Env, o: { qid: number; aid: number; authorId: number; actorId: number; now: number }) {
  return notificationRows(env, {
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
export function bonusNotification(env: Env, o: { userId: number; now: number }) {
  return notificationRows(env, {
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
export function levelNotification(env: Env, o: { userId: number; delta: number; levelBefore: SQL; now: number }) {
  return notificationRows(env, {
    kind: "level",
    to: o.userId,
    lvl: sql`nr.lvl`,
    when: o.delta > 0 ? sql`changes() = 1 AND nr.lvl <> ${o.levelBefore}` : sql`0`,
    now: o.now,
  });
}

/** A new question: every follower of its author gets 'followed_question'. `qid` is SQL for the new question. */
export function followedQuestionNotifications(env: Env, o: { authorId: number; qid: SQL; now: number }) {
  return notificationRows(env, {
    kind: "followed_question",
    to: sql`SELECT f.follower_id FROM follows f WHERE f.target_type = 'U' AND f.target_id = ${o.authorId}`,
    actorId: o.authorId,
    qid: o.qid,
    when: sql`${o.qid} IS NOT NULL`,
    now: o.now,
  });
}

/** A mention of a user in a question (the ask form has no mention field yet: see 0014). */
export function mentionNotification(env: Env, o: { qid: Value; userId: number; actorId: number; now: number; when?: SQL }) {
  return notificationRows(env, { kind: "mention", to: o.userId, actorId: o.actorId, qid: o.qid, when: o.when, now: o.now });
}

// One rule per action, for that action's batch: follower (follows), gift (gifts), moder_deleted
// (moderation), premod_declined (premoderation), vip_started / vip_expired (VIP), direct (private
// questions). sms_deleted («Удаление выполнено») is written by the paid deletions' grant (a paid
// mhideqst or mhideans, payments/payments.server.ts) with notificationRows, in the settlement's batch.

/**
 * Someone followed the user: once per pair within FOLLOW_NOTICE_WINDOW_MS, so that follow →
 * unfollow → follow does not notify him again and again.
 */
export function followerNotification(env: Env, o: { userId: number; followerId: number; now: number; when?: SQL }) {
  return notificationRows(env, {
    kind: "follower",
    to: o.userId,
    actorId: o.followerId,
    when: o.when,
    unless: sql`EXISTS (SELECT 1 FROM notifications pf WHERE pf.user_id = nr.id AND pf.kind = 'follower' AND pf.actor_id = ${o.followerId}
      AND pf.added > ${o.now - FOLLOW_NOTICE_WINDOW_MS})`,
    now: o.now,
  });
}

/** A gift received (`hidden` gifts name no sender). */
export function giftNotification(env: Env, o: { userId: number; fromId: number | null; giftId: Value; message?: string; now: number; when?: SQL }) {
  return notificationRows(env, {
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
  env: Env,
  o: { userId: number; moderId: number; qid: Value; aid?: Value; cmid?: Value; reason?: string | null; now: number; when?: SQL },
) {
  return notificationRows(env, {
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
  env: Env,
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
  return notificationRows(env, {
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

/** VIP status started or expired. */
export function vipNotification(env: Env, o: { userId: number; kind: "vip_started" | "vip_expired"; now: number; when?: SQL }) {
  return notificationRows(env, { kind: o.kind, to: o.userId, now: o.now, when: o.when });
}

/** A new direct (private) question to the brand experts `to`. */
export function directNotifications(env: Env, o: { to: readonly number[] | SQL; askerId: number; pqid: Value; text: string; now: number; when?: SQL }) {
  return notificationRows(env, { kind: "direct", to: o.to, actorId: o.askerId, pqid: o.pqid, txt: excerpt(o.text), now: o.now, when: o.when });
}

/**
 * The owner signed in after wrong passwords for his account had made its sign-ins ask for a
 * captcha: how many there were (`txt`), so that he learns someone tried to guess it.
 */
export function failedSignInsNotification(env: Env, o: { userId: number; failures: number; now: number }) {
  return notificationRows(env, { kind: "failed_signins", to: o.userId, txt: String(o.failures), now: o.now });
}

/**
 * For a caller with no batch of its own: writes the rule's rows and announces them. An action
 * that writes D1 should add the rule to its own batch instead.
 */
