import type { z } from "zod";
import type { RoomEvent } from "../models/core/hub.server";
import type { Session } from "../models/users/session.server";
import type { QuotaCode } from "../lib/quotas";

/** What a named call gets besides its input. */
export type CallContext = {
  env: Env;
  req: Request;
  session: Session | null;
  ip: string;
  now: number;
  exec: ExecutionContext;
  /** adds a Set-Cookie header to the reply */
  setCookie(value: string): void;
  /** drops the guest page cache of these paths after the reply (a write changed them) */
  purge(paths: string[]): void;
  /** pushes a change to everyone reading the question (its QuestionRoom), after the reply */
  publish(event: RoomEvent): void;
};

/**
 * A named call: its HTTP method, its zod schema (issue messages that are errids map to the
 * catalogue) and what it does. The reply is merged into the envelope {status: 200, …}; a
 * `redirect` field tells the form door where to go on success (else back to `return`).
 */
export type NamedCall<S extends z.ZodType = z.ZodType> = {
  method: "GET" | "POST";
  /** the path prefix the spec puts the call under; v2 unless said */
  door?: "v2" | "notify" | "slow" | "search";
  input: S;
  /**
   * the daily quota (app/lib/quotas.ts) one successful call of a signed-in user consumes: the slot
   * is taken before `run` and given back when `run` fails
   */
  quota?: QuotaCode;
  run(c: CallContext, input: z.infer<S>): Promise<Record<string, unknown>>;
};

export function defineCall<S extends z.ZodType>(call: NamedCall<S>): NamedCall<S> {
  return call;
}
