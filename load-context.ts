import type { AppLoadContext } from "@remix-run/cloudflare";
import type { CallResult } from "./worker/api/run";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: {
      env: Env;
      cf: unknown;
      ctx: ExecutionContext;
      caches: CacheStorage;
    };
    /** Runs a named call through the form door (the worker's one call registry). */
    runCall(name: string, request: Request, fields: Record<string, unknown>): Promise<CallResult | null>;
  }
}
export type { AppLoadContext };
