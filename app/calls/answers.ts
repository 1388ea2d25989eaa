import { z } from "zod";
import { isModerator } from "../lib/moderation";
import { AddAnswerInput, addAnswer, AnswerIdInput, EditAnswerInput, editAnswer, reactToAnswer, selectBest } from "../models/answers/answers.server";
import { checkCaptcha, CheckCaptchaInput, createCaptcha, ownerOf } from "../models/core/captcha.server";
import { mark, MarkInput, unmark } from "../models/votes/marks.server";
import { withFormPhoto } from "../models/photos/photos.server";
import { videoCount } from "../lib/videos";
import { defineCall, type CallContext, type NamedCall } from "./define";

const page = (qid: number) => `/question/${qid}`;

/** The result without `qid`, which only says which question page to purge. */
const withoutQid = <R extends { qid: number }>({ qid: _, ...rest }: R) => rest;

/** A mark changes the count on the question's and the answer's pages, and the answer's list of who marked it. */
const markedPages = (r: { qid: number }, input: z.infer<typeof MarkInput>) =>
  input.aid ? [page(r.qid), `/answer/${input.aid}`, `/ansmarks/${input.aid}`] : [page(r.qid)];

/** A new answer as live readers draw it from the event itself: the stored text, its author's points after the answer. */
function liveAnswer(c: CallContext, r: { text: string; source: string; dpoints: number }) {
  const user = c.session?.user;
  if (!user) return undefined;
  return {
    text: r.text,
    source: r.source,
    added: c.now,
    author: { id: user.id, nick: user.nick, lvl: user.lvl, points: user.points + r.dpoints, filin: user.filin ?? null, moder: isModerator(user) ? 1 : 0 },
  };
}

function reaction(kind: "thanks" | "unthanks" | "notimportant" | "unnotimportant") {
  return defineCall({
    method: "POST",
    input: AnswerIdInput,
    run: (c, input) => reactToAnswer(c.env, c.session, kind, input, c.now),
    purge: (r, input) => [page(r.qid), `/answer/${input.aid}`],
    reply: withoutQid,
  });
}

/** The answers named calls: answering, the best answer, the asker's reactions, marks and the captcha. */
export const answerCalls: Record<string, NamedCall> = {
  addans: defineCall({
    method: "POST",
    input: AddAnswerInput,
    quota: "AAQ",
    videos: (input) => videoCount(input.Body),
    welcome: true,
    run: async (c, input) => addAnswer(c.env, c.session, await withFormPhoto(c.env, c.session, input, c.now), c.now),
    purge: (_, input) => [page(input.qid)],
    publish: (r, input, c) => ({ type: "answer", qid: input.qid, aid: r.id, answer: liveAnswer(c, r) }),
    reply: (r) => ({ id: r.id }),
  }),
  editans: defineCall({
    method: "POST",
    input: EditAnswerInput,
    run: (c, input) => editAnswer(c.env, c.session, input, c.now),
    purge: (r) => [page(r.qid), `/answer/${r.id}`],
    reply: (r) => ({ id: r.id }),
  }),
  selectbest: defineCall({
    method: "POST",
    input: AnswerIdInput,
    run: (c, input) => selectBest(c.env, c.session, input, c.now),
    purge: (r, input) => [page(r.qid), `/answer/${input.aid}`],
    publish: (r) => ({ type: "state", qid: r.qid, state: "R" }),
    reply: (r) => ({ dpoints: r.dpoints }),
  }),
  thanks: reaction("thanks"),
  unthanks: reaction("unthanks"),
  notimportant: reaction("notimportant"),
  unnotimportant: reaction("unnotimportant"),
  mark: defineCall({
    method: "POST",
    input: MarkInput,
    quota: "QAM",
    run: (c, input) => mark(c.env, c.session, input, c.now),
    purge: markedPages,
    reply: withoutQid,
  }),
  unmark: defineCall({
    method: "POST",
    input: MarkInput,
    run: (c, input) => unmark(c.env, c.session, input, c.now),
    purge: markedPages,
    reply: withoutQid,
  }),
  check_captcha: defineCall({
    method: "POST",
    input: CheckCaptchaInput,
    run: (c, input) => checkCaptcha(c.env, ownerOf(c.session?.user.id ?? null, c.ip), input, c.now),
  }),
  /** a fresh captcha (the 'Не вижу код' link); its picture is /captcha/{id}.svg */
  captcha_new: defineCall({
    method: "POST",
    input: z.object({}),
    run: async (c) => ({ captcha_id: await createCaptcha(c.env, ownerOf(c.session?.user.id ?? null, c.ip), c.now) }),
  }),
};
