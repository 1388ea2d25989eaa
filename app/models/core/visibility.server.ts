/**
 * What a reader may see: the one rule every door applies (docs/decisions/0050-what-each-reader-may-see.md
 * lists the doors). Pages, their `?_data`, the named reads, notifications, feeds, search, profile and
 * brand lists, the photo page and the previews, and the sockets all decide here, either by composing
 * the SQL conditions below into their queries (lists, counts, feeds, notifications) or by asking the
 * predicates about a row they read (single items, pushed events).
 *
 * What hides an item, and from whom:
 * - **Removed**: a question dropped by a moderator, deleted by its author, hidden by the paid service
 *   or by the cron (questions.hidden = 1 and state 'D', written together); an answer dropped by a
 *   moderator or removed by the paid service (answers.hidden); a comment dropped by a moderator
 *   (comments.hidden). Nobody reads it but moderators, and its author in the lists and notices of
 *   his own items. An answer or comment of a removed question, and a comment of a removed answer, is
 *   removed with it.
 * - **Held in premoderation**: a held write is only a premod_items row (nothing else is written until
 *   it is approved), read by its author, moderators and the brand's administrators in their scope.
 * - **In an adult category** (flagged adult, or under one that is): only for a reader who confirmed his
 *   age (a signed-in user's users.is_adult, a guest's cookie), whoever he is.
 * - **A private question to a brand**, its answers and comments: the asker and the brand's members.
 * - **A hidden profile's activity** (users.hidden, «Скрыть мою активность»): the lists of what he
 *   asked and answered, wherever they are gathered by author (his profile, the feeds of his
 *   followers, a brand's people, the notices of his new questions), are for himself and moderators.
 *   His questions and answers stay on their own pages, as public as they were.
 * - **A blacklisted reader**: whoever put him on his blacklist has, for him, a hidden profile, and
 *   nothing of his reaches him among the blacklister's own notifications either.
 */
import { and, eq, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { ERR } from "../../lib/errids";
import { DomainError } from "../../lib/errors";
import { isModerator } from "../../lib/moderation";
import { type CategoryTree, getCategoryTree } from "../categories/categories.server";
import { dbOf, schema } from "./db.server";
import { inSiteDb } from "./thread-ranges.server";

// ------------------------------------------------------------------------------------ the reader

/** Who is reading: the facts every rule below needs. */
export type Reader = {
  /** the signed-in reader's id; 0 for a guest */
  id: number;
  /** a volunteer moderator with at least one permission (isModerator) */
  moderator: boolean;
  /** he confirmed that he is an adult */
  adult: boolean;
};

/** A guest who has not confirmed his age. */
export const GUEST: Reader = { id: 0, moderator: false, adult: false };

/** A signed-in reader: his age confirmation is his own (users.is_adult), whatever cookies his browser holds. */
export function userReader(user: { id: number; type: string; permissions: readonly string[]; adult?: boolean }): Reader {
  return { id: user.id, moderator: isModerator(user), adult: user.adult === true };
}

/** The reader as SQL: his id and his age confirmation as values, or the columns of a users row. */
export type Who = { id: SQL; adult: SQL };

/** A reader's values for the SQL conditions. */
export function who(reader: Reader): Who {
  return { id: sql`${reader.id}`, adult: sql`${reader.adult ? 1 : 0}` };
}

/** The recipient of a notification being written: the users row `nr` its INSERT … SELECT reads. */
export const RECIPIENT: Who = { id: sql.raw("nr.id"), adult: sql.raw("nr.is_adult") };

// ------------------------------------------------------------------------------- the adult categories

/**
 * The categories only a reader who confirmed his age reads: those flagged adult and every category
 * under one that is.
 */
export function adultCategoryIds(tree: CategoryTree): number[] {
  return tree.all.filter((c) => isAdultCategory(tree, c.id)).map((c) => c.id);
}

/** A category is adult when it or a category above it is flagged so. */
export function isAdultCategory(tree: CategoryTree, id: number): boolean {
  let c = tree.byId.get(id);
  for (let depth = 0; c && depth < 10; depth++) {
    if (c.adult) return true;
    c = c.parentId != null ? tree.byId.get(c.parentId) : undefined;
  }
  return false;
}

/** The categories closed to this reader: the adult ones until he confirms his age, none after. */
export function closedCategories(reader: Reader, tree: CategoryTree): number[] {
  return reader.adult ? [] : adultCategoryIds(tree);
}

/** The categories closed to this reader, with the category tree read (kept per isolate) when he has not confirmed his age. */
export async function closedCategoriesFor(env: Env, reader: Reader): Promise<number[]> {
  return reader.adult ? [] : closedCategories(reader, await getCategoryTree(env));
}

/** SQL: the adult categories by their flags, as adultCategoryIds says (the tree is two levels deep). */
const ADULT_CATEGORIES = sql.raw("(SELECT id FROM categories WHERE adult = 1 OR parent_id IN (SELECT id FROM categories WHERE adult = 1))");

// ------------------------------------------------------------------------------------ column names

/** The columns the question conditions read: a drizzle table, or an alias in raw SQL (questionCols). */
export type QuestionCols = { hidden: SQLWrapper; state: SQLWrapper; categoryId: SQLWrapper; userId: SQLWrapper };
export type AnswerCols = { hidden: SQLWrapper; userId: SQLWrapper };
export type UserCols = { id: SQLWrapper; hidden: SQLWrapper };

/** A column of raw SQL under an alias (`q` → q.hidden), or bare when the alias is "" (a statement of one table). */
const column = (alias: string, name: string) => sql.raw(alias ? `${alias}.${name}` : name);

/** A question's columns under an alias of raw SQL (`q` → q.hidden, q.state …; "" → hidden, state …). */
export function questionCols(alias: string): QuestionCols {
  return { hidden: column(alias, "hidden"), state: column(alias, "state"), categoryId: column(alias, "category_id"), userId: column(alias, "user_id") };
}

/** An answer's columns under an alias of raw SQL ("" for bare names). */
export function answerCols(alias: string): AnswerCols {
  return { hidden: column(alias, "hidden"), userId: column(alias, "user_id") };
}

/** A user's columns under an alias of raw SQL. */
export function userCols(alias: string): UserCols {
  return { id: column(alias, "id"), hidden: column(alias, "hidden") };
}

// ------------------------------------------------------------------------------- SQL conditions

/**
 * A question nobody removed. Written out, never bound: SQLite uses the partial indexes of live
 * questions (`hidden = 0 AND state <> 'D'`) only for terms it can see when it prepares the query.
 */
export function liveQuestion(q: QuestionCols): SQL {
  return sql`${q.hidden} = 0 AND ${q.state} <> 'D'`;
}

/** liveQuestion as text, for the statements search writes as strings (FTS5 queries). */
export function liveQuestionText(alias: string): string {
  return `${alias}.hidden = 0 AND ${alias}.state <> 'D'`;
}

/** An answer nobody removed (its question is another condition: liveQuestion). */
export function liveAnswer(a: AnswerCols): SQL {
  return sql`${a.hidden} = 0`;
}

/**
 * A category open to the reader: any, once he confirmed his age; otherwise none of `closed` (the
 * reader's closedCategories, bound as values, for the lists whose plans use them), or, given a Who,
 * none of the adult categories by their flags.
 */
export function openCategory(closed: readonly number[] | Who, col: SQLWrapper): SQL {
  if (Array.isArray(closed)) {
    if (closed.length === 0) return sql`1`;
    return sql`${col} NOT IN (${sql.join(
      closed.map((id) => sql`${id}`),
      sql`, `,
    )})`;
  }
  const w = closed as Who;
  return sql`(${w.adult} = 1 OR ${col} NOT IN ${ADULT_CATEGORIES})`;
}

/** A question the reader may read: live, in a category open to him. */
export function questionShown(closed: readonly number[] | Who, q: QuestionCols): SQL {
  return sql`${liveQuestion(q)} AND ${openCategory(closed, q.categoryId)}`;
}

/**
 * The activity of `author` (his lists, wherever they gather what he asked and answered) is open to
 * the reader: the reader is a moderator, or himself, or he has neither hidden his profile nor put
 * the reader on his blacklist.
 */
export function activityOpen(reader: Reader, author: UserCols): SQL {
  if (reader.moderator) return sql`1`;
  return sql`((${author.hidden} = 0 OR ${author.id} = ${reader.id}) AND NOT EXISTS (SELECT 1 FROM blacklist vb WHERE vb.owner_id = ${author.id} AND vb.user_id = ${reader.id}))`;
}

/** Kinds of notice about the recipient's own item from a moderator: the recipient's blacklist never silences them. */
export const MODERATOR_NOTICES = ["moder_deleted", "premod_declined"] as const;

/** The columns of a notification the rule reads (a notifications row, or the values of one being written). */
export type NoticeCols = { kind: SQLWrapper; actorId: SQLWrapper; qid: SQLWrapper; aid: SQLWrapper; cmid: SQLWrapper; pqid: SQLWrapper };

/**
 * A notification the reader may still see. It shows the question's title, a copy of the answer's,
 * comment's or private question's words and its actor, so it is shown only while each thing it
 * names is one the reader may read — his own items always, anyone else's while it is live, in a
 * category open to him (or under his own question), and (a private question) while he is its asker
 * or one of its brand's people — and its actor is not on his blacklist (a moderator's notice about his own item excepted). The
 * notice of a new question of someone he follows needs the asker's activity open to him. The same
 * condition chooses the recipients when a notice is written (RECIPIENT), so nothing is pushed that
 * the list would not show, and it filters the lists and the unread count when they are read.
 *
 * The rule has two parts. The reader's part (the private question, the blacklist, the followed
 * asker) reads rows that live in DB beside the notifications. The thread's part (the question, the
 * answer, the comment on a question) reads the thread's rows, so it is decided here only for a
 * thread DB holds; a notice of a thread the range map gives to a thread database passes here, and
 * its thread's part is decided where the thread lives (noticeThreadShown, on the facts read there:
 * notifications/thread-part.server.ts). A notice names items of one thread: its answer and comment
 * are of its question.
 */
export function noticeShown(w: Who, n: NoticeCols): SQL {
  return sql`(${noticeReaderPart(w, n)} AND (NOT ${inSiteDb(n.qid)} OR ${noticeThreadPart(w, n)}))`;
}

/** The thread's part of noticeShown, on the rows of a thread DB holds. */
function noticeThreadPart(w: Who, n: NoticeCols): SQL {
  // a question's category is open to its own asker too: he knows what he asked where
  const open = (q: string) =>
    sql`${liveQuestion(questionCols(q))} AND (${sql.raw(`${q}.user_id`)} = ${w.id} OR ${openCategory(w, sql.raw(`${q}.category_id`))})`;
  const question = sql`(${n.qid} IS NULL OR EXISTS (SELECT 1 FROM questions vq WHERE vq.id = ${n.qid} AND (vq.user_id = ${w.id} OR (${open("vq")}))))`;
  const answer = sql`(${n.aid} IS NULL OR EXISTS (SELECT 1 FROM answers va JOIN questions vaq ON vaq.id = va.qid WHERE va.id = ${n.aid}
    AND (va.user_id = ${w.id} OR (va.hidden = 0 AND ${open("vaq")}))))`;
  const comment = sql`(${n.cmid} IS NULL OR EXISTS (SELECT 1 FROM comments vc
    LEFT JOIN questions vcq ON vcq.id = vc.qid
    LEFT JOIN answers vca ON vc.ref_type = 'A' AND vca.id = vc.ref_id
    LEFT JOIN private_questions vcp ON vcp.id = vc.pqid
    WHERE vc.id = ${n.cmid} AND (vc.user_id = ${w.id} OR (vc.hidden = 0
      AND (vc.qid IS NULL OR (${open("vcq")}))
      AND (vca.id IS NULL OR vca.hidden = 0)
      AND (vc.pqid IS NULL OR ${privateOpen(w, "vcp")})))))`;
  return sql`(${question} AND ${answer} AND ${comment})`;
}

/** A private question (its row under alias `p`) is open to the reader: he asked it, or it is live and he is one of its brand's people. */
function privateOpen(w: Who, p: string): SQL {
  const c = (name: string) => sql.raw(`${p}.${name}`);
  return sql`(${c("user_id")} = ${w.id} OR (${c("hidden")} = 0 AND EXISTS (SELECT 1 FROM brand_members vm WHERE vm.brand_id = ${c("brand_id")} AND vm.user_id = ${w.id})))`;
}

/** The reader's part of noticeShown: what lives in DB whichever database holds the thread. */
function noticeReaderPart(w: Who, n: NoticeCols): SQL {
  const direct = sql`(${n.pqid} IS NULL OR EXISTS (SELECT 1 FROM private_questions vp WHERE vp.id = ${n.pqid} AND ${privateOpen(w, "vp")}))`;
  const moderators = sql.join(
    MODERATOR_NOTICES.map((k) => sql`${k}`),
    sql`, `,
  );
  const actor = sql`(${n.actorId} IS NULL OR ${n.kind} IN (${moderators}) OR NOT EXISTS (SELECT 1 FROM blacklist vb WHERE vb.owner_id = ${w.id} AND vb.user_id = ${n.actorId}))`;
  const asker = sql`(${n.kind} <> 'followed_question' OR EXISTS (SELECT 1 FROM users vu WHERE vu.id = ${n.actorId} AND vu.hidden = 0
    AND NOT EXISTS (SELECT 1 FROM blacklist vab WHERE vab.owner_id = vu.id AND vab.user_id = ${w.id})))`;
  return sql`(${direct} AND ${actor} AND ${asker})`;
}

/** What the thread's part of the rule reads of a question, as its thread's database holds it. */
export type NoticeQuestion = { hidden: number; state: string; categoryId: number; userId: number };
/** … of an answer, with its question. */
export type NoticeAnswer = { hidden: number; userId: number; question: NoticeQuestion };
/** … of a comment on a question (on an answer: `answerHidden` is that answer's flag), with its question. */
export type NoticeComment = { hidden: number; userId: number; question: NoticeQuestion | null; answerHidden: number | null };

/** The facts of one thread's rows a notice names, read where the thread lives (undefined: not there). */
export type NoticeThreadFacts = {
  question: (id: number) => NoticeQuestion | undefined;
  answer: (id: number) => NoticeAnswer | undefined;
  comment: (id: number) => NoticeComment | undefined;
};

/**
 * The thread's part of noticeShown (noticeThreadPart's terms, the same rule) for a notice whose
 * thread lives in a thread database, decided on the facts read there. `adultCategory` says whether
 * a category is adult (isAdultCategory on the tree).
 */
export function noticeThreadShown(
  reader: Pick<Reader, "id" | "adult">,
  n: { qid: number | null; aid: number | null; cmid: number | null },
  facts: NoticeThreadFacts,
  adultCategory: (categoryId: number) => boolean,
): boolean {
  const open = (q: NoticeQuestion) => !questionRemoved(q) && (q.userId === reader.id || reader.adult || !adultCategory(q.categoryId));
  const q = n.qid == null ? null : facts.question(n.qid);
  const a = n.aid == null ? null : facts.answer(n.aid);
  const c = n.cmid == null ? null : facts.comment(n.cmid);
  const question = n.qid == null || (q !== undefined && q !== null && (q.userId === reader.id || open(q)));
  const answer = n.aid == null || (a !== undefined && a !== null && (a.userId === reader.id || (a.hidden === 0 && open(a.question))));
  const comment =
    n.cmid == null ||
    (c !== undefined &&
      c !== null &&
      (c.userId === reader.id || (c.hidden === 0 && (c.question === null || open(c.question)) && (c.answerHidden === null || c.answerHidden === 0))));
  return question && answer && comment;
}

// ------------------------------------------------------------------------------------ predicates

/** What the predicates need of a question: whether it was removed, whether its category is adult, its author. */
export type QuestionFacts = { removed: boolean; adult: boolean; authorId: number };

/** A question row was removed (liveQuestion, read from a row: hidden and state 'D' are written together, either is enough). */
export function questionRemoved(q: { hidden: number | boolean; state: string }): boolean {
  return q.hidden === 1 || q.hidden === true || q.state === "D";
}

/** The facts of a question row (questions.hidden and state; the category's flag from the tree). */
export function questionFacts(tree: CategoryTree, q: { hidden: number | boolean; state: string; categoryId: number; userId: number }): QuestionFacts {
  return { removed: questionRemoved(q), adult: isAdultCategory(tree, q.categoryId), authorId: q.userId };
}

/** The category of the item is open to the reader. */
export function seesCategory(reader: Reader, q: Pick<QuestionFacts, "adult">): boolean {
  return !q.adult || reader.adult;
}

/** The category is closed to this reader: an adult one, before he confirmed his age. */
export function categoryClosed(reader: Reader, tree: CategoryTree, categoryId: number): boolean {
  return !reader.adult && isAdultCategory(tree, categoryId);
}

/** The read calls' age gate: an item of a category closed to the reader is refused (340) before anything of it is read out. */
export function assertCategoryOpen(reader: Reader, tree: CategoryTree, categoryId: number): void {
  if (categoryClosed(reader, tree, categoryId)) throw new DomainError(ERR.adultNotConfirmed);
}

/**
 * What a text shows (a question, an answer or a comment) is for this reader: live, or removed and he
 * is a moderator (the moderator's views of dropped items show their photos too); in a category open
 * to him. `removed` covers the text and everything above it (its answer, its question).
 */
export function seesText(reader: Reader, t: { removed: boolean; adult: boolean }): boolean {
  return (!t.removed || reader.moderator) && seesCategory(reader, t);
}

/**
 * Refuses (508, as a hidden profile) a reader the activity of `owner` is not open to: from the
 * owner's row, and one read of his blacklist when that is all that is left to know.
 */
export async function assertActivityOpen(env: Env, reader: Reader, owner: { id: number; hidden: boolean | number }): Promise<void> {
  const ask = reader.id !== 0 && !reader.moderator && reader.id !== owner.id && !owner.hidden;
  const bl = schema.blacklist;
  const listed = ask
    ? await dbOf(env)
        .select({ id: bl.id })
        .from(bl)
        .where(and(eq(bl.ownerId, owner.id), eq(bl.userId, reader.id)))
        .get()
    : undefined;
  if (!seesActivity(reader, owner, listed !== undefined)) throw new DomainError(ERR.profileHidden);
}

/** A hidden profile's activity, or one whose owner blacklisted the reader, is not for him (see activityOpen). */
export function seesActivity(reader: Reader, owner: { id: number; hidden: boolean | number }, blacklistsReader: boolean): boolean {
  if (reader.moderator || owner.id === reader.id) return true;
  return !owner.hidden && !blacklistsReader;
}
