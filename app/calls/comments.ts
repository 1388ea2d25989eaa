import { AddCommentInput, addComment } from "../models/comments/comments.server";
import { VoteAgainstInput, VoteForInput, VotePollInput, voteAgainst, voteFor, votePoll } from "../models/votes/votes.server";
import { videoCount } from "../lib/videos";
import { defineCall, type NamedCall } from "./define";

const page = (qid: number) => `/question/${qid}`;

/** The comments named calls: comments, best-answer voting and poll voting. */
export const commentCalls: Record<string, NamedCall> = {
  addcmt: defineCall({
    method: "POST",
    input: AddCommentInput,
    quota: "CMA",
    videos: (input) => videoCount(input.Body),
    welcome: true,
    run: (c, input) => addComment(c.env, c.session, input, c.now),
    purge: (r) => [page(r.qid), ...(r.aid ? [`/answer/${r.aid}`] : [])],
    publish: (r, input) => ({ type: "comment", qid: r.qid, cmid: r.cmid, reftype: input.type, refid: input.refid }),
    reply: (r) => ({ id: r.cmid }),
  }),
  votefor: defineCall({
    method: "POST",
    input: VoteForInput,
    quota: "VBA",
    welcome: true,
    run: (c, input) => voteFor(c.env, c.session, input, c.now),
    purge: (_, input) => [page(input.qid)],
    publish: (_, input) => ({ type: "vote", qid: input.qid, aid: input.aid }),
  }),
  voteagainst: defineCall({
    method: "POST",
    input: VoteAgainstInput,
    quota: "VBA",
    welcome: true,
    run: (c, input) => voteAgainst(c.env, c.session, input, c.now),
    purge: (_, input) => [page(input.qid)],
    publish: (_, input) => ({ type: "vote", qid: input.qid, aid: null }),
  }),
  votepoll: defineCall({
    method: "POST",
    input: VotePollInput,
    quota: "OPV",
    welcome: true,
    run: (c, input) => votePoll(c.env, c.session, input, c.now),
    purge: (_, input) => [page(input.qid)],
    publish: (r, input) => ({ type: "poll", qid: input.qid, total_voted: r.total_voted, options: r.options }),
    reply: (r) => ({ dpoints: r.dpoints, total_voted: r.total_voted, options: r.options }),
  }),
};
