/**
 * Volunteer moderation: dropping and restoring questions, answers and comments, moving questions
 * (docs/decisions/0015-moderation.md). Bans are in
 * bans.server.ts, the moderation log reads in moderlog.server.ts.
 *
 * Every write is ONE D1 batch: the mod_log row first, then the change, the counters, the points
 * (pointsChange) and the author's 'moder_deleted' notification. The log row's moder_id is
 * `(SELECT moder WHERE <the state this call was planned on>)`: when another call changed the item
 * in between, the NOT NULL constraint fails that first statement and D1 rolls the whole batch
 * back, so a refused or raced call writes nothing. The state is then read again: a changed state
 * is the refusal (already dropped: 409 …); an unrelated change (a counter moved) plans again.
 * Deletes are soft (hidden = 1, deleted_by = 'moder'); only what a moderator dropped is restored.
 */
import { ERR, ERR_MSG } from "../../lib/errids";
import { eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { z } from "zod";
import { DomainError } from "../../lib/errors";
import { ACTION_PERMISSION, isModerator, parseJsonList, UNMODERATED_CATEGORY, type ModerAction } from "../../lib/moderation";
import { idField } from "../../lib/fields";
import { EXCLUDED_FROM_DROPDOWN, getCategoryTree, topOf } from "../categories/categories.server";
import { batchable, dbOf, schema, type Db } from "../core/db.server";
import { announce } from "../notifications/push.server";
import { moderDeletedNotification } from "../notifications/create.server";
import { POINTS, pointsChange } from "../users/points.server";
import { requireWriter, type Session } from "../users/session.server";
import { isRowId } from "../../lib/ids";

const q = schema.questions;
const a = schema.answers;
const cm = schema.comments;
const u = schema.users;
const ml = schema.modLog;

// ------------------------------------------------------------------------------ the moderator

export type Moderator = { id: number; nick: string; permissions: string[]; volcats: number[]; banduration: number };

/** The moderator's own row as it is now (permissions may have changed since the session began). */
export async function loadModerator(env: Env, userId: number): Promise<Moderator | null> {
  const row = await dbOf(env)
    .select({ id: u.id, nick: u.nick, type: u.type, permissions: u.permissions, volcats: u.volcats, banduration: u.banduration })
    .from(u)
    .where(eq(u.id, userId))
    .get();
  if (!row) return null;
  const permissions = parseJsonList<string>(row.permissions).filter((p) => typeof p === "string");
  if (!isModerator({ type: row.type, permissions })) return null;
  return {
    id: row.id,
    nick: row.nick,
    permissions,
    volcats: parseJsonList(row.volcats).map(Number).filter(Number.isInteger),
    banduration: row.banduration,
  };
}

/**
 * A signed-in, not banned moderator (101, 110, then 410) who holds the permission of `action`
 * (411).
 */
export async function requireModerator(env: Env, session: Session | null, action: ModerAction): Promise<Moderator> {
  const user = requireWriter(session);
  const moder = await loadModerator(env, user.id);
  if (!moder) throw new DomainError(ERR.moderatorsOnly);
  if (!moder.permissions.includes(ACTION_PERMISSION[action])) throw new DomainError(ERR.permissionMissing);
  return moder;
}

/** Nothing is moderated in category 601 (nor, so, its best answer). */
export function inUnmoderated(cat: { categoryId: number; topCategoryId: number }): boolean {
  return cat.categoryId === UNMODERATED_CATEGORY || cat.topCategoryId === UNMODERATED_CATEGORY;
}

/** Comment drop also needs the question's category (or its top category) in the moderator's volcats. */
export function inVolcats(moder: Pick<Moderator, "volcats">, cat: { categoryId: number; topCategoryId: number }): boolean {
  return moder.volcats.includes(cat.categoryId) || moder.volcats.includes(cat.topCategoryId);
}

// ---------------------------------------------------------------------------- the batch frame

type LogRow = {
  moderId: number;
  action: string;
  targetType: "Q" | "A" | "C" | "U";
  targetId: number;
  userId: number | null;
  qid: number | null;
  fromCategoryId?: number | null;
  toCategoryId?: number | null;
  note?: string | null;
  now: number;
  /** the state the call was planned on; the batch fails (NOT NULL) when it no longer holds */
  expect: SQL;
};

/** The guarded mod_log insert that opens every moderation batch. */
export function logRow(env: Env, o: LogRow) {
  const db = dbOf(env);
  return db
    .insert(ml)
    .values({
      moderId: sql`(SELECT ${o.moderId} WHERE ${o.expect})`,
      action: o.action,
      targetType: o.targetType,
      targetId: o.targetId,
      userId: o.userId,
      qid: o.qid,
      fromCategoryId: o.fromCategoryId ?? null,
      toCategoryId: o.toCategoryId ?? null,
      note: o.note ?? null,
      added: o.now,
    })
    .returning({ id: ml.id });
}

function isGuardFailure(e: unknown): boolean {
  const text = String((e as { message?: unknown })?.message ?? e) + String((e as { cause?: unknown })?.cause ?? "");
  return /NOT NULL constraint failed: mod_log\.moder_id/.test(text);
}

/**
 * Plans (reads and checks, throwing the refusal) and runs the batch; when the guard fails the plan
 * is made again from fresh reads, which either refuses or runs on the new state.
 */
export async function guardedWrite<R>(env: Env, plan: () => Promise<(db: Db) => readonly unknown[]>, reply: (results: readonly unknown[]) => R): Promise<R> {
  const db = dbOf(env);
  for (let attempt = 0; attempt < 3; attempt++) {
    const statements = (await plan())(db);
    try {
      const results = (await db.batch(batchable(env, statements) as unknown as Parameters<typeof db.batch>[0])) as readonly unknown[];
      await announce(env, results);
      return reply(results);
    } catch (e) {
      if (!isGuardFailure(e)) throw e;
    }
  }
  throw new DomainError(ERR.unexpected);
}

// ------------------------------------------------------------------------------------ inputs

export const ModerIdInput = z.object({ id: idField(ERR_MSG.badFields) });
export type ModerIdInput = z.infer<typeof ModerIdInput>;

// --------------------------------------------------------------------------------- questions

async function readQuestion(env: Env, qid: number) {
  return dbOf(env)
    .select({
      id: q.id,
      userId: q.userId,
      state: q.state,
      hidden: q.hidden,
      deletedBy: q.deletedBy,
      categoryId: q.categoryId,
      topCategoryId: q.topCategoryId,
      anscnt: q.anscnt,
    })
    .from(q)
    .where(eq(q.id, qid))
    .get();
}

const questionDropped = (r: { state: string; hidden: number }) => r.hidden === 1 || r.state === "D";

/**
 * a_qstdrop: the question is deleted by a moderator. One batch: the log row, the question (state D,
 * hidden, deleted_by 'moder', the state kept for a restore), the categories' counts, the asker's 5
 * points back when it has no answers (as when he deletes it himself), and his notification.
 */
export async function dropQuestion(env: Env, session: Session | null, input: ModerIdInput, now: number) {
  const moder = await requireModerator(env, session, "qstdrop");
  let refunded = 0;
  return guardedWrite(
    env,
    async () => {
      const row = await readQuestion(env, input.id);
      if (!row) throw new DomainError(ERR.moderQuestionMissing);
      if (inUnmoderated(row)) throw new DomainError(ERR.categoryUnmoderated);
      if (questionDropped(row)) throw new DomainError(ERR.questionAlreadyDropped);
      refunded = row.anscnt === 0 ? POINTS.askRefund : 0;
      return (db) => [
        logRow(env, {
          moderId: moder.id,
          action: "qstdrop",
          targetType: "Q",
          targetId: row.id,
          userId: row.userId,
          qid: row.id,
          now,
          expect: sql`EXISTS (SELECT 1 FROM questions WHERE id = ${row.id} AND hidden = 0 AND state <> 'D' AND anscnt = ${row.anscnt} AND category_id = ${row.categoryId})`,
        }),
        db
          .update(q)
          .set({ state: "D", hidden: 1, deletedBy: "moder", stateBeforeDelete: sql`${q.state}`, updatedAt: now })
          .where(eq(q.id, row.id)),
        db.run(sql`UPDATE categories SET qcount = max(qcount - 1, 0) WHERE id IN (${row.categoryId}, ${row.topCategoryId})`),
        db.run(sql`UPDATE users SET questions_count = max(questions_count - 1, 0) WHERE id = ${row.userId}`),
        ...(refunded ? pointsChange(env, row.userId, POINTS.askRefund, "ask_refund", { type: "Q", id: row.id }, now) : []),
        ...moderDeletedNotification(env, { userId: row.userId, moderId: moder.id, qid: row.id, now }),
      ];
    },
    () => ({ qid: input.id, refunded, undo: "a_qstrestore", redirect: `/moderlog/id${moder.id}` }),
  );
}

/**
 * a_qstrestore: a question a moderator deleted comes back in the state it had, with the category
 * counts, and the 5 points refunded at the drop are taken again (an unanswered question).
 */
export async function restoreQuestion(env: Env, session: Session | null, input: ModerIdInput, now: number) {
  const moder = await requireModerator(env, session, "qstrestore");
  let charged = 0;
  return guardedWrite(
    env,
    async () => {
      const row = await readQuestion(env, input.id);
      if (!row) throw new DomainError(ERR.moderQuestionMissing);
      if (inUnmoderated(row)) throw new DomainError(ERR.categoryUnmoderated);
      if (!questionDropped(row)) throw new DomainError(ERR.questionNotDropped);
      if (row.deletedBy !== "moder") throw new DomainError(ERR.restoreNotModerated);
      charged = row.anscnt === 0 ? POINTS.askRefund : 0;
      return (db) => [
        logRow(env, {
          moderId: moder.id,
          action: "qstrestore",
          targetType: "Q",
          targetId: row.id,
          userId: row.userId,
          qid: row.id,
          now,
          expect: sql`EXISTS (SELECT 1 FROM questions WHERE id = ${row.id} AND hidden = 1 AND deleted_by = 'moder' AND anscnt = ${row.anscnt} AND category_id = ${row.categoryId})`,
        }),
        db
          .update(q)
          .set({ state: sql`coalesce(${q.stateBeforeDelete}, 'A')`, hidden: 0, deletedBy: null, stateBeforeDelete: null, updatedAt: now })
          .where(eq(q.id, row.id)),
        db.run(sql`UPDATE categories SET qcount = qcount + 1 WHERE id IN (${row.categoryId}, ${row.topCategoryId})`),
        db.run(sql`UPDATE users SET questions_count = questions_count + 1 WHERE id = ${row.userId}`),
        ...(charged ? pointsChange(env, row.userId, -charged, "moder", { type: "Q", id: row.id }, now) : []),
      ];
    },
    () => ({ qid: input.id, charged }),
  );
}

// ----------------------------------------------------------------------------------- answers

/**
 * What an answer earned its author: the answer's own points (ledger reason 'answer', pointing at
 * the question: one answer per user and question) and the asker's like and its undo (pointing at
 * the answer). A moderator's drop takes exactly this back, a restore gives it again.
 */
function earnedSql(authorId: number | SQLWrapper, qid: number | SQLWrapper, aid: number | SQLWrapper): SQL {
  return sql`(SELECT coalesce(sum(delta), 0) FROM points_ledger WHERE user_id = ${authorId} AND reason <> 'moder' AND ((reason = 'answer' AND ref_type = 'Q' AND ref_id = ${qid}) OR (ref_type = 'A' AND ref_id = ${aid})))`;
}

async function readAnswer(env: Env, aid: number) {
  const db = dbOf(env);
  const row = await db
    .select({
      id: a.id,
      qid: a.qid,
      userId: a.userId,
      hidden: a.hidden,
      best: a.best,
      deletedBy: a.deletedBy,
      qstate: q.state,
      qhidden: q.hidden,
      categoryId: q.categoryId,
      topCategoryId: q.topCategoryId,
      earned: sql<number>`${earnedSql(a.userId, a.qid, a.id)}`.mapWith(Number),
    })
    .from(a)
    .innerJoin(q, eq(q.id, a.qid))
    .where(eq(a.id, aid))
    .get();
  return row ?? null;
}

/**
 * a_ansdrop: the answer is hidden by a moderator. One batch: the log row, the answer, the
 * question's anscnt, the author's answers_count (and best_count for a best answer; kpd follows by
 * trigger), the points the answer earned him taken back, and his notification.
 */
export async function dropAnswer(env: Env, session: Session | null, input: ModerIdInput, now: number) {
  const moder = await requireModerator(env, session, "ansdrop");
  let qid = 0;
  return guardedWrite(
    env,
    async () => {
      const row = await readAnswer(env, input.id);
      if (!row) throw new DomainError(ERR.moderAnswerMissing);
      qid = row.qid;
      if (inUnmoderated(row)) throw new DomainError(ERR.categoryUnmoderated);
      if (row.hidden === 1) throw new DomainError(ERR.answerAlreadyDropped);
      if (questionDropped({ state: row.qstate, hidden: row.qhidden })) throw new DomainError(ERR.restoreQuestionFirst);
      return (db) => [
        logRow(env, {
          moderId: moder.id,
          action: "ansdrop",
          targetType: "A",
          targetId: row.id,
          userId: row.userId,
          qid: row.qid,
          now,
          expect: sql`EXISTS (SELECT 1 FROM answers WHERE id = ${row.id} AND hidden = 0 AND best = ${row.best}) AND EXISTS (SELECT 1 FROM questions WHERE id = ${row.qid} AND hidden = 0 AND state <> 'D') AND ${earnedSql(row.userId, row.qid, row.id)} = ${row.earned}`,
        }),
        db.update(a).set({ hidden: 1, deletedBy: "moder" }).where(eq(a.id, row.id)),
        db
          .update(q)
          .set({ anscnt: sql`max(${q.anscnt} - 1, 0)`, updatedAt: now })
          .where(eq(q.id, row.qid)),
        db
          .update(u)
          .set({ answersCount: sql`max(${u.answersCount} - 1, 0)`, bestCount: sql`max(${u.bestCount} - ${row.best}, 0)` })
          .where(eq(u.id, row.userId)),
        ...(row.earned !== 0 ? pointsChange(env, row.userId, -row.earned, "moder", { type: "A", id: row.id }, now) : []),
        ...moderDeletedNotification(env, { userId: row.userId, moderId: moder.id, qid: row.qid, aid: row.id, now }),
      ];
    },
    () => ({ aid: input.id, qid, undo: "a_ansrestore" }),
  );
}

/** a_ansrestore: the exact inverse of a moderator's answer drop (the question must be live). */
export async function restoreAnswer(env: Env, session: Session | null, input: ModerIdInput, now: number) {
  const moder = await requireModerator(env, session, "ansrestore");
  let qid = 0;
  return guardedWrite(
    env,
    async () => {
      const row = await readAnswer(env, input.id);
      if (!row) throw new DomainError(ERR.moderAnswerMissing);
      qid = row.qid;
      if (inUnmoderated(row)) throw new DomainError(ERR.categoryUnmoderated);
      if (row.hidden === 0) throw new DomainError(ERR.answerNotDropped);
      if (row.deletedBy !== "moder") throw new DomainError(ERR.restoreNotModerated);
      if (questionDropped({ state: row.qstate, hidden: row.qhidden })) throw new DomainError(ERR.restoreQuestionFirst);
      return (db) => [
        logRow(env, {
          moderId: moder.id,
          action: "ansrestore",
          targetType: "A",
          targetId: row.id,
          userId: row.userId,
          qid: row.qid,
          now,
          expect: sql`EXISTS (SELECT 1 FROM answers WHERE id = ${row.id} AND hidden = 1 AND deleted_by = 'moder' AND best = ${row.best}) AND EXISTS (SELECT 1 FROM questions WHERE id = ${row.qid} AND hidden = 0 AND state <> 'D') AND ${earnedSql(row.userId, row.qid, row.id)} = ${row.earned}`,
        }),
        db.update(a).set({ hidden: 0, deletedBy: null }).where(eq(a.id, row.id)),
        db
          .update(q)
          .set({ anscnt: sql`${q.anscnt} + 1`, updatedAt: now })
          .where(eq(q.id, row.qid)),
        db
          .update(u)
          .set({ answersCount: sql`${u.answersCount} + 1`, bestCount: sql`${u.bestCount} + ${row.best}` })
          .where(eq(u.id, row.userId)),
        ...(row.earned !== 0 ? pointsChange(env, row.userId, row.earned, "moder", { type: "A", id: row.id }, now) : []),
      ];
    },
    () => ({ aid: input.id, qid }),
  );
}

// ---------------------------------------------------------------------------------- comments

async function readComment(env: Env, cmid: number) {
  return dbOf(env)
    .select({
      id: cm.id,
      qid: cm.qid,
      refType: cm.refType,
      refId: cm.refId,
      userId: cm.userId,
      hidden: cm.hidden,
      qstate: q.state,
      qhidden: q.hidden,
      categoryId: q.categoryId,
      topCategoryId: q.topCategoryId,
    })
    .from(cm)
    .innerJoin(q, eq(q.id, cm.qid))
    .where(eq(cm.id, cmid))
    .get();
}

type CommentRow = NonNullable<Awaited<ReturnType<typeof readComment>>>;

/** The comcnt of what the comment is on (the question or the answer); a reply's place in its parent stays. */
function targetCount(env: Env, row: CommentRow, step: 1 | -1) {
  const db = dbOf(env);
  return row.refType === "A"
    ? db
        .update(a)
        .set({ comcnt: step === 1 ? sql`${a.comcnt} + 1` : sql`max(${a.comcnt} - 1, 0)` })
        .where(eq(a.id, row.refId))
    : db
        .update(q)
        .set({ comcnt: step === 1 ? sql`${q.comcnt} + 1` : sql`max(${q.comcnt} - 1, 0)` })
        .where(eq(q.id, row.refId));
}

async function planComment(env: Env, moder: Moderator, cmid: number, drop: boolean) {
  const row = await readComment(env, cmid);
  if (!row || row.qid == null) throw new DomainError(ERR.moderCommentMissing);
  if (inUnmoderated(row)) throw new DomainError(ERR.categoryUnmoderated);
  if (!inVolcats(moder, row)) throw new DomainError(ERR.commentDropOutsideVolcats);
  if (drop && row.hidden === 1) throw new DomainError(ERR.commentAlreadyDropped);
  if (!drop && row.hidden === 0) throw new DomainError(ERR.commentNotDropped);
  if (questionDropped({ state: row.qstate, hidden: row.qhidden })) throw new DomainError(ERR.restoreQuestionFirst);
  return row;
}

/**
 * a_cmtdrop: the comment reads 'Комментарий удален' from now on (its replies keep their place).
 * One batch: the log row, the comment, the comcnt of its question or answer, the author's
 * notification. No Undo is offered; a_cmtrestore exists for the API.
 */
export function dropComment(env: Env, session: Session | null, input: ModerIdInput, now: number) {
  return toggleComment(env, session, input, now, true);
}

/** a_cmtrestore: the inverse of a comment drop (needs cmtdrop and the category in volcats). */
export function restoreComment(env: Env, session: Session | null, input: ModerIdInput, now: number) {
  return toggleComment(env, session, input, now, false);
}

async function toggleComment(env: Env, session: Session | null, input: ModerIdInput, now: number, drop: boolean) {
  const moder = await requireModerator(env, session, drop ? "cmtdrop" : "cmtrestore");
  let where = { qid: 0, aid: null as number | null };
  return guardedWrite(
    env,
    async () => {
      const row = await planComment(env, moder, input.id, drop);
      where = { qid: row.qid!, aid: row.refType === "A" ? row.refId : null };
      return (db) => [
        logRow(env, {
          moderId: moder.id,
          action: drop ? "cmtdrop" : "cmtrestore",
          targetType: "C",
          targetId: row.id,
          userId: row.userId,
          qid: row.qid,
          now,
          expect: sql`EXISTS (SELECT 1 FROM comments WHERE id = ${row.id} AND hidden = ${drop ? 0 : 1})`,
        }),
        db
          .update(cm)
          .set({ hidden: drop ? 1 : 0 })
          .where(eq(cm.id, row.id)),
        targetCount(env, row, drop ? -1 : 1),
        ...(drop ? moderDeletedNotification(env, { userId: row.userId, moderId: moder.id, qid: row.qid, aid: where.aid, cmid: row.id, now }) : []),
      ];
    },
    () => ({ cmid: input.id, ...where }),
  );
}

// -------------------------------------------------------------------------------------- move

const optionalCat = (errid: string) =>
  z.preprocess((v) => {
    const x = Array.isArray(v) ? v[v.length - 1] : v;
    return x === undefined || x === null || x === "" || x === "0" ? undefined : x;
  }, z.coerce.number(errid).int(errid).positive(errid).refine(isRowId, errid).optional());

/** a_qstmove: id, cid (a category, or directly a subcategory) and subcid when the category has children. */
export const MoveInput = z.object({
  id: idField(ERR_MSG.badFields),
  cid: optionalCat(ERR_MSG.moveCategoryMissing),
  subcid: optionalCat(ERR_MSG.moveSubcategoryMissing),
});
export type MoveInput = z.infer<typeof MoveInput>;

/** Where a move goes: the leaf and its top category, or the refusal (425 none, 426 pick a subcategory, 427 not allowed). */
export async function moveTarget(env: Env, cid: number | undefined, subcid: number | undefined, now: number) {
  const tree = await getCategoryTree(env, now);
  const given = subcid ?? cid;
  if (given === undefined) throw new DomainError(ERR.moveCategoryMissing);
  const leaf = tree.byId.get(given);
  if (!leaf) throw new DomainError(subcid !== undefined ? ERR.moveSubcategoryMissing : ERR.moveCategoryMissing);
  if (subcid !== undefined && cid !== undefined && leaf.parentId !== cid) throw new DomainError(ERR.moveSubcategoryMissing);
  if ((tree.children.get(leaf.id) ?? []).length > 0) throw new DomainError(ERR.moveSubcategoryMissing);
  const top = topOf(tree, leaf);
  for (const c of [leaf, top]) {
    if (c.readonly || c.hidden || EXCLUDED_FROM_DROPDOWN.has(c.id) || c.special === "golden" || c.special === "smstop")
      throw new DomainError(ERR.moveCategoryClosed);
  }
  return { leafId: leaf.id, topId: top.id };
}

/**
 * a_qstmove: the question goes to another category. One batch: the log row (from and to), the
 * question's categories, the counts of the old and the new categories. No Undo;
 * the reply's `message` is 'Успешно'.
 */
export async function moveQuestion(env: Env, session: Session | null, input: MoveInput, now: number) {
  const moder = await requireModerator(env, session, "qstmove");
  let to = { leafId: 0, topId: 0 };
  return guardedWrite(
    env,
    async () => {
      const row = await readQuestion(env, input.id);
      if (!row) throw new DomainError(ERR.moderQuestionMissing);
      if (inUnmoderated(row)) throw new DomainError(ERR.categoryUnmoderated);
      if (questionDropped(row)) throw new DomainError(ERR.questionGone);
      to = await moveTarget(env, input.cid, input.subcid, now);
      if (row.categoryId === to.leafId) throw new DomainError(ERR.moveSameCategory);
      return (db) => [
        logRow(env, {
          moderId: moder.id,
          action: "qstmove",
          targetType: "Q",
          targetId: row.id,
          userId: row.userId,
          qid: row.id,
          fromCategoryId: row.categoryId,
          toCategoryId: to.leafId,
          now,
          expect: sql`EXISTS (SELECT 1 FROM questions WHERE id = ${row.id} AND hidden = 0 AND state <> 'D' AND category_id = ${row.categoryId})`,
        }),
        db.update(q).set({ categoryId: to.leafId, topCategoryId: to.topId, updatedAt: now }).where(eq(q.id, row.id)),
        db.run(sql`UPDATE categories SET qcount = max(qcount - 1, 0) WHERE id IN (${row.categoryId}, ${row.topCategoryId})`),
        db.run(sql`UPDATE categories SET qcount = qcount + 1 WHERE id IN (${to.leafId}, ${to.topId})`),
      ];
    },
    () => ({ qid: input.id, cid: to.leafId, message: "Успешно" }),
  );
}

/** The categories a question may be moved to, for the move form: top categories with their allowed leaves. */
export async function moveChoices(env: Env, now: number) {
  const tree = await getCategoryTree(env, now);
  const ok = (c: { readonly: boolean; hidden: boolean; id: number; special: string | null }) =>
    !c.readonly && !c.hidden && !EXCLUDED_FROM_DROPDOWN.has(c.id) && c.special !== "golden" && c.special !== "smstop";
  return tree.top
    .filter(ok)
    .map((t) => ({ id: t.id, name: t.name, children: (tree.children.get(t.id) ?? []).filter(ok).map((c) => ({ id: c.id, name: c.name })) }))
    .filter((t) => t.children.length > 0 || (tree.children.get(t.id) ?? []).length === 0);
}
