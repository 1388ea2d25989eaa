/**
 * Who may do what on a question, said once (in the spirit of Discourse's Guardian `can_*`): the
 * pages offer a control only where these allow it, and the server's calls refuse with the errid a
 * `…Refusal` function returns. Pure functions of plain facts, for components, islands and models
 * alike.
 *
 * Where the page offers a control that the server may still refuse for a reason the page does not
 * know or check (a level, a flag it does not load, a vote already counted), the function says so:
 * the server checks that after it, and the page shows the refusal.
 */
import { ERR } from "./errids";
import { isExpertLevel } from "./levels";
import { LIMITS } from "./limits";

const DAY = 86_400_000;

/** The signed-in user acting. */
export type Actor = { id: number; lvl: number };

/** What the rules read of a question (its state as stored: A open, V voting, R resolved, D deleted). */
export type QuestionFacts = {
  authorId: number;
  state: string;
  added: number;
  bestAnswerId: number | null;
  pollType: string | null;
  /** closed to supplements */
  noadd: boolean;
};

/** The facts of a question as the pages hold it (its view, with the author inside). */
export function questionFacts(q: Omit<QuestionFacts, "authorId"> & { author: { id: number } }): QuestionFacts {
  return { authorId: q.author.id, state: q.state, added: q.added, bestAnswerId: q.bestAnswerId, pollType: q.pollType, noadd: q.noadd };
}

/**
 * Choosing the best answer: the asker, from level Знаток up, while the question is open or on
 * voting, has no best answer yet and was asked less than LIMITS.bestAnswerDays days ago.
 */
export function bestAnswerRefusal(
  actor: Actor,
  q: Pick<QuestionFacts, "authorId" | "bestAnswerId" | "state" | "added">,
  now: number,
): 169 | 170 | 166 | 172 | null {
  if (actor.id !== q.authorId) return ERR.questionOwnerOnly;
  if (q.bestAnswerId != null) return ERR.bestAlreadyChosen;
  if (!isExpertLevel(actor.lvl)) return ERR.levelTooLow;
  if ((q.state !== "A" && q.state !== "V") || q.added <= now - LIMITS.bestAnswerDays * DAY) return ERR.bestWindowClosed;
  return null;
}

export function canChooseBest(actor: Actor, q: Pick<QuestionFacts, "authorId" | "bestAnswerId" | "state" | "added">, now: number): boolean {
  return bestAnswerRefusal(actor, q, now) === null;
}

/**
 * Editing an answer: its author alone, while the question is open (on voting the answers are
 * being judged as they stand, and a resolved question is settled) and the answer is not the best.
 */
export function answerEditRefusal(actor: { id: number }, ans: { authorId: number; best: boolean; state: string }): 168 | 182 | null {
  if (actor.id !== ans.authorId) return ERR.editNotAuthor;
  if (ans.best || ans.state !== "A") return ERR.answerEditClosed;
  return null;
}

export function canEditAnswer(actor: { id: number } | null, ans: { authorId: number; best: boolean; state: string }): boolean {
  return actor !== null && answerEditRefusal(actor, ans) === null;
}

/**
 * Answering: never one's own question, once, while it is open. A guest (null) is offered the form
 * and signs in first, so for him only the question's state counts. (The server also refuses a
 * user the asker has on his blacklist, which the page does not load.)
 */
export function answerRefusal(actor: { id: number } | null, q: Pick<QuestionFacts, "authorId" | "state">, answered: boolean): 163 | 164 | 165 | null {
  if (actor !== null && actor.id === q.authorId) return ERR.answerOwnQuestion;
  if (answered) return ERR.alreadyAnswered;
  if (q.state !== "A") return ERR.questionNotOpen;
  return null;
}

export function canAnswer(actor: { id: number } | null, q: Pick<QuestionFacts, "authorId" | "state">, answered: boolean): boolean {
  return answerRefusal(actor, q, answered) === null;
}

/**
 * Supplementing a question: its asker, while it is open and not closed to supplements (`noadd`).
 */
export function supplementRefusal(actor: { id: number }, q: Pick<QuestionFacts, "authorId" | "state" | "noadd">): 144 | 145 | 146 | null {
  if (actor.id !== q.authorId) return ERR.supplementNotOwner;
  if (q.state !== "A") return ERR.supplementNotOpen;
  if (q.noadd) return ERR.supplementsClosed;
  return null;
}

export function canSupplement(actor: { id: number }, q: Pick<QuestionFacts, "authorId" | "state" | "noadd">): boolean {
  return supplementRefusal(actor, q) === null;
}

/** Deleting a question (a live one; a deleted one has no page): its asker. */
export function canDeleteQuestion(actor: { id: number }, q: Pick<QuestionFacts, "authorId">): boolean {
  return actor.id === q.authorId;
}

/**
 * Voting for the best answer, or against all: while the question is on voting, not its asker, not
 * one who answered it. A guest (null) is offered the buttons and signs in first. (The server also
 * wants level Знаток and counts one vote per user.)
 */
export function bestVoteRefusal(actor: { id: number } | null, q: Pick<QuestionFacts, "authorId" | "state">, answered: boolean): 210 | 211 | 212 | null {
  if (q.state !== "V") return ERR.questionNotVoting;
  if (actor !== null && actor.id === q.authorId) return ERR.voteOwnQuestion;
  if (answered) return ERR.voteAfterAnswering;
  return null;
}

export function canVoteForBest(actor: { id: number } | null, q: Pick<QuestionFacts, "authorId" | "state">, answered: boolean): boolean {
  return bestVoteRefusal(actor, q, answered) === null;
}

/**
 * Why a signed-in reader of a question on voting has no vote buttons, which the page says in words
 * rather than leaving them out silently (the `canreplyreason` of the question call): 2 he answered
 * it, 4 his vote (for an answer or against all) is already counted; null when neither holds (the
 * asker and guests get no prompt).
 */
export function votingPromptReason(
  actor: { id: number } | null,
  q: Pick<QuestionFacts, "authorId" | "state" | "pollType">,
  mine: { answered: boolean; bestVoted: boolean },
): 2 | 4 | null {
  if (actor === null || q.state !== "V" || q.pollType || actor.id === q.authorId) return null;
  if (mine.answered) return 2;
  if (mine.bestVoted) return 4;
  return null;
}

/**
 * The asker's thanks to the author of the best answer: once an answer of his question is the best,
 * he is offered to send its author a gift (the gift form of the author's profile); not to himself.
 */
export function canGiftBestAuthor(actor: { id: number } | null, q: Pick<QuestionFacts, "authorId">, a: { best: boolean; author: { id: number } }): boolean {
  return actor !== null && actor.id === q.authorId && a.best && a.author.id !== actor.id;
}

/** What the voting prompt says for each reason. */
export const VOTING_PROMPTS = {
  2: "Вы ответили на этот вопрос, поэтому не можете голосовать за лучший ответ.",
  4: "Ваш голос учтён. Лучший ответ выберут по итогам голосования.",
} as const;

/** Voting in a poll: a poll question while it is open; its asker may vote too. (One vote per user.) */
export function pollVoteRefusal(q: Pick<QuestionFacts, "pollType" | "state">): 220 | 221 | null {
  if (!q.pollType) return ERR.notAPoll;
  if (q.state !== "A") return ERR.pollClosed;
  return null;
}

export function canVoteInPoll(q: Pick<QuestionFacts, "pollType" | "state">): boolean {
  return pollVoteRefusal(q) === null;
}

/** The «нравится» mark on a question or an answer: anyone but its author (a guest is offered it and signs in first). */
export function canMark(actor: { id: number } | null, authorId: number): boolean {
  return actor === null || actor.id !== authorId;
}

/** Thanking or hiding an answer (and undoing it): the question's asker. */
export function canReactToAnswers(actor: { id: number } | null, q: Pick<QuestionFacts, "authorId">): boolean {
  return actor !== null && actor.id === q.authorId;
}

/** Commenting under a private question's answer: its asker or a member (expert or admin) of the brand asked. */
export function canCommentPrivately(isAsker: boolean, brandRole: string | null): boolean {
  return isAsker || brandRole !== null;
}

/**
 * Replying under a comment that sits at `depth` (0 for a comment on the question or answer
 * itself): replies nest at most LIMITS.commentMoreDepth - 1 deep.
 */
export function canReplyUnder(depth: number): boolean {
  return depth + 1 < LIMITS.commentMoreDepth;
}
