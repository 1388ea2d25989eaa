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
 * - users: questions_count = every question asked (as the app counts: deleting does not lower it),
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
import { GOLD_MARKS } from "../../app/models/questions/gold.server";
import { addAccountRows, addAccountsEarly, drawAccounts, MODER, type U } from "./accounts";
import { seedCategories } from "./categories";
import { checkSeedData } from "./check";
import { ANSWER_SENTENCES, COMMENTS, EXPLANATIONS, POLL_TITLES, QUESTION_TAILS, SOURCES, TOP_CATEGORIES } from "./data";
import { EXTRA_SUBCATEGORIES } from "./data/extra-categories";
import { GIFTS } from "./data/gifts";
import { POLLS } from "./data/polls";
import { DAY, DEMO_USERS, HOUR, MIN, SHOWCASE } from "./demo";
import { draws, mulberry32, Rng } from "./rng";
import { seedTables } from "./tables";
import { TextGen, type TextCat, toHtml } from "./text";
import { type Value, write } from "./writer";
import { indexStale } from "../../app/models/search/index.server";

/** Rows stemmed into the search indexes per round while seeding. */
const SEED_INDEX_BATCH = 2_000;

export { DEMO_PASSWORD, DEMO_USERS, SHOWCASE } from "./demo";
export { mulberry32 } from "./rng";

/** How many questions in voting the seed makes leaders (the /smstop section). */
const SEED_LEADERS = 3;

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
  const { rnd, int, pick, chance } = d;

  const T = seedTables();

  // ---- categories
  const { catCount, allCategoryIds, ordinaryLeaves, bulkLeaves, specialLeaves, pollLeaf, textCat } = seedCategories(T);

  // ---- users
  const accounts = await drawAccounts(d, now, nQuestions);
  const { users, userMeta, byId, randomUser, eligibleVoter, touch, earnForAnswer } = accounts;
  /** moderation log rows (the moderator is moder@demo.local) */
  const modLog: Value[][] = [];

  // ---- brand
  T.brands.add(
    1,
    SHOWCASE.brandUrlname,
    "ТехноМир",
    "Ольга из ТехноМира",
    "Отвечаем на вопросы о технике и гаджетах",
    "https://tehnomir.example",
    1,
    0,
    2,
    1,
    50,
    now - 300 * DAY,
  );
  T.brandMembers.add(1, 6, "expert");
  T.brandMembers.add(1, 7, "admin");
  T.privateQuestions.add(1, 1, 1, "Можно ли заменить аккумулятор в ноутбуке по гарантии?", "Купила в вашем магазине полгода назад.", 0, now - 3 * DAY);
  T.privateAnswers.add(
    1,
    6,
    "Да, если аккумулятор держит меньше половины заявленной ёмкости. Принесите ноутбук в любой наш сервисный центр.",
    "",
    0,
    now - 2 * DAY,
  );
  T.privateQuestions.add(2, 1, 2, "Когда в продаже появятся новые модели наушников?", "", 1, now - 5 * HOUR);
  byId(1).direct++;
  byId(2).direct++;
  touch(byId(1), now - 3 * DAY);
  touch(byId(6), now - 2 * DAY);
  touch(byId(2), now - 5 * HOUR);

  // ---- questions, answers, comments
  let qid = 0;
  let aid = 0;
  // comments 1–41 are the showcase threads of question 1; the others start above them
  let cmid = 1000;
  let showcaseCmid = 0;
  let optId = 0;
  type Q = { id: number; owner: U; leaf: number; top: number; added: number };

  /** What a generated (bulk) question gets instead of the legacy word lists of data.ts. */
  type BulkText = {
    cat: TextCat;
    tg: TextGen;
    trng: Rng;
  };

  /**
   * Adds n comments to a target; `shape[i]` is the index of comment i's parent (-1 top level) when
   * given, else replies are random up to maxDepth. Indices in `hidden` are deleted comments. A reply
   * is never older than the comment it answers. With `bulk`, texts (and a few deletions) come from
   * the text stream instead of the legacy word list.
   */
  function addComments(
    q: Q,
    refType: "Q" | "A",
    refId: number,
    n: number,
    maxDepth: number,
    from: number,
    shape?: number[],
    hidden = new Set<number>(),
    showcase = false,
    bulk?: BulkText,
  ): { ids: number[]; visible: number; last: number } {
    const ids: number[] = [];
    const depthOf = new Map<number, number>();
    const addedOf = new Map<number, number>();
    const authorOf = new Map<number, U>();
    const replies = new Map<number, number>();
    const rows: Value[][] = [];
    let visible = 0;
    let last = from;
    for (let i = 0; i < n; i++) {
      const id = showcase ? ++showcaseCmid : ++cmid;
      let parent: number | null = null;
      if (shape) {
        parent = shape[i] >= 0 ? ids[shape[i]] : null;
      } else if (ids.length > 0 && chance(0.55)) {
        const candidates = ids.filter((c) => (depthOf.get(c) ?? 0) < maxDepth);
        if (candidates.length > 0) parent = pick(candidates);
      }
      const depth = parent === null ? 0 : (depthOf.get(parent) ?? 0) + 1;
      depthOf.set(id, depth);
      if (parent !== null) replies.set(parent, (replies.get(parent) ?? 0) + 1);
      const author = randomUser(new Set());
      const legacyText = pick(COMMENTS);
      const text = bulk ? bulk.tg.comment(bulk.cat, parent !== null ? userMeta.get(authorOf.get(parent)!.id)!.nick : undefined) : legacyText;
      let added = Math.min(now, from + (i + 1) * int(2, 90) * MIN);
      if (parent !== null) added = Math.min(now, Math.max(added, addedOf.get(parent)! + MIN));
      const isHidden = hidden.has(i) || bulk?.trng.chance(0.02) ? 1 : 0;
      if (!isHidden) visible++;
      addedOf.set(id, added);
      authorOf.set(id, author);
      touch(author, added);
      last = Math.max(last, added);
      rows.push([id, q.id, null, refType, refId, parent, depth, author.id, text, added, isHidden, 0]);
      if (isHidden && bulk) modLog.push(["cmtdrop", "C", id, author.id, q.id, null, null, null, Math.min(now, added + HOUR)]);
      ids.push(id);
    }
    for (const r of rows) {
      r[11] = replies.get(r[0] as number) ?? 0;
      T.comments.rows.push(r);
    }
    return { ids, visible, last };
  }

  function answerText() {
    const n = int(1, 3);
    const parts: string[] = [];
    for (let i = 0; i < n; i++) parts.push(pick(ANSWER_SENTENCES));
    return parts.join(" ");
  }

  /** The questions row of each question, to move its updated_at when showcase threads are added later. */
  const questionRows = new Map<number, Value[]>();

  function question(opts: {
    owner: U;
    leaf: { id: number; top: number };
    qtext: string;
    qcomment?: string;
    added: number;
    answers: number;
    state: "A" | "V" | "R" | "D";
    bestIndex?: number | null;
    deletedBy?: string | null;
    stateBeforeDelete?: string | null;
    poll?: { type: "S" | "C"; options: string[] };
    commentsOnQuestion?: number;
    commentsPerAnswer?: (index: number) => number;
    supplements?: string[];
    votes?: boolean;
    /** a generated question: texts from the text stream, a few answers deleted */
    bulk?: BulkText;
  }) {
    const q: Q = { id: ++qid, owner: opts.owner, leaf: opts.leaf.id, top: opts.leaf.top, added: opts.added };
    const isDeleted = opts.state === "D";
    const bulk = opts.bulk;
    opts.owner.questions++;
    touch(opts.owner, opts.added);
    let updated = opts.added;
    const takers = new Set<number>([opts.owner.id]);
    const answerIds: number[] = [];
    const answerRows: Value[][] = [];
    for (let i = 0; i < opts.answers; i++) {
      const u = randomUser(takers);
      takers.add(u.id);
      const id = ++aid;
      answerIds.push(id);
      const added = Math.min(now - MIN, opts.added + (i + 1) * int(3, 120) * MIN);
      const legacyText = answerText();
      const legacySource = pick(SOURCES);
      const text = bulk ? bulk.tg.answer(bulk.cat) : legacyText;
      const source = bulk ? bulk.tg.source() : legacySource;
      touch(u, added);
      updated = Math.max(updated, added);
      answerRows.push([id, q.id, u.id, text, source, added, 0, 0, 0, 0, 0, 0, u.vip, null, null]);
    }
    let best: number | null = null;
    if (opts.bestIndex != null && answerRows[opts.bestIndex]) {
      const r = answerRows[opts.bestIndex];
      r[6] = 1;
      best = r[0] as number;
      byId(r[2] as number).best++;
    }
    // a few generated answers deleted (never the best, never below the two a vote needs)
    if (bulk) {
      let left = answerRows.length;
      const keep = opts.state === "V" ? 2 : opts.state === "R" ? 1 : 0;
      for (const r of answerRows) {
        if (left > keep && r[6] === 0 && bulk.trng.chance(0.03)) {
          const by = bulk.trng.chance(0.6) ? "moder" : "author";
          r[7] = 1;
          r[13] = by;
          left--;
          if (by === "moder")
            modLog.push(["ansdrop", "A", r[0], r[2], q.id, null, null, "Ответ не по существу вопроса", Math.min(now, (r[5] as number) + 2 * HOUR)]);
        }
      }
    }
    for (const r of answerRows) {
      const author = byId(r[2] as number);
      if (r[7] === 0) {
        author.answers++;
        earnForAnswer(author, r[0] as number, r[5] as number);
      }
    }
    // the asker's thanks on some answers of resolved questions
    for (const r of answerRows) {
      if (opts.state === "R" && chance(0.1)) {
        if (r[7] === 0) {
          r[10] = 1;
          const at = Math.min(now, (r[5] as number) + HOUR);
          T.reactions.add(r[0] as number, opts.owner.id, "thanks", at);
        }
      }
      if (chance(0.3)) {
        const markers = new Set<number>([r[2] as number]);
        const n = int(1, 3);
        for (let k = 0; k < n; k++) {
          const m = randomUser(markers);
          markers.add(m.id);
          const at = Math.min(now, (r[5] as number) + k * HOUR);
          T.marks.add("A", r[0] as number, m.id, at);
          touch(m, at);
        }
        r[11] = n;
      }
    }
    // votes for the best answer while on voting (only by users of level Знаток and up)
    let against = 0;
    if (opts.votes && answerRows.length > 0) {
      // `drawn` keeps the draws as they always were; `voted` holds who really voted
      const drawnSet = new Set<number>([opts.owner.id, ...answerRows.map((r) => r[2] as number)]);
      const voted = new Set<number>();
      const visibleRows = answerRows.filter((r) => r[7] === 0);
      const n = int(3, 9);
      for (let k = 0; k < n; k++) {
        const drawn = randomUser(drawnSet);
        drawnSet.add(drawn.id);
        const v = eligibleVoter(drawn, drawnSet, voted);
        const toAgainst = chance(0.15);
        const r = toAgainst ? null : pick(answerRows);
        if (!v) continue;
        voted.add(v.id);
        const at = Math.min(now, opts.added + 4 * DAY + k * HOUR);
        touch(v, at);
        updated = Math.max(updated, at);
        // a vote drawn for a deleted answer goes to the first visible one
        const target = r && r[7] === 0 ? r : r ? visibleRows[0] : null;
        if (!target) {
          against++;
          T.bestVotes.add(q.id, null, v.id, at);
        } else {
          target[8] = (target[8] as number) + 1;
          T.bestVotes.add(q.id, target[0] as number, v.id, at);
        }
      }
    }
    // comments
    answerRows.forEach((r, i) => {
      const n = opts.commentsPerAnswer ? opts.commentsPerAnswer(i) : chance(0.25) ? int(1, 4) : 0;
      if (n > 0) {
        const c = addComments(q, "A", r[0] as number, n, 3, r[5] as number, undefined, new Set(), false, bulk);
        r[9] = c.visible;
        updated = Math.max(updated, c.last);
      }
    });
    let qComments = 0;
    if (opts.commentsOnQuestion) {
      const c = addComments(q, "Q", q.id, opts.commentsOnQuestion, 2, opts.added, undefined, new Set(), false, bulk);
      qComments = c.visible;
      updated = Math.max(updated, c.last);
    }
    T.answers.rows.push(...answerRows);
    // poll
    let totalVoted = 0;
    if (opts.poll) {
      const optionIds = opts.poll.options.map((text, i) => ({ id: ++optId, text, pos: i, votes: 0 }));
      const voters = new Set<number>([opts.owner.id]);
      const n = int(4, 25);
      for (let k = 0; k < n; k++) {
        const v = randomUser(voters);
        voters.add(v.id);
        const chosen = opts.poll.type === "S" ? [pick(optionIds)] : optionIds.filter(() => chance(0.4));
        if (chosen.length === 0) chosen.push(pick(optionIds));
        for (const o of chosen) o.votes++;
        const at = Math.min(now, opts.added + (k + 1) * 7 * MIN);
        T.pollVotes.add(q.id, v.id, JSON.stringify(chosen.map((o) => o.id)), at);
        touch(v, at);
        updated = Math.max(updated, at);
        totalVoted++;
      }
      for (const o of optionIds) T.pollOptions.add(o.id, q.id, o.pos, o.text, o.votes);
    }
    // marks on the question
    let qmarks = 0;
    if (chance(0.25)) {
      const markers = new Set<number>([opts.owner.id]);
      qmarks = int(1, 4);
      for (let k = 0; k < qmarks; k++) {
        const m = randomUser(markers);
        markers.add(m.id);
        const at = Math.min(now, opts.added + k * HOUR);
        T.marks.add("Q", q.id, m.id, at);
        touch(m, at);
      }
    }
    (opts.supplements ?? []).forEach((text, i) => {
      const at = Math.min(now, opts.added + (i + 1) * 20 * MIN);
      T.supplements.add(q.id, text, at);
      updated = Math.max(updated, at);
    });
    T.watches.add(q.id, opts.owner.id, opts.added);
    opts.owner.watch++;
    const changed = opts.state === "A" ? opts.added : Math.min(now, opts.added + 4 * DAY);
    // the best answer was chosen when the question left its open state
    for (const r of answerRows) if (r[6] === 1) r[14] = changed;
    const visibleAnswers = answerRows.filter((r) => r[7] === 0).length;
    if (isDeleted && opts.deletedBy === "moder") modLog.push(["qstdrop", "Q", q.id, opts.owner.id, q.id, null, null, "Нарушение правил проекта", changed]);
    const row: Value[] = [
      q.id,
      opts.owner.id,
      q.leaf,
      q.top,
      opts.qtext,
      opts.qcomment ?? "",
      opts.state,
      isDeleted ? 1 : 0,
      opts.deletedBy ?? null,
      opts.stateBeforeDelete ?? null,
      visibleAnswers,
      qComments,
      opts.poll?.type ?? null,
      totalVoted,
      qmarks,
      best,
      against,
      opts.owner.vip,
      0,
      1,
      opts.added,
      changed,
      Math.min(now, Math.max(updated, changed)),
      null,
      0,
    ];
    T.questions.rows.push(row);
    questionRows.set(q.id, row);
    if (!isDeleted) {
      catCount.set(q.leaf, (catCount.get(q.leaf) ?? 0) + 1);
      if (q.top !== q.leaf) catCount.set(q.top, (catCount.get(q.top) ?? 0) + 1);
    }
    return { q, answerIds, answerRows };
  }

  const compProg = { id: ordinaryLeaves.find((l) => l.top === 1)!.id, top: 1 };
  const levelUser = (i: number) => byId(DEMO_USERS.length + 1 + i);

  // 1: the resolved showcase
  {
    const { answerRows } = question({
      owner: levelUser(4),
      leaf: compProg,
      qtext: "Какой язык программирования выбрать для первой работы в IT?",
      qcomment:
        "Мне 27 лет, работаю бухгалтером и хочу сменить профессию. Есть около года на учёбу по вечерам. Что выбрать: Python, JavaScript или Java? И с чего начать?",
      added: now - 20 * DAY,
      answers: 45,
      state: "R",
      bestIndex: 4,
      commentsOnQuestion: 3,
      commentsPerAnswer: (i) => (i <= 2 ? 0 : i < 12 ? int(0, 5) : chance(0.2) ? int(1, 3) : 0),
      supplements: ["Уточню: математику в школе знал неплохо, английский на среднем уровне.", "Спасибо всем за ответы, читаю и разбираюсь!"],
    });
    const nonBest = answerRows.filter((r) => r[6] === 0);
    // the lowest non-best answer: a short thread (comments 1–6); comment 3, at depth 2, is the
    // context comment
    const short = nonBest[0];
    const shortThread = addComments({ id: 1 } as Q, "A", short[0] as number, 6, 3, short[5] as number, [-1, 0, 1, -1, -1, 3], new Set(), true);
    short[9] = shortThread.visible;
    // the second-lowest: a long thread of 35 comments (23 top level, 5 replies under the first,
    // nesting to depth 4, one deleted comment with a reply under it)
    const big = nonBest[1];
    const bigShape = [...Array(23).fill(-1), 0, 0, 0, 0, 0, 23, 23, 28, 30, 24, 25, 1];
    const bigThread = addComments({ id: 1 } as Q, "A", big[0] as number, bigShape.length, 4, big[5] as number, bigShape, new Set([1]), true);
    big[9] = bigThread.visible;
    if (short[0] !== SHOWCASE.contextAnswerId || big[0] !== SHOWCASE.bigThreadAnswerId || shortThread.ids[2] !== SHOWCASE.contextCommentId) {
      throw new Error("seed: the showcase ids moved; update SHOWCASE");
    }
    const row = questionRows.get(SHOWCASE.resolvedQuestionId)!;
    row[22] = Math.min(now, Math.max(row[22] as number, shortThread.last, bigThread.last));
    modLog.push([
      "cmtdrop",
      "C",
      bigThread.ids[1],
      T.comments.rows.find((c) => c[0] === bigThread.ids[1])![7],
      1,
      null,
      null,
      "Флуд",
      Math.min(now, bigThread.last),
    ]);
  }
  // 2: on voting
  question({
    owner: levelUser(2),
    leaf: ordinaryLeaves[3],
    qtext: "Какой фильм посмотреть всей семьёй на выходных?",
    added: now - 5 * DAY,
    answers: 6,
    state: "V",
    votes: true,
  });
  // 3: open, fresh
  question({
    owner: levelUser(1),
    leaf: compProg,
    qtext: "Почему ноутбук сильно греется при просмотре видео?",
    qcomment: "Ноутбуку два года, раньше такого не было.",
    added: now - 30 * MIN,
    answers: 3,
    state: "A",
  });
  // 4: deleted by a moderator
  question({
    owner: levelUser(0),
    leaf: ordinaryLeaves[5],
    qtext: "Продам аккаунт недорого, пишите в личку",
    added: now - 9 * DAY,
    answers: 2,
    state: "D",
    deletedBy: "moder",
    stateBeforeDelete: "R",
  });
  // 5: a single-choice poll, open
  question({
    owner: byId(2),
    leaf: ordinaryLeaves[8],
    qtext: POLL_TITLES[0].q,
    added: now - 2 * HOUR,
    answers: 0,
    state: "A",
    poll: { type: "S", options: POLL_TITLES[0].options },
    commentsOnQuestion: 4,
  });
  // 6: a multiple-choice poll, resolved
  question({
    owner: byId(3),
    leaf: ordinaryLeaves[12],
    qtext: POLL_TITLES[4].q,
    added: now - 12 * DAY,
    answers: 0,
    state: "R",
    poll: { type: "C", options: POLL_TITLES[4].options },
    commentsOnQuestion: 2,
  });
  // 7: open and unanswered, by user@demo.local
  question({
    owner: byId(1),
    leaf: compProg,
    qtext: "Как перенести фотографии со старого телефона на компьютер?",
    added: now - 10 * MIN,
    answers: 0,
    state: "A",
  });

  // ---- the special sections, with no draws: the gold fund by the cron's rule (resolved, a best
  // answer, liked by at least GOLD_MARKS readers), and the first generated questions in voting made
  // leaders just now for three days (their answers came before the lead, so they earned single
  // points, and a question in voting takes no more answers, so no test's answer earns double).
  // Applied to the questions' rows in order, just before they are written.
  const col = (name: string) => T.questions.cols.indexOf(name);
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
  function specialSections(rows: Value[][]) {
    for (const row of rows) {
      if (row[cState] === "R" && row[cHidden] === 0 && row[cBest] !== null && (row[cMarks] as number) >= GOLD_MARKS) row[cGold] = 1;
      if (leaders < SEED_LEADERS && row[cState] === "V" && row[cHidden] === 0 && row[cPoll] === null && (row[cId] as number) > SHOWCASE.unansweredQuestionId) {
        row[cLead] = now + 3 * DAY;
        row[cWasLead] = 1;
        leaders++;
      }
    }
  }

  // ---- the bulk: the structure drawn from `rnd` as before; the texts from a second stream and
  // data/topics.ts, per subcategory, so that many thousands of questions do not repeat each other
  const trng = new Rng(((opts.seed ?? 1) * 7919 + 17) >>> 0);
  const tg = new TextGen(trng);
  const extrasOf = (top: number) => bulkLeaves.filter((l) => l.top === top && EXTRA_SUBCATEGORIES.some((x) => x.id === l.id));
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
    specialSections(T.questions.rows);
    for (const r of T.questions.rows) {
      writtenCats.add(r[col("category_id")] as number);
      writtenCats.add(r[col("top_category_id")] as number);
    }
    questionRows.clear();
    await write(db, [T.questions, T.supplements, T.pollOptions, T.pollVotes, T.answers, T.comments, T.bestVotes, T.marks, T.reactions, T.watches], written);
    // the chunk's questions and answers into the search indexes, as stems (the triggers only noted them)
    await indexStale(db, Number.POSITIVE_INFINITY, SEED_INDEX_BATCH);
    opts.onProgress?.(qid, nQuestions);
  };
  for (let i = qid; i < nQuestions; i++) {
    if (nQuestions > chunk && i > qid && i % chunk === 0) await flushChunk();
    let leaf = chance(0.03) ? pick(specialLeaves) : pick(ordinaryLeaves);
    const r = rnd();
    const ageDays = r < 0.12 ? rnd() * 4 : r < 0.2 ? 4 + rnd() * 3 : 7 + rnd() * 358;
    const added = now - Math.floor(ageDays * DAY) - int(1, 59) * MIN;
    const owner = randomUser(new Set());
    if (i % 1000 === 0) opts.onProgress?.(i, nQuestions);
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
      continue;
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
  }

  // the gold fund and the leaders among the questions not written yet
  specialSections(T.questions.rows);

  // the no-smoking and newcomers sections take questions of their own, which a small seed may not
  // have drawn: then their own titles are asked there, open and unanswered, by the last generated
  // accounts (the demo and level accounts, which the tests count points of, stay as they were)
  let asker = users.length;
  for (const section of TOP_CATEGORIES.filter((c) => c.special === "nosmoking" || c.special === "newcomers")) {
    if (writtenCats.has(section.id) || T.questions.rows.some((r) => r[col("category_id")] === section.id)) continue;
    section.titles.forEach((qtext, i) => {
      const owner = byId(asker--);
      const added = now - 2 * DAY - i * HOUR;
      const id = ++qid;
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
  const counts = Object.fromEntries(order.map((t) => [t.name, written[t.name] ?? 0]));
  opts.onProgress?.(nQuestions, nQuestions);
  return { counts, ms: Date.now() - started };
}
