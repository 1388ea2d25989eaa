import { banUser, BanInput } from "../models/moderation/bans.server";
import {
  dropAnswer,
  dropComment,
  dropQuestion,
  ModerIdInput,
  MoveInput,
  moveQuestion,
  restoreAnswer,
  restoreComment,
  restoreQuestion,
} from "../models/moderation/moderation.server";
import { blockAddress, IpBlockInput, IpUnblockInput, unblockAddress } from "../models/moderation/ip-blocks.server";
import { ModqlistInput, readModqlist } from "../models/moderation/moderlog.server";
import type { Session } from "../models/users/session.server";
import { defineCall, type NamedCall } from "./define";

const question = (qid: number) => `/question/${qid}`;
const pages = (r: { qid: number; aid?: number | null }) => [question(r.qid), ...(r.aid ? [`/answer/${r.aid}`] : [])];

/** A drop or restore by id: the pages of its question (and answer) leave the guest cache. */
function byId<R extends Record<string, unknown> & { qid: number; aid?: number | null }>(
  write: (env: Env, session: Session | null, input: ModerIdInput, now: number) => Promise<R>,
) {
  return defineCall({
    method: "POST",
    input: ModerIdInput,
    run: (c, input) => write(c.env, c.session, input, c.now),
    purge: pages,
  });
}

/**
 * The volunteer moderators' calls (docs/decisions/0015-moderation.md): drops and restores of
 * questions, answers and comments, the move, the ban, the address blocks, and the modqlist read. The pages they change
 * leave the guest cache.
 */
export const moderationCalls: Record<string, NamedCall> = {
  a_qstdrop: defineCall({
    method: "POST",
    input: ModerIdInput,
    run: (c, input) => dropQuestion(c.env, c.session, input, c.now),
    purge: (r) => [question(r.qid)],
    publish: (r) => ({ type: "state", qid: r.qid, state: "D" }),
  }),
  a_qstrestore: byId(restoreQuestion),
  a_ansdrop: byId(dropAnswer),
  a_ansrestore: byId(restoreAnswer),
  a_cmtdrop: byId(dropComment),
  a_cmtrestore: byId(restoreComment),
  a_qstmove: defineCall({
    method: "POST",
    input: MoveInput,
    run: (c, input) => moveQuestion(c.env, c.session, input, c.now),
    purge: (r) => [question(r.qid)],
  }),
  a_tmpban: defineCall({
    method: "POST",
    input: BanInput,
    run: (c, input) => banUser(c.env, c.session, input, c.now),
    purge: (r) => [`/profile/id${r.uid}`],
  }),
  a_ipblock: defineCall({
    method: "POST",
    input: IpBlockInput,
    run: (c, input) => blockAddress(c.env, c.session, input, c.ip, c.now),
  }),
  a_ipunblock: defineCall({
    method: "POST",
    input: IpUnblockInput,
    run: (c, input) => unblockAddress(c.env, c.session, input, c.now),
  }),
  modqlist: defineCall({
    method: "GET",
    input: ModqlistInput,
    run: (c, input) => readModqlist(c.env, c.session, input),
  }),
};
