import type { AnswerView, Author, CommentThread, Crumb, DeletedQuestionFacts, QuestionView } from "../../lib/views";
import type { QuestionState } from "../../lib/questions";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { LIMITS } from "../../lib/limits";
import { buildThreads, type Commenter, type CommentRow, commentersFilled, commentsQuery, threadComments, threadOf } from "../comments/threads.server";
import { dbOf, schema } from "../core/db.server";
import { keptBatch } from "../core/kept-batch.server";
import { answerCols, liveAnswer } from "../core/visibility.server";
import { authorColumns, authorIdOnly, type AuthorRow, authorsById } from "../users/users.server";
import { blockOwner, envOn } from "../core/databases.server";
import { bindingOf, envOfBinding, homeQuery, keptHomeOf, readThreadRow, SITE_DB, threadHome, threadRanges } from "../core/thread-ranges.server";
import { getCategoryTree, type Category } from "../categories/categories.server";
import { categoryTrail } from "./lists.server";

const q = schema.questions;
const a = schema.answers;
const u = schema.users;

export type QuestionPage =
  | { kind: "missing" }
  | { kind: "deleted"; question: QuestionView }
  | {
      kind: "ok";
      question: QuestionView;
      supplements: { id: number; text: string; added: number }[];
      poll: { id: number; text: string; votes: number }[];
      best: AnswerView | null;
      answers: AnswerView[];
      questionComments: CommentThread;
      offset: number;
    };

const questionColumns = {
  id: q.id,
  qtext: q.qtext,
  qcomment: q.qcomment,
  state: q.state,
  hidden: q.hidden,
  deletedBy: q.deletedBy,
  categoryId: q.categoryId,
  topCategoryId: q.topCategoryId,
  anscnt: q.anscnt,
  comcnt: q.comcnt,
  added: q.added,
  stateChangedAt: q.stateChangedAt,
  pollType: q.pollType,
  totalVoted: q.totalVoted,
  totalmarks: q.totalmarks,
  bestAnswerId: q.bestAnswerId,
  waslead: q.waslead,
  noadd: q.noadd,
};

const answerColumns = {
  id: a.id,
  qid: a.qid,
  text: a.text,
  source: a.source,
  added: a.added,
  editedAt: a.editedAt,
  best: a.best,
  rating: a.rating,
  comcnt: a.comcnt,
  canthStatus: a.canthStatus,
  totalmarks: a.totalmarks,
};

type QuestionRow = Pick<typeof q.$inferSelect, keyof typeof questionColumns>;
type AnswerRow = Pick<typeof a.$inferSelect, keyof typeof answerColumns> & { author: Author };

function toQuestion(r: QuestionRow, author: Author): QuestionView {
  return {
    id: r.id,
    qtext: r.qtext,
    qcomment: r.qcomment,
    state: (r.hidden ? "D" : r.state) as QuestionState,
    hidden: r.hidden === 1,
    deletedBy: r.deletedBy,
    categoryId: r.categoryId,
    topCategoryId: r.topCategoryId,
    anscnt: r.anscnt,
    comcnt: r.comcnt,
    added: r.added,
    stateChangedAt: r.stateChangedAt,
    pollType: r.pollType as "S" | "C" | null,
    totalVoted: r.totalVoted,
    totalmarks: r.totalmarks,
    bestAnswerId: r.bestAnswerId,
    waslead: r.waslead,
    noadd: r.noadd === 1,
    author,
  };
}

function toAnswer(r: AnswerRow, threads: Map<string, CommentThread>): AnswerView {
  const { author, ...rest } = r;
  return {
    ...rest,
    best: r.best === 1,
    author,
    comments: threadOf(threads, `A:${r.id}`, r.comcnt),
  };
}

/**
 * The question page's statements with its values as placeholders (`qid`, `offset`, `fold`: 1 for
 * the page's folded first page): the question and its author, supplements, poll options, the best
 * answer, one page of the other answers and their comments. `joined`: the authors come joined from
 * `users` (DB, where the users live); otherwise (a thread database) with their ids alone, filled in
 * after (`threadPageRows`).
 */
function pageStatements(env: Env, joined: boolean) {
  const db = dbOf(env);
  const qid = sql.placeholder("qid");
  const offset = sql.placeholder("offset");
  // how many answers (besides the best) the page shows from `offset`: a page of 20, but the first
  // page of a question with more than five answers shows the first three, and the rest are behind
  // the 'more answers' link (a plain link to the next page, which the live list draws in place)
  const shown = sql`CASE WHEN ${sql.placeholder("fold")} = 1 AND ${offset} = 0 AND (SELECT anscnt FROM questions WHERE id = ${qid}) > ${LIMITS.answersFoldOver} THEN ${LIMITS.answersFoldShown} ELSE ${LIMITS.pageSize} END`;
  // the visibility rule's live answers, written out as the index answers_qid_idx holds them
  const live = liveAnswer(answerCols(""));
  const pageAnswerIds = sql`SELECT id FROM answers WHERE qid = ${qid} AND ${live} AND best = 0 ORDER BY added, id LIMIT ${shown} OFFSET ${offset}`;
  const bestAnswerIds = sql`SELECT id FROM answers WHERE qid = ${qid} AND ${live} AND best = 1`;
  const cm = schema.comments;
  const targets = sql`(${cm.refType} = 'Q' AND ${cm.refId} = ${qid}) OR (${cm.refType} = 'A' AND ${cm.refId} IN (SELECT id FROM (${pageAnswerIds}) UNION ALL ${bestAnswerIds}))`;
  const question = db
    .select({ ...questionColumns, author: joined ? authorColumns : authorIdOnly(q.userId) })
    .from(q)
    .$dynamic();
  const best = db
    .select({ ...answerColumns, author: joined ? authorColumns : authorIdOnly(a.userId) })
    .from(a)
    .$dynamic();
  const answers = db
    .select({ ...answerColumns, author: joined ? authorColumns : authorIdOnly(a.userId) })
    .from(a)
    .$dynamic();
  return [
    (joined ? question.innerJoin(u, eq(u.id, q.userId)) : question).where(eq(q.id, qid)),
    db
      .select({ id: schema.supplements.id, text: schema.supplements.text, added: schema.supplements.added })
      .from(schema.supplements)
      .where(eq(schema.supplements.qid, qid))
      .orderBy(asc(schema.supplements.added))
      // a question takes no more (updqst refuses them); the cap also holds for what was stored before
      .limit(LIMITS.supplementsMax),
    db
      .select({ id: schema.pollOptions.id, text: schema.pollOptions.text, votes: schema.pollOptions.votes })
      .from(schema.pollOptions)
      .where(eq(schema.pollOptions.qid, qid))
      .orderBy(asc(schema.pollOptions.position)),
    (joined ? best.innerJoin(u, eq(u.id, a.userId)) : best).where(and(eq(a.qid, qid), eq(a.hidden, 0), eq(a.best, 1))).limit(1),
    (joined ? answers.innerJoin(u, eq(u.id, a.userId)) : answers)
      // the page's own answers only: a folded first page reads three, not twenty
      .where(inArray(a.id, sql`(${pageAnswerIds})`))
      .orderBy(asc(a.added), asc(a.id)),
    commentsQuery(env, targets, false, joined),
  ] as const;
}

/** The page's batch on DB, with the range map's word on where the question lives (its last statement). */
const questionPageBatch = keptBatch((env) => [...pageStatements(env, true), homeQuery(env, sql.placeholder("qid"))] as const);

/** The same reads on the thread database that holds the question. */
const threadPageBatch = keptBatch((env) => pageStatements(env, false));

/** The page's rows as the joined batch has them (its authors whole). */
type PageRows = readonly [
  (QuestionRow & { author: Author })[],
  { id: number; text: string; added: number }[],
  { id: number; text: string; votes: number }[],
  AnswerRow[],
  AnswerRow[],
  CommentRow[],
];
type Joined = Awaited<ReturnType<typeof questionPageBatch>>;

/** The page's rows and the map's word apart. */
function splitHome(rows: Joined): [PageRows, Joined[6]] {
  return [[rows[0], rows[1], rows[2], rows[3], rows[4], rows[5]] as unknown as PageRows, rows[6]];
}

/**
 * The rows of a question's page from the thread database `binding`, their authors read from DB
 * (one more round trip) and filled in as the joined batch has them.
 */
async function threadPageRows(env: Env, binding: string, values: Record<string, unknown>): Promise<PageRows> {
  const rows = await threadPageBatch(envOfBinding(env, binding), values);
  const [qRows, supplements, poll, bestRows, answerRows, commentRows] = rows;
  const ids = [...qRows, ...bestRows, ...answerRows].map((r) => r.author.id).concat(commentRows.map((c) => c.user_id));
  const authors = await authorsById(env, ids);
  const fill = authorsFilled(authors);
  return [
    qRows.map(fill),
    supplements,
    poll,
    bestRows.map(fill),
    answerRows.map(fill),
    commentersFilled(commentRows as CommentRow[], authors),
  ] as unknown as PageRows;
}

/** A row read with its author's id alone, its author filled in from `authors` (read by id from DB). */
const authorsFilled =
  (authors: Map<number, AuthorRow>) =>
  <R extends { author: { id: number } }>(r: R) => ({ ...r, author: authors.get(r.author.id) ?? r.author });

/** The page's rows from DB's batch, or from the thread database its map row names. */
async function pageRows(env: Env, values: Record<string, unknown>): Promise<PageRows> {
  const [rows, home] = splitHome(await questionPageBatch(env, values));
  const binding = home[0]?.binding ?? SITE_DB;
  if (binding === SITE_DB) return rows;
  // the isolate reads the map beside the thread, so that its next pages go there at once
  const [thread] = await Promise.all([threadPageRows(env, binding, values), threadRanges(env, Date.now())]);
  return thread;
}

/**
 * The page's rows when the isolate's map, past its lifetime, put the question in thread database
 * `guess`: read there at once, beside the map read again, which the guess must match.
 */
async function guessedPageRows(env: Env, qid: number, guess: string, values: Record<string, unknown>): Promise<PageRows> {
  const early = threadPageRows(env, guess, values);
  early.catch(() => {});
  const ranges = await threadRanges(env, Date.now());
  return bindingOf(ranges, qid) === guess ? early : pageRows(env, values);
}

/**
 * Everything a question page shows (`fold`: the page's first page of many answers shows three; the
 * API's reads always take a page of 20), in one D1 round trip (a batch): the question and its author,
 * supplements, poll options, the best answer, one page of the other answers (20, oldest first) and
 * the comments of the question and of those answers under the '20,3,3' rule.
 */
export async function loadQuestionPage(env: Env, qid: number, offset: number, fold = false): Promise<QuestionPage> {
  const values = { qid, offset, fold: fold ? 1 : 0 };
  // a question the isolate's map puts in a thread database is read there at once: by the map when it
  // is within its lifetime, else beside DB's word on where it lives now; a page waits one more round
  // trip (its authors, from DB) than one of DB's own
  const known = keptHomeOf(env, qid, Date.now());
  const [qRows, supplements, poll, bestRows, answerRows, commentRows] = !known
    ? await pageRows(env, values)
    : known.fresh
      ? await threadPageRows(env, known.binding, values)
      : await guessedPageRows(env, qid, known.binding, values);
  const row = qRows[0];
  if (!row) return { kind: "missing" };
  const question = toQuestion(row, row.author);
  if (question.state === "D") return { kind: "deleted", question };

  const threads = buildThreads(commentRows);
  return {
    kind: "ok",
    question,
    supplements,
    poll,
    best: bestRows[0] ? toAnswer(bestRows[0], threads) : null,
    answers: answerRows.map((r) => toAnswer(r, threads)),
    questionComments: threadOf(threads, `Q:${qid}`, question.comcnt),
    offset,
  };
}

/**
 * The answer page's statements (`aid` a placeholder): the answer's question and its author, the
 * answer and its author, and all of its comments (to the 'more' depth); `joined` as pageStatements.
 */
function answerPageStatements(env: Env, joined: boolean) {
  const db = dbOf(env);
  const aid = sql.placeholder("aid");
  const question = db
    .select({ ...questionColumns, author: joined ? authorColumns : authorIdOnly(q.userId) })
    .from(q)
    .$dynamic();
  const answer = db
    .select({ ...answerColumns, author: joined ? authorColumns : authorIdOnly(a.userId), hidden: a.hidden })
    .from(a)
    .$dynamic();
  return [
    (joined ? question.innerJoin(u, eq(u.id, q.userId)) : question).where(eq(q.id, sql`(SELECT qid FROM answers WHERE id = ${aid})`)),
    (joined ? answer.innerJoin(u, eq(u.id, a.userId)) : answer).where(eq(a.id, aid)),
    commentsQuery(env, and(eq(schema.comments.refType, "A"), eq(schema.comments.refId, aid))!, true, joined),
  ] as const;
}

/** The answer page's batch on DB, with the map's word on where the answer's question lives (its last statement). */
const answerPageBatch = keptBatch(
  (env) => [...answerPageStatements(env, true), homeQuery(env, sql`(SELECT qid FROM answers WHERE id = ${sql.placeholder("aid")})`)] as const,
);

/** The same reads on a thread database. */
const threadAnswerBatch = keptBatch((env) => answerPageStatements(env, false));

type AnswerPageRows = readonly [(QuestionRow & { author: Author })[], (AnswerRow & { hidden: number })[], CommentRow[]];

/** The answer page's rows from thread database `binding`, their authors read from DB by id. */
async function threadAnswerRows(env: Env, binding: string, aid: number, known?: AnswerPageRows): Promise<AnswerPageRows> {
  const on = envOn(env, binding);
  if (!on) return [[], [], []];
  const [qRows, answerRows, commentRows] = await threadAnswerBatch(on, { aid });
  // the people DB's rows of this page already named (its copy of the range) need no second read
  const authors = new Map<number, AuthorRow>([...(known?.[0] ?? []), ...(known?.[1] ?? [])].map((r) => [r.author.id, r.author as AuthorRow]));
  const commenters = new Map<number, Commenter>(
    (known?.[2] ?? []).map((c) => [c.user_id, { nick: c.nick, lvl: c.lvl, points: c.points, kpd: c.kpd, filin: c.filin ?? null, moder: c.moder ?? 0 }]),
  );
  const missing = [...qRows, ...answerRows]
    .map((r) => r.author.id)
    .filter((id) => !authors.has(id))
    .concat(commentRows.map((c) => c.user_id).filter((id) => !commenters.has(id)));
  for (const [id, a] of missing.length > 0 ? await authorsById(env, missing) : []) {
    authors.set(id, a);
    commenters.set(id, a);
  }
  const fill = authorsFilled(authors);
  return [qRows.map(fill), answerRows.map(fill), commentersFilled(commentRows as CommentRow[], commenters)] as unknown as AnswerPageRows;
}

/**
 * The answer page's rows where the answer lives. An id of DB's block is read there with the map's
 * word on its question (one round trip) and, when the map names a thread database, read again
 * there (a second), its people taken from DB's rows where they have them (a third read only for
 * the others). An id of a thread database's block is read there, beside the isolate's map, and
 * again where the map now puts its question, if the range has moved on since.
 */
async function answerPageRows(env: Env, aid: number): Promise<AnswerPageRows> {
  const owner = blockOwner(aid);
  if (owner === SITE_DB) {
    const [qRows, answerRows, commentRows, home] = await answerPageBatch(env, { aid });
    const binding = home[0]?.binding ?? SITE_DB;
    const rows = [qRows, answerRows, commentRows] as unknown as AnswerPageRows;
    return binding === SITE_DB ? rows : threadAnswerRows(env, binding, aid, rows);
  }
  const [rows, ranges] = await Promise.all([threadAnswerRows(env, owner, aid), threadRanges(env, Date.now())]);
  const qid = rows[1][0]?.qid;
  if (qid == null) return rows;
  const binding = bindingOf(ranges, qid);
  return binding === owner ? rows : threadAnswerRows(env, binding, aid);
}

export type AnswerPage =
  | { kind: "missing" }
  | { kind: "deleted"; question: QuestionView }
  | { kind: "ok"; question: QuestionView; answer: AnswerView; highlight: number | null };

/**
 * A single answer under its question header with all of its comments (to the 'more' depth), from
 * the database its question lives in; used by /answer/{aid} and by the comment-in-context view.
 */
export async function loadAnswerPage(env: Env, aid: number, highlight: number | null = null): Promise<AnswerPage> {
  const [qRows, answerRows, commentRows] = await answerPageRows(env, aid);
  const qr = qRows[0];
  const ar = answerRows[0];
  if (!qr || !ar) return { kind: "missing" };
  const question = toQuestion(qr, qr.author);
  if (question.state === "D" || ar.hidden === 1) return { kind: "deleted", question };
  const { hidden: _h, ...answer } = ar;
  return { kind: "ok", question, answer: toAnswer(answer, buildThreads(commentRows)), highlight };
}

/** A category trail as the crumbs show it: each category's id, name and address. */
export function crumbsOf(trail: Category[]): Crumb[] {
  return trail.map(({ id, name, urlname }) => ({ id, name, urlname }));
}

/** What a moderator sees of a deleted question beside his restore control (nobody else sees any of it). */
export function deletedQuestionFacts(q: QuestionView): DeletedQuestionFacts {
  return { id: q.id, qtext: q.qtext, deletedBy: q.deletedBy, author: { id: q.author.id, nick: q.author.nick, lvl: q.author.lvl, points: q.author.points } };
}

/**
 * What an answer page shows (/answer/{aid}, and the comment-in-context views): the answer page with
 * its question's category trail. A deleted question or answer is the reasons page, which shows
 * nothing of them but the crumbs: not the text, not the author, not who deleted it.
 */
export async function answerPageWithTrail(env: Env, aid: number, highlight: number | null, now: number) {
  const [tree, page] = await Promise.all([getCategoryTree(env, now), loadAnswerPage(env, aid, highlight)]);
  if (page.kind === "missing") return { kind: "missing" as const, now };
  const trail = categoryTrail(tree, page.question.categoryId);
  if (page.kind === "deleted") return { kind: "deleted" as const, now, trail: crumbsOf(trail) };
  return { ...page, now, trail };
}

/** Where a comment lives: its question, and the answer it belongs to (null for a question comment). */
export async function locateComment(env: Env, cmid: number) {
  const c = schema.comments;
  const found = await readThreadRow(env, cmid, Date.now(), (on) =>
    dbOf(on).select({ id: c.id, qid: c.qid, refType: c.refType, refId: c.refId, hidden: c.hidden }).from(c).where(eq(c.id, cmid)).get(),
  );
  const row = found?.row;
  if (!row || row.qid == null) return null;
  return { qid: row.qid, answerId: row.refType === "A" ? row.refId : null };
}

/**
 * A comment shown in its context on the question page (/question/{qid}/cid-{cmid}): the comment,
 * the answer whose thread holds it (null: the question's own), and the page's offset, which puts
 * that answer first in the page's answers (0 for the best answer and for the question's comments).
 */
export type CommentFocus = { cmid: number; answerId: number | null; offset: number };

/**
 * Where comment `cmid` of question `qid` is shown: null when it is not that question's, or its
 * answer is not live (the question page then opens without it).
 */
export async function commentFocus(env: Env, qid: number, cmid: number): Promise<CommentFocus | null> {
  const live = liveAnswer(answerCols("x"));
  // one read: the comment, its answer (an answer's comment) and how many live answers come before it
  const home = await threadHome(env, qid, Date.now());
  const row = await dbOf(home.env).get<{
    qid: number | null;
    refType: string;
    refId: number;
    aqid: number | null;
    best: number | null;
    hidden: number | null;
    before: number;
  }>(
    sql`SELECT c.qid AS qid, c.ref_type AS refType, c.ref_id AS refId, a.qid AS aqid, a.best AS best, a.hidden AS hidden,
      (SELECT count(*) FROM answers x WHERE x.qid = a.qid AND ${live} AND x.best = 0 AND (x.added < a.added OR (x.added = a.added AND x.id < a.id))) AS before
      FROM comments c LEFT JOIN answers a ON c.ref_type = 'A' AND a.id = c.ref_id WHERE c.id = ${cmid}`,
  );
  if (!row || row.qid !== qid) return null;
  if (row.refType !== "A") return { cmid, answerId: null, offset: 0 };
  if (row.aqid !== qid || row.hidden !== 0) return null;
  return { cmid, answerId: row.refId, offset: row.best ? 0 : row.before };
}

/** The focused comment's whole thread (to the 'more' depth): read beside the page, which it then completes. */
export async function focusThreads(env: Env, qid: number, focus: CommentFocus) {
  const c = schema.comments;
  const target = focus.answerId === null ? and(eq(c.refType, "Q"), eq(c.refId, qid))! : and(eq(c.refType, "A"), eq(c.refId, focus.answerId))!;
  return buildThreads(await threadComments(env, await threadHome(env, qid, Date.now()), target, true));
}

/** The page with the focused comment's whole thread in place of its '20,3,3' cut. */
export function withCommentInContext(page: Extract<QuestionPage, { kind: "ok" }>, focus: CommentFocus, threads: Map<string, CommentThread>) {
  if (focus.answerId === null) return { ...page, questionComments: threadOf(threads, `Q:${page.question.id}`, page.question.comcnt) };
  const full = (x: AnswerView): AnswerView => (x.id === focus.answerId ? { ...x, comments: threadOf(threads, `A:${x.id}`, x.comcnt) } : x);
  return { ...page, best: page.best ? full(page.best) : null, answers: page.answers.map(full) };
}

/** The question of a visible answer, or null (the answer's e-mail link pages). */
export async function answerQuestionId(env: Env, aid: number): Promise<number | null> {
  const a = schema.answers;
  const found = await readThreadRow(env, aid, Date.now(), (on) => dbOf(on).select({ qid: a.qid, hidden: a.hidden }).from(a).where(eq(a.id, aid)).get());
  return found && found.row.hidden === 0 ? found.row.qid : null;
}
