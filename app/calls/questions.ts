import { AskInput, addSupplement, askQuestion, canAsk, CanAskInput, DeleteInput, deleteOwnQuestion, SupplementInput } from "../models/questions/ask.server";
import { dropWatch, startWatch, StopNotifyInput, stopNotify, WatchInput } from "../models/questions/watch.server";
import { defineCall, type NamedCall } from "./define";

const page = (qid: number) => `/question/${qid}`;

/** The questions named calls: asking, supplements, the owner's delete, following. */
export const questionCalls: Record<string, NamedCall> = {
  addqst: defineCall({
    method: "POST",
    input: AskInput,
    quota: "ASK",
    async run(c, input) {
      return askQuestion(c.env, c.session, input, c.now);
    },
  }),
  updqst: defineCall({
    method: "POST",
    input: SupplementInput,
    async run(c, input) {
      const r = await addSupplement(c.env, c.session, input, c.now);
      c.purge([page(input.qid)]);
      return r;
    },
  }),
  delqst: defineCall({
    method: "POST",
    input: DeleteInput,
    async run(c, input) {
      const r = await deleteOwnQuestion(c.env, c.session, input, c.now);
      c.purge([page(input.qid)]);
      return { ...r, redirect: "/" };
    },
  }),
  canask: defineCall({
    method: "GET",
    input: CanAskInput,
    async run(c) {
      return canAsk(c.env, c.session, c.now);
    },
  }),
  startwatch: defineCall({
    method: "POST",
    input: WatchInput,
    async run(c, input) {
      return startWatch(c.env, c.session, input, c.now);
    },
  }),
  dropwatch: defineCall({
    method: "POST",
    input: WatchInput,
    async run(c, input) {
      return dropWatch(c.env, c.session, input);
    },
  }),
  stopnotify: defineCall({
    method: "POST",
    input: StopNotifyInput,
    async run(c, input) {
      return stopNotify(c.env, c.session, input);
    },
  }),
};
