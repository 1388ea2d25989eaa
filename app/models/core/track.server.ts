/**
 * Tracking events (`dwh`): the browser reports what a reader did — an external link
 * followed, the "was this useful" survey shown, closed or answered, an answer or a brand visited.
 * Guests send them too. Each accepted event is one row of track_events: its name, the sender (null
 * for a guest), the question, answer or comment it is about, and the rest of its known fields with
 * the dwh_ client fields as a JSON object of at most 2000 characters. Unknown names and fields
 * that do not fit are refused with 400 and nothing is stored; fields the event does not know are
 * dropped.
 */
import { ERR, ERR_MSG } from "../../lib/errids";
import { z } from "zod";
import { DomainError } from "../../lib/errors";
import { LIMITS } from "../../lib/limits";
import { blank, OptId } from "../../lib/fields";
import { dbOf, schema } from "./db.server";
import { readCookie, type Session } from "../users/session.server";
import { SUGGEST_COOKIE, suggestGroupOf } from "../../lib/experiments";

export const TRACK_EVENTS = [
  "external_link_click",
  "survey_shown",
  "survey_closed",
  "survey_answer_found_click",
  "survey_answer_notfound_click",
  "survey_ask_click",
  "survey_askexpert_click",
  "answer_visited",
  "brand_visited",
  /** the ask page's similar-questions search failed, or found nothing (the asker is shown nothing) */
  "similar_failed",
  "similar_empty",
] as const;

/** The payload of one event may not be longer than this (JSON characters). */
export const TRACK_PAYLOAD_MAX = 2000;

const Str = (max: number) => z.preprocess(blank, z.string(ERR_MSG.badFields).max(max, ERR_MSG.badFields).optional());

export const DwhInput = z.object({
  name: z.enum(TRACK_EVENTS, ERR_MSG.badFields),
  qid: OptId,
  aid: OptId,
  /** the comment (external_link_click sends cmtid) */
  cmtid: OptId,
  // payload: the event's own fields …
  usrid: OptId,
  linkurl: Str(LIMITS.linkField),
  linkbrand: Str(100),
  linkentity: Str(100),
  /** brand_visited: the brand's urlname or id, and its category */
  brand: Str(100),
  cid: OptId,
  // … and the tracking fields every call carries
  dwh_clienttimestamp1: Str(20),
  dwh_clienttimestamp2: Str(20),
  dwh_referer: Str(LIMITS.linkField),
  dwh_pagetype: Str(32),
  dwh_url: Str(LIMITS.linkField),
  dwh_platform: Str(16),
});

/**
 * `dwh` {name, qid?, aid?, cmtid?, …}: stores the event with the sender's experiment groups (his
 * e-mail group, and the suggest group of his browser's cookie); the reply is the bare envelope.
 */
export async function trackEvent(env: Env, session: Session | null, input: z.infer<typeof DwhInput>, now: number, req: Request) {
  const { name, qid, aid, cmtid, ...rest } = input;
  // the reader's experiment groups: his e-mail's, and his browser's suggest group (its cookie)
  const groups = { exp_email: session?.user.experiment ?? undefined, exp_suggest: suggestGroupOf(readCookie(req, SUGGEST_COOKIE)) ?? undefined };
  const fields = Object.fromEntries(Object.entries({ ...rest, ...groups }).filter(([, v]) => v !== undefined));
  const payload = JSON.stringify(fields);
  if (payload.length > TRACK_PAYLOAD_MAX) throw new DomainError(ERR.badFields);
  await dbOf(env)
    .insert(schema.trackEvents)
    .values({ name, userId: session?.user.id ?? null, qid: qid ?? null, aid: aid ?? null, cmid: cmtid ?? null, payload, added: now });
  return {};
}
