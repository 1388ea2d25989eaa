import { AddAnswerInput, addAnswer, EditAnswerInput, editAnswer } from "../models/answers/answers.server";
import { replayDirectQuestion } from "../models/brands/private-questions.server";
import { AddCommentInput, addComment } from "../models/comments/comments.server";
import type { RoomEvent } from "../models/core/hub.server";
import {
  approvePremod,
  declinePremod,
  heldPayload,
  PremodApproveInput,
  PremodDeclineInput,
  type PremodReplayer,
  type PremodReplayers,
} from "../models/moderation/premoderation.server";
import { addSupplement, AskInput, askQuestion, SupplementInput } from "../models/questions/ask.server";
import { defineCall, type NamedCall } from "./define";

const replayComment: PremodReplayer = async (env, author, payload, now) => {
  const r = await addComment(env, author, heldPayload(AddCommentInput, payload), now);
  return { qid: r.qid, aid: r.aid, cmid: r.cmid };
};

/**
 * How an approval replays each held write (premod_items.type): through the same domain function
 * as the author's own write. Built here because the writers hold their writes through the
 * premoderation model, which therefore cannot import them.
 */
const REPLAYERS: PremodReplayers = {
  Q: async (env, author, payload, now) => {
    const r = await askQuestion(env, author, heldPayload(AskInput, payload), now);
    return { qid: r.qid, aid: null, cmid: null };
  },
  D: async (env, author, payload, now) => {
    const r = await replayDirectQuestion(env, author, payload, now);
    return { qid: null, aid: null, cmid: null, pqid: r.pqid };
  },
  S: async (env, author, payload, now) => {
    const input = heldPayload(SupplementInput, payload);
    await addSupplement(env, author, input, now);
    return { qid: input.qid, aid: null, cmid: null };
  },
  A: async (env, author, payload, now) => {
    const input = heldPayload(AddAnswerInput, payload);
    const r = await addAnswer(env, author, input, now);
    return { qid: input.qid, aid: r.id, cmid: null };
  },
  AE: async (env, author, payload, now) => {
    const r = await editAnswer(env, author, heldPayload(EditAnswerInput, payload), now);
    return { qid: r.qid, aid: r.id, cmid: null };
  },
  CQ: replayComment,
  CA: replayComment,
};

type Approved = Awaited<ReturnType<typeof approvePremod>>;

/** The pages of an approved question, answer or comment (a direct question has none cached). */
function approvedPages(r: Approved): string[] {
  if (!r.qid) return [];
  return [`/question/${r.qid}`, ...(r.aid ? [`/answer/${r.aid}`] : [])];
}

/** Readers of the question see an approved answer or comment arrive. */
function approvedEvent(r: Approved): RoomEvent | undefined {
  if (!r.qid) return undefined;
  if (r.type === "A") return { type: "answer", qid: r.qid, aid: r.aid! };
  if (r.cmid) return { type: "comment", qid: r.qid, cmid: r.cmid, reftype: r.type === "CA" ? "A" : "Q", refid: r.type === "CA" ? r.aid! : r.qid };
  return undefined;
}

/** Premoderation decisions (ours): premod_approve {id} and premod_decline {id, text}. */
export const premoderationCalls: Record<string, NamedCall> = {
  premod_approve: defineCall({
    method: "POST",
    input: PremodApproveInput,
    run: (c, input) => approvePremod(c.env, c.session, input, c.now, REPLAYERS),
    purge: approvedPages,
    publish: approvedEvent,
  }),
  premod_decline: defineCall({
    method: "POST",
    input: PremodDeclineInput,
    run: (c, input) => declinePremod(c.env, c.session, input, c.now),
  }),
};
