/**
 * Private (direct) questions to a brand's experts: askbrand (free of points, the DIQ quota), the
 * question-like read (`qst2brand {pqid}` and the page /private/{pqid}), anspersonal (the brand's
 * one answer), comments under that answer (addcmtpersonal) and hiding: hideqpersonal (a private
 * question) and hideqnopersonal (a public one with a brand tag). Who may see what:
 * docs/decisions/0017-brands-and-private-questions.md.
 */
import { ERR, ERR_MSG } from "../../lib/errids";
import type { CommentThread } from "../../lib/views";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { canCommentPrivately, canReplyUnder } from "../../lib/can";
import { DomainError } from "../../lib/errors";
import { LIMITS } from "../../lib/limits";
import { AddAnswerInput } from "../answers/answers.server";
import { AskInput, askQuestion } from "../questions/ask.server";
import { flag, idField, plainLine, storedIds } from "../../lib/fields";
import { brandMembersSql, brandRoleQuery, findBrand, type BrandRole } from "./brands.server";
import { commentLength } from "../comments/comments.server";
import { buildThreads, commentsQuery, threadOf, type CommentRow } from "../comments/threads.server";
import { shapeNodes } from "../comments/comment-reply.server";
import { batchable, dbOf, schema } from "../core/db.server";
import { announce } from "../notifications/push.server";
import { directNotifications, excerpt, notificationRows } from "../notifications/create.server";
import { holdForPremoderation } from "../moderation/premoderation.server";
import { requireWriter, type Session } from "../users/session.server";
import { blacklistedBy, refuseIfBlacklisted } from "../users/blacklist.server";
import { sanitizeUserText } from "../core/text.server";

const pq = schema.privateQuestions;
const pa = schema.privateAnswers;
const b = schema.brands;
const u = schema.users;
const c = schema.comments;
const q = schema.questions;

/** Comments on a private answer: ref_type 'P', ref_id the private answer, pqid its question. */
export const PRIVATE_REF = "P";

// ------------------------------------------------------------------------------------- askbrand

/**
 * askbrand: the addqst payload (its own field parsing) plus `bid`, the brand asked, and `public`:
 * the ask form's 'Пользователи также могут ответить' (1: a public question tagged for the brand).
 */
export const AskBrandInput = AskInput.extend({ bid: idField(ERR_MSG.brandUnknown), public: flag(0) });
export type AskBrandInput = z.infer<typeof AskBrandInput>;

/**
 * Asks a brand's experts privately. Costs no points (the DIQ quota is the call's). One batch: the
 * private question, the asker's direct_count, the brand's qst, and the 'direct' notification of
 * every member of the brand. A brand's own member cannot ask it (471).
 */
export async function askBrand(env: Env, session: Session | null, input: AskBrandInput, now: number) {
  const user = requireWriter(session);
  const db = dbOf(env);
  const brand = await findBrand(env, { id: input.bid });
  if (!brand) throw new DomainError(ERR.brandUnknown);
  if (await brandRoleQuery(env, brand.id, user.id).get()) throw new DomainError(ERR.askOwnBrand);
  const qtext = plainLine(input.qtext);
  // a premoderated brand holds it (type D) until a moderator approves: replayDirectQuestion
  await holdForPremoderation(env, user, { type: "D", brandId: brand.id, text: qtext, payload: input }, now);
  const newPqid = sql`(SELECT max(id) FROM private_questions WHERE user_id = ${user.id} AND added = ${now})`;
  const results = await db.batch(
    batchable(env, [
      db
        .insert(pq)
        .values({
          brandId: brand.id,
          userId: user.id,
          qtext,
          qcomment: input.Body.trim() ? sanitizeUserText(input.Body) : "",
          hidden: 0,
          waitingBrandReply: 1,
          added: now,
        })
        .returning({ id: pq.id }),
      db
        .update(u)
        .set({ directCount: sql`${u.directCount} + 1` })
        .where(eq(u.id, user.id)),
      db
        .update(b)
        .set({ qst: sql`${b.qst} + 1` })
        .where(eq(b.id, brand.id)),
      ...directNotifications(env, { to: brandMembersSql(brand.id), askerId: user.id, pqid: newPqid, text: qtext, now, when: sql`${newPqid} IS NOT NULL` }),
    ] as const),
  );
  const pqid = results[0][0].id;
  await announce(env, results);
  return { pqid, redirect: `/private/${pqid}` };
}

/**
 * askbrand as the ask form sends it: private (askBrand) unless `public` is 1, then the same as
 * addqst with brand_tags [bid] (a public question, 5 points). The call counts it in the DIQ quota
 * for a private question, in ASK for a public one.
 */
export async function askBrandOrPublic(env: Env, session: Session | null, input: AskBrandInput, now: number) {
  if (input.public === 1) return askQuestion(env, session, { ...input, brand_tags: [input.bid] }, now);
  return askBrand(env, session, input, now);
}

/** The approval of a held direct question (premod_items type D): the same write as the user's. */
export async function replayDirectQuestion(env: Env, session: Session | null, payload: unknown, now: number) {
  const r = await askBrand(env, session, AskBrandInput.parse(payload), now);
  return { pqid: r.pqid };
}

// ---------------------------------------------------------------------------------- the read

export type PrivateAnswerView = {
  id: number;
  text: string;
  source: string;
  added: number;
  comcnt: number;
  author: { id: number; nick: string; lvl: number; points: number };
  comments: CommentThread;
};

export type PrivateQuestionView = {
  id: number;
  qtext: string;
  qcomment: string;
  added: number;
  hidden: boolean;
  waiting: boolean;
  author: { id: number; nick: string; lvl: number };
  brand: { id: number; urlname: string; name: string; personName: string; personText: string; personImage: string | null; url: string | null };
};

export type PrivatePage =
  | { kind: "missing" }
  /** hidden by its asker: the 'Вопрос удален' page names the brand, nothing of the question */
  | { kind: "deleted"; brand: Pick<PrivateQuestionView["brand"], "urlname" | "name" | "personName"> }
  | {
      kind: "ok";
      question: PrivateQuestionView;
      answers: PrivateAnswerView[];
      /** the viewer asked it */
      isOwner: boolean;
      /** the viewer's role in the brand, null for the asker */
      role: BrandRole | null;
      /** the viewer may answer now (a brand member while it waits) */
      canreply: boolean;
    };

/** The aliased columns of a joined table (a D1 batch keys columns by name). */
const as = <T>(col: unknown, name: string) => sql<T>`${col}`.as(name);

function readBatch(env: Env, pqid: number, viewerId: number) {
  const db = dbOf(env);
  return [
    db
      .select({
        id: pq.id,
        qtext: pq.qtext,
        qcomment: pq.qcomment,
        added: pq.added,
        hidden: pq.hidden,
        waiting: pq.waitingBrandReply,
        userId: pq.userId,
        brandId: pq.brandId,
        nick: as<string>(u.nick, "asker_nick"),
        lvl: as<number>(u.lvl, "asker_lvl"),
        urlname: as<string>(b.urlname, "brand_urlname"),
        brandName: as<string>(b.name, "brand_name"),
        personName: as<string>(b.personName, "brand_person_name"),
        personText: as<string>(b.personText, "brand_person_text"),
        personImage: as<string | null>(b.personImage, "brand_person_image"),
        url: as<string | null>(b.url, "brand_url"),
      })
      .from(pq)
      .innerJoin(u, eq(u.id, pq.userId))
      .innerJoin(b, eq(b.id, pq.brandId))
      .where(eq(pq.id, pqid)),
    db
      .select({
        id: pa.id,
        text: pa.text,
        source: pa.source,
        added: pa.added,
        comcnt: pa.comcnt,
        userId: pa.userId,
        nick: as<string>(u.nick, "author_nick"),
        lvl: as<number>(u.lvl, "author_lvl"),
        points: as<number>(u.points, "author_points"),
      })
      .from(pa)
      .innerJoin(u, eq(u.id, pa.userId))
      .where(eq(pa.pqid, pqid))
      .orderBy(pa.id),
    db
      .select({ role: schema.brandMembers.role })
      .from(schema.brandMembers)
      .where(and(eq(schema.brandMembers.userId, viewerId), sql`${schema.brandMembers.brandId} = (SELECT brand_id FROM private_questions WHERE id = ${pqid})`)),
    // by the answer (comments_ref_idx), not by pqid (no index)
    commentsQuery(env, and(eq(c.refType, PRIVATE_REF), sql`${c.refId} IN (SELECT id FROM private_answers WHERE pqid = ${pqid})`)!),
  ] as const;
}

/**
 * A private question as its viewer may see it, in one batch: the question with its brand and
 * asker, the expert's answer, the viewer's role in the brand and the comments. Only the asker and
 * the brand's members see it; to everyone else (guests too) it does not exist (missing → 404). A
 * question its asker hid reads 'Вопрос удален' to them, with the brand's line and nothing else.
 */
export async function loadPrivateQuestion(env: Env, pqid: number, viewerId: number | null): Promise<PrivatePage> {
  const db = dbOf(env);
  const [rows, answerRows, roles, commentRows] = await db.batch(readBatch(env, pqid, viewerId ?? 0));
  const r = rows[0];
  if (!r || viewerId === null) return { kind: "missing" };
  const role = (roles[0]?.role as BrandRole | undefined) ?? null;
  const isOwner = r.userId === viewerId;
  if (!isOwner && !role) return { kind: "missing" };
  const question: PrivateQuestionView = {
    id: r.id,
    qtext: r.qtext,
    qcomment: r.qcomment,
    added: r.added,
    hidden: r.hidden === 1,
    waiting: r.waiting === 1,
    author: { id: r.userId, nick: r.nick, lvl: r.lvl },
    brand: { id: r.brandId, urlname: r.urlname, name: r.brandName, personName: r.personName, personText: r.personText, personImage: r.personImage, url: r.url },
  };
  if (question.hidden) return { kind: "deleted", brand: { urlname: r.urlname, name: r.brandName, personName: r.personName } };
  const threads = buildThreads(commentRows as CommentRow[]);
  const answers = answerRows.map((a) => ({
    id: a.id,
    text: a.text,
    source: a.source,
    added: a.added,
    comcnt: a.comcnt,
    author: { id: a.userId, nick: a.nick, lvl: a.lvl, points: a.points },
    comments: threadOf(threads, `${PRIVATE_REF}:${a.id}`, a.comcnt),
  }));
  return { kind: "ok", question, answers, isOwner, role, canreply: role !== null && question.waiting && answers.length === 0 };
}

/** Is comment `cmid` one of private question `pqid`'s? (The page in context of a foreign one goes back to the question.) */
export async function isPrivateComment(env: Env, pqid: number, cmid: number): Promise<boolean> {
  const row = await dbOf(env).select({ pqid: c.pqid, refType: c.refType }).from(c).where(eq(c.id, cmid)).get();
  return !!row && row.pqid === pqid && row.refType === PRIVATE_REF;
}

export const PrivateQuestionInput = z.object({ pqid: idField(ERR_MSG.privateQuestionMissing) });

/**
 * `qst2brand {pqid}`: the private question in question-like fields (pqid, qtext, qcomment,
 * waiting_brand_reply, has_brand_answer, canreply, owner, qautor, direct …) with the answer and
 * its comments. Missing or not the viewer's: 472; hidden: 473 (to those who may see it).
 */
export async function readPrivateQuestion(env: Env, session: Session | null, input: z.infer<typeof PrivateQuestionInput>) {
  const page = await loadPrivateQuestion(env, input.pqid, session?.user.id ?? null);
  if (page.kind === "missing") throw new DomainError(ERR.privateQuestionMissing);
  if (page.kind === "deleted") throw new DomainError(ERR.privateQuestionDeleted);
  const qv = page.question;
  return {
    question: {
      pqid: qv.id,
      qtext: qv.qtext,
      qcomment: qv.qcomment,
      added: qv.added,
      hidden: 0,
      waiting_brand_reply: qv.waiting ? 1 : 0,
      has_brand_answer: page.answers.length > 0 ? 1 : 0,
      canreply: page.canreply ? 1 : 0,
      owner: page.isOwner ? 1 : 0,
      brand: qv.brand.name,
      brand_personname: qv.brand.personName,
      qautor: { usrid: qv.author.id, nick: qv.author.nick, lvl: qv.author.lvl },
      direct: {
        urlname: qv.brand.urlname,
        brand_personname: qv.brand.personName,
        brand_persontext: qv.brand.personText,
        brand_personimage: qv.brand.personImage,
        brand_url: qv.brand.url,
      },
    },
    answers: page.answers.map((a) => ({
      aid: a.id,
      text: a.text,
      source: a.source,
      added: a.added,
      comcnt: a.comcnt,
      usrid: a.author.id,
      nick: a.author.nick,
      lvl: a.author.lvl,
      comments: shapeNodes(a.comments.nodes, PRIVATE_REF, a.id),
    })),
  };
}

// --------------------------------------------------------------------------------- anspersonal

/** anspersonal: pqid, Body, source (the answer form's own field parsing and limits). */
export const AnswerPersonalInput = AddAnswerInput.pick({ Body: true, source: true }).extend({ pqid: idField(ERR_MSG.privateQuestionMissing) });

/** The private question a write is about, and the writer's role in its brand. */
async function target(env: Env, pqid: number, userId: number) {
  const db = dbOf(env);
  const [rows, roles] = await db.batch([
    db
      .select({
        id: pq.id,
        userId: pq.userId,
        brandId: pq.brandId,
        hidden: pq.hidden,
        waiting: pq.waitingBrandReply,
        qtext: pq.qtext,
        urlname: as<string>(b.urlname, "brand_urlname"),
      })
      .from(pq)
      .innerJoin(b, eq(b.id, pq.brandId))
      .where(eq(pq.id, pqid)),
    db
      .select({ role: schema.brandMembers.role })
      .from(schema.brandMembers)
      .where(and(eq(schema.brandMembers.userId, userId), sql`${schema.brandMembers.brandId} = (SELECT brand_id FROM private_questions WHERE id = ${pqid})`)),
  ]);
  const row = rows[0];
  const role = (roles[0]?.role as BrandRole | undefined) ?? null;
  // a stranger learns nothing about it: 472 as for a missing one
  if (!row || (row.userId !== userId && !role)) throw new DomainError(ERR.privateQuestionMissing);
  if (row.hidden === 1) throw new DomainError(ERR.privateQuestionDeleted);
  return { row, role };
}

/**
 * The brand's answer to a private question, by one of the brand's members (expert or admin), once,
 * and not by a member the asker has on his blacklist (390: another member may answer).
 * One batch: waiting_brand_reply 1 → 0 (the guard: a second answer changes nothing and is 475),
 * then the answer only when that changed a row, the brand's ans, and the asker's 'answer'
 * notification. Links in it are wrapped for tracking with the brand.
 */
export async function answerPersonal(env: Env, session: Session | null, input: z.infer<typeof AnswerPersonalInput>, now: number) {
  const user = requireWriter(session);
  const db = dbOf(env);
  const { row, role } = await target(env, input.pqid, user.id);
  if (!role) throw new DomainError(ERR.brandExpertsOnly);
  if (row.waiting !== 1) throw new DomainError(ERR.privateAlreadyAnswered);
  refuseIfBlacklisted(await blacklistedBy(env, user.id, row.userId), ERR.blacklistedAnswer);
  const text = sanitizeUserText(input.Body, { brand: row.urlname });
  const newAid = sql`(SELECT max(id) FROM private_answers WHERE pqid = ${row.id} AND user_id = ${user.id} AND added = ${now})`;
  const results = await db.batch(
    batchable(env, [
      db.run(
        sql`UPDATE private_questions SET waiting_brand_reply = 0 WHERE id = ${row.id} AND waiting_brand_reply = 1 AND hidden = 0
          AND EXISTS (SELECT 1 FROM brand_members bm WHERE bm.brand_id = private_questions.brand_id AND bm.user_id = ${user.id})`,
      ),
      db.run(
        sql`INSERT INTO private_answers (pqid, user_id, text, source, comcnt, added) SELECT ${row.id}, ${user.id}, ${text}, ${input.source.trim()}, 0, ${now} WHERE changes() = 1`,
      ),
      db.run(sql`UPDATE brands SET ans = ans + 1 WHERE id = ${row.brandId} AND changes() = 1`),
      ...notificationRows(env, {
        kind: "answer",
        to: row.userId,
        actorId: user.id,
        pqid: row.id,
        aid: null,
        txt: excerpt(text),
        when: sql`${newAid} IS NOT NULL`,
        now,
      }),
    ] as const),
  );
  if (results[1].meta.changes !== 1) throw new DomainError(ERR.privateAlreadyAnswered);
  await announce(env, results);
  const aid = (await db.select({ id: pa.id }).from(pa).where(eq(pa.pqid, row.id)).get())?.id ?? null;
  return { pqid: row.id, aid, waiting_brand_reply: 0, canreply: 0 };
}

// ----------------------------------------------------------------------------- the comments

/** addcmtpersonal: refid (the private answer), Body, optional cmid (the parent comment). */
export const PrivateCommentInput = z.object({
  refid: idField(ERR_MSG.expertAnswerMissing),
  Body: z.preprocess(
    (v) => (Array.isArray(v) ? v[v.length - 1] : v),
    z.string(ERR_MSG.commentTextMissing).refine((s) => s.trim().length > 0, ERR_MSG.commentTextMissing),
  ),
  cmid: z.preprocess((v) => (v === "" || v === "0" ? undefined : v), idField(ERR_MSG.privateParentGone).optional()),
});

/**
 * A comment under the expert's answer, by the asker or a member of the brand (the private thread
 * is theirs alone), nesting under its parent. One batch: the comment (guarded: the answer's
 * question still shown), the answer's comcnt and the parent's comcnt. A brand member's links are
 * wrapped for tracking. The other side hears of it ('comment' with pqid). Refused (391) when the
 * answer's author, or the author of the comment replied to, has the writer on his blacklist.
 */
export async function addPrivateComment(env: Env, session: Session | null, input: z.infer<typeof PrivateCommentInput>, now: number) {
  const user = requireWriter(session);
  if (commentLength(input.Body) > LIMITS.comment) throw new DomainError(ERR.commentTooLong);
  const db = dbOf(env);
  const [answers, parents, blacklisted] = await db.batch([
    db.select({ id: pa.id, pqid: pa.pqid, userId: pa.userId }).from(pa).where(eq(pa.id, input.refid)),
    db
      .select({ id: c.id, refType: c.refType, refId: c.refId, depth: c.depth, hidden: c.hidden, userId: c.userId })
      .from(c)
      .where(eq(c.id, input.cmid ?? 0)),
    blacklistedBy(
      env,
      user.id,
      sql`SELECT user_id FROM private_answers WHERE id = ${input.refid} UNION ALL SELECT user_id FROM comments WHERE id = ${input.cmid ?? 0}`,
    ),
  ]);
  const answer = answers[0];
  if (!answer) throw new DomainError(ERR.expertAnswerMissing);
  const { row, role } = await target(env, answer.pqid, user.id);
  if (!canCommentPrivately(row.userId === user.id, role)) throw new DomainError(ERR.privateCommentNotAllowed);
  let depth = 0;
  const parent = parents[0];
  if (input.cmid !== undefined) {
    if (!parent || parent.hidden || parent.refType !== PRIVATE_REF || parent.refId !== answer.id) throw new DomainError(ERR.privateParentGone);
    if (!canReplyUnder(parent.depth)) throw new DomainError(ERR.commentTooDeep);
    depth = parent.depth + 1;
  }
  refuseIfBlacklisted(blacklisted, ERR.blacklistedComment);
  const text = sanitizeUserText(input.Body, role ? { brand: row.urlname } : {});
  const newCmid = sql`(SELECT max(id) FROM comments WHERE user_id = ${user.id} AND pqid = ${row.id} AND added = ${now})`;
  // the asker hears of a member's comment; the answer's author (and the parent's) of the asker's
  const to = [...new Set([row.userId, answer.userId, ...(parent && input.cmid !== undefined ? [parent.userId] : [])])];
  const results = await db.batch(
    batchable(env, [
      db.run(
        sql`INSERT INTO comments (qid, pqid, ref_type, ref_id, parent_id, depth, user_id, text, added, hidden, comcnt, isclosed)
          SELECT NULL, ${row.id}, ${PRIVATE_REF}, ${answer.id}, ${input.cmid ?? null}, ${depth}, ${user.id}, ${text}, ${now}, 0, 0, 0
          WHERE EXISTS (SELECT 1 FROM private_questions x WHERE x.id = ${row.id} AND x.hidden = 0)`,
      ),
      db.run(sql`UPDATE private_answers SET comcnt = comcnt + 1 WHERE id = ${answer.id} AND changes() = 1`),
      db.run(sql`UPDATE comments SET comcnt = comcnt + 1 WHERE id = ${input.cmid ?? 0} AND changes() = 1`),
      ...notificationRows(env, {
        kind: "comment",
        to,
        actorId: user.id,
        pqid: row.id,
        cmid: newCmid,
        txt: excerpt(text),
        when: sql`${newCmid} IS NOT NULL`,
        now,
      }),
    ] as const),
  );
  if (results[0].meta.changes !== 1) throw new DomainError(ERR.privateQuestionDeleted);
  await announce(env, results);
  const cmid = Number(results[0].meta.last_row_id);
  return { cmid, pqid: row.id, aid: answer.id, redirect: `/private/${row.id}/cid-${cmid}` };
}

// ------------------------------------------------------------------------------------ hiding

const Tag = z.preprocess(
  (v) => (v === "" ? undefined : Array.isArray(v) ? v[v.length - 1] : v),
  z.string(ERR_MSG.badFields).max(100, ERR_MSG.badFields).optional(),
);

/**
 * hideqpersonal {pqid, tag}: the asker hides (deletes) his private question, or one of the brand's
 * members (expert or admin) hides one the brand will not answer, while it still waits for the
 * brand's answer (475 once answered); either way it reads 'Вопрос удален' to them both after.
 * `tag` is accepted and ignored.
 */
export const HidePersonalInput = z.object({ pqid: idField(ERR_MSG.privateQuestionMissing), tag: Tag });

export async function hidePersonal(env: Env, session: Session | null, input: z.infer<typeof HidePersonalInput>, _now: number) {
  const user = requireWriter(session);
  const db = dbOf(env);
  const { row, role } = await target(env, input.pqid, user.id);
  const asker = row.userId === user.id;
  if (!asker && !role) throw new DomainError(ERR.hideNotOwner);
  if (!asker && row.waiting !== 1) throw new DomainError(ERR.privateAlreadyAnswered);
  // the guards again in the write: the brand's answer may have come in meanwhile
  const res = await db
    .update(pq)
    .set({ hidden: 1 })
    .where(and(eq(pq.id, row.id), eq(pq.hidden, 0), asker ? eq(pq.userId, user.id) : eq(pq.waitingBrandReply, 1)))
    .returning({ id: pq.id });
  if (res.length === 0) throw new DomainError(asker ? ERR.alreadyHidden : ERR.privateAlreadyAnswered);
  return { pqid: row.id, hidden: 1 };
}

/**
 * hideqnopersonal {qid, tag}: the owner of a public question with a brand tag takes it off the
 * brand's list: `tag` (a brand id or urlname) removes that brand, none removes every brand tag.
 */
export const HideNoPersonalInput = z.object({ qid: idField(ERR_MSG.questionGone), tag: Tag });

export async function hideNoPersonal(env: Env, session: Session | null, input: z.infer<typeof HideNoPersonalInput>, _now: number) {
  const user = requireWriter(session);
  const db = dbOf(env);
  const row = await db
    .select({ id: q.id, userId: q.userId, state: q.state, hidden: q.hidden, brandId: q.brandId, brandTags: q.brandTags })
    .from(q)
    .where(eq(q.id, input.qid))
    .get();
  if (!row || row.state === "D" || row.hidden === 1) throw new DomainError(ERR.questionGone);
  if (row.userId !== user.id) throw new DomainError(ERR.hideNotOwner);
  const tags = storedIds(row.brandTags);
  if (tags.length === 0 && row.brandId === null) throw new DomainError(ERR.brandTagMissing);
  let drop: number[] = tags;
  if (input.tag !== undefined) {
    const brand = /^[1-9][0-9]{0,9}$/.test(input.tag) ? await findBrand(env, { id: Number(input.tag) }) : await findBrand(env, { urlname: input.tag });
    if (!brand || (!tags.includes(brand.id) && row.brandId !== brand.id)) throw new DomainError(ERR.brandTagMissing);
    drop = [brand.id];
  }
  const left = tags.filter((t) => !drop.includes(t));
  const res = await db
    .update(q)
    .set({ brandTags: left.length > 0 ? JSON.stringify(left) : null, brandId: left[0] ?? null })
    .where(and(eq(q.id, row.id), eq(q.userId, user.id), sql`${q.brandTags} IS ${row.brandTags}`))
    .returning({ id: q.id });
  if (res.length === 0) throw new DomainError(ERR.brandTagMissing);
  return { qid: row.id, brand_tags: left };
}
