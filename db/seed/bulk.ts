/**
 * The generated questions after the showcase: the structure (who asks and answers what, when,
 * the states) drawn from the first stream exactly as it always was, the texts from a second
 * stream and data/topics.ts per subcategory, so that many thousands of questions do not repeat
 * each other. Also the special sections the cron would fill: the gold fund and the leaders, and
 * the no-smoking and newcomers sections when the draws gave them nothing.
 */
import { GOLD_MARKS } from "../../app/lib/questions";
import type { seedCategories } from "./categories";
import { EXPLANATIONS, POLL_TITLES, QUESTION_TAILS, TOP_CATEGORIES } from "./data";
import { EXTRA_SUBCATEGORIES } from "./data/extra-categories";
import { POLLS } from "./data/polls";
import { DAY, HOUR, MIN, SHOWCASE } from "./demo";
import type { QuestionMaker, SeedContext } from "./questions";
import { Rng } from "./rng";
import type { SeedTables } from "./tables";
import { TextGen, toHtml } from "./text";
import type { Value } from "./writer";

/** How many questions in voting the seed makes leaders (the /smstop section). */
const SEED_LEADERS = 3;

type Categories = ReturnType<typeof seedCategories>;

/** A questions row's column by name. */
export const columnOf = (T: SeedTables) => (name: string) => T.questions.cols.indexOf(name);

/**
 * Marks questions rows, in the order they are written, for the special sections, with no draws:
 * the gold fund by the cron's rule (resolved, a best answer, liked by at least GOLD_MARKS readers),
 * and the first generated questions in voting made leaders just now for three days (their answers
 * came before the lead, so they earned single points, and a question in voting takes no more
 * answers, so no test's answer earns double).
 */
export function specialSections(T: SeedTables, now: number) {
  const col = columnOf(T);
  const [cState, cHidden, cBest, cMarks, cGold, cLead, cWasLead, cId, cPoll] = [
    "state",
    "hidden",
    "best_answer_id",
    "totalmarks",
    "goldrec",
    "lead_until",
    "waslead",
    "id",
    "poll_type",
  ].map(col);
  let leaders = 0;
  return (rows: Value[][]) => {
    for (const row of rows) {
      if (row[cState] === "R" && row[cHidden] === 0 && row[cBest] !== null && (row[cMarks] as number) >= GOLD_MARKS) row[cGold] = 1;
      if (leaders < SEED_LEADERS && row[cState] === "V" && row[cHidden] === 0 && row[cPoll] === null && (row[cId] as number) > SHOWCASE.unansweredQuestionId) {
        row[cLead] = now + 3 * DAY;
        row[cWasLead] = 1;
        leaders++;
      }
    }
  };
}

/** Makes the next generated question (its id follows the last one made). */
export function bulkQuestions({ question }: QuestionMaker, { d, accounts, now }: SeedContext, cats: Categories, seed: number) {
  const { rnd, int, pick, chance } = d;
  const { randomUser } = accounts;
  const { ordinaryLeaves, bulkLeaves, specialLeaves, pollLeaf, textCat } = cats;
  const trng = new Rng((seed * 7919 + 17) >>> 0);
  const tg = new TextGen(trng);
  const extrasOf = (top: number) => bulkLeaves.filter((l) => l.top === top && EXTRA_SUBCATEGORIES.some((x) => x.id === l.id));
  return () => {
    let leaf = chance(0.03) ? pick(specialLeaves) : pick(ordinaryLeaves);
    const r = rnd();
    const ageDays = r < 0.12 ? rnd() * 4 : r < 0.2 ? 4 + rnd() * 3 : 7 + rnd() * 358;
    const added = now - Math.floor(ageDays * DAY) - int(1, 59) * MIN;
    const owner = randomUser(new Set());
    if (chance(0.05)) {
      const legacy = pick(POLL_TITLES);
      const type = chance(0.5) ? ("S" as const) : ("C" as const);
      const commentsOnQuestion = chance(0.5) ? int(1, 4) : 0;
      // a poll from data/polls.ts: any for single choice; for multiple choice one with as many
      // options as the legacy one, whose per-option draws the stream has to make
      const fits = POLLS.filter((p) => type === "S" || p.options.length === legacy.options.length);
      const p = fits.length ? trng.pick(fits) : { q: legacy.q, options: legacy.options, cat: leaf.urlname };
      leaf = pollLeaf(p.cat, trng);
      const cat = textCat(leaf);
      const qcomment = trng.chance(0.3) ? toHtml(trng.pick(["Голосуйте!", "Интересно, что выберет большинство.", "Пишите в комментариях, почему так."])) : "";
      question({
        owner,
        leaf,
        qtext: p.q,
        qcomment,
        added,
        answers: 0,
        state: ageDays < 4 ? "A" : "R",
        poll: { type, options: p.options },
        commentsOnQuestion,
        bulk: { cat, tg, trng },
      });
      return;
    }
    const answers = chance(0.08) ? 0 : int(1, 22);
    let state: "A" | "V" | "R" | "D";
    let bestIndex: number | null = null;
    let deletedBy: string | null = null;
    let stateBefore: string | null = null;
    if (chance(0.03)) {
      state = "D";
      deletedBy = pick(["author", "moder"]);
      stateBefore = ageDays < 4 ? "A" : "R";
    } else if (ageDays < 4) {
      state = answers > 0 && chance(0.2) ? "R" : "A";
    } else if (answers === 0) {
      state = "D";
      deletedBy = "auto";
      stateBefore = "A";
    } else if (ageDays < 7 && answers >= 2) {
      state = "V";
    } else {
      state = "R";
    }
    if (state === "R" && answers > 0) bestIndex = int(0, answers - 1);
    // the draws of the legacy title and explanation, kept so that the stream does not move
    pick(leaf.titles);
    pick(QUESTION_TAILS);
    pick(EXPLANATIONS);
    const commentsOnQuestion = chance(0.1) ? int(1, 3) : 0;
    const withSupplement = chance(0.05);
    // some questions of a top category go to its new subcategories, in proportion to their number
    const extras = extrasOf(leaf.top);
    if (extras.length && trng.chance(extras.length / (extras.length + ordinaryLeaves.filter((l) => l.top === leaf.top).length))) leaf = trng.pick(extras);
    const cat = textCat(leaf);
    question({
      owner,
      leaf,
      qtext: tg.title(cat),
      qcomment: tg.explanation(cat),
      added,
      answers,
      state,
      bestIndex,
      deletedBy,
      stateBeforeDelete: stateBefore,
      votes: state === "V",
      commentsOnQuestion,
      supplements: withSupplement ? [tg.supplement()] : [],
      bulk: { cat, tg, trng },
    });
  };
}

/**
 * The no-smoking and newcomers sections take questions of their own, which a small seed may not
 * have drawn: then their own titles are asked there, open and unanswered, by the last generated
 * accounts (the demo and level accounts, which the tests count points of, stay as they were).
 * `written` holds the categories of the questions already written.
 */
export function askInEmptySections({ nextQid }: QuestionMaker, { T, accounts, catCount, now }: SeedContext, written: Set<number>) {
  const { users, byId, touch } = accounts;
  const col = columnOf(T);
  let asker = users.length;
  for (const section of TOP_CATEGORIES.filter((c) => c.special === "nosmoking" || c.special === "newcomers")) {
    if (written.has(section.id) || T.questions.rows.some((r) => r[col("category_id")] === section.id)) continue;
    section.titles.forEach((qtext, i) => {
      const owner = byId(asker--);
      const added = now - 2 * DAY - i * HOUR;
      const id = nextQid();
      owner.questions++;
      owner.watch++;
      touch(owner, added);
      T.watches.add(id, owner.id, added);
      const values: Record<string, Value> = { id, user_id: owner.id, category_id: section.id, top_category_id: section.id, qtext, qcomment: "", state: "A" };
      const defaults: Record<string, Value> = { poll_type: null, deleted_by: null, state_before_delete: null, best_answer_id: null, lead_until: null };
      const row = T.questions.cols.map((c) => values[c] ?? (c in defaults ? defaults[c] : c === "cancomment" ? 1 : 0));
      for (const c of ["added", "state_changed_at", "updated_at"]) row[col(c)] = added;
      T.questions.rows.push(row);
      catCount.set(section.id, (catCount.get(section.id) ?? 0) + 1);
    });
  }
}
