import type { Limiter } from "../durable-objects/limiter";
import type { QuestionRoom } from "../durable-objects/question-room";
import type { UserHub } from "../durable-objects/user-hub";
import type { EffectMessage } from "../app/models/effects/outbox.server";
import type { PushJob } from "../app/models/notifications/web-push-queue.server";
import type { MailJob } from "../app/models/mail/mail-queue.server";

declare global {
  namespace Cloudflare {
    interface Env {
      DB: D1Database;
      ASSETS: Fetcher;
      USER_HUB: DurableObjectNamespace<UserHub>;
      QUESTION_ROOM: DurableObjectNamespace<QuestionRoom>;
      LIMITER: DurableObjectNamespace<Limiter>;
      /** effects bound for another database than their write (outbox rows), applied by the worker's queue handler */
      EFFECTS: Queue<EffectMessage>;
      /**
       * the D1 bindings users' own rows are spread over, comma-separated (user id mod their number);
       * unset or one name: every user is in DB and no effect goes through the queue
       */
      USER_DBS?: string;
      /** the first thread database: ranges of questions moved out of DB live here (db/migrations-threads; docs/decisions/0059) */
      THREADS_1: D1Database;
      /** how long (ms) an isolate keeps the map of which database holds which questions; 5 s unless set (the tests shorten it) */
      RANGE_MAP_TTL_MS?: string;
      /** secret: what the operator's move tool (scripts/move-range.mjs) sends in x-ops-secret; without it /api/ops/* is 404 */
      OPS_SECRET?: string;
      /** notifications to send by Web Push (their recipients had no page open), sent by the worker's queue handler */
      PUSH: Queue<PushJob>;
      /** Web Push's VAPID public key, base64url (wrangler secret put VAPID_PUBLIC_KEY; `node scripts/vapid-keys.mjs` makes a pair); without the three push is off */
      VAPID_PUBLIC_KEY?: string;
      /** secret: the VAPID private key, base64url (wrangler secret put VAPID_PRIVATE_KEY) */
      VAPID_PRIVATE_KEY?: string;
      /** who the push services may contact, "mailto:…" or "https://…" (wrangler secret put VAPID_SUBJECT) */
      VAPID_SUBJECT?: string;
      /**
       * outside production only: origins a push subscription may point at besides the known push
       * services, comma-separated (the tests' local push service)
       */
      PUSH_TEST_ORIGINS?: string;
      /** notifications to mail at once (the kinds their recipients chose for mail), sent by the worker's queue handler */
      MAIL: Queue<MailJob>;
      /** Cloudflare's e-mail sending (the send_email binding), the provider of production mail */
      MAILER?: SendEmail;
      /** the address mail comes from, on a domain set up for Cloudflare's e-mail sending */
      MAIL_FROM?: string;
      /** "sink" (kept in the mail log only, shown at /dev/mail; refused in production) or "cloudflare"; by default sink outside production */
      MAIL_PROVIDER?: string;
      /** secret: what the provider's bounce and complaint reports carry (x-mail-secret) to POST /api/mail/events */
      MAIL_EVENTS_SECRET?: string;
      /** the site's address for links in mail ("https://otvety.example"); without it no mail is sent */
      SITE_ORIGIN?: string;
      /** the previews of uploaded photos, by key (app/lib/photos.ts) */
      PHOTOS: R2Bucket;
      /** secret mixed into password hashes (wrangler secret put PEPPER); without it the worker answers 503 */
      PEPPER?: string;
      /** secret the captcha codes are derived from (wrangler secret put CAPTCHA_SECRET); without it the worker answers 503 */
      CAPTCHA_SECRET?: string;
      /** "1" makes every page report its D1 round trips in response headers (benchmarks) */
      D1_STATS?: string;
      /**
       * set by the worker with D1_STATS=1: the request's D1 for keeping the search indexes (stemming
       * rows written outside the worker), counted apart from the request's own reads
       */
      INDEX_DB?: D1Database;
      /**
       * `npm run bench` only: lets a request switch the quota check off (header x-bench-quota: off),
       * a question room's per-address socket cap (header x-bench-caps: off), the per-address
       * rate limits (header x-bench-rate: off), and ask for its D1 to be counted, or its reads made
       * twice (header x-bench-d1: once or reads-twice)
       */
      BENCH_KNOBS?: string;
      /** how long (ms) a reader writing an answer counts after his last keystroke; 30 s unless set (the tests shorten it) */
      LIVE_WRITING_MS?: string;
      /** "off" renders every part of every page anew instead of reusing kept HTML fragments (the tests compare the two) */
      FRAGMENTS?: string;
      /** the zone the site is served on: with CF_PURGE_TOKEN, writes purge the changed pages in every location */
      CF_ZONE_ID?: string;
      /** secret: an API token with the zone's Cache Purge permission (wrangler secret put CF_PURGE_TOKEN) */
      CF_PURGE_TOKEN?: string;
      /** the company's own e-mail domains, comma-separated: their users take part in no experiment */
      CORPORATE_DOMAINS?: string;
      /** "production" (wrangler.toml's [vars]) refuses the local test payment provider; local runs say "development" */
      ENVIRONMENT?: string;
      /** secret: signs the local test provider's notifications; with ENVIRONMENT other than production it enables that provider */
      PAY_TEST_SECRET?: string;
      /** which provider new payments go to: "test" or "yookassa" (default: yookassa when its shop is configured, else test when enabled) */
      PAY_PROVIDER?: string;
      /** YooKassa's shop id (wrangler secret put YOOKASSA_SHOP_ID) */
      YOOKASSA_SHOP_ID?: string;
      /** secret: YooKassa's secret key (wrangler secret put YOOKASSA_SECRET_KEY) */
      YOOKASSA_SECRET_KEY?: string;
      /** YooKassa's API base, https://api.yookassa.ru/v3 unless set (the tests point it at a fake on 127.0.0.1) */
      YOOKASSA_API_URL?: string;
    }
  }
  interface Env extends Cloudflare.Env {}
}
