import { z } from "zod";
import { AbuseInput, DismissInput, dismissReports, modCount, ModQueueInput, modQueue, reportAbuse } from "../models/moderation/abuse.server";
import { defineCall, type NamedCall } from "./define";

/** Abuse reports and the moderation queue: abuse, mod_queue, mod_count, abuse_dismiss. */
export const abuseCalls: Record<string, NamedCall> = {
  abuse: defineCall({
    method: "POST",
    input: AbuseInput,
    run: (c, input) => reportAbuse(c.env, c.session, input, c.now),
  }),
  mod_queue: defineCall({
    method: "GET",
    input: ModQueueInput,
    run: (c, input) => modQueue(c.env, c.session, input, c.now),
  }),
  mod_count: defineCall({
    method: "GET",
    input: z.object({}),
    run: (c) => modCount(c.env, c.session, c.now),
  }),
  /** ours: a moderator closes the open reports of an item he leaves as it is */
  abuse_dismiss: defineCall({
    method: "POST",
    input: DismissInput,
    run: (c, input) => dismissReports(c.env, c.session, input, c.now),
  }),
};
