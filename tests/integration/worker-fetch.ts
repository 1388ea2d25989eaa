import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../worker/index";

/**
 * A request straight to the worker's fetch handler: the same code, bindings and stores as SELF,
 * without the harness's dispatch, under which every SELF.fetch of a file gets slower as the file's
 * request count grows (cloudflare/workers-sdk#15446: from a few ms to seconds after ~1,000
 * requests). waitUntil work (cache purges, live publishes) is awaited before the response is handed
 * back, so tests see its effects. `bindings` run the request under other values of some vars. WebSocket upgrades still go through SELF (live.test.ts).
 */
export async function workerFetch(input: RequestInfo | URL, init?: RequestInit, bindings?: Partial<Env>): Promise<Response> {
  const ctx = createExecutionContext();
  // `bindings` stand in for some of the worker's vars (ENVIRONMENT: "production" …), the stores stay the same
  const res = await worker.fetch(new Request(input, init), bindings ? ({ ...env, ...bindings } as Env) : env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}
