import { ERR, ERR_MSG } from "../../lib/errids";
import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { listOf } from "../../lib/fields";
import { bestVoteRefusal, pollVoteRefusal } from "../../lib/can";
import { DomainError } from "../../lib/errors";
import { isExpertLevel } from "../../lib/levels";
import { dbOf, schema } from "../core/db.server";
import { threadWriteEnv } from "../core/thread-ranges.server";
import { announce } from "../notifications/push.server";
import { pollVoteNotification } from "../notifications/create.server";
import { POINTS, pointsChange } from "../users/points.server";
import { requireWriter, type Session, type SessionUser } from "../users/session.server";

const id = (errid: string) => z.coerce.number(errid).int(errid).positive(errid);

export const VoteForInput = z.object({ qid: id(ERR_MSG.questionGone), aid: id(ERR_MSG.voteAnswerNotInQuestion) });
export const VoteAgainstInput = z.object({ qid: id(ERR_MSG.questionGone) });

/** vote: one option id, a list of them (repeated field), or "1,2,3"; empty → 222. */
export const VotePollInput = z.object({
  qid: id(ERR_MSG.questionGone),
  vote: z.preprocess(listOf, z.array(id(ERR_MSG.pollOptionUnknown), ERR_MSG.pollNoChoice).min(1, ERR_MSG.pollNoChoice).max(16, ERR_MSG.pollOptionUnknown)),
});

const q = schema.questions;
const a = schema.answers;
const bv = schema.bestVotes;

/** The refusals common to votefor and voteagainst: the rule (bestVoteRefusal, app/lib/can.ts), then the level. */
async function checkBestVoter(env: Env, user: SessionUser, qid: number) {
  const db = dbOf(env);
  const [qRows, answered] = await db.batch([
    db.select({ userId: q.userId, state: q.state, hidden: q.hidden }).from(q).where(eq(q.id, qid)),
    db
      .select({ id: a.id })
      .from(a)
      .where(and(eq(a.qid, qid), eq(a.userId, user.id))),
  ]);
  const question = qRows[0];
  if (!question || question.hidden || question.state === "D") throw new DomainError(ERR.questionGone);
  // 212 is canreplyreason rid 2: the user answered this question
  const refusal = bestVoteRefusal(user, { authorId: question.userId, state: question.state }, answered.length > 0);
  if (refusal !== null) throw new DomainError(refusal);
  if (!isExpertLevel(user.lvl)) throw new DomainError(ERR.levelTooLow);
}

/**
 * A vote for the best answer (aid) or, with aid null, against all, while the question is on
 * voting. One batch: the vote row (or nothing when the user already voted: unique (qid, user)),
 * the counter and the voter's point, each guarded by changes() so a duplicate changes nothing.
 */
async function castBestVote(req: Env, session: Session | null, qid: number, aid: number | null, now: number) {
  const user = requireWriter(session);
  // the thread is written where it lives (the range map); the voter's point goes by its effect there
  const env = await threadWriteEnv(req, qid, now);
  const db = dbOf(env);
  await checkBestVoter(env, user, qid);
  if (aid !== null) {
    const ans = await db.select({ qid: a.qid, hidden: a.hidden }).from(a).where(eq(a.id, aid)).get();
    if (!ans || ans.qid !== qid || ans.hidden) throw new DomainError(ERR.voteAnswerNotInQuestion);
  }
  const results = await db.batch([
    // the row returned, not the batch's count of changes: a thread database's triggers count too
    db.insert(bv).values({ qid, answerId: aid, userId: user.id, added: now }).onConflictDoNothing().returning({ id: bv.id }),
    aid !== null
      ? db
          .update(a)
          .set({ rating: sql`${a.rating} + 1` })
          .where(and(eq(a.id, aid), sql`changes() = 1`))
      : db
          .update(q)
          .set({ votesAgainst: sql`${q.votesAgainst} + 1` })
          .where(and(eq(q.id, qid), sql`changes() = 1`)),
    ...pointsChange(env, user.id, POINTS.bestVote, "best_vote", { type: "Q", id: qid }, now, true),
  ]);
  // canreplyreason rid 4: the vote is already counted
  if (results[0].length !== 1) throw new DomainError(ERR.alreadyVoted);
  // a level the voter's point reached
  await announce(req, results);
  return { dpoints: POINTS.bestVote };
}

export function voteFor(env: Env, session: Session | null, input: z.infer<typeof VoteForInput>, now: number) {
  return castBestVote(env, session, input.qid, input.aid, now);
}

export function voteAgainst(env: Env, session: Session | null, input: z.infer<typeof VoteAgainstInput>, now: number) {
  return castBestVote(env, session, input.qid, null, now);
}

/**
 * A vote in a poll: open polls only ('A'); 'S' exactly one option, 'C' one or more; the owner may
 * vote too. One batch: the poll_votes row (unique (qid, user)), total_voted, the chosen options'
 * counts and the voter's point, each guarded by changes() so a duplicate changes nothing, the
 * owner's 'poll_vote' notification; then the counts as they stand.
 */
export async function votePoll(req: Env, session: Session | null, input: z.infer<typeof VotePollInput>, now: number) {
  const user = requireWriter(session);
  // the thread is written where it lives; the point and the owner's notice go by their effects there
  const env = await threadWriteEnv(req, input.qid, now);
  const db = dbOf(env);
  const po = schema.pollOptions;
  const chosen = [...new Set(input.vote)].sort((x, y) => x - y);
  const [qRows, optRows] = await db.batch([
    db.select({ state: q.state, hidden: q.hidden, pollType: q.pollType, userId: q.userId }).from(q).where(eq(q.id, input.qid)),
    db.select({ id: po.id }).from(po).where(eq(po.qid, input.qid)),
  ]);
  const question = qRows[0];
  if (!question || question.hidden || question.state === "D") throw new DomainError(ERR.questionGone);
  const refusal = pollVoteRefusal(question);
  if (refusal !== null) throw new DomainError(refusal);
  if (question.pollType === "S" && chosen.length !== 1) throw new DomainError(ERR.pollSingleChoice);
  const valid = new Set(optRows.map((o) => o.id));
  if (chosen.some((o) => !valid.has(o))) throw new DomainError(ERR.pollOptionUnknown);

  const results = await db.batch([
    db
      .insert(schema.pollVotes)
      .values({ qid: input.qid, userId: user.id, options: JSON.stringify(chosen), added: now })
      .onConflictDoNothing()
      .returning({ id: schema.pollVotes.id }),
    db
      .update(q)
      .set({ totalVoted: sql`${q.totalVoted} + 1` })
      .where(and(eq(q.id, input.qid), sql`changes() = 1`)),
    // the total_voted update just before reports changes() = 1 only when the vote was taken
    db
      .update(po)
      .set({ votes: sql`${po.votes} + 1` })
      .where(and(eq(po.qid, input.qid), inArray(po.id, chosen), sql`changes() = 1`)),
    // the options changed (one row per chosen option) or nothing did: back to 1 or 0 for the payment
    db
      .update(q)
      .set({ totalVoted: sql`${q.totalVoted}` })
      .where(and(eq(q.id, input.qid), sql`changes() > 0`)),
    ...pointsChange(env, user.id, POINTS.pollVote, "poll_vote", { type: "Q", id: input.qid }, now, true),
    ...pollVoteNotification(env, { qid: input.qid, ownerId: question.userId, actorId: user.id, now }),
    db.select({ optid: po.id, votes: po.votes }).from(po).where(eq(po.qid, input.qid)).orderBy(po.position),
    db.select({ totalVoted: q.totalVoted }).from(q).where(eq(q.id, input.qid)),
  ]);
  const [ins] = results;
  const opts = results[results.length - 2] as { optid: number; votes: number }[];
  const totals = results[results.length - 1] as { totalVoted: number }[];
  if (ins.length !== 1) throw new DomainError(ERR.alreadyVotedInPoll);
  await announce(req, results);
  return { dpoints: POINTS.pollVote, total_voted: totals[0]?.totalVoted ?? 0, options: opts, chosen };
}
