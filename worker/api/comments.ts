import { AddCommentInput, addComment } from "../../app/models/comments-write.server";
import { VoteAgainstInput, VoteForInput, VotePollInput, voteAgainst, voteFor, votePoll } from "../../app/models/votes.server";
import { defineCall, type NamedCall } from "./define";

/** The comments named calls: comments, best-answer voting and poll voting. */
export const commentCalls: Record<string, NamedCall> = {
  addcmt: defineCall({
    method: "POST",
    input: AddCommentInput,
    async run(c, input) {
      const r = await addComment(c.env, c.session, input, c.now);
      c.purge(["/question/" + r.qid, ...(r.aid ? ["/answer/" + r.aid] : [])]);
      return { id: r.cmid };
    },
  }),
  votefor: defineCall({
    method: "POST",
    input: VoteForInput,
    async run(c, input) {
      const r = await voteFor(c.env, c.session, input, c.now);
      c.purge(["/question/" + input.qid]);
      return r;
    },
  }),
  voteagainst: defineCall({
    method: "POST",
    input: VoteAgainstInput,
    async run(c, input) {
      const r = await voteAgainst(c.env, c.session, input, c.now);
      c.purge(["/question/" + input.qid]);
      return r;
    },
  }),
  votepoll: defineCall({
    method: "POST",
    input: VotePollInput,
    async run(c, input) {
      const r = await votePoll(c.env, c.session, input, c.now);
      c.purge(["/question/" + input.qid]);
      return { dpoints: r.dpoints, total_voted: r.total_voted, options: r.options };
    },
  }),
};
