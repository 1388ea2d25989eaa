/**
 * The least a request costs the local runtime: a worker that answers at once, served like the
 * deployed bundle (tests/serve-bundle.ts, the same wrangler.toml: its assets in front, its
 * bindings), so the bench can tell the runtime's own part of a page's busy time from the worker's.
 * Its Durable Object classes exist only because wrangler.toml binds them; nothing calls them.
 */
import { DurableObject } from "cloudflare:workers";

export class UserHub extends DurableObject {}
export class QuestionRoom extends DurableObject {}
export class Limiter extends DurableObject {}

export default {
  fetch() {
    return new Response("ok");
  },
};
