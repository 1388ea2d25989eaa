/**
 * The least a request costs the local runtime: a worker that answers at once, served like the
 * deployed bundle (tests/serve-bundle.ts, the same wrangler.toml: its assets in front, its
 * bindings), so the bench can tell the runtime's own part of a page's busy time from the worker's.
 * Its Durable Object classes exist only because wrangler.toml binds them; nothing calls them.
 *
 * Two knobs give the bench work of a known kind to check the profiler's figures against:
 * `?spin=N` makes it spin N turns of a loop first, work of its own isolate; `?sqlite=N` makes it
 * wait first for one D1 query that keeps SQLite counting to N, work of another isolate on the same
 * thread, which the profile of this one must not count as its own.
 */
import { DurableObject } from "cloudflare:workers";

export class UserHub extends DurableObject {}
export class QuestionRoom extends DurableObject {}
export class Limiter extends DurableObject {}

export default {
  async fetch(request, env) {
    const params = new URL(request.url).searchParams;
    const count = Number(params.get("sqlite") ?? 0);
    if (count > 0) {
      await env.DB.prepare("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ?) SELECT count(*) AS n FROM c").bind(count).first();
    }
    const turns = Number(params.get("spin") ?? 0);
    let sum = 0;
    for (let i = 0; i < turns; i++) sum = (sum + i * 7) % 1000003;
    return new Response(`ok ${sum}`);
  },
};
