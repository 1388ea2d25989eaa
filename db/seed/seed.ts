/**
 * Deterministic Russian demo data. Platform-neutral: it writes through the D1 API only, so the
 * same code seeds `wrangler dev`'s local store (db/seed/cli.ts) and the integration tests inside
 * workerd. Every id is chosen here, so rows can point at each other without reading back, and
 * every denormalised counter is tallied from the rows it counts.
 */
import { LEVELS, levelForPoints, START_POINTS } from "../../app/lib/levels";
import {
  ANSWER_SENTENCES,
  COMMENTS,
  EXPLANATIONS,
  FIRST_NAMES,
  NICK_ADJ,
  NICK_WORDS,
  POLL_TITLES,
  QUESTION_TAILS,
  SOURCES,
  TOP_CATEGORIES,
} from "./data";
import { DEV_PEPPER, hashPassword } from "./password";

export { DEV_PEPPER };

export const DEMO_PASSWORD = "demo12345";

/** Fixed ids that tests and the README can rely on. */
export const SHOWCASE = Object.freeze({
  /** resolved, 45 answers (3 pages of 20 with the best one apart), nested comments, 2 supplements */
  resolvedQuestionId: 1,
  votingQuestionId: 2,
  openQuestionId: 3,
  /** deleted by a moderator */
  deletedQuestionId: 4,
  pollSingleQuestionId: 5,
  pollMultiQuestionId: 6,
  /** open, no answers, asked by user@demo.local */
  unansweredQuestionId: 7,
  missingQuestionId: 999_999_999,
  /** the non-best answer of question 1 with 35 comments (the '20,3,3' rule applies): comments 7–41 */
  bigThreadAnswerId: 2,
  /** an answer of question 1 with a short nested thread (comments 1–6), and a depth-2 comment in it */
  contextAnswerId: 1,
  contextCommentId: 3,
  brandId: 1,
  brandUrlname: "tehnomir",
});

export const DEMO_USERS = [
  { id: 1, email: "user@demo.local", nick: "Любознательная Маша", points: 180 },
  { id: 2, email: "znatok@demo.local", nick: "Знаток Пётр", points: 320 },
  { id: 3, email: "guru@demo.local", nick: "Гуру Ирина", points: 1600 },
  { id: 4, email: "vip@demo.local", nick: "VIP Андрей", points: 760 },
  { id: 5, email: "moder@demo.local", nick: "Модератор Олег", points: 5400 },
  { id: 6, email: "expert@demo.local", nick: "Эксперт ТехноМира", points: 640 },
  { id: 7, email: "brandadmin@demo.local", nick: "Админ ТехноМира", points: 410 },
  { id: 8, email: "banned@demo.local", nick: "Нарушитель", points: 130 },
] as const;

const MODER_PERMISSIONS = ["qstdrop", "qstrestore", "qstmove", "ansdrop", "ansrestore", "cmtdrop", "tmpban", "usrkiller"];

export type SeedOptions = { questions?: number; seed?: number; now?: number };
export type SeedSummary = { counts: Record<string, number>; ms: number };

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

type Value = string | number | null;

class Table {
  rows: Value[][] = [];
  constructor(
    readonly name: string,
    readonly cols: string[],
  ) {}
  add(...values: Value[]) {
    this.rows.push(values);
  }
}

/** A SQL literal of our own generated values (numbers, null, text with quotes doubled). */
function lit(v: Value): string {
  if (v === null) return "NULL";
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new Error("seed: non-finite number");
    return String(Math.trunc(v));
  }
  return `'${v.replace(/'/g, "''")}'`;
}

/** Writes tables in order as multi-row INSERTs under D1's statement size limit, 50 to a batch. */
async function write(db: D1Database, tables: Table[]) {
  const MAX_CHARS = 40_000; // D1 allows 100 KB per statement; Cyrillic takes two bytes a letter
  for (const t of tables) {
    const head = `INSERT INTO ${t.name} (${t.cols.join(", ")}) VALUES `;
    const statements: string[] = [];
    let parts: string[] = [];
    let size = 0;
    for (const r of t.rows) {
      const tuple = `(${r.map(lit).join(", ")})`;
      if (size + tuple.length > MAX_CHARS && parts.length > 0) {
        statements.push(head + parts.join(", "));
        parts = [];
        size = 0;
      }
      parts.push(tuple);
      size += tuple.length + 2;
    }
    if (parts.length > 0) statements.push(head + parts.join(", "));
    for (let i = 0; i < statements.length; i += 50) {
      await db.batch(statements.slice(i, i + 50).map((s) => db.prepare(s)));
    }
  }
}

/** A small seeded PRNG (the demo data and randomised tests are repeatable). */
export function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function isDatabaseEmpty(db: D1Database): Promise<boolean> {
  const row = await db.prepare("SELECT count(*) AS n FROM users").first<{ n: number }>();
  return !row || row.n === 0;
}

export async function seedDatabase(db: D1Database, opts: SeedOptions = {}): Promise<SeedSummary> {
  const started = Date.now();
  const nQuestions = Math.max(7, opts.questions ?? 400);
  const now = opts.now ?? Date.now();
  const rnd = mulberry32(opts.seed ?? 1);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
  const chance = (p: number) => rnd() < p;

  const T = {
    categories: new Table("categories", ["id", "parent_id", "name", "urlname", "position", "readonly", "hidden", "adult", "special", "premoderated", "qcount"]),
    users: new Table("users", [
      "id", "nick", "email", "password_hash", "points", "lvl", "kpd", "vip", "vip_until", "banned_until", "ban_permanent", "ban_reason",
      "type", "permissions", "volcats", "banduration", "hidden", "gender", "questions_count", "answers_count", "best_count", "watchcnt", "created_at", "last_visit_day",
    ]),
    brands: new Table("brands", ["id", "urlname", "name", "person_name", "person_text", "url", "category_id", "followers", "qst", "ans", "kpd", "created_at"]),
    brandMembers: new Table("brand_members", ["brand_id", "user_id", "role"]),
    questions: new Table("questions", [
      "id", "user_id", "category_id", "top_category_id", "qtext", "qcomment", "state", "hidden", "deleted_by", "state_before_delete", "anscnt", "comcnt",
      "poll_type", "total_voted", "totalmarks", "best_answer_id", "votes_against", "vip", "goldrec", "cancomment", "added", "state_changed_at", "updated_at",
    ]),
    supplements: new Table("supplements", ["qid", "text", "added"]),
    pollOptions: new Table("poll_options", ["id", "qid", "position", "text", "votes"]),
    pollVotes: new Table("poll_votes", ["qid", "user_id", "options", "added"]),
    answers: new Table("answers", ["id", "qid", "user_id", "text", "source", "added", "best", "hidden", "rating", "comcnt", "canth_status", "totalmarks", "vip"]),
    comments: new Table("comments", ["id", "qid", "pqid", "ref_type", "ref_id", "parent_id", "depth", "user_id", "text", "added", "hidden", "comcnt"]),
    bestVotes: new Table("best_votes", ["qid", "answer_id", "user_id", "added"]),
    marks: new Table("marks", ["target_type", "target_id", "user_id", "added"]),
    reactions: new Table("answer_reactions", ["answer_id", "user_id", "kind", "added"]),
    watches: new Table("watches", ["qid", "user_id", "added"]),
    privateQuestions: new Table("private_questions", ["id", "brand_id", "user_id", "qtext", "qcomment", "waiting_brand_reply", "added"]),
    privateAnswers: new Table("private_answers", ["pqid", "user_id", "text", "source", "comcnt", "added"]),
    ledger: new Table("points_ledger", ["user_id", "delta", "reason", "ref_type", "ref_id", "added"]),
    bans: new Table("bans", ["user_id", "moder_id", "hours", "reason", "added", "until"]),
  };

  // ---- categories
  const leaves: { id: number; top: number; titles: string[]; special: boolean }[] = [];
  const catCount = new Map<number, number>();
  const allCategoryIds: number[] = [];
  const topOf = new Map<number, number>();
  let subId = 100;
  TOP_CATEGORIES.forEach((c, i) => {
    T.categories.add(c.id, null, c.name, c.urlname, i, c.readonly ? 1 : 0, 0, c.adult ? 1 : 0, c.special ?? null, 0, 0);
    allCategoryIds.push(c.id);
    topOf.set(c.id, c.id);
    if (c.subs.length === 0) {
      if (c.titles.length > 0) leaves.push({ id: c.id, top: c.id, titles: c.titles, special: !!c.special || c.id === 601 || c.id === 2024 || !!c.readonly });
      return;
    }
    c.subs.forEach(([name, urlname], j) => {
      const id = subId++;
      T.categories.add(id, c.id, name, urlname, j, 0, 0, c.adult ? 1 : 0, null, 0, 0);
      allCategoryIds.push(id);
      topOf.set(id, c.id);
      leaves.push({ id, top: c.id, titles: c.titles, special: false });
    });
  });
  const ordinaryLeaves = leaves.filter((l) => !l.special);
  const specialLeaves = leaves.filter((l) => l.special);

  // ---- users
  type U = { id: number; points: number; questions: number; answers: number; best: number; watch: number; created: number; vip: number };
  const users: U[] = [];
  const passwordHash = await hashPassword(DEMO_PASSWORD, DEV_PEPPER, new Uint8Array(16).fill(7));
  const usedNicks = new Set<string>();
  const nickFor = (i: number) => {
    for (;;) {
      const n = chance(0.5) ? `${pick(FIRST_NAMES)} ${pick(NICK_ADJ)}` : chance(0.5) ? `${pick(NICK_ADJ)}${pick(NICK_WORDS)}` : `${pick(FIRST_NAMES)}_${int(1, 999)}`;
      if (!usedNicks.has(n)) return usedNicks.add(n), n;
      if (usedNicks.size > 5000) return `${n}${i}`;
    }
  };
  const userMeta = new Map<number, { email: string; nick: string; extra?: Partial<Record<string, Value>> }>();
  for (const d of DEMO_USERS) {
    users.push({ id: d.id, points: d.points, questions: 0, answers: 0, best: 0, watch: 0, created: now - 400 * DAY, vip: d.id === 4 ? 1 : 0 });
    userMeta.set(d.id, { email: d.email, nick: d.nick });
    usedNicks.add(d.nick);
  }
  // one user at every level
  LEVELS.forEach((l, i) => {
    const id = DEMO_USERS.length + 1 + i;
    users.push({ id, points: l.min + int(0, 40), questions: 0, answers: 0, best: 0, watch: 0, created: now - int(30, 900) * DAY, vip: 0 });
    userMeta.set(id, { email: `level${l.id}@demo.local`, nick: `${l.name} ${pick(FIRST_NAMES)}` });
  });
  const nBulkUsers = Math.max(80, Math.ceil(nQuestions / 5));
  for (let i = 0; i < nBulkUsers; i++) {
    const id = users.length + 1;
    const r = rnd();
    const points = r < 0.35 ? int(60, 249) : r < 0.65 ? int(250, 499) : r < 0.85 ? int(500, 999) : r < 0.96 ? int(1000, 4999) : int(5000, 30000);
    users.push({ id, points, questions: 0, answers: 0, best: 0, watch: 0, created: now - int(1, 1500) * DAY, vip: chance(0.02) ? 1 : 0 });
    userMeta.set(id, { email: `u${id}@demo.local`, nick: nickFor(id) });
  }
  const byId = (id: number) => users[id - 1];
  const randomUser = (exclude: Set<number>) => {
    for (;;) {
      const u = users[int(0, users.length - 1)];
      if (!exclude.has(u.id) && u.id !== 8) return u;
    }
  };

  // ---- brand
  T.brands.add(1, SHOWCASE.brandUrlname, "ТехноМир", "Ольга из ТехноМира", "Отвечаем на вопросы о технике и гаджетах", "https://tehnomir.example", 1, 0, 2, 1, 50, now - 300 * DAY);
  T.brandMembers.add(1, 6, "expert");
  T.brandMembers.add(1, 7, "admin");
  T.privateQuestions.add(1, 1, 1, "Можно ли заменить аккумулятор в ноутбуке по гарантии?", "Купила в вашем магазине полгода назад.", 0, now - 3 * DAY);
  T.privateAnswers.add(1, 6, "Да, если аккумулятор держит меньше половины заявленной ёмкости. Принесите ноутбук в любой наш сервисный центр.", "", 0, now - 2 * DAY);
  T.privateQuestions.add(2, 1, 2, "Когда в продаже появятся новые модели наушников?", "", 1, now - 5 * HOUR);

  // ---- questions, answers, comments
  let qid = 0;
  let aid = 0;
  // comments 1–41 are the showcase threads of question 1; the others start above them
  let cmid = 1000;
  let showcaseCmid = 0;
  let optId = 0;
  type Q = { id: number; owner: U; leaf: number; top: number; added: number };

  /**
   * Adds n comments to a target; `shape[i]` is the index of comment i's parent (-1 top level) when
   * given, else replies are random up to maxDepth. Indices in `hidden` are deleted comments.
   */
  function addComments(q: Q, refType: "Q" | "A", refId: number, n: number, maxDepth: number, from: number, shape?: number[], hidden = new Set<number>(), showcase = false): { ids: number[]; visible: number } {
    const ids: number[] = [];
    const depthOf = new Map<number, number>();
    const replies = new Map<number, number>();
    const rows: Value[][] = [];
    let visible = 0;
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
      const isHidden = hidden.has(i) ? 1 : 0;
      if (!isHidden) visible++;
      rows.push([id, q.id, null, refType, refId, parent, depth, randomUser(new Set()).id, pick(COMMENTS), Math.min(now, from + (i + 1) * int(2, 90) * MIN), isHidden, 0]);
      ids.push(id);
    }
    for (const r of rows) {
      r[11] = replies.get(r[0] as number) ?? 0;
      T.comments.rows.push(r);
    }
    return { ids, visible };
  }

  function answerText() {
    const n = int(1, 3);
    const parts: string[] = [];
    for (let i = 0; i < n; i++) parts.push(pick(ANSWER_SENTENCES));
    return parts.join(" ");
  }

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
  }) {
    const q: Q = { id: ++qid, owner: opts.owner, leaf: opts.leaf.id, top: opts.leaf.top, added: opts.added };
    const isDeleted = opts.state === "D";
    opts.owner.questions++;
    const takers = new Set<number>([opts.owner.id]);
    const answerIds: number[] = [];
    const answerRows: Value[][] = [];
    for (let i = 0; i < opts.answers; i++) {
      const u = randomUser(takers);
      takers.add(u.id);
      const id = ++aid;
      answerIds.push(id);
      const added = Math.min(now - MIN, opts.added + (i + 1) * int(3, 120) * MIN);
      u.answers++;
      answerRows.push([id, q.id, u.id, answerText(), pick(SOURCES), added, 0, 0, 0, 0, 0, 0, u.vip]);
    }
    let best: number | null = null;
    if (opts.bestIndex != null && answerRows[opts.bestIndex]) {
      const r = answerRows[opts.bestIndex];
      r[6] = 1;
      best = r[0] as number;
      byId(r[2] as number).best++;
    }
    // the asker's thanks on some answers of resolved questions
    for (const r of answerRows) {
      if (opts.state === "R" && chance(0.1)) {
        r[10] = 1;
        T.reactions.add(r[0] as number, opts.owner.id, "thanks", Math.min(now, (r[5] as number) + HOUR));
      }
      if (chance(0.3)) {
        const markers = new Set<number>([r[2] as number]);
        const n = int(1, 3);
        for (let k = 0; k < n; k++) {
          const m = randomUser(markers);
          markers.add(m.id);
          T.marks.add("A", r[0] as number, m.id, Math.min(now, (r[5] as number) + k * HOUR));
        }
        r[11] = n;
      }
    }
    // votes for the best answer while on voting
    let against = 0;
    if (opts.votes && answerRows.length > 0) {
      const voters = new Set<number>([opts.owner.id, ...answerRows.map((r) => r[2] as number)]);
      const n = int(3, 9);
      for (let k = 0; k < n; k++) {
        const v = randomUser(voters);
        voters.add(v.id);
        if (chance(0.15)) {
          against++;
          T.bestVotes.add(q.id, null, v.id, Math.min(now, opts.added + 4 * DAY + k * HOUR));
        } else {
          const r = pick(answerRows);
          r[8] = (r[8] as number) + 1;
          T.bestVotes.add(q.id, r[0] as number, v.id, Math.min(now, opts.added + 4 * DAY + k * HOUR));
        }
      }
    }
    // comments
    answerRows.forEach((r, i) => {
      const n = opts.commentsPerAnswer ? opts.commentsPerAnswer(i) : chance(0.25) ? int(1, 4) : 0;
      if (n > 0) r[9] = addComments(q, "A", r[0] as number, n, 3, r[5] as number).visible;
    });
    const qComments = opts.commentsOnQuestion ? addComments(q, "Q", q.id, opts.commentsOnQuestion, 2, opts.added).visible : 0;
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
        chosen.forEach((o) => o.votes++);
        T.pollVotes.add(q.id, v.id, JSON.stringify(chosen.map((o) => o.id)), Math.min(now, opts.added + (k + 1) * 7 * MIN));
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
        T.marks.add("Q", q.id, m.id, Math.min(now, opts.added + k * HOUR));
      }
    }
    (opts.supplements ?? []).forEach((text, i) => T.supplements.add(q.id, text, opts.added + (i + 1) * 20 * MIN));
    T.watches.add(q.id, opts.owner.id, opts.added);
    opts.owner.watch++;
    const changed = opts.state === "A" ? opts.added : Math.min(now, opts.added + 4 * DAY);
    T.questions.add(
      q.id, opts.owner.id, q.leaf, q.top, opts.qtext, opts.qcomment ?? "", opts.state, isDeleted ? 1 : 0, opts.deletedBy ?? null,
      opts.stateBeforeDelete ?? null, answerRows.length, qComments, opts.poll?.type ?? null, totalVoted, qmarks, best, against, opts.owner.vip,
      0, 1, opts.added, changed, changed,
    );
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
      qcomment: "Мне 27 лет, работаю бухгалтером и хочу сменить профессию. Есть около года на учёбу по вечерам. Что выбрать: Python, JavaScript или Java? И с чего начать?",
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
    big[9] = addComments({ id: 1 } as Q, "A", big[0] as number, bigShape.length, 4, big[5] as number, bigShape, new Set([1]), true).visible;
    if (short[0] !== SHOWCASE.contextAnswerId || big[0] !== SHOWCASE.bigThreadAnswerId || shortThread.ids[2] !== SHOWCASE.contextCommentId) {
      throw new Error("seed: the showcase ids moved; update SHOWCASE");
    }
  }
  // 2: on voting
  question({ owner: levelUser(2), leaf: ordinaryLeaves[3], qtext: "Какой фильм посмотреть всей семьёй на выходных?", added: now - 5 * DAY, answers: 6, state: "V", votes: true });
  // 3: open, fresh
  question({ owner: levelUser(1), leaf: compProg, qtext: "Почему ноутбук сильно греется при просмотре видео?", qcomment: "Ноутбуку два года, раньше такого не было.", added: now - 30 * MIN, answers: 3, state: "A" });
  // 4: deleted by a moderator
  question({ owner: levelUser(0), leaf: ordinaryLeaves[5], qtext: "Продам аккаунт недорого, пишите в личку", added: now - 9 * DAY, answers: 2, state: "D", deletedBy: "moder", stateBeforeDelete: "R" });
  // 5: a single-choice poll, open
  question({ owner: byId(2), leaf: ordinaryLeaves[8], qtext: POLL_TITLES[0].q, added: now - 2 * HOUR, answers: 0, state: "A", poll: { type: "S", options: POLL_TITLES[0].options }, commentsOnQuestion: 4 });
  // 6: a multiple-choice poll, resolved
  question({ owner: byId(3), leaf: ordinaryLeaves[12], qtext: POLL_TITLES[4].q, added: now - 12 * DAY, answers: 0, state: "R", poll: { type: "C", options: POLL_TITLES[4].options }, commentsOnQuestion: 2 });
  // 7: open and unanswered, by user@demo.local
  question({ owner: byId(1), leaf: compProg, qtext: "Как перенести фотографии со старого телефона на компьютер?", added: now - 10 * MIN, answers: 0, state: "A" });

  // ---- the bulk
  for (let i = qid; i < nQuestions; i++) {
    const leaf = chance(0.03) ? pick(specialLeaves) : pick(ordinaryLeaves);
    const r = rnd();
    const ageDays = r < 0.12 ? rnd() * 4 : r < 0.2 ? 4 + rnd() * 3 : 7 + rnd() * 358;
    const added = now - Math.floor(ageDays * DAY) - int(1, 59) * MIN;
    const owner = randomUser(new Set());
    if (chance(0.05)) {
      const p = pick(POLL_TITLES);
      question({ owner, leaf, qtext: p.q, added, answers: 0, state: ageDays < 4 ? "A" : "R", poll: { type: chance(0.5) ? "S" : "C", options: p.options }, commentsOnQuestion: chance(0.5) ? int(1, 4) : 0 });
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
    question({
      owner,
      leaf,
      qtext: pick(leaf.titles) + pick(QUESTION_TAILS),
      qcomment: pick(EXPLANATIONS),
      added,
      answers,
      state,
      bestIndex,
      deletedBy,
      stateBeforeDelete: stateBefore,
      votes: state === "V",
      commentsOnQuestion: chance(0.1) ? int(1, 3) : 0,
      supplements: chance(0.05) ? ["Добавлю подробности: вопрос всё ещё актуален."] : [],
    });
  }

  // ---- counters that depend on everything above
  for (const row of T.categories.rows) row[10] = catCount.get(row[0] as number) ?? 0;
  for (const u of users) {
    const meta = userMeta.get(u.id)!;
    const lvl = levelForPoints(u.points).id;
    const kpd = u.answers > 0 ? Math.round((100 * u.best) / u.answers) : 0;
    const isModer = u.id === 5;
    const isBanned = u.id === 8;
    T.users.add(
      u.id, meta.nick, meta.email, passwordHash, u.points, lvl, kpd, u.vip, u.vip ? now + 30 * DAY : null,
      isBanned ? now + 72 * HOUR : null, 0, isBanned ? "Оскорбление участников" : null,
      isModer ? "volonter" : "", isModer ? JSON.stringify(MODER_PERMISSIONS) : "[]", isModer ? JSON.stringify(allCategoryIds) : "[]",
      isModer ? 43200 : 0, 0, pick(["women", "other"]), u.questions, u.answers, u.best, u.watch, u.created, Math.floor((now + 10_800_000) / DAY) - (u.id <= DEMO_USERS.length + LEVELS.length ? 0 : int(0, 30)),
    );
    // the ledger: start bonus, the imported balance, and for some users this week's earnings
    const recent = u.id <= 21 || chance(0.15) ? int(1, 6) : 0;
    T.ledger.add(u.id, START_POINTS, "start", null, null, u.created);
    T.ledger.add(u.id, u.points - START_POINTS - recent * 2, "import", null, null, u.created + 1);
    for (let k = 0; k < recent; k++) T.ledger.add(u.id, 2, "answer", null, null, now - int(1, 6 * 24) * HOUR);
  }
  T.bans.add(8, 5, 72, "Оскорбление участников", now - HOUR, now + 72 * HOUR);

  const order = [
    T.categories, T.users, T.brands, T.brandMembers, T.questions, T.supplements, T.pollOptions, T.pollVotes, T.answers, T.comments,
    T.bestVotes, T.marks, T.reactions, T.watches, T.privateQuestions, T.privateAnswers, T.ledger, T.bans,
  ];
  await write(db, order);
  return { counts: Object.fromEntries(order.map((t) => [t.name, t.rows.length])), ms: Date.now() - started };
}
