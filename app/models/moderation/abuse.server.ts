/**
 * Abuse reports and the moderation queue (docs/decisions/0016-abuse-and-premoderation.md):
 * `abuse` (a signed-in user reports someone else's question, answer or comment, once per item by
 * abuse_uq), `mod_queue` (the open reports of one type, grouped by item) and `mod_count` (how many
 * items wait: reported ones and pending premoderation). Moderators see everything; a brand admin
 * sees what belongs to his brand's category (and premoderation items of his brand).
 */
import { ERR, ERR_MSG } from "../../lib/errids";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { ABUSE_TEXT_MAX, reportHidden, type AbuseReason, type AbuseTarget } from "../../lib/abuse";
import { DomainError } from "../../lib/errors";
import { cut } from "../../lib/limits";
import { plainText } from "../../lib/seo";
import { Offset, PageSize, last, plainLine } from "../../lib/fields";
import { dbOf, schema } from "../core/db.server";
import { answerCols, liveAnswer, liveQuestion, questionCols } from "../core/visibility.server";
import { requireUser, requireWriter, type Session } from "../users/session.server";
import { inScopeCategories, moderationScope, type ModerationScope } from "./scope.server";
import { isRowId } from "../../lib/ids";

const r = schema.abuseReports;

// ---------------------------------------------------------------------------------------- abuse

/**
 * The wire values of `report`: our words, the pop-up's order 1–3, and a few synonyms. A Map, so
 * that a value such as "constructor" or "__proto__" is an unknown reason, not an inherited property.
 */
const REASONS = new Map<string, AbuseReason>([
  ["spam", "spam"],
  ["advertising", "spam"],
  ["1", "spam"],
  ["offense", "offense"],
  ["offensive", "offense"],
  ["insult", "offense"],
  ["2", "offense"],
  ["other", "other"],
  ["3", "other"],
]);

const absent = (v: unknown) => v === undefined || v === null || v === "";

/**
 * The last value of a word field, trimmed and in the case given; absent stays undefined. Only a
 * string is changed: a list, an object or a number from a JSON body goes on as it is, for the
 * schema to refuse (turning it into a string could throw, or recurse without end).
 */
const word = (toCase: (s: string) => string) => (v: unknown) => {
  const x = last(v);
  if (absent(x)) return undefined;
  return typeof x === "string" ? toCase(x.trim()) : x;
};

/** An optional item id: absent is fine, anything but a positive integer is 443. */
const targetId = z.preprocess(
  (v) => (absent(last(v)) ? undefined : last(v)),
  z.coerce
    .number(ERR_MSG.abuseTargetMissing)
    .int(ERR_MSG.abuseTargetMissing)
    .positive(ERR_MSG.abuseTargetMissing)
    .refine(isRowId, ERR_MSG.abuseTargetMissing)
    .optional(),
);

/**
 * abuse: `report` (spam | offense | other, or 1 | 2 | 3), optional `text`, and exactly one of
 * qid, aid, cid. Text without a reason ticks 'other'; 'other' needs more than 2 characters of text
 * after trimming.
 */
export const AbuseInput = z
  .object({
    report: z.preprocess(
      word((s) => s.toLowerCase()),
      z.string(ERR_MSG.abuseReasonMissing).optional(),
    ),
    text: z.preprocess((v) => (absent(last(v)) ? "" : last(v)), z.string(ERR_MSG.badFields)),
    qid: targetId,
    aid: targetId,
    cid: targetId,
  })
  .transform((i, ctx) => {
    const fail = (message: string) => {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    };
    const text = plainLine(i.text);
    const reason: AbuseReason | undefined = i.report !== undefined ? REASONS.get(i.report) : text.length > 0 ? "other" : undefined;
    if (!reason) return fail(ERR_MSG.abuseReasonMissing);
    if (reason === "other" && Array.from(text).length <= 2) return fail(ERR_MSG.abuseTextTooShort);
    if (Array.from(text).length > ABUSE_TEXT_MAX) return fail(ERR_MSG.abuseTextTooLong);
    const given = [
      ["Q", i.qid],
      ["A", i.aid],
      ["C", i.cid],
    ].filter(([, id]) => id !== undefined) as [AbuseTarget, number][];
    if (given.length !== 1) return fail(ERR_MSG.abuseTargetMissing);
    const [type, id] = given[0];
    return { reason, text, type, id };
  });
export type AbuseInput = z.infer<typeof AbuseInput>;

/** A reported item with its question: author, category, and whether it is still shown. */
export type ReportTarget = {
  id: number;
  userId: number;
  nick: string;
  lvl: number;
  qid: number;
  aid: number | null;
  categoryId: number;
  topCategoryId: number;
  live: boolean;
  text: string;
};

/** The items of one type by id, with their questions and authors, in one query. */
export async function loadTargets(env: Env, type: AbuseTarget, ids: number[]): Promise<Map<number, ReportTarget>> {
  const out = new Map<number, ReportTarget>();
  if (ids.length === 0) return out;
  const db = dbOf(env);
  const q = schema.questions;
  const u = schema.users;
  const common = {
    nick: sql<string>`${u.nick}`.as("author_nick"),
    lvl: sql<number>`${u.lvl}`.as("author_lvl"),
    qid: sql<number>`${q.id}`.as("q_id"),
    categoryId: q.categoryId,
    topCategoryId: q.topCategoryId,
    qstate: q.state,
    qhidden: sql<number>`${q.hidden}`.as("q_hidden"),
  };
  if (type === "Q") {
    const rows = await db
      .select({ id: q.id, userId: q.userId, text: q.qtext, ...common })
      .from(q)
      .innerJoin(u, eq(u.id, q.userId))
      .where(inArray(q.id, ids));
    for (const row of rows) out.set(row.id, { ...row, aid: null, live: row.qhidden === 0 && row.qstate !== "D" });
    return out;
  }
  if (type === "A") {
    const a = schema.answers;
    const rows = await db
      .select({ id: a.id, userId: a.userId, text: a.text, hidden: a.hidden, ...common })
      .from(a)
      .innerJoin(q, eq(q.id, a.qid))
      .innerJoin(u, eq(u.id, a.userId))
      .where(inArray(a.id, ids));
    for (const row of rows)
      out.set(row.id, { ...row, aid: row.id, text: plainText(row.text), live: row.hidden === 0 && row.qhidden === 0 && row.qstate !== "D" });
    return out;
  }
  const c = schema.comments;
  const a = schema.answers;
  const rows = await db
    .select({
      id: c.id,
      userId: c.userId,
      text: c.text,
      hidden: c.hidden,
      refType: c.refType,
      refId: c.refId,
      // the answer a comment (at any depth) belongs to: a deleted answer takes its comments with it
      ahidden: sql<number | null>`${a.hidden}`.as("a_hidden"),
      ...common,
    })
    .from(c)
    .innerJoin(q, eq(q.id, c.qid))
    .innerJoin(u, eq(u.id, c.userId))
    .leftJoin(a, and(eq(c.refType, "A"), eq(a.id, c.refId)))
    .where(inArray(c.id, ids));
  for (const row of rows) {
    out.set(row.id, {
      ...row,
      text: plainText(row.text),
      aid: row.refType === "A" ? row.refId : null,
      live: row.hidden === 0 && row.qhidden === 0 && row.qstate !== "D" && row.ahidden !== 1,
    });
  }
  return out;
}

/** The item a report (or the report page) is about, or null when there is none. */
export async function loadTarget(env: Env, type: AbuseTarget, id: number): Promise<ReportTarget | null> {
  return (await loadTargets(env, type, [id])).get(id) ?? null;
}

/** Why a signed-in user may not report an item (null: he may): 444 gone, 445 his own, 447 category 601. */
export function reportRefusal(target: ReportTarget | null, userId: number): 444 | 445 | 447 | null {
  if (!target?.live) return ERR.abuseTargetGone;
  if (target.userId === userId) return ERR.abuseOwnItem;
  if (reportHidden(target)) return ERR.abuseClosedCategory;
  return null;
}

/**
 * abuse: stores the report (status N, the open queue). One report per (user, item) by the UNIQUE
 * index abuse_uq: a second one is 446 and writes nothing.
 */
export async function reportAbuse(env: Env, session: Session | null, input: AbuseInput, now: number) {
  const user = requireWriter(session);
  const target = await loadTarget(env, input.type, input.id);
  const refusal = reportRefusal(target, user.id);
  if (refusal !== null || !target) throw new DomainError(refusal ?? ERR.abuseTargetGone);
  const db = dbOf(env);
  const inserted = await db
    .insert(r)
    .values({
      reporterId: user.id,
      targetType: input.type,
      targetId: input.id,
      qid: target.qid,
      categoryId: target.categoryId,
      reason: input.reason,
      text: input.text,
      added: now,
    })
    .onConflictDoNothing()
    .returning({ id: r.id });
  if (inserted.length === 0) throw new DomainError(ERR.alreadyReported);
  return { id: inserted[0].id, redirect: `/abuse/${input.type}/${input.id}?sent=1` };
}

// ----------------------------------------------------------------------------- the queue

const QueueType = z.preprocess(
  word((s) => s.toUpperCase()),
  z.enum(["Q", "A", "C"], ERR_MSG.queueKindInvalid),
);

export const ModQueueInput = z.object({ type: QueueType, p: Offset, n: PageSize });

/**
 * SQL: the reported item of a report row is still shown (a dropped item leaves the queue): live, and
 * so is its question and, for a comment under an answer, that answer.
 */
function liveTarget(type: AbuseTarget): SQL {
  const y = liveQuestion(questionCols("y"));
  if (type === "Q") return sql`EXISTS (SELECT 1 FROM questions y WHERE y.id = ${r.targetId} AND ${y})`;
  if (type === "A")
    return sql`EXISTS (SELECT 1 FROM answers x JOIN questions y ON y.id = x.qid WHERE x.id = ${r.targetId} AND ${liveAnswer(answerCols("x"))} AND ${y})`;
  return sql`EXISTS (SELECT 1 FROM comments x JOIN questions y ON y.id = x.qid LEFT JOIN answers z ON x.ref_type = 'A' AND z.id = x.ref_id
    WHERE x.id = ${r.targetId} AND x.hidden = 0 AND ${y} AND (x.ref_type <> 'A' OR ${liveAnswer(answerCols("z"))}))`;
}

function openReports(scope: ModerationScope, type: AbuseTarget): SQL {
  return sql`${r.status} = 'N' AND ${r.targetType} = ${type} AND ${inScopeCategories(scope, sql`${r.categoryId}`)} AND ${liveTarget(type)}`;
}

/** Where the item of a queue row is read. */
function itemLink(type: AbuseTarget, id: number, qid: number | null, aid: number | null): string {
  if (type === "Q") return `/question/${id}`;
  if (type === "A") return `/answer/${id}`;
  return aid ? `/answer/${aid}/cid-${id}` : `/question/${qid}/cid-${id}`;
}

/**
 * mod_queue {type, p, n}: the reported items of one type, most recently reported first, each with
 * its text, author, the number of open reports by reason and the reporters' own words.
 */
export async function modQueue(env: Env, session: Session | null, input: z.infer<typeof ModQueueInput>, now: number) {
  const user = requireUser(session);
  const scope = await moderationScope(env, user, now);
  const db = dbOf(env);
  const p = input.p ?? 0;
  const n = input.n ?? 20;
  const type = input.type;
  const groups = await db
    .select({
      id: r.targetId,
      reports: sql<number>`count(*)`,
      spam: sql<number>`sum(${r.reason} = 'spam')`,
      offense: sql<number>`sum(${r.reason} = 'offense')`,
      other: sql<number>`sum(${r.reason} = 'other')`,
      last: sql<number>`max(${r.added})`,
    })
    .from(r)
    .where(openReports(scope, type))
    .groupBy(r.targetId)
    .orderBy(sql`max(${r.added}) DESC`, sql`${r.targetId} DESC`)
    .limit(n)
    .offset(p);
  const ids = groups.map((g) => g.id);
  const [texts, targets] = await Promise.all([
    ids.length
      ? db
          .select({ targetId: r.targetId, text: r.text })
          .from(r)
          .where(and(eq(r.status, "N"), eq(r.targetType, type), inArray(r.targetId, ids), sql`${r.text} <> ''`))
          .orderBy(sql`${r.id} DESC`)
      : Promise.resolve([]),
    loadTargets(env, type, ids),
  ]);
  const items = groups.map((g) => {
    const t = targets.get(g.id);
    return {
      id: g.id,
      type,
      qid: t?.qid ?? null,
      aid: t?.aid ?? null,
      text: cut(t?.text ?? "", 300),
      usrid: t?.userId ?? null,
      nick: t?.nick ?? "",
      lvl: t?.lvl ?? 1,
      reports: g.reports,
      reasons: { spam: g.spam, offense: g.offense, other: g.other },
      texts: texts
        .filter((x) => x.targetId === g.id)
        .slice(0, 5)
        .map((x) => x.text),
      last: Math.floor(g.last / 1000),
      url: itemLink(type, g.id, t?.qid ?? null, t?.aid ?? null),
    };
  });
  return { type, items, p, n, more: items.length === n ? 1 : 0 };
}

/**
 * mod_count: how many items wait for the user's decision: reported items per type (Q, A, C), their
 * sum `count`, and the pending premoderation items `premod`.
 */
export async function modCount(env: Env, session: Session | null, now: number) {
  const user = requireUser(session);
  const scope = await moderationScope(env, user, now);
  const db = dbOf(env);
  const count = (type: AbuseTarget) =>
    db
      .select({ c: sql<number>`count(DISTINCT ${r.targetId})` })
      .from(r)
      .where(openReports(scope, type));
  const pi = schema.premodItems;
  const premodScope = scope.all
    ? sql`1`
    : sql`(${inScopeCategories(scope, sql`${pi.categoryId}`)} OR ${pi.brandId} IN (SELECT value FROM json_each(${JSON.stringify(scope.brandIds)})))`;
  const [q, a, c, pm] = await db.batch([
    count("Q"),
    count("A"),
    count("C"),
    db
      .select({ c: sql<number>`count(*)` })
      .from(pi)
      .where(and(eq(pi.modstatus, "N"), premodScope)),
  ]);
  const Q = q[0]?.c ?? 0;
  const A = a[0]?.c ?? 0;
  const C = c[0]?.c ?? 0;
  return { count: Q + A + C, Q, A, C, premod: pm[0]?.c ?? 0 };
}

export const DismissInput = z.object({
  type: QueueType,
  id: z.preprocess(
    last,
    z.coerce
      .number(ERR_MSG.abuseTargetMissing)
      .int(ERR_MSG.abuseTargetMissing)
      .positive(ERR_MSG.abuseTargetMissing)
      .refine(isRowId, ERR_MSG.abuseTargetMissing),
  ),
});

/** abuse_dismiss {type, id}: a moderator closes the open reports of an item he left as it is. */
export async function dismissReports(env: Env, session: Session | null, input: z.infer<typeof DismissInput>, now: number) {
  const user = requireWriter(session);
  const scope = await moderationScope(env, user, now);
  const done = await dbOf(env)
    .update(r)
    .set({ status: "D" })
    .where(and(eq(r.status, "N"), eq(r.targetType, input.type), eq(r.targetId, input.id), inScopeCategories(scope, sql`${r.categoryId}`)))
    .returning({ id: r.id });
  return { dismissed: done.length };
}

/** Has the user already reported this item? (the report page says so instead of offering the form) */
export async function hasReported(env: Env, userId: number, type: AbuseTarget, id: number): Promise<boolean> {
  const row = await dbOf(env)
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.reporterId, userId), eq(r.targetType, type), eq(r.targetId, id)))
    .get();
  return row !== undefined;
}

/** The page a report of an item returns to. */
export function reportedItemHref(type: AbuseTarget, id: number, target: { qid: number; aid: number | null } | null): string {
  if (!target) return "/";
  return itemLink(type, id, target.qid, target.aid);
}
