import type { Limiter } from "../durable-objects/limiter";
import type { QuestionRoom } from "../durable-objects/question-room";
import type { UserHub } from "../durable-objects/user-hub";

declare global {
  namespace Cloudflare {
    interface Env {
      DB: D1Database;
      ASSETS: Fetcher;
      USER_HUB: DurableObjectNamespace<UserHub>;
      QUESTION_ROOM: DurableObjectNamespace<QuestionRoom>;
      LIMITER: DurableObjectNamespace<Limiter>;
      /** the previews of uploaded photos, by key (app/lib/photos.ts) */
      PHOTOS: R2Bucket;
      /** secret mixed into password hashes (wrangler secret put PEPPER); without it the worker answers 503 */
      PEPPER?: string;
      /** secret the captcha codes are derived from (wrangler secret put CAPTCHA_SECRET); without it the worker answers 503 */
      CAPTCHA_SECRET?: string;
      /** "1" makes every page report its D1 round trips in response headers (benchmarks) */
      D1_STATS?: string;
      /**
       * `npm run bench` only: lets a request switch the quota check off (header x-bench-quota: off),
       * a question room's per-address socket cap (header x-bench-caps: off) and the per-address
       * rate limits (header x-bench-rate: off)
       */
      BENCH_KNOBS?: string;
      /** "off" renders every part of every page anew instead of reusing kept HTML fragments (the tests compare the two) */
      FRAGMENTS?: string;
      /** the zone the site is served on: with CF_PURGE_TOKEN, writes purge the changed pages in every location */
      CF_ZONE_ID?: string;
      /** secret: an API token with the zone's Cache Purge permission (wrangler secret put CF_PURGE_TOKEN) */
      CF_PURGE_TOKEN?: string;
    }
  }
  interface Env extends Cloudflare.Env {}
}
