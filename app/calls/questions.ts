import { withFormPhoto } from "../models/photos/photos.server";
import { AskInput, addSupplement, askQuestion, canAsk, CanAskInput, DeleteInput, deleteOwnQuestion, SupplementInput } from "../models/questions/ask.server";
import { dropWatch, startWatch, StopNotifyInput, stopNotify, WatchInput } from "../models/questions/watch.server";
import { askedCookie } from "../models/questions/asked-note.server";
import { videoCount } from "../lib/videos";
import { defineCall, type NamedCall } from "./define";

const page = (qid: number) => `/question/${qid}`;

/** The questions named calls: asking, supplements, the owner's delete, following. */
export const questionCalls: Record<string, NamedCall> = {
  addqst: defineCall({
    method: "POST",
    input: AskInput,
    quota: "ASK",
    videos: (input) => videoCount(input.Body),
    welcome: true,
    run: async (c, input) => askQuestion(c.env, c.session, await withFormPhoto(c.env, c.session, input, c.now), c.now),
    // the question's page then says where it went and what it cost (asked-note.server.ts)
    cookie: (r, _, c) => askedCookie(r.qid, c.req),
  }),
  updqst: defineCall({
    method: "POST",
    input: SupplementInput,
    videos: (input) => videoCount(input.Body),
    run: async (c, input) => addSupplement(c.env, c.session, await withFormPhoto(c.env, c.session, input, c.now), c.now),
    purge: (_, input) => [page(input.qid)],
  }),
  delqst: defineCall({
    method: "POST",
    input: DeleteInput,
    run: (c, input) => deleteOwnQuestion(c.env, c.session, input, c.now),
    // the question's page, and the index's newest questions, where a just-asked question most likely stands
    purge: (_, input) => [page(input.qid), "/"],
    reply: (r) => ({ ...r, redirect: "/" }),
  }),
  canask: defineCall({
    method: "GET",
    input: CanAskInput,
    run: (c, input) => canAsk(c.env, c.session, c.now, input.cid),
  }),
  startwatch: defineCall({
    method: "POST",
    input: WatchInput,
    run: (c, input) => startWatch(c.env, c.session, input, c.now),
  }),
  dropwatch: defineCall({
    method: "POST",
    input: WatchInput,
    run: (c, input) => dropWatch(c.env, c.session, input, c.now),
  }),
  stopnotify: defineCall({
    method: "POST",
    input: StopNotifyInput,
    run: (c, input) => stopNotify(c.env, c.session, input, c.now),
  }),
};
