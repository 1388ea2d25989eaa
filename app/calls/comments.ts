import { AddCommentInput, addComment } from "../models/comments/comments.server";
import { VoteAgainstInput, VoteForInput, VotePollInput, voteAgainst, voteFor, votePoll } from "../models/votes/votes.server";
import { defineCall, type NamedCall } from "./define";

/** The comments named calls: comments, best-answer voting and poll voting. */
export const commentCalls: Record<string, NamedCall> = {
  addcmt: defineCall({
    method: "POST",
    input: AddCommentInput,
    quota: "CMA",
    async run(c, input) {
      const r = await addComment(c.env, c.session, input, c.now);
      c.purge([`/question/${r.qid}`, ...(r.aid ? [`/answer/${r.aid}`] : [])]);
      c.publish({ type: "comment", qid: r.qid, cmid: r.cmid, reftype: input.type, refid: input.refid });
      return { id: r.cmid };
    },
  }),
  votefor: defineCall({
    method: "POST",
    input: VoteForInput,
    quota: "VBA",
    async run(c, input) {
      const r = await voteFor(c.env, c.session, input, c.now);
      c.purge([`/question/${input.qid}`]);
      c.publish({ type: "vote", qid: input.qid, aid: input.aid });
      return r;
    },
  }),
  voteagainst: defineCall({
    method: "POST",
    input: VoteAgainstInput,
    quota: "VBA",
    async run(c, input) {
      const r = await voteAgainst(c.env, c.session, input, c.now);
      c.purge([`/question/${input.qid}`]);
      c.publish({ type: "vote", qid: input.qid, aid: null });
      return r;
    },
  }),
  votepoll: defineCall({
    method: "POST",
    input: VotePollInput,
    quota: "OPV",
    async run(c, input) {
      const r = await votePoll(c.env, c.session, input, c.now);
      c.purge([`/question/${input.qid}`]);
      c.publish({ type: "poll", qid: input.qid, total_voted: r.total_voted, options: r.options });
      return { dpoints: r.dpoints, total_voted: r.total_voted, options: r.options };
    },
  }),
};
