import type { z } from "zod";
import type { Session } from "../../app/models/session.server";

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
};

export type NamedCall<S extends z.ZodType = z.ZodType> = {
  method: "GET" | "POST";
  /** the path prefix the spec puts the call under; v2 unless said */
  door?: "v2" | "notify" | "slow";
  input: S;
  run(c: CallContext, input: z.infer<S>): Promise<Record<string, unknown>>;
};

export function defineCall<S extends z.ZodType>(call: NamedCall<S>): NamedCall<S> {
  return call;
}
