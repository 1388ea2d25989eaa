import { Hono } from "hono";
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// biome-ignore lint/suspicious/noTsIgnore: the server build exists only after `remix vite:build`, so @ts-expect-error would fail once it does
// @ts-ignore - produced by `remix vite:build`
import * as build from "../build/server/index.js";
import { api } from "./api";
import { live } from "./live";
import { ERRORS } from "../app/lib/errors";
import { advanceQuestions } from "../app/models/questions/lifecycle.server";
import { expireVips } from "../app/models/gifts/vip.server";
import { withD1Stats } from "./d1-stats";
import { isSameOrigin } from "../app/calls/origin";
import { withPageCache } from "../app/calls/page-cache.server";
import type { AppEnv } from "./types";

export { UserHub } from "../durable-objects/user-hub";
export { QuestionRoom } from "../durable-objects/question-room";

const handleRemix = createRequestHandler(build as unknown as ServerBuild);

const app = new Hono<AppEnv>();

app.route("/api", api);

// WebSockets: the user's hub and a question's room.
app.route("/", live);

// Forms posted to Remix actions must come from this site (CSRF); Remix would answer 500.
app.on(["POST", "PUT", "PATCH", "DELETE"], "*", async (c, next) => {
  if (!isSameOrigin(c.req.raw)) return c.text(ERRORS[111].text, 403);
  await next();
});

app.all("*", (c) =>
  withPageCache(c.req.raw, c.executionCtx, async () => {
    // With D1_STATS=1 (the benchmark, the tests) each page reports the D1 work done before its headers.
    const { env, report } = withD1Stats(c.env);
    const res = await handleRemix(c.req.raw, {
      cloudflare: { env, cf: c.req.raw.cf, ctx: c.executionCtx, caches },
    });
    report(res);
    return res;
  }),
);

export default {
  fetch: app.fetch,
  /** The cron: questions move A → V → R (or are deleted when nobody answered) as their windows close. */
  async scheduled(_controller: ScheduledController, env: Env, ctx: ExecutionContext) {
    ctx.waitUntil(advanceQuestions(env, Date.now()));
    ctx.waitUntil(expireVips(env, Date.now()));
  },
} satisfies ExportedHandler<Env>;
