/**
 * Asking and the owner's own actions on a question: addqst (ask a question or a poll), updqst (a
 * supplement), delqst (the owner deletes his question) and canask. See
 * docs/decisions/0006-asking-and-lifecycle.md.
 */
import { ERR, ERR_MSG } from "../../lib/errids";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { canDeleteQuestion, supplementRefusal } from "../../lib/can";
import { z } from "zod";
import { flag, idField, last, OptId, plainLine } from "../../lib/fields";
import { DomainError } from "../../lib/errors";
import { LIMITS } from "../../lib/limits";
import type { QuotaView } from "../../lib/quotas";
import { quotaUsage } from "../core/hub.server";
import { brandTagColumns, BrandTagsField } from "../brands/brands.server";
import { type Category, EXCLUDED_FROM_DROPDOWN, getCategoryTree } from "../categories/categories.server";
import { batchable, dbOf, schema } from "../core/db.server";
import { threadWriteEnv } from "../core/thread-ranges.server";
import { qcountChange } from "../categories/counts.server";
import { countersChange } from "../users/counters.server";
import { indexQuestion } from "../search/index.server";
import { announce } from "../notifications/push.server";
import { followedQuestionNotifications, mentionNotification } from "../notifications/create.server";
import { POINTS, pointsChange } from "../users/points.server";
import { holdForPremoderation } from "../moderation/premoderation.server";
import { requireWriter, type Session } from "../users/session.server";
import { blacklistedBy, refuseIfBlacklisted } from "../users/blacklist.server";
import { sanitizeUserText, textLength } from "../core/text.server";
import { attachStatement, countedLength, formPhoto, textWithPhotos } from "../photos/photos.server";

/** What asking costs (positive), from the one points table. */
export const ASK_COST = -POINTS.ask;

/** Sections nobody asks in directly: the gold fund and the leader questions. */
const NO_ASK_SPECIAL = new Set(["golden", "smstop"]);

const optionalId = z.preprocess((v) => {
  const x = last(v);
  return x === undefined || x === null || x === "" || x === "0" || x === 0 ? undefined : x;
}, z.coerce
  .number(ERR_MSG.categoryMissing)
  .int(ERR_MSG.categoryMissing)
  .positive(ERR_MSG.categoryMissing)
  .max(Number.MAX_SAFE_INTEGER, ERR_MSG.categoryMissing)
  .optional());

const textList = z.preprocess(
  (v) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.string(ERR_MSG.badFields)).max(100, ERR_MSG.pollTooManyOptions),
);

export const AskInput = z.object({
  qtext: z.preprocess(
    last,
    z
      .string(ERR_MSG.questionTextMissing)
      .refine((s) => textLength(plainLine(s)) > 0, ERR_MSG.questionTextMissing)
      .refine((s) => textLength(plainLine(s)) <= LIMITS.title, ERR_MSG.questionTextTooLong),
  ),
  /** the explanation: each attached photo's line counts LIMITS.media characters */
  Body: z.preprocess(
    (v) => last(v) ?? "",
    z.string(ERR_MSG.questionCommentTooLong).refine((s) => countedLength(s) <= LIMITS.explanation, ERR_MSG.questionCommentTooLong),
  ),
  /** the form without JavaScript: a photo file (withFormPhoto) */
  photo: formPhoto,
  cid: optionalId,
  subcid: optionalId,
  cancmt: flag(1),
  watch: flag(1),
  poll: z.preprocess((v) => {
    const x = last(v);
    return x === "" || x === "0" || x === null ? undefined : x;
  }, z.enum(["S", "C"], ERR_MSG.badFields).optional()),
  poll_options: textList,
  /** the user this question is addressed to (the ask page's mention-{who}): he is notified */
  mention: z.preprocess(
    (v) => {
      const x = last(v);
      return x === undefined || x === null || x === "" ? undefined : x;
    },
    z.coerce
      .number(ERR_MSG.badFields)
      .int(ERR_MSG.badFields)
      .positive(ERR_MSG.badFields)
      .max(2 ** 31 - 1, ERR_MSG.badFields)
      .optional(),
  ),
  /** brand ids: a public question tagged for those brands' experts (their brand page lists it) */
  brand_tags: BrandTagsField,
  brand: z.unknown().optional(),
});
export type AskInput = z.infer<typeof AskInput>;

/** The leaf and top category a question goes to, or the refusal. */
async function resolveCategory(env: Env, cid: number | undefined, subcid: number | undefined, now: number) {
  const tree = await getCategoryTree(env, now);
  if (cid === undefined && subcid === undefined) throw new DomainError(ERR.categoryMissing);
  let top = cid !== undefined ? tree.byId.get(cid) : undefined;
  const sub = subcid !== undefined ? tree.byId.get(subcid) : undefined;
  if (cid !== undefined && !top) throw new DomainError(ERR.categoryMissing);
  if (subcid !== undefined && !sub) throw new DomainError(ERR.subcategoryMissing);
  // only a subcategory given: its parent is the category
  if (!top && sub) top = sub.parentId != null ? tree.byId.get(sub.parentId) : sub;
  if (!top) throw new DomainError(ERR.categoryMissing);
  // a subcategory passed as cid: take it as the leaf under its parent
  let leaf = sub;
  if (top.parentId != null) {
    if (sub && sub.id !== top.id) throw new DomainError(ERR.subcategoryNotInCategory);
    leaf = top;
    top = tree.byId.get(top.parentId);
    if (!top) throw new DomainError(ERR.categoryMissing);
  }
  const children = tree.children.get(top.id) ?? [];
  if (children.length > 0) {
    if (!leaf || leaf.id === top.id) throw new DomainError(ERR.subcategoryMissing);
    if (leaf.parentId !== top.id) throw new DomainError(ERR.subcategoryNotInCategory);
  } else {
    if (leaf && leaf.id !== top.id) throw new DomainError(ERR.subcategoryNotInCategory);
    leaf = top;
  }
  for (const c of [top, leaf]) if (closedToQuestions(c)) throw new DomainError(ERR.categoryClosedToQuestions);
  return { leafId: leaf.id, topId: top.id };
}

/** A category nobody asks in: read-only, hidden, left out of the drop-downs, or a section of chosen questions. */
function closedToQuestions(c: Category): boolean {
  return c.readonly || c.hidden || EXCLUDED_FROM_DROPDOWN.has(c.id) || (c.special !== null && NO_ASK_SPECIAL.has(c.special));
}

/** The non-empty poll options, or the refusal. */
export function pollOptionsOf(raw: string[]): string[] {
  const options = raw.map(plainLine).filter((s) => s.length > 0);
  if (options.length < 2) throw new DomainError(ERR.pollTooFewOptions);
  if (options.length > LIMITS.pollOptionsMax) throw new DomainError(ERR.pollTooManyOptions);
  if (options.some((s) => textLength(s) > LIMITS.pollOption)) throw new DomainError(ERR.pollOptionTooLong);
  return options;
}

/**
 * Asks a question (or a poll) in one batch: the question, its poll options, the owner's watch,
 * the counters and the 5 points it costs. The question insert itself refuses (NOT NULL on
 * user_id) when the user has fewer than 5 points at that moment, which rolls the whole batch back,
 * so concurrent asks can never take the points below the cost. A question may not mention a user
 * who has the asker on his blacklist (393).
 */
export async function askQuestion(env: Env, session: Session | null, input: AskInput, now: number) {
  const user = requireWriter(session);
  const db = dbOf(env);
  const qtext = plainLine(input.qtext);
  const options = input.poll ? pollOptionsOf(input.poll_options) : [];
  const { leafId, topId } = await resolveCategory(env, input.cid, input.subcid, now);
  const tagged = await brandTagColumns(env, input.brand_tags);
  const [[fresh], blacklisted] = await db.batch([
    db.select({ points: schema.users.points }).from(schema.users).where(eq(schema.users.id, user.id)).limit(1),
    blacklistedBy(env, user.id, input.mention ?? 0),
  ]);
  if (!fresh || fresh.points < ASK_COST) throw new DomainError(ERR.askPointsShort);
  refuseIfBlacklisted(blacklisted, ERR.blacklistedMention);
  // the explanation's photos must be the asker's own and free (checked before a write is held)
  const explained = input.Body.trim() ? await textWithPhotos(env, user.id, input.Body, (words) => sanitizeUserText(words)) : { html: "", list: [] };
  // a held question stores only its premoderation row (docs/decisions/0016)
  await holdForPremoderation(env, user, { type: "Q", categoryId: leafId, topCategoryId: topId, brandId: tagged.brandId, text: qtext, payload: input }, now);

  const q = schema.questions;
  const newQid = sql`(SELECT max(id) FROM questions WHERE user_id = ${user.id})`;
  const qcomment = explained.html;
  const insert = db
    .insert(q)
    .values({
      userId: sql`(SELECT id FROM users WHERE id = ${user.id} AND points >= ${ASK_COST})`,
      categoryId: leafId,
      topCategoryId: topId,
      qtext,
      qcomment,
      state: "A",
      anscnt: 0,
      pollType: input.poll ?? null,
      cancomment: input.cancmt,
      vip: user.vip ? 1 : 0,
      ...tagged,
      added: now,
      stateChangedAt: now,
      updatedAt: now,
    })
    .returning({ id: q.id });
  const rest = [
    ...(options.length > 0 ? [db.insert(schema.pollOptions).values(options.map((text, position) => ({ qid: newQid, position, text })))] : []),
    ...(explained.list.length > 0 ? [attachStatement(env, user.id, explained.list, "Q", newQid, newQid)] : []),
    ...(input.watch === 1 ? [db.insert(schema.watches).values({ qid: newQid, userId: user.id, added: now })] : []),
    db
      .update(schema.users)
      .set({ questionsCount: sql`${schema.users.questionsCount} + 1`, watchcnt: sql`${schema.users.watchcnt} + ${input.watch}` })
      .where(eq(schema.users.id, user.id)),
    db
      .update(schema.categories)
      .set({ qcount: sql`${schema.categories.qcount} + 1` })
      .where(sql`${schema.categories.id} IN (${leafId}, ${topId})`),
    ...pointsChange(env, user.id, POINTS.ask, "ask", null, now),
    db.run(sql`UPDATE points_ledger SET ref_type = 'Q', ref_id = ${newQid} WHERE id = (SELECT max(id) FROM points_ledger WHERE user_id = ${user.id})`),
    // the asker's followers hear of the new question, and the user it mentions
    ...followedQuestionNotifications(env, { authorId: user.id, qid: newQid, now }),
    ...(input.mention !== undefined ? mentionNotification(env, { qid: newQid, userId: input.mention, actorId: user.id, now }) : []),
    // the question's stems into the search index, in the same transaction as its text
    ...indexQuestion(env, newQid, qtext, qcomment),
  ];
  let qid: number;
  let results: readonly unknown[];
  try {
    results = await db.batch(batchable(env, [insert, ...rest]) as unknown as Parameters<typeof db.batch>[0]);
    qid = (results[0] as { id: number }[])[0].id;
  } catch (e) {
    // the NOT NULL refusal of the insert: the points went below the cost since the check above
    const now2 = await db.select({ points: schema.users.points }).from(schema.users).where(eq(schema.users.id, user.id)).get();
    if (!now2 || now2.points < ASK_COST) throw new DomainError(ERR.askPointsShort);
    throw e;
  }
  await announce(env, results);
  return { qid, redirect: `/question/${qid}` };
}

/**
 * canask: may this visitor ask right now? Signed in, not banned, 5 points and a question left in
 * today's ASK quota. `limits` carries every daily quota ({code: {limit, used, left}}).
 */
export async function canAsk(
  env: Env,
  session: Session | null,
  now: number,
  cid?: number,
): Promise<{ canask: 0 | 1; points: number; limits: Partial<QuotaView>; personal: 0 | 1 }> {
  if (!session) return { canask: 0, points: 0, limits: {}, personal: 0 };
  const [limits, place] = await Promise.all([quotaUsage(env, session.user, now), cid === undefined ? null : askingIn(env, cid, now)]);
  const points = session.user.points;
  const ok = !session.user.banned && points >= ASK_COST && limits.ASK.left > 0 && (place === null || place.open);
  return { canask: ok ? 1 : 0, points, limits, personal: place?.personal ? 1 : 0 };
}

/**
 * What asking in category `cid` holds: whether questions may be asked there (the category and its
 * parent open to them) and whether a brand's experts there take personal questions (a brand of the
 * category or of its parent). An unknown category is 305.
 */
async function askingIn(env: Env, cid: number, now: number): Promise<{ open: boolean; personal: boolean }> {
  const tree = await getCategoryTree(env, now);
  const c = tree.byId.get(cid);
  if (!c) throw new DomainError(ERR.categoryUnknown);
  const chain = c.parentId !== null ? [c, tree.byId.get(c.parentId)].filter((x): x is Category => x !== undefined) : [c];
  const b = schema.brands;
  const brand = await dbOf(env)
    .select({ id: b.id })
    .from(b)
    .where(
      inArray(
        b.categoryId,
        chain.map((x) => x.id),
      ),
    )
    .limit(1)
    .get();
  return { open: !chain.some(closedToQuestions), personal: brand !== undefined };
}

export const CanAskInput = z.object({ cid: OptId });

/** A question as its owner's actions need it; a missing or deleted one is 181. */
async function ownQuestion(env: Env, qid: number) {
  const q = schema.questions;
  const row = await dbOf(env)
    .select({
      id: q.id,
      userId: q.userId,
      state: q.state,
      hidden: q.hidden,
      noadd: q.noadd,
      anscnt: q.anscnt,
      categoryId: q.categoryId,
      topCategoryId: q.topCategoryId,
    })
    .from(q)
    .where(eq(q.id, qid))
    .get();
  if (!row || row.state === "D" || row.hidden === 1) throw new DomainError(ERR.questionGone);
  return row;
}

export const SupplementInput = z.object({
  qid: idField(ERR_MSG.questionGone),
  Body: z.preprocess(
    last,
    z
      .string(ERR_MSG.supplementTextMissing)
      .refine((s) => countedLength(s) > 0, ERR_MSG.supplementTextMissing)
      .refine((s) => countedLength(s) <= LIMITS.explanation, ERR_MSG.supplementTooLong),
  ),
  /** the form without JavaScript: a photo file (withFormPhoto) */
  photo: formPhoto,
});

/**
 * updqst: the owner adds a supplement to his open question, up to LIMITS.supplementsMax of them
 * (151 after that: every page view reads them all). The count is checked in the INSERT itself, so
 * two supplements sent at once cannot both pass it.
 */
export async function addSupplement(req: Env, session: Session | null, input: z.infer<typeof SupplementInput>, now: number) {
  const user = requireWriter(session);
  // the thread is written where it lives; the writer's uploads are read from DB
  const env = await threadWriteEnv(req, input.qid, now);
  const row = await ownQuestion(env, input.qid);
  const refusal = supplementRefusal(user, { authorId: row.userId, state: row.state, noadd: row.noadd === 1 });
  if (refusal !== null) throw new DomainError(refusal);
  // a supplement is a write like the question: held when its author, category or brand is premoderated
  await holdForPremoderation(req, user, { type: "S", qid: row.id, text: input.Body, payload: input }, now);
  const db = dbOf(env);
  // a supplement's photos belong to its question: the viewer pages through them with the question's own
  const { html: atext, list } = await textWithPhotos(req, user.id, input.Body, (words) => sanitizeUserText(words));
  const [ins] = await db.batch(
    batchable(env, [
      // the row returned, not the batch's count of changes: a thread database's triggers count too
      db.run(
        sql`INSERT INTO supplements (qid, text, added) SELECT ${row.id}, ${atext}, ${now} WHERE EXISTS (SELECT 1 FROM questions WHERE id = ${row.id} AND user_id = ${user.id} AND state = 'A' AND hidden = 0 AND noadd = 0)
              AND (SELECT count(*) FROM supplements WHERE qid = ${row.id}) < ${LIMITS.supplementsMax} RETURNING id`,
      ),
      db.run(sql`UPDATE questions SET updated_at = ${now} WHERE id = ${row.id} AND changes() = 1`),
      // attached only when the supplement was written (the update above changed its row)
      ...(list.length > 0 ? [attachStatement(env, user.id, list, "Q", sql`(CASE WHEN changes() = 1 THEN ${row.id} END)`, row.id)] : []),
    ] as const),
  );
  if (ins.results.length !== 1) {
    const [counted] = await db.select({ n: count() }).from(schema.supplements).where(eq(schema.supplements.qid, row.id));
    throw new DomainError(counted.n >= LIMITS.supplementsMax ? ERR.supplementsTooMany : ERR.supplementNotOpen);
  }
  return { added: now, atext };
}

export const DeleteInput = z.object({ qid: idField(ERR_MSG.questionGone) });

/**
 * delqst: the owner deletes his question. One batch: the state (the guard state <> 'D' makes a
 * second delete change nothing), the categories' and his own counts, and the 5-point refund only when the
 * question has no answers — each step runs only when the one before it changed rows.
 */
export async function deleteOwnQuestion(req: Env, session: Session | null, input: z.infer<typeof DeleteInput>, now: number) {
  const user = requireWriter(session);
  // the thread is written where it lives; the counts and the refund go by their effects from there
  const env = await threadWriteEnv(req, input.qid, now);
  const row = await ownQuestion(env, input.qid);
  if (!canDeleteQuestion(user, { authorId: row.userId })) throw new DomainError(ERR.deleteNotOwner);
  const db = dbOf(env);
  const q = schema.questions;
  const [del, , , , , ledger] = await db.batch(
    batchable(env, [
      // the row returned, not the batch's count of changes: a thread database's triggers count too
      db
        .update(q)
        .set({ state: "D", hidden: 1, deletedBy: "author", stateBeforeDelete: sql`${q.state}`, stateChangedAt: now, updatedAt: now })
        .where(and(eq(q.id, row.id), eq(q.userId, user.id), sql`${q.state} <> 'D'`, eq(q.hidden, 0)))
        .returning({ id: q.id }),
      ...qcountChange(env, { ids: [row.categoryId, row.topCategoryId], delta: -1 }, now, sql`changes() = 1`),
      // his questions tile counts the questions his list shows
      ...countersChange(env, { userId: user.id, change: "unask" }, now, sql`changes() > 0`),
      // passes the "deleted just now" on to the refund, only for an unanswered question
      db.run(sql`UPDATE questions SET updated_at = updated_at WHERE id = ${row.id} AND anscnt = 0 AND changes() > 0`),
      ...pointsChange(env, user.id, POINTS.askRefund, "ask_refund", { type: "Q", id: row.id }, now, true),
    ] as const),
  );
  if (del.length !== 1) throw new DomainError(ERR.questionGone);
  // D1 counts the rows the ledger's triggers write (the weekly leaders) in changes too: any change means the refund was written
  return { qid: row.id, refunded: ledger.meta.changes > 0 ? POINTS.askRefund : 0 };
}
