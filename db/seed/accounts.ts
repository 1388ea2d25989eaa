/**
 * The accounts: the demo accounts, one at every level and the generated ones, drawn first from the
 * structure stream; the generator counts what each did on them, and their rows (points, counters,
 * dates) and ledger rows are written from those counts at the end.
 */
import { EXPERT_LEVEL_POINTS, LEVELS, levelForPoints, START_POINTS } from "../../app/lib/levels";
import { hashPassword } from "../../app/models/users/password.server";
import { DEV_VARS } from "../../scripts/dev-vars.mjs";
import { FIRST_NAMES, NICK_ADJ, NICK_WORDS } from "./data";
import { DAY, DEMO_PASSWORD, DEMO_USERS, HOUR } from "./demo";
import type { Draws } from "./rng";
import type { SeedTables } from "./tables";
import type { Value } from "./writer";

/** POINTS.answer of app/models/users/points.server.ts, for this week's ledger rows. */
const POINTS_ANSWER = 2;

/** The moderator's account (moder@demo.local) and his permissions. */
export const MODER = 5;
const MODER_PERMISSIONS = ["qstdrop", "qstrestore", "qstmove", "ansdrop", "ansrestore", "cmtdrop", "tmpban", "usrkiller"];

/** An account as the generator counts it. */
export type U = {
  id: number;
  points: number;
  questions: number;
  answers: number;
  best: number;
  watch: number;
  created: number;
  vip: number;
  /** the time of his first action; created_at is moved before it */
  first: number;
  direct: number;
};

/** Draws every account, and gives the generator what it needs to pick and count them. */
export async function drawAccounts(d: Draws, now: number, nQuestions: number) {
  const { rnd, int, pick, chance } = d;
  const users: U[] = [];
  // the development pepper: the demo accounts sign in wherever the development secrets are set
  const passwordHash = await hashPassword(DEMO_PASSWORD, DEV_VARS.PEPPER, new Uint8Array(16).fill(7));
  const usedNicks = new Set<string>();
  const nickFor = (i: number) => {
    for (;;) {
      const n = chance(0.5)
        ? `${pick(FIRST_NAMES)} ${pick(NICK_ADJ)}`
        : chance(0.5)
          ? `${pick(NICK_ADJ)}${pick(NICK_WORDS)}`
          : `${pick(FIRST_NAMES)}_${int(1, 999)}`;
      if (!usedNicks.has(n)) {
        usedNicks.add(n);
        return n;
      }
      if (usedNicks.size > 5000) return `${n}${i}`;
    }
  };
  const userMeta = new Map<number, { email: string; nick: string; extra?: Partial<Record<string, Value>> }>();
  for (const d of DEMO_USERS) {
    users.push({
      id: d.id,
      points: d.points,
      questions: 0,
      answers: 0,
      best: 0,
      watch: 0,
      created: now - 400 * DAY,
      vip: d.id === 4 ? 1 : 0,
      first: now,
      direct: 0,
    });
    userMeta.set(d.id, { email: d.email, nick: d.nick });
    usedNicks.add(d.nick);
  }
  // one user at every level
  LEVELS.forEach((l, i) => {
    const id = DEMO_USERS.length + 1 + i;
    users.push({
      id,
      points: l.min + int(0, 40),
      questions: 0,
      answers: 0,
      best: 0,
      watch: 0,
      created: now - int(30, 900) * DAY,
      vip: 0,
      first: now,
      direct: 0,
    });
    userMeta.set(id, { email: `level${l.id}@demo.local`, nick: `${l.name} ${pick(FIRST_NAMES)}` });
  });
  const nBulkUsers = Math.max(80, Math.ceil(nQuestions / 5));
  for (let i = 0; i < nBulkUsers; i++) {
    const id = users.length + 1;
    const r = rnd();
    const points = r < 0.35 ? int(60, 249) : r < 0.65 ? int(250, 499) : r < 0.85 ? int(500, 999) : r < 0.96 ? int(1000, 4999) : int(5000, 30000);
    users.push({
      id,
      points,
      questions: 0,
      answers: 0,
      best: 0,
      watch: 0,
      created: now - int(1, 1500) * DAY,
      vip: chance(0.02) ? 1 : 0,
      first: now,
      direct: 0,
    });
    userMeta.set(id, { email: `u${id}@demo.local`, nick: nickFor(id) });
  }
  const byId = (id: number) => users[id - 1];
  const randomUser = (exclude: Set<number>) => {
    for (;;) {
      const u = users[int(0, users.length - 1)];
      if (!exclude.has(u.id) && u.id !== 8) return u;
    }
  };
  /** a user may vote for the best answer from level Знаток (250 points) up */
  const canVote = (u: U) => u.points >= EXPERT_LEVEL_POINTS && u.id !== 8;
  /**
   * The voter drawn, or (without another random draw, so the stream does not move) the next user
   * by id who may vote and is not excluded.
   */
  const eligibleVoter = (drawn: U, exclude: Set<number>, voted: Set<number>): U | null => {
    if (canVote(drawn) && !voted.has(drawn.id)) return drawn;
    for (let k = 1; k < users.length; k++) {
      const u = users[(drawn.id - 1 + k) % users.length];
      if (canVote(u) && !exclude.has(u.id) && !voted.has(u.id)) return u;
    }
    return null;
  };
  const touch = (u: U, t: number) => {
    if (t < u.first) u.first = t;
  };
  const weekAgo = now - 7 * DAY;
  /** this week's ledger rows, written after the users' history rows */
  const recent: { user: number; delta: number; reason: string; refType: string | null; refId: number | null; added: number }[] = [];
  const isVip = (u: U) => u.vip === 1; // every seeded VIP is active (vip_until in the future)
  /** an answer of the last 7 days gets its own ledger row: +2, +4 for a VIP author */
  const earnForAnswer = (u: U, aid: number, added: number) => {
    if (added >= weekAgo && added <= now)
      recent.push({ user: u.id, delta: isVip(u) ? 2 * POINTS_ANSWER : POINTS_ANSWER, reason: "answer", refType: "A", refId: aid, added });
  };
  return { users, userMeta, passwordHash, byId, randomUser, eligibleVoter, touch, weekAgo, recent, earnForAnswer };
}

export type Accounts = Awaited<ReturnType<typeof drawAccounts>>;

/** A big seed writes every account early, with its name and password; its counters, points and dates come at the end. */
export function addAccountsEarly(T: SeedTables, a: Accounts): void {
  const { users, userMeta, passwordHash } = a;
  for (const u of users) {
    const meta = userMeta.get(u.id)!;
    T.users.add(u.id, meta.nick, meta.email, passwordHash, 0, 1, 0, u.vip, null, null, 0, null, "", "[]", "[]", 0, 0, "other", 0, 0, 0, 0, 0, u.created, 0);
  }
}

/**
 * The accounts' rows from what the generator counted, and the points ledger that sums to each
 * one's points: the start bonus, the history before this week, and this week's real rows.
 */
export function addAccountRows(T: SeedTables, a: Accounts, d: Draws, now: number, allCategoryIds: number[]): void {
  const { users, userMeta, passwordHash, weekAgo, recent } = a;
  const { int, pick, chance } = d;
  const dayKey = (ms: number) => Math.floor((ms + 10_800_000) / DAY);
  const recentSum = new Map<number, number>();
  for (const e of recent) recentSum.set(e.user, (recentSum.get(e.user) ?? 0) + e.delta);
  for (const u of users) {
    // an account is older than anything its owner did, and more than a week old (so is its history row)
    u.created = Math.min(u.created, u.first - DAY, weekAgo - 2 * DAY);
    const meta = userMeta.get(u.id)!;
    const lvl = levelForPoints(u.points).id;
    const kpd = u.answers > 0 ? Math.round((100 * u.best) / u.answers) : 0;
    const isModer = u.id === MODER;
    const isBanned = u.id === 8;
    const gender = pick(["women", "other"]);
    // the demo and level accounts have already visited today (no daily bonus waiting for them)
    const lastVisit = Math.max(dayKey(u.created), dayKey(now) - (u.id <= DEMO_USERS.length + LEVELS.length ? 0 : int(0, 30)));
    T.users.add(
      u.id,
      meta.nick,
      meta.email,
      passwordHash,
      u.points,
      lvl,
      kpd,
      u.vip,
      u.vip ? now + 30 * DAY : null,
      isBanned ? now + 72 * HOUR : null,
      0,
      isBanned ? "Оскорбление участников" : null,
      isModer ? "volonter" : "",
      isModer ? JSON.stringify(MODER_PERMISSIONS) : "[]",
      isModer ? JSON.stringify(allCategoryIds) : "[]",
      isModer ? 43200 : 0,
      0,
      gender,
      u.questions,
      u.answers,
      u.best,
      u.watch,
      u.direct,
      u.created,
      lastVisit,
    );
    // the draws the legacy loop made for its random ledger rows, kept so that the stream does not move
    const legacyRecent = u.id <= 21 || chance(0.15) ? int(1, 6) : 0;
    for (let k = 0; k < legacyRecent; k++) int(1, 6 * 24);
    // points = the start bonus + the history before this week + this week's real rows
    T.ledger.add(u.id, START_POINTS, "start", null, null, u.created);
    const history = u.points - START_POINTS - (recentSum.get(u.id) ?? 0);
    if (history !== 0) T.ledger.add(u.id, history, "import", null, null, u.created + 1);
  }
  for (const e of recent) T.ledger.add(e.user, e.delta, e.reason, e.refType, e.refId, e.added);
  addGodAccount(T, passwordHash, users.length + 1, weekAgo - 2 * DAY, dayKey(now));
}

/** The god-level demo account (god@demo.local): he may edit brands. Written after every other account, so no one else's id moves. */
export const GOD_EMAIL = "god@demo.local";

/** The god-level account's row: a newcomer's points and nothing done, the permission `god` alone. */
function addGodAccount(T: SeedTables, passwordHash: string, id: number, created: number, lastVisit: number): void {
  const lvl = levelForPoints(START_POINTS).id;
  T.users.add(
    id,
    "Главный админ",
    GOD_EMAIL,
    passwordHash,
    START_POINTS,
    lvl,
    0,
    0,
    null,
    null,
    0,
    null,
    "",
    JSON.stringify(["god"]),
    "[]",
    0,
    0,
    "other",
    0,
    0,
    0,
    0,
    0,
    created,
    lastVisit,
  );
  T.ledger.add(id, START_POINTS, "start", null, null, created);
}
