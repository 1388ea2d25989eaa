/**
 * The read calls of the named-call API (docs/decisions/0009-read-calls.md): the question with its
 * first page of answers, more answers, one answer, comment listings (who voted and who marked are
 * in voter-reads.server.ts, the question lists and the new-questions check in list-reads.server.ts). They reuse the page read models
 * (question-page.server.ts, comments.server.ts, questions.server.ts) and shape the replies with
 * the API's field names. Viewer fields come from the session in one extra
 * batched query that runs beside the page query; guests get neutral values.
 */
import { ERR, ERR_MSG } from "../../lib/errids";
import type { AnswerView, CommentNode, QuestionView } from "../../lib/views";
import { and, count, eq, isNull, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { DomainError, type ErrId } from "../../lib/errors";
import { isExpertLevel } from "../../lib/levels";
import { LIMITS } from "../../lib/limits";
import { blank, Id, Offset, OptId, PageSize, storedIds } from "../../lib/fields";
import { getCategoryTree, type CategoryTree } from "../categories/categories.server";
import { buildThreads, commentsQuery, type CommentRow, threadComments, withCommenters } from "../comments/threads.server";
import { dbOf, schema } from "../core/db.server";
import { loadAnswerPage, loadQuestionPage } from "./question-page.server";
import type { Session } from "../users/session.server";
import { assertCategoryOpen, questionRemoved, type Reader } from "../core/visibility.server";
import { shapeComment, shapeNodes } from "../comments/comment-reply.server";
import {
  authorBrandsOf,
  brandsByAuthor,
  EXTRA_FLAGS,
  extrasQueries,
  factsInSiteDb,
  factsOfRows,
  factsQueries,
  shapeExtras,
  watchQuery,
  type AuthorBrand,
} from "./question-extras.server";
import { readThreadRow, threadHome, type ThreadHome } from "../core/thread-ranges.server";

const q = schema.questions;
const a = schema.answers;
const cm = schema.comments;

/** A refusal that carries reply fields besides the errid (the deleted view needs `qautor`). */
export class ReadRefusal extends DomainError {
  constructor(
    errid: ErrId,
    readonly data: Record<string, unknown>,
  ) {
    super(errid);
  }
}

// ---------------------------------------------------------------- input pieces

const TargetType = z.enum(["Q", "A", "C"], ERR_MSG.readTypeInvalid);

// ---------------------------------------------------------------- reply shapes

type Named = { urlname: string; name: string } | null;

export function categoryOf(tree: CategoryTree, id: number): Named {
  const c = tree.byId.get(id);
  return c ? { urlname: c.urlname, name: c.name } : null;
}

function qautorOf(v: QuestionView, brand: string | null = null) {
  return { usrid: v.author.id, nick: v.author.nick, lvl: v.author.lvl, points: v.author.points, brand };
}

/** The question header as lists, showans and comment_context show it. */
function questionHeader(v: QuestionView, tree: CategoryTree, brands?: Map<number, AuthorBrand>) {
  return {
    qid: v.id,
    qtext: v.qtext,
    usrid: v.author.id,
    qnick: v.author.nick,
    cid: v.categoryId,
    category: categoryOf(tree, v.categoryId),
    state: v.state,
    anscnt: v.anscnt,
    comcnt: v.comcnt,
    added: v.added,
    polltype: v.pollType,
    totalmarks: v.totalmarks,
    qautor: qautorOf(v, brands?.get(v.author.id)?.brand ?? null),
  };
}

function shapeAnswer(v: AnswerView, canth: boolean, brands: Map<number, AuthorBrand>, mark: number | null = null) {
  const brand = brands.get(v.author.id);
  return {
    id: v.id,
    aid: v.id,
    qid: v.qid,
    usrid: v.author.id,
    nick: v.author.nick,
    lvl: v.author.lvl,
    points: v.author.points,
    // the author's avatar key (null: the generated default)
    filin: v.author.filin ?? null,
    // 1 for a volunteer moderator (the «Модератор» label beside his nick)
    moder: v.author.moder ?? 0,
    atext: v.text,
    added: v.added,
    source: v.source,
    vip: v.author.vip,
    // the brand its author represents (null: none), and that brand's page
    brand: brand?.brand ?? null,
    brand_url: brand?.brand_url ?? null,
    best: v.best ? 1 : 0,
    rating: v.rating,
    comcnt: v.comcnt,
    canth: canth && v.canthStatus === 0 ? 1 : 0,
    canth_status: v.canthStatus,
    totalmarks: v.totalmarks,
    comments: shapeNodes(v.comments.nodes, "A", v.id, mark),
  };
}

/** May this viewer thank or hide answers of this question? Only its owner, while it is not deleted. */
function ownerOf(v: QuestionView, session: Session | null) {
  return !!session && session.user.id === v.author.id && v.state !== "D";
}

/**
 * The deleted view's refusal: 181; a moderator's also names the author (qautor), as his deleted
 * page does, for the restore control; nobody else learns who asked.
 */
function deletedRefusal(v: QuestionView, reader: Reader): DomainError {
  return reader.moderator ? new ReadRefusal(ERR.questionGone, { qautor: qautorOf(v) }) : new DomainError(ERR.questionGone);
}

/**
 * What the question calls may read out of a question page: refused (340) in a category closed to
 * the reader, whatever the question's state, as its page is; 181 when it is gone.
 */
function readable<P extends { kind: string; question?: QuestionView }>(page: P, reader: Reader, tree: CategoryTree, gone: ErrId = ERR.questionGone) {
  if (page.kind === "missing" || !page.question) throw new DomainError(gone);
  assertCategoryOpen(reader, tree, page.question.categoryId);
  if (page.kind === "deleted") throw page.question.state === "D" ? deletedRefusal(page.question, reader) : new DomainError(gone);
  return page as Extract<P, { kind: "ok" }>;
}

// ---------------------------------------------------------------- question

export const QuestionInput = z.object({ qid: Id });

/**
 * Why the viewer may not reply (canreplyreason.rid): 0 guest (sign in first), 1 his own question,
 * 2 he already answered, 3 the question is closed (resolved or deleted), 4 his vote is already
 * counted (best-answer vote or poll vote), 5 banned, 6 level below Знаток (voting in state V).
 * `canreply` means: answer in state A, vote for the best answer in state V, vote in a poll.
 */
export function replyAbility(
  v: Pick<QuestionView, "state" | "pollType"> & { authorId: number },
  session: Session | null,
  mine: { answered: boolean; bestVoted: boolean; pollVoted: boolean },
): { canreply: 0 | 1; rid: number } {
  if (!session) return { canreply: 0, rid: 0 };
  if (v.state === "R" || v.state === "D") return { canreply: 0, rid: 3 };
  if (session.user.id === v.authorId) return { canreply: 0, rid: 1 };
  if (session.user.banned) return { canreply: 0, rid: 5 };
  if (v.pollType) return mine.pollVoted ? { canreply: 0, rid: 4 } : { canreply: 1, rid: 0 };
  if (mine.answered) return { canreply: 0, rid: 2 };
  if (v.state === "V") {
    if (mine.bestVoted) return { canreply: 0, rid: 4 };
    if (!isExpertLevel(session.user.lvl)) return { canreply: 0, rid: 6 };
  }
  return { canreply: 1, rid: 0 };
}

/**
 * The question's own flags and what the viewer did there (uid 0 for a guest), where its thread
 * lives, with the brands the extras need: one batch when that is DB; otherwise the thread's batch
 * and then DB's, by the facts it read.
 */
async function viewerOf(env: Env, qid: number, session: Session | null, home: ThreadHome) {
  const db = dbOf(home.env);
  const uid = session?.user.id ?? 0;
  const thread = [
    db
      .select({ cancomment: q.cancomment, noadd: q.noadd, ...EXTRA_FLAGS })
      .from(q)
      .where(eq(q.id, qid)),
    db
      .select({ id: a.id })
      .from(a)
      .where(and(eq(a.qid, qid), eq(a.userId, uid))),
    db
      .select({ id: schema.bestVotes.id })
      .from(schema.bestVotes)
      .where(and(eq(schema.bestVotes.qid, qid), eq(schema.bestVotes.userId, uid))),
    db
      .select({ options: schema.pollVotes.options })
      .from(schema.pollVotes)
      .where(and(eq(schema.pollVotes.qid, qid), eq(schema.pollVotes.userId, uid))),
    db
      .select({ id: schema.marks.id })
      .from(schema.marks)
      .where(and(eq(schema.marks.targetType, "Q"), eq(schema.marks.targetId, qid), eq(schema.marks.userId, uid))),
    watchQuery(home.env, qid, uid),
  ] as const;
  const rows = home.joined
    ? await db.batch([...thread, ...extrasQueries(env, factsInSiteDb(qid))])
    : await db.batch([...thread, ...factsQueries(home.env, qid)]).then(async ([flags, answered, voted, polled, marked, watch, question, answerers]) => {
        const of = question[0]
          ? factsOfRows(
              question[0],
              answerers.map((r) => r.userId),
            )
          : null;
        const site = of ? await dbOf(env).batch(extrasQueries(env, of)) : ([[] as never[], [] as never[], [] as never[]] as const);
        return [flags, answered, voted, polled, marked, watch, ...site] as const;
      });
  const [flags, answered, voted, polled, marked, ...extras] = rows;
  return {
    cancomment: flags[0]?.cancomment ?? 1,
    noadd: flags[0]?.noadd ?? 0,
    answered: answered.length > 0,
    bestVoted: voted.length > 0,
    pollVoted: polled.length > 0,
    chosen: new Set(storedIds(polled[0]?.options)),
    marked: marked.length > 0,
    flags: flags[0],
    extras,
  };
}

/** `question` {qid}: the question page's data (first 20 answers, the best apart, comments '20,3,3'). */
export async function readQuestion(env: Env, session: Session | null, input: z.infer<typeof QuestionInput>, now: number, reader: Reader) {
  const home = await threadHome(env, input.qid, now);
  const [loaded, viewer, tree] = await Promise.all([loadQuestionPage(env, input.qid, 0), viewerOf(env, input.qid, session, home), getCategoryTree(env, now)]);
  const page = readable(loaded, reader, tree);
  const v = page.question;
  const isOwner = !!session && session.user.id === v.author.id;
  const ability = replyAbility({ ...v, authorId: v.author.id }, session, viewer);
  const owns = ownerOf(v, session);
  const extras = shapeExtras(viewer.flags, viewer.extras, { state: v.state, totalmarks: v.totalmarks });
  return {
    ...questionHeader(v, tree, extras.byAuthor),
    ...extras.fields,
    hidden: v.hidden ? 1 : 0,
    qcomment: v.qcomment,
    total_voted: v.totalVoted,
    waslead: v.waslead,
    options: page.poll.map((o) => ({ optid: o.id, text: o.text, vote: o.votes, ivoted: viewer.chosen.has(o.id) ? 1 : 0 })),
    adds: page.supplements.map((s) => ({ added: s.added, atext: s.text })),
    owner: isOwner ? 1 : 0,
    canreply: ability.canreply,
    canreplyreason: { rid: ability.rid },
    cancomment: viewer.cancomment,
    noadd: viewer.noadd,
    canmark: session && !session.user.banned && !isOwner && !viewer.marked && v.state !== "D" ? 1 : 0,
    comments: shapeNodes(page.questionComments.nodes, "Q", v.id),
    best: page.best ? shapeAnswer(page.best, owns, extras.byAuthor) : null,
    answers: page.answers.map((x) => shapeAnswer(x, owns, extras.byAuthor)),
    p: 0,
    n: LIMITS.pageSize,
  };
}

// ---------------------------------------------------------------- answers

export const MoreAnswersInput = z.object({
  qid: Id,
  p: Offset,
  n: PageSize,
  sort: z.preprocess(blank, z.enum(["old", "0"], ERR_MSG.badAnswerOrder).optional()),
});

/** `moreanswers` {qid, p, n, sort}: a page of the non-best answers, oldest first. */
export async function readMoreAnswers(env: Env, session: Session | null, input: z.infer<typeof MoreAnswersInput>, reader: Reader) {
  const p = input.p ?? 0;
  const n = input.n ?? LIMITS.pageSize;
  const home = await threadHome(env, input.qid, Date.now());
  const [loaded, tree, members] = await Promise.all([loadQuestionPage(env, input.qid, p), getCategoryTree(env), authorBrandsOf(env, home, input.qid)]);
  const page = readable(loaded, reader, tree);
  const owns = ownerOf(page.question, session);
  const brands = brandsByAuthor(members);
  return { answers: page.answers.slice(0, n).map((x) => shapeAnswer(x, owns, brands)), p, n, anscnt: page.question.anscnt };
}

export const ShowAnswerInput = z.object({ aid: Id });

/** `showans` {aid}: one answer with all its comments, under its question's header. */
export async function readAnswer(env: Env, session: Session | null, input: z.infer<typeof ShowAnswerInput>, now: number, reader: Reader) {
  const [loaded, tree] = await Promise.all([loadAnswerPage(env, input.aid), getCategoryTree(env, now)]);
  const page = readable(loaded, reader, tree, ERR.readAnswerGone);
  const brands = brandsByAuthor(await authorBrandsOf(env, await threadHome(env, page.question.id, now), page.question.id));
  return {
    question: questionHeader(page.question, tree, brands),
    answer: shapeAnswer(page.answer, ownerOf(page.question, session), brands),
  };
}

// ---------------------------------------------------------------- comments

/** A listing's target, and where its thread lives. */
type Target = { refType: "Q" | "A"; refId: number; qid: number; categoryId: number; home: ThreadHome };

/**
 * Where a listing's comments live, refusing what cannot be shown to the reader: a question in a
 * category closed to him (340), a missing or deleted question (181), a missing or deleted answer
 * (302), a missing comment (303). For type C the target is the comment's own question or answer and
 * `parent` is that comment.
 */
async function resolveTarget(env: Env, type: "Q" | "A" | "C", refid: number, reader: Reader): Promise<Target & { parent: number | null }> {
  const [tree, target] = await Promise.all([getCategoryTree(env), findTarget(env, type, refid)]);
  assertCategoryOpen(reader, tree, target.categoryId);
  if (target.qremoved) throw new DomainError(ERR.questionGone);
  if (target.aremoved) throw new DomainError(ERR.readAnswerGone);
  const { qremoved: _q, aremoved: _a, ...found } = target;
  return found;
}

/** A listing's target as stored where its thread lives, with whether its question or its answer was removed. */
async function findTarget(env: Env, type: "Q" | "A" | "C", refid: number) {
  const now = Date.now();
  if (type === "Q") {
    const home = await threadHome(env, refid, now);
    const row = await dbOf(home.env).select({ state: q.state, hidden: q.hidden, categoryId: q.categoryId }).from(q).where(eq(q.id, refid)).get();
    if (!row) throw new DomainError(ERR.questionGone);
    return { refType: "Q" as const, refId: refid, qid: refid, categoryId: row.categoryId, parent: null, qremoved: questionRemoved(row), aremoved: false, home };
  }
  if (type === "A") {
    const found = await readThreadRow(env, refid, now, (on) =>
      dbOf(on)
        .select({ hidden: a.hidden, qid: a.qid, state: q.state, qhidden: q.hidden, categoryId: q.categoryId })
        .from(a)
        .innerJoin(q, eq(q.id, a.qid))
        .where(eq(a.id, refid))
        .get(),
    );
    if (!found) throw new DomainError(ERR.readAnswerGone);
    const { row, home } = found;
    const qremoved = questionRemoved({ state: row.state, hidden: row.qhidden });
    return { refType: "A" as const, refId: refid, qid: row.qid, categoryId: row.categoryId, parent: null, qremoved, aremoved: row.hidden === 1, home };
  }
  const found = await readThreadRow(env, refid, now, (on) =>
    dbOf(on)
      .select({ refType: cm.refType, refId: cm.refId, qid: q.id, state: q.state, hidden: q.hidden, categoryId: q.categoryId, ahidden: a.hidden })
      .from(cm)
      .innerJoin(q, eq(q.id, cm.qid))
      .leftJoin(a, and(eq(cm.refType, "A"), eq(a.id, cm.refId)))
      .where(and(eq(cm.id, refid), sql`${cm.refType} in ('Q', 'A')`))
      .get(),
  );
  if (!found) throw new DomainError(ERR.readCommentGone);
  const { row, home } = found;
  const aremoved = row.refType === "A" && (row.ahidden === null || row.ahidden === 1);
  return {
    refType: row.refType as "Q" | "A",
    refId: row.refId,
    qid: row.qid,
    categoryId: row.categoryId,
    parent: refid,
    qremoved: questionRemoved(row),
    aremoved,
    home,
  };
}

const refCond = (t: Target) => and(eq(cm.refType, t.refType), eq(cm.refId, t.refId))!;

/**
 * The ids of a window of 20 sibling comments (from offset p) and of everything below them, at
 * most LIMITS.commentsListMax: the walk down the tree (level by level) stops there, so a huge
 * thread costs no more than a listing shows.
 */
function subtreeOfWindow(siblings: SQL, p: number): SQL {
  return sql`${cm.id} in (with recursive sub(id) as (
      select id from (select id from comments where ${siblings} order by id limit ${LIMITS.pageSize} offset ${p})
      union all select comments.id from comments join sub on comments.parent_id = sub.id
      limit ${LIMITS.commentsListMax}
    ) select id from sub)`;
}

export const CommentsInput = z.object({
  type: TargetType,
  refid: Id,
  cmid: OptId,
  depth: z.preprocess(blank, z.enum(["20,3,3", "20"], ERR_MSG.badCommentDepth).optional()),
  p: Offset,
});

/**
 * `comments` {type, refid, cmid?, depth?, p}. Without a parent: the '20,3,3' listing of a question
 * (Q) or answer (A), exactly as the page shows it at p = 0; p > 0 pages the top level 20 at a time.
 * Under a parent comment (cmid, or type C with refid the comment): its replies 20 at a time from p,
 * each with everything below it to depth 20 (the 'more' link). depth "20" without a parent lists
 * the top-level window with everything below; "20,3,3" under a parent applies the rule there.
 * `total` is the number of top-level comments (or of direct replies under the parent).
 */
export async function readComments(env: Env, input: z.infer<typeof CommentsInput>, reader: Reader) {
  const p = input.p ?? 0;
  const target = await resolveTarget(env, input.type, input.refid, reader);
  const db = dbOf(target.home.env);
  let parent = target.parent;
  if (input.cmid !== undefined && input.cmid !== parent) {
    const under = await resolveTarget(env, "C", input.cmid, reader);
    if (under.refType !== target.refType || under.refId !== target.refId) throw new DomainError(ERR.readCommentGone);
    parent = input.cmid;
  }
  const depth = input.depth ?? (parent !== null ? "20" : "20,3,3");
  const full = depth === "20";
  const siblings = parent !== null ? eq(cm.parentId, parent) : and(refCond(target), isNull(cm.parentId))!;
  let where: SQL;
  if (parent !== null) where = sql`(${cm.id} = ${parent} or ${subtreeOfWindow(siblings, p)})`;
  else if (!full && p === 0) where = refCond(target);
  else where = subtreeOfWindow(siblings, p);
  const [totals, read] = await db.batch([db.select({ n: count() }).from(cm).where(siblings), commentsQuery(target.home.env, where, full, target.home.joined)]);
  const rows = target.home.joined ? read : await withCommenters(env, read as CommentRow[]);
  if (parent !== null) {
    // the parent is the root of this listing, whatever its own depth
    const rerooted = (rows as CommentRow[]).map((r) => (r.id === parent ? { ...r, parent_id: null } : r));
    const root = buildThreads(rerooted).get(`${target.refType}:${target.refId}`)?.nodes[0];
    return {
      comments: (root?.replies ?? []).map((r) => shapeComment(r, target.refType, target.refId, parent!, null, depthUnder(rows as CommentRow[], parent!))),
      type: target.refType,
      refid: target.refId,
      cmid: parent,
      p,
      n: LIMITS.pageSize,
      total: totals[0]?.n ?? 0,
    };
  }
  const nodes: CommentNode[] = buildThreads(rows as CommentRow[]).get(`${target.refType}:${target.refId}`)?.nodes ?? [];
  return {
    comments: shapeNodes(nodes, target.refType, target.refId),
    type: target.refType,
    refid: target.refId,
    p,
    n: LIMITS.pageSize,
    total: totals[0]?.n ?? 0,
  };
}

/** The depth of the replies directly under comment `parent` (its row is among `rows`). */
function depthUnder(rows: CommentRow[], parent: number): number {
  return (rows.find((r) => r.id === parent)?.depth ?? 0) + 1;
}

export const AllCommentsInput = z.object({ type: TargetType, refid: Id });

/**
 * `all_comments` {type, refid}: every comment of a question or answer (or under a comment), nested
 * to depth 20, but at most LIMITS.commentsListMax of them, oldest first. A comment whose replies
 * were left out keeps its `more` count; under a comment, the reply's `more` counts its direct
 * replies left out.
 */
export async function readAllComments(env: Env, input: z.infer<typeof AllCommentsInput>, reader: Reader) {
  const target = await resolveTarget(env, input.type, input.refid, reader);
  const key = `${target.refType}:${target.refId}`;
  if (target.parent === null) {
    const rows = await threadComments(env, target.home, refCond(target), true);
    const nodes = buildThreads(rows).get(key)?.nodes ?? [];
    return { comments: shapeNodes(nodes, target.refType, target.refId), type: target.refType, refid: target.refId };
  }
  const parent = target.parent;
  // the walk down the tree (level by level) stops after the parent and as many comments as a listing shows
  const below = sql`${cm.id} in (with recursive sub(id) as (
      select ${parent} union all select comments.id from comments join sub on comments.parent_id = sub.id
      limit ${LIMITS.commentsListMax + 1}
    ) select id from sub)`;
  const rows = await threadComments(env, target.home, below, true);
  const root = buildThreads(rows.map((r) => (r.id === parent ? { ...r, parent_id: null } : r))).get(key)?.nodes[0];
  return {
    comments: (root?.replies ?? []).map((r) => shapeComment(r, target.refType, target.refId, parent, null, depthUnder(rows, parent))),
    type: target.refType,
    refid: target.refId,
    cmid: parent,
    more: root?.more ?? 0,
  };
}

export const CommentContextInput = z.object({ cmid: Id, type: z.preprocess(blank, TargetType.optional()), refid: OptId });

/**
 * `comment_context` {cmid, type?, refid?}: the comment's question header, its answer (for an
 * answer's comment) and the whole thread of that target with the comment marked (`marked: 1`).
 * A `type` and `refid` given must hold the comment (its question, its answer, or a comment it
 * replies to, however deep); otherwise the comment is not found there (404).
 */
export async function readCommentContext(env: Env, session: Session | null, input: z.infer<typeof CommentContextInput>, now: number, reader: Reader) {
  const target = await resolveTarget(env, "C", input.cmid, reader);
  if (input.type && input.refid !== undefined && !(await holdsComment(target, input.type, input.refid, input.cmid))) {
    throw new DomainError(ERR.readCommentGone);
  }
  const tree = await getCategoryTree(env, now);
  if (target.refType === "A") {
    const [page, members] = await Promise.all([loadAnswerPage(env, target.refId, input.cmid), authorBrandsOf(env, target.home, target.qid)]);
    if (page.kind !== "ok") throw new DomainError(ERR.readAnswerGone);
    const brands = brandsByAuthor(members);
    const { comments, ...answer } = shapeAnswer(page.answer, ownerOf(page.question, session), brands, input.cmid);
    const header = questionHeader(page.question, tree, brands);
    return { cmid: input.cmid, type: "A", refid: target.refId, question: header, answer, comments };
  }
  const [page, members, rows] = await Promise.all([
    loadQuestionPage(env, target.qid, 0),
    authorBrandsOf(env, target.home, target.qid),
    threadComments(env, target.home, refCond(target), true),
  ]);
  if (page.kind !== "ok") throw new DomainError(ERR.questionGone);
  const nodes = buildThreads(rows).get(`Q:${target.qid}`)?.nodes ?? [];
  return {
    cmid: input.cmid,
    type: "Q",
    refid: target.qid,
    question: questionHeader(page.question, tree, brandsByAuthor(members)),
    answer: null,
    comments: shapeNodes(nodes, "Q", target.qid, input.cmid),
  };
}

/** Whether the comment `cmid` (found under `target`) is in the thread of type/refid: its question, its answer, or under the comment refid. */
async function holdsComment(target: Target, type: "Q" | "A" | "C", refid: number, cmid: number): Promise<boolean> {
  if (type !== "C") return target.refType === type && target.refId === refid;
  const row = await dbOf(target.home.env).get<{ found: number }>(
    sql`WITH RECURSIVE up(id, parent_id) AS (SELECT id, parent_id FROM comments WHERE id = ${cmid} UNION ALL SELECT c.id, c.parent_id FROM comments c JOIN up ON c.id = up.parent_id) SELECT count(*) AS found FROM up WHERE id = ${refid}`,
  );
  return (row?.found ?? 0) > 0;
}
