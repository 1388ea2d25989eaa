/**
 * The demo's questions as rows: a question with its answers, comments, best-answer votes, poll,
 * marks, supplements and the asker's watch, every id handed out here in order and every counter
 * tallied from the rows it counts. The draws are made in the same order as they always were, so
 * the same seed gives the same rows.
 */
import { ANSWER_SENTENCES, COMMENTS, SOURCES } from "./data";
import type { Accounts, U } from "./accounts";
import { DAY, HOUR, MIN } from "./demo";
import type { Draws, Rng } from "./rng";
import type { SeedTables } from "./tables";
import type { TextCat, TextGen } from "./text";
import type { Value } from "./writer";

/** A question as its comments need it. */
export type Q = { id: number; owner: U; leaf: number; top: number; added: number };

/** What a generated (bulk) question gets instead of the legacy word lists of data.ts. */
export type BulkText = {
  cat: TextCat;
  tg: TextGen;
  trng: Rng;
};

/** What the question rows are written with and into. */
export type SeedContext = {
  T: SeedTables;
  d: Draws;
  accounts: Accounts;
  /** visible questions per category, counted as they are made */
  catCount: Map<number, number>;
  /** moderation log rows (the moderator is moder@demo.local) */
  modLog: Value[][];
  now: number;
};

export function questionMaker({ T, d, accounts, catCount, modLog, now }: SeedContext) {
  const { int, pick, chance } = d;
  const { userMeta, byId, randomUser, eligibleVoter, touch, earnForAnswer } = accounts;

  let qid = 0;
  let aid = 0;
  // comments 1–41 are the showcase threads of question 1; the others start above them
  let cmid = 1000;
  let showcaseCmid = 0;
  let optId = 0;

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
    if (!isDeleted) opts.owner.questions++;
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
          T.marks.add("A", r[0] as number, m.id, at, q.id);
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
        T.marks.add("Q", q.id, m.id, at, q.id);
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

  return {
    question,
    addComments,
    questionRows,
    /** the id of the last question made */
    lastQid: () => qid,
    /** the next question id, for a question whose rows are made elsewhere */
    nextQid: () => ++qid,
  };
}

export type QuestionMaker = ReturnType<typeof questionMaker>;
