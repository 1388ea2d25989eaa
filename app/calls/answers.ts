import { z } from "zod";
import { AddAnswerInput, addAnswer, AnswerIdInput, EditAnswerInput, editAnswer, reactToAnswer, selectBest } from "../models/answers/answers.server";
import { checkCaptcha, CheckCaptchaInput, createCaptcha } from "../models/core/captcha.server";
import { mark, MarkInput, unmark } from "../models/votes/marks.server";
import { sanitizeUserText } from "../models/core/text.server";
import { defineCall, type NamedCall } from "./define";

const page = (qid: number) => `/question/${qid}`;

function reaction(kind: "thanks" | "unthanks" | "notimportant" | "unnotimportant") {
  return defineCall({
    method: "POST",
    input: AnswerIdInput,
    async run(c, input) {
      const { qid, ...reply } = await reactToAnswer(c.env, c.session, kind, input, c.now);
      c.purge([page(qid), `/answer/${input.aid}`]);
      return reply;
    },
  });
}

/** The answers named calls: answering, the best answer, the asker's reactions, marks and the captcha. */
export const answerCalls: Record<string, NamedCall> = {
  addans: defineCall({
    method: "POST",
    input: AddAnswerInput,
    quota: "AAQ",
    async run(c, input) {
      const { id, dpoints } = await addAnswer(c.env, c.session, input, c.now);
      c.purge([page(input.qid)]);
      // readers draw the new answer from the event itself (the stored text is this same sanitising)
      const user = c.session?.user;
      const answer = user
        ? {
            text: sanitizeUserText(input.Body),
            source: sanitizeUserText(input.source),
            added: c.now,
            author: { id: user.id, nick: user.nick, lvl: user.lvl, points: user.points + dpoints },
          }
        : undefined;
      c.publish({ type: "answer", qid: input.qid, aid: id, answer });
      return { id };
    },
  }),
  editans: defineCall({
    method: "POST",
    input: EditAnswerInput,
    async run(c, input) {
      const { id, qid } = await editAnswer(c.env, c.session, input, c.now);
      c.purge([page(qid), `/answer/${id}`]);
      return { id };
    },
  }),
  selectbest: defineCall({
    method: "POST",
    input: AnswerIdInput,
    async run(c, input) {
      const { qid, dpoints } = await selectBest(c.env, c.session, input, c.now);
      c.purge([page(qid), `/answer/${input.aid}`]);
      c.publish({ type: "state", qid, state: "R" });
      return { dpoints };
    },
  }),
  thanks: reaction("thanks"),
  unthanks: reaction("unthanks"),
  notimportant: reaction("notimportant"),
  unnotimportant: reaction("unnotimportant"),
  mark: defineCall({
    method: "POST",
    input: MarkInput,
    quota: "QAM",
    async run(c, input) {
      const { qid, ...reply } = await mark(c.env, c.session, input, c.now);
      c.purge(input.aid ? [page(qid), `/answer/${input.aid}`] : [page(qid)]);
      return reply;
    },
  }),
  unmark: defineCall({
    method: "POST",
    input: MarkInput,
    async run(c, input) {
      const { qid, ...reply } = await unmark(c.env, c.session, input, c.now);
      c.purge(input.aid ? [page(qid), `/answer/${input.aid}`] : [page(qid)]);
      return reply;
    },
  }),
  check_captcha: defineCall({
    method: "POST",
    input: CheckCaptchaInput,
    async run(c, input) {
      return checkCaptcha(c.env, c.session?.user.id ?? null, input, c.now);
    },
  }),
  /** a fresh captcha (the 'Не вижу код' link); its picture is /captcha/{id}.svg */
  captcha_new: defineCall({
    method: "POST",
    input: z.object({}),
    async run(c) {
      return { captcha_id: await createCaptcha(c.env, c.session?.user.id ?? null, c.now) };
    },
  }),
};
