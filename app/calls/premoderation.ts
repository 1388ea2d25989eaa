import { approvePremod, declinePremod, PremodApproveInput, PremodDeclineInput } from "../models/moderation/premoderation.server";
import { defineCall, type NamedCall } from "./define";

/** Premoderation decisions (ours): premod_approve {id} and premod_decline {id, text}. */
export const premoderationCalls: Record<string, NamedCall> = {
  premod_approve: defineCall({
    method: "POST",
    input: PremodApproveInput,
    async run(c, input) {
      const r = await approvePremod(c.env, c.session, input, c.now);
      if (r.qid) {
        c.purge([`/question/${r.qid}`, ...(r.aid ? [`/answer/${r.aid}`] : [])]);
        if (r.type === "A") c.publish({ type: "answer", qid: r.qid, aid: r.aid! });
        if (r.cmid) c.publish({ type: "comment", qid: r.qid, cmid: r.cmid, reftype: r.type === "CA" ? "A" : "Q", refid: r.type === "CA" ? r.aid! : r.qid });
      }
      return r;
    },
  }),
  premod_decline: defineCall({
    method: "POST",
    input: PremodDeclineInput,
    async run(c, input) {
      return declinePremod(c.env, c.session, input, c.now);
    },
  }),
};
