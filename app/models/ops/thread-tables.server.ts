/**
 * The tables of a question's thread, in the order a copy writes them (a row's parent first), each
 * with how its rows belong to a range of question ids. Their schema in a thread database is
 * db/migrations-threads; every one has an integer `id` as its key.
 */
export type ThreadTable = {
  name: string;
  /** the SQL condition that row `r` (a table name, NEW or OLD) belongs to questions first..last */
  inRange: (r: string, first: number, last: number) => string;
};

const byQid = (name: string): ThreadTable => ({ name, inRange: (r, a, b) => `${r}.qid BETWEEN ${a} AND ${b}` });

export const THREAD_TABLES: readonly ThreadTable[] = [
  { name: "questions", inRange: (r, a, b) => `${r}.id BETWEEN ${a} AND ${b}` },
  byQid("answers"),
  byQid("supplements"),
  byQid("poll_options"),
  { name: "answer_reactions", inRange: (r, a, b) => `${r}.answer_id IN (SELECT id FROM answers WHERE qid BETWEEN ${a} AND ${b})` },
  byQid("comments"),
  byQid("marks"),
  byQid("best_votes"),
  byQid("poll_votes"),
  byQid("photos"),
  byQid("watches"),
  byQid("abuse_reports"),
  byQid("premod_items"),
];
