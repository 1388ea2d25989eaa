import { Hono } from "hono";
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// biome-ignore lint/suspicious/noTsIgnore: the server build exists only after `remix vite:build`, so @ts-expect-error would fail once it does
// @ts-ignore - produced by `remix vite:build`
import * as build from "../build/server/index.js";
import { api } from "./api";
import { live } from "./live";
import { ERRORS } from "../app/lib/errors";
import { ERR } from "../app/lib/errids";
import { missingSecrets } from "../app/models/core/secrets.server";
import { cleanUp } from "../app/models/core/cleanup.server";
import { advanceQuestions } from "../app/models/questions/lifecycle.server";
import { promoteToGold } from "../app/models/questions/gold.server";
import { expireVips } from "../app/models/gifts/vip.server";
import { indexStale } from "../app/models/search/index.server";
import { fillNickKeys } from "../app/models/users/nicks.server";
import { withD1Stats } from "./d1-stats";
import { bookmarkOf, withD1Session } from "./d1-session";
import { moveRequest } from "../app/models/ops/move-door.server";
import { isSameOrigin } from "../app/calls/origin";
import { guestCopy, withPageCache } from "../app/calls/page-cache.server";
import { isSharedCandidate, type SharedRenderContext, sharedQuestionPage } from "../app/calls/shared-page.server";
import { withSecurityHeaders } from "../app/lib/http.server";
import { servePreview } from "../app/models/photos/photo-reads.server";
import { dropUnattachedPhotos } from "../app/models/photos/cleanup.server";
import { cleanUpEffectRecords, sendAllUnsent, spreadOverDatabases } from "../app/models/effects/outbox.server";
import { threadsInUse } from "../app/models/core/thread-ranges.server";
import { applyEffects } from "../app/models/effects/apply.server";
import { unsubscribeByToken } from "../app/models/mail/unsubscribe.server";
import { sendNoticeMails } from "../app/models/mail/notice-mails.server";
import { sendDigests } from "../app/models/mail/digest.server";
import type { MailJob } from "../app/models/mail/mail-queue.server";
import { sendPushes } from "../app/models/notifications/web-push.server";
import type { PushJob } from "../app/models/notifications/web-push-queue.server";

import type { AppEnv } from "./types";

export { UserHub } from "../durable-objects/user-hub";
export { QuestionRoom } from "../durable-objects/question-room";
export { Limiter } from "../durable-objects/limiter";

/** The Web Push and mail queues' names (wrangler.toml); every other queue the worker consumes carries effects. */
const PUSH_QUEUE = "otvety-push";
const MAIL_QUEUE = "otvety-mail";

const handleRemix = createRequestHandler(build as unknown as ServerBuild);

/** The worker's router (exported for the visibility matrix, which checks that every path of it is a door it knows). */
export const app = new Hono<AppEnv>();

// Every response of the worker carries the security headers (static files get theirs from
// public/_headers); a WebSocket upgrade (101) has no document to protect and keeps its own.
app.use("*", async (c, next) => {
  await next();
  if (c.res.status !== 101) c.res = withSecurityHeaders(c.res);
});

let toldMissing = false;

// Without its secrets the site must not run: no password could be checked and every captcha code
// would be computable. Every request is refused with 503 (the reason goes to the log once).
app.use("*", async (c, next) => {
  const missing = missingSecrets(c.env);
  if (missing.length === 0) return next();
  if (!toldMissing) {
    toldMissing = true;
    console.error(`refusing every request: the secret(s) ${missing.join(", ")} are not set (wrangler secret put ${missing[0]}; locally .dev.vars)`);
  }
  const { status, text } = ERRORS[ERR.siteNotConfigured];
  if (c.req.path.startsWith("/api/")) return c.json({ status, errid: ERR.siteNotConfigured, error: text }, status);
  return c.text(text, status);
});

// The previews of photos, from the R2 bucket by their key, to a reader who may see the photo where it is shown.
app.get("/img/p/:key/:size", (c) => servePreview(c.env, c.req.raw, c.req.param("key"), c.req.param("size")));

// The operator's move of a range of questions to another database (scripts/move-range.mjs;
// docs/decisions/0059) reads and writes every database's primary, never a replica: each step must
// see every write made before it, so its door comes before the D1 sessions.
app.post("/api/ops/moves", (c) => moveRequest(c.env, c.req.raw, null));
app.post("/api/ops/moves/:id", (c) => moveRequest(c.env, c.req.raw, c.req.param("id")));

// Read replicas: each request reads and writes through D1 sessions (one per database) that start
// from the browser's bookmarks, and a write leaves each new bookmark in its cookie (worker/d1-session.ts).
app.use("*", async (c, next) => {
  const { env, cookiesAfter } = withD1Session(c.req.raw, c.env);
  c.env = env;
  await next();
  const cookies = cookiesAfter(c.res);
  if (cookies.length === 0) return;
  try {
    for (const cookie of cookies) c.res.headers.append("Set-Cookie", cookie);
  } catch {
    // a response with immutable headers (passed on as it came): a copy takes the cookies
    c.res = new Response(c.res.body, c.res);
    for (const cookie of cookies) c.res.headers.append("Set-Cookie", cookie);
  }
});

// Effects bound for another database leave outbox rows in the write's batch (in DB, or in the thread
// database the write went to): once the response is made, the request sends them to the queue (the
// cron sends whatever a stopped Worker left).
app.on(["POST", "PUT", "PATCH", "DELETE"], "*", async (c, next) => {
  await next();
  if (spreadOverDatabases(c.env) || threadsInUse())
    c.executionCtx.waitUntil(sendAllUnsent(c.env, Date.now()).catch((e) => console.error("effects: send failed", e)));
});

app.route("/api", api);

// WebSockets: the user's hub and a question's room.
app.route("/", live);

// One-click unsubscribe (RFC 8058): a mail client posts `List-Unsubscribe=One-Click` here from
// anywhere, without a session, so this comes before the same-site check of forms; the page's own
// button (app/routes/unsubscribe.$token.tsx) posts here too and is sent back to it.
app.post("/unsubscribe/:token", async (c) => {
  const token = c.req.param("token");
  const done = await unsubscribeByToken(c.env, token);
  const { status, text } = ERRORS[ERR.unsubscribeLinkInvalid];
  if (!done) return c.text(text, status);
  const oneClick = (await c.req.text()).includes("List-Unsubscribe=One-Click");
  return oneClick ? c.text("Вы отписались от писем «Ответов».") : c.redirect(`/unsubscribe/${token}?done=1`, 303);
});

// Forms posted to Remix actions must come from this site (CSRF); Remix would answer 500.
app.on(["POST", "PUT", "PATCH", "DELETE"], "*", async (c, next) => {
  if (!isSameOrigin(c.req.raw)) return c.text(ERRORS[111].text, 403);
  await next();
});

app.all("*", async (c) => {
  const req = c.req.raw;
  // With D1_STATS=1 (the benchmark, the tests) each page reports the D1 work done before its headers.
  const { env, report } = withD1Stats(c.env, req);
  // the request's `cf` is parsed from its JSON and frozen when first read: left to a loader that asks (none does)
  const contextOf = (): SharedRenderContext => ({
    cloudflare: {
      env,
      get cf() {
        return req.cf;
      },
      ctx: c.executionCtx,
      caches,
    },
  });
  const renderRemix = async (context: SharedRenderContext) => {
    const res = await handleRemix(req, context);
    report(res);
    return res;
  };
  // a signed-in reader's question page: one rendering for every reader alike, his own parts filled in
  if (isSharedCandidate(req)) {
    const context = contextOf();
    const shared = await sharedQuestionPage(req, c.executionCtx, context, renderRemix, bookmarkOf(req));
    if (shared) {
      report(shared);
      return shared;
    }
    // rendered for this reader alone (a moderator, a question not there): with the session already read
    return renderRemix(context);
  }
  return withPageCache(req, c.executionCtx, () => renderRemix(contextOf()));
});

export default {
  /**
   * A guest's cached page is served before the router and the D1 session: most readers are guests,
   * and a copy needs nothing else (the security headers come as on every response).
   */
  async fetch(req: Request, env: Env, ctx: ExecutionContext) {
    const copy = missingSecrets(env).length === 0 ? await guestCopy(req) : null;
    return copy ? withSecurityHeaders(copy) : app.fetch(req, env, ctx);
  },
  /**
   * The cron: questions move A → V → R (or are deleted when nobody answered) as their windows
   * close, VIPs expire, well-liked resolved questions join the gold fund, and spent captchas, old
   * sign-in attempts, sessions, tracking rows and photos uploaded but never used go; effects left
   * unsent go to the queue.
   */
  async scheduled(_controller: ScheduledController, env: Env, ctx: ExecutionContext) {
    ctx.waitUntil(advanceQuestions(env, Date.now()));
    ctx.waitUntil(expireVips(env, Date.now()));
    ctx.waitUntil(promoteToGold(env));
    ctx.waitUntil(cleanUp(env, Date.now()));
    ctx.waitUntil(dropUnattachedPhotos(env, Date.now()));
    // rows written outside the worker (none in normal operation) get their stems, and their nicks' keys
    ctx.waitUntil(indexStale(env.DB, 5_000));
    ctx.waitUntil(fillNickKeys(env.DB, 5_000));
    // effects whose request stopped before sending them, and the effects' old records
    ctx.waitUntil(sendAllUnsent(env, Date.now()));
    ctx.waitUntil(cleanUpEffectRecords(env, Date.now()));
    // from 09:00 Moscow time, the day's digests by mail, some each run
    ctx.waitUntil(sendDigests(env, Date.now()));
  },
  /**
   * The queues: effects, each applied once in its database (app/models/effects/apply.server.ts),
   * Web Push, sent to the devices of those who had no page open (app/models/notifications/web-push.server.ts),
   * and mail at once for the kinds chosen for it (app/models/mail/notice-mails.server.ts).
   */
  async queue(batch: MessageBatch<unknown>, env: Env) {
    if (batch.queue === PUSH_QUEUE) await sendPushes(env, batch as MessageBatch<PushJob>, Date.now());
    else if (batch.queue === MAIL_QUEUE) await sendNoticeMails(env, batch as MessageBatch<MailJob>, Date.now());
    else await applyEffects(env, batch, Date.now());
  },
} satisfies ExportedHandler<Env>;
