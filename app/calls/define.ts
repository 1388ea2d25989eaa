import type { z } from "zod";
import type { RoomEvent } from "../models/core/hub.server";
import type { Session } from "../models/users/session.server";
import type { Reader } from "../models/core/visibility.server";
import type { QuotaCode } from "../lib/quotas";
import type { RateName } from "../models/core/rate-limits.server";

/** What a named call gets besides its input. */
export type CallContext = {
  env: Env;
  req: Request;
  session: Session | null;
  ip: string;
  now: number;
  exec: ExecutionContext;
  /** who reads, for what he may see (the session's user or a guest, and his age confirmation) */
  reader: Reader;
};

/**
 * A function of the call's parsed input. Written as a method so that a call with its own input
 * type still fits Record<string, NamedCall> (method parameters are compared both ways).
 */
type OfInput<I, T> = { of(input: I): T }["of"];

/**
 * A named call: its HTTP method, its zod schema (issue messages that are errids map to the
 * catalogue), the model it runs and what follows from it, said as declarations that the runner
 * (run.server.ts) applies. The reply is merged into the envelope {status: 200, …}; a `redirect`
 * field tells the form door where to go on success (else back to `return`).
 *
 * `purge`, `publish`, `cookie` and `reply` are applied only after `run` succeeded: a refused
 * write, and a write held for premoderation (it replies {on_moderation: 1, premod_id}), change no
 * cached page and tell no live reader.
 */
export type NamedCall<S extends z.ZodType = z.ZodType, R extends Record<string, unknown> = Record<string, unknown>> = {
  method: "GET" | "POST";
  /** the path prefix of the call: /api/{door}/{name}; v2 unless said */
  door?: "v2" | "notify" | "slow" | "search";
  input: S;
  /**
   * the daily quota (app/lib/quotas.ts) one successful call of a signed-in user consumes, or a
   * function of the input when the input decides it: the slot is taken before `run` and given
   * back when `run` fails (a held write keeps it)
   */
  quota?: QuotaCode | OfInput<z.infer<S>, QuotaCode>;
  /** how many videos the write attaches: each takes one of the day's VIQ slots, as `quota` does */
  videos?: OfInput<z.infer<S>, number>;
  /**
   * a limit on how often one address may make the call (app/models/core/rate-limits.server.ts),
   * signed in or not: counted before `run`; over it the call is refused with 429 and when to try again
   */
  rate?: RateName;
  /** the call is one of the main features whose first use within days of registering earns the welcome bonus */
  welcome?: true;
  /** calls the model: returns its result or throws a DomainError */
  run(c: CallContext, input: z.infer<S>): Promise<R>;
  /** the pages whose guest cache copy is dropped (the write changed them) */
  purge?(result: R, input: z.infer<S>, c: CallContext): string[];
  /** the change pushed to everyone reading the question (its QuestionRoom), if any */
  publish?(result: R, input: z.infer<S>, c: CallContext): RoomEvent | undefined;
  /** a Set-Cookie header the reply carries */
  cookie?(result: R, input: z.infer<S>, c: CallContext): string;
  /** what the client gets of the result, when not all of it (ids used only for purging stay here) */
  reply?(result: R, input: z.infer<S>, c: CallContext): Record<string, unknown>;
};

export function defineCall<S extends z.ZodType, R extends Record<string, unknown>>(call: NamedCall<S, R>): NamedCall<S, R> {
  return call;
}
