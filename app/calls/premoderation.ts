import type { RoomEvent } from "../models/core/hub.server";
import { approvePremod, declinePremod, PremodApproveInput, PremodDeclineInput } from "../models/moderation/premoderation.server";
import { defineCall, type NamedCall } from "./define";

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
    run: (c, input) => approvePremod(c.env, c.session, input, c.now),
    purge: approvedPages,
    publish: approvedEvent,
  }),
  premod_decline: defineCall({
    method: "POST",
    input: PremodDeclineInput,
    run: (c, input) => declinePremod(c.env, c.session, input, c.now),
  }),
};
