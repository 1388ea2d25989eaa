/**
 * Deterministic Russian demo data. Platform-neutral: it writes through the D1 API only, so the
 * same code seeds `wrangler dev`'s local store (db/seed/cli.ts) and the integration tests inside
 * workerd. Every id is chosen here, so rows can point at each other without reading back, and
 * every denormalised counter is tallied from the rows it counts:
 * - questions.anscnt = answers with hidden = 0; questions.comcnt = visible comments with ref_type 'Q';
 *   answers.comcnt = its visible comments (all depths); comments.comcnt = direct replies (deleted
 *   ones included: they keep their place); totalmarks = marks rows; answers.rating = best_votes
 *   rows; votes_against = best_votes with answer_id NULL; total_voted = poll_votes rows;
 *   poll_options.votes = ballots naming the option.
 * - categories.qcount = visible questions; a top category counts its own and its subcategories'.
 * - users: questions_count = questions not deleted (as the app counts: a delete lowers it, a restore raises it),
 *   answers_count = answers with hidden = 0, best_count, kpd = round(100 · best / answers),
 *   watchcnt = watches rows, direct_count = private questions asked; created_at precedes all of a
 *   user's activity.
 * - points = sum(points_ledger.delta): a 'start' row (+100) and an 'import' row with the rest, both
 *   older than a week, plus an 'answer' row (+2, +4 for a VIP, as app/models/users/points.server.ts pays)
 *   for every visible answer of the last 7 days, pointing at it, so weekly leaders have real data.
 *   Other actions of the week (asks, votes, likes) are part of 'import': the tests count the
 *   ledger rows their own calls add.
 *
 * Randomness: one stream (`rnd`) draws the structure — who asks and answers what, when, the states,
 * votes, polls, comments — exactly as it always has, so the data the tests rely on (the showcase
 * and the generated questions alike) does not move; where a legacy text is replaced, its draws are
 * still made. A second stream (`trng`) adds what the first never drew: the texts of the generated
 * questions from data/topics.ts, their polls, the new subcategories, a few deleted answers and
 * comments.
 */
import { addAccountRows, addAccountsEarly, drawAccounts, MODER } from "./accounts";
import { seedBrand } from "./brand";
import { askInEmptySections, bulkQuestions, columnOf, specialSections } from "./bulk";
import { seedCategories } from "./categories";
import { checkSeedData } from "./check";
import { GIFTS } from "./data/gifts";
import { HOUR } from "./demo";
import { draws, mulberry32 } from "./rng";
import { questionMaker, type SeedContext } from "./questions";
import { seedShowcase } from "./showcase";
import { seedTables } from "./tables";
import { write } from "./writer";
import { indexStale } from "../../app/models/search/index.server";
import { fillNickKeys } from "../../app/models/users/nicks.server";

/** Rows stemmed into the search indexes per round while seeding. */
const SEED_INDEX_BATCH = 2_000;

export { DEMO_PASSWORD, DEMO_USERS, SHOWCASE } from "./demo";
export { mulberry32 } from "./rng";

export type SeedOptions = {
  /** how many questions in all, the showcase included (default 400) */
  questions?: number;
  /** the seed of the random streams (default 1) */
  seed?: number;
  /** "now" in ms (default Date.now()); every time is relative to it */
  now?: number;
  /** told the number of questions generated so far, now and then */
  onProgress?: (done: number, total: number) => void;
  /**
   * A bigger seed is written as it is generated, every `chunk` generated questions (default
   * 20,000), so that it holds one chunk of rows at a time: the categories and users first (their counters
   * completed at the end), then each chunk's questions with their answers, comments, votes and
   * marks. A seed of at most `chunk` questions is written at the end in one go, as always.
   */
  chunk?: number;
};
/** Rows inserted per table and the elapsed milliseconds. */
export type SeedSummary = { counts: Record<string, number>; ms: number };

export async function isDatabaseEmpty(db: D1Database): Promise<boolean> {
  const row = await db.prepare("SELECT count(*) AS n FROM users").first<{ n: number }>();
  return !row || row.n === 0;
}

export async function seedDatabase(db: D1Database, opts: SeedOptions = {}): Promise<SeedSummary> {
  checkSeedData();
  const started = Date.now();
  const nQuestions = Math.max(7, opts.questions ?? 400);
  const now = opts.now ?? Date.now();
  const d = draws(mulberry32(opts.seed ?? 1));
  const T = seedTables();
  const cats = seedCategories(T);
  const { catCount, allCategoryIds } = cats;
  const accounts = await drawAccounts(d, now, nQuestions);
  seedBrand(T, accounts, now);
  const ctx: SeedContext = { T, d, accounts, catCount, modLog: [], now };
  const { modLog } = ctx;
  const questions = questionMaker(ctx);
  seedShowcase(questions, ctx, cats.ordinaryLeaves);

  // ---- the generated questions, written a chunk at a time when there are many
  const markSpecial = specialSections(T, now);
  const nextQuestion = bulkQuestions(questions, ctx, cats, opts.seed ?? 1);
  const col = columnOf(T);
  const chunk = Math.max(1000, opts.chunk ?? 20_000);
  /** rows inserted so far, per table */
  const written: Record<string, number> = {};
  /** the categories' rows, kept to be completed (qcount) when a big seed wrote them early */
  const categoryRows = T.categories.rows;
  let streamed = false;
  /** the top and leaf categories of the questions already written */
  const writtenCats = new Set<number>();
  const flushChunk = async () => {
    if (!streamed) {
      streamed = true;
      T.categories.rows = categoryRows.map((r) => [...r]);
      // every account with its name and password now; its counters, points and dates at the end
      addAccountsEarly(T, accounts);
      await write(db, [T.categories, T.users, T.brands, T.brandMembers], written);
      T.categories.upsert = true;
      T.users.upsert = true;
    }
    markSpecial(T.questions.rows);
    for (const r of T.questions.rows) {
      writtenCats.add(r[col("category_id")] as number);
      writtenCats.add(r[col("top_category_id")] as number);
    }
    questions.questionRows.clear();
    await write(db, [T.questions, T.supplements, T.pollOptions, T.pollVotes, T.answers, T.comments, T.bestVotes, T.marks, T.reactions, T.watches], written);
    // the chunk's questions and answers into the search indexes, as stems (the triggers only noted them)
    await indexStale(db, Number.POSITIVE_INFINITY, SEED_INDEX_BATCH);
    opts.onProgress?.(questions.lastQid(), nQuestions);
  };
  const firstGenerated = questions.lastQid();
  for (let i = firstGenerated; i < nQuestions; i++) {
    if (nQuestions > chunk && i > firstGenerated && i % chunk === 0) await flushChunk();
    if (i % 1000 === 0) opts.onProgress?.(i, nQuestions);
    nextQuestion();
  }
  // the gold fund and the leaders among the questions not written yet
  markSpecial(T.questions.rows);
  askInEmptySections(questions, ctx, writtenCats);

  // ---- counters that depend on everything above
  for (const row of T.categories.rows) row[10] = catCount.get(row[0] as number) ?? 0;
  if (streamed) T.categories.rows = categoryRows.map((r) => [...r.slice(0, 10), catCount.get(r[0] as number) ?? 0]);
  addAccountRows(T, accounts, d, now, allCategoryIds);
  T.bans.add(8, MODER, 72, "Оскорбление участников", now - HOUR, now + 72 * HOUR);
  modLog.push(["tmpban", "U", 8, 8, null, null, null, "72 ч: оскорбление участников", now - HOUR]);
  modLog.sort((a, b) => (a[8] as number) - (b[8] as number));
  for (const m of modLog) T.modLog.add(MODER, ...m);
  // the gift catalogue: fixed, no draws
  for (const g of GIFTS) T.gifts.add(g.id, g.title, g.cost, g.cid, 1);

  const order = [
    T.categories,
    T.users,
    T.brands,
    T.brandMembers,
    T.questions,
    T.supplements,
    T.pollOptions,
    T.pollVotes,
    T.answers,
    T.comments,
    T.bestVotes,
    T.marks,
    T.reactions,
    T.watches,
    T.privateQuestions,
    T.privateAnswers,
    T.ledger,
    T.bans,
    T.modLog,
    T.gifts,
  ];
  await write(db, order, written);
  await indexStale(db, Number.POSITIVE_INFINITY, SEED_INDEX_BATCH);
  // the keys of the nicks and the brand's names, by which a new nick that looks like a staff member's is found
  await fillNickKeys(db, Number.POSITIVE_INFINITY);
  const counts = Object.fromEntries(order.map((t) => [t.name, written[t.name] ?? 0]));
  opts.onProgress?.(nQuestions, nQuestions);
  return { counts, ms: Date.now() - started };
}
