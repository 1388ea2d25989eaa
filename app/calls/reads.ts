import { z } from "zod";
import { CheckNewInput, QstRatingInput, QuestListInput, readCheckNew, readQstRating, readQuestList } from "../models/questions/list-reads.server";
import {
  AllCommentsInput,
  CommentContextInput,
  CommentsInput,
  MoreAnswersInput,
  QuestionInput,
  readAllComments,
  readAnswer,
  readCommentContext,
  readComments,
  readMoreAnswers,
  readQuestion,
  ShowAnswerInput,
} from "../models/questions/reads.server";
import { MarkedInput, readMarked, readWhoVoted, WhoVotedInput } from "../models/questions/voter-reads.server";
import { readLimits } from "../models/core/hub.server";
import { defineCall, type NamedCall } from "./define";

/** The reads named calls (GET, query string): thin wrappers over app/models/questions/reads.server.ts. */
export const readCalls: Record<string, NamedCall> = {
  question: defineCall({
    method: "GET",
    input: QuestionInput,
    run: (c, input) => readQuestion(c.env, c.session, input, c.now, c.reader),
  }),
  moreanswers: defineCall({
    method: "GET",
    input: MoreAnswersInput,
    run: (c, input) => readMoreAnswers(c.env, c.session, input, c.reader),
  }),
  showans: defineCall({
    method: "GET",
    input: ShowAnswerInput,
    run: (c, input) => readAnswer(c.env, c.session, input, c.now, c.reader),
  }),
  comments: defineCall({
    method: "GET",
    input: CommentsInput,
    run: (c, input) => readComments(c.env, input, c.reader),
  }),
  all_comments: defineCall({
    method: "GET",
    input: AllCommentsInput,
    run: (c, input) => readAllComments(c.env, input, c.reader),
  }),
  comment_context: defineCall({
    method: "GET",
    input: CommentContextInput,
    run: (c, input) => readCommentContext(c.env, c.session, input, c.now, c.reader),
  }),
  whovoted: defineCall({
    method: "GET",
    input: WhoVotedInput,
    run: (c, input) => readWhoVoted(c.env, input, c.reader),
  }),
  marked: defineCall({
    method: "GET",
    input: MarkedInput,
    run: (c, input) => readMarked(c.env, input, c.reader),
  }),
  questlist: defineCall({
    method: "GET",
    input: QuestListInput,
    run: async (c, input) => readQuestList(c.env, input, c.now, c.reader.adult),
  }),
  qstrating: defineCall({
    method: "GET",
    input: QstRatingInput,
    run: async (c, input) => readQstRating(c.env, input, c.now, c.reader.adult),
  }),
  check_new: defineCall({
    method: "GET",
    input: CheckNewInput,
    run: async (c, input) => readCheckNew(c.env, input, c.now, c.reader.adult),
  }),
  showlimits: defineCall({
    method: "GET",
    input: z.object({}),
    run: (c) => readLimits(c.env, c.session?.user ?? null, c.now),
  }),
};
