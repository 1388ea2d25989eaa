/**
 * The thread's part of the notice rule (noticeShown, app/models/core/visibility.server.ts) for the
 * notices whose question the range map gives to a thread database: DB's SQL lets them pass that
 * part, and it is decided here, on the rows read where the thread lives — one batch per thread
 * database holding any of them, side by side — by noticeThreadShown. What a list shows of such a
 * thread (the question's title, its category's address, a poll vote's options) is read there too.
 */
import { getCategoryTree } from "../categories/categories.server";
import { envOn } from "../core/databases.server";
import { isAdultCategory, type NoticeAnswer, type NoticeComment, type NoticeQuestion, noticeThreadShown, type Reader } from "../core/visibility.server";

/** What the check reads of a notification: the items it names, and the thread database of its question (null: DB). */
export type NoticeRef = {
  nid: number;
  kind: string;
  actorId: number | null;
  qid: number | null;
  aid: number | null;
  cmid: number | null;
  home?: string | null;
};

/** What a list shows of a thread that lives elsewhere, filled in from there. */
export type ThreadShown = { txtq: string | null; urlname: string | null; voted: string | null };

type QuestionRow = { id: number; hidden: number; state: string; category_id: number; user_id: number; qtext: string };
type AnswerRow = { id: number; hidden: number; user_id: number; q_hidden: number; q_state: string; q_category_id: number; q_user_id: number };
type CommentRow = AnswerRow & { qid: number | null; answer_hidden: number | null };
type VoteRow = { qid: number; user_id: number; options: string | null };

/** The rows of one thread database a set of notices names. */
type HomeFacts = {
  questions: Map<number, QuestionRow>;
  answers: Map<number, AnswerRow>;
  comments: Map<number, CommentRow>;
  votes: Map<string, string | null>;
};

const ids = (values: (number | null)[]) => JSON.stringify([...new Set(values.filter((v): v is number => v !== null))]);
const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
const voteKey = (qid: number, userId: number) => `${qid}:${userId}`;

/** The question's columns of a joined row (q_…), as the rule reads a question. */
const questionOf = (r: { q_hidden: number; q_state: string; q_category_id: number; q_user_id: number }): NoticeQuestion => ({
  hidden: r.q_hidden,
  state: r.q_state,
  categoryId: r.q_category_id,
  userId: r.q_user_id,
});

/** One batch in thread database `d1`: the questions, answers and comments `refs` name, and the poll votes of the poll_vote notices. */
async function readHomeFacts(d1: D1Database, refs: NoticeRef[]): Promise<HomeFacts> {
  const joined = "q.hidden AS q_hidden, q.state AS q_state, q.category_id AS q_category_id, q.user_id AS q_user_id";
  const pairs = JSON.stringify(refs.filter((r) => r.kind === "poll_vote" && r.qid !== null && r.actorId !== null).map((r) => [r.qid, r.actorId]));
  const [questions, answers, comments, votes] = await d1.batch([
    d1
      .prepare("SELECT id, hidden, state, category_id, user_id, qtext FROM questions WHERE id IN (SELECT value FROM json_each(?1))")
      .bind(ids(refs.map((r) => r.qid))),
    d1
      .prepare(`SELECT a.id, a.hidden, a.user_id, ${joined} FROM answers a JOIN questions q ON q.id = a.qid WHERE a.id IN (SELECT value FROM json_each(?1))`)
      .bind(ids(refs.map((r) => r.aid))),
    d1
      .prepare(
        `SELECT c.id, c.hidden, c.user_id, c.qid, ca.hidden AS answer_hidden, ${joined} FROM comments c
         LEFT JOIN questions q ON q.id = c.qid LEFT JOIN answers ca ON c.ref_type = 'A' AND ca.id = c.ref_id
         WHERE c.id IN (SELECT value FROM json_each(?1))`,
      )
      .bind(ids(refs.map((r) => r.cmid))),
    d1
      .prepare(
        `SELECT v.qid, v.user_id, v.options FROM json_each(?1) j CROSS JOIN poll_votes v
         ON v.qid = json_extract(j.value, '$[0]') AND v.user_id = json_extract(j.value, '$[1]')`,
      )
      .bind(pairs),
  ]);
  return {
    questions: byId(questions.results as QuestionRow[]),
    answers: byId(answers.results as AnswerRow[]),
    comments: byId(comments.results as CommentRow[]),
    votes: new Map((votes.results as VoteRow[]).map((v) => [voteKey(v.qid, v.user_id), v.options])),
  };
}

/**
 * Of `rows`, those their readers (`readerOf`) may still see: a row whose thread DB holds as it is
 * (DB's SQL decided), one whose thread lives in a thread database by the thread's part of the rule
 * on the facts read there, with its `ThreadShown` filled in from there. A row naming a database this
 * Worker does not bind is dropped. Returns the kept rows in their order and the ids dropped.
 */
export async function keepShown<T extends NoticeRef>(
  env: Env,
  rows: T[],
  readerOf: (row: T) => Pick<Reader, "id" | "adult">,
  now: number,
): Promise<{ kept: (T & Partial<ThreadShown>)[]; dropped: Set<number> }> {
  const homes = new Map<string, T[]>();
  for (const r of rows) if (r.home) homes.set(r.home, [...(homes.get(r.home) ?? []), r]);
  if (homes.size === 0) return { kept: rows, dropped: new Set() };
  const [tree, ...facts] = await Promise.all([
    getCategoryTree(env, now),
    ...[...homes].map(async ([name, refs]) => {
      const on = envOn(env, name);
      if (!on) console.error(`notifications: the range map names ${name}, which is not a D1 binding of this Worker`);
      return [name, on ? await readHomeFacts(on.DB, refs) : null] as const;
    }),
  ]);
  const factsOf = new Map(facts);
  const adult = (categoryId: number) => isAdultCategory(tree, categoryId);
  const dropped = new Set<number>();
  const kept: (T & Partial<ThreadShown>)[] = [];
  for (const r of rows) {
    if (!r.home) {
      kept.push(r);
      continue;
    }
    const f = factsOf.get(r.home);
    const shown =
      f &&
      noticeThreadShown(
        readerOf(r),
        r,
        {
          question: (id) => {
            const q = f.questions.get(id);
            return q && { hidden: q.hidden, state: q.state, categoryId: q.category_id, userId: q.user_id };
          },
          answer: (id): NoticeAnswer | undefined => {
            const a = f.answers.get(id);
            return a && { hidden: a.hidden, userId: a.user_id, question: questionOf(a) };
          },
          comment: (id): NoticeComment | undefined => {
            const c = f.comments.get(id);
            return c && { hidden: c.hidden, userId: c.user_id, question: c.qid === null ? null : questionOf(c), answerHidden: c.answer_hidden };
          },
        },
        adult,
      );
    if (!f || !shown) {
      dropped.add(r.nid);
      continue;
    }
    const q = r.qid === null ? undefined : f.questions.get(r.qid);
    kept.push({
      ...r,
      txtq: q?.qtext ?? null,
      urlname: q ? (tree.byId.get(q.category_id)?.urlname ?? null) : null,
      voted: r.kind === "poll_vote" && r.qid !== null && r.actorId !== null ? (f.votes.get(voteKey(r.qid, r.actorId)) ?? null) : null,
    });
  }
  return { kept, dropped };
}
