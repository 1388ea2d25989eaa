import type { AppLoadContext } from "@remix-run/cloudflare";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: {
      env: Env;
      cf: unknown;
      ctx: ExecutionContext;
      caches: CacheStorage;
    };
  }
}
export type { AppLoadContext };
