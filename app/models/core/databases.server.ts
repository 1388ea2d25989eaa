/**
 * The Worker's D1 databases by binding name (docs/decisions/0053): the site's own database `DB`,
 * and the plan's kinds beside it — users' (`USERS_n`), threads' (`THREADS_n`) and search's
 * (`SEARCH_n`). Every place that turns a name from the range map, an outbox row or an operator's
 * request into a database goes through here, so a name that is no database is refused the same way.
 */
import { ID_BLOCK } from "../../lib/ids";

/** The site's own database: every question no range names, and every user's rows unless USER_DBS spreads them. */
export const SITE_DB = "DB";

const DATABASE_BINDING = /^(DB|SITE|(USERS|THREADS|SEARCH)_\d+)$/;
const THREAD_BINDING = /^THREADS_(\d+)$/;

/** The D1 database bound as `name`, or null when `name` names none (or a binding of another kind). */
export function d1Named(env: Env, name: string): D1Database | null {
  if (!DATABASE_BINDING.test(name)) return null;
  const d1 = (env as unknown as Record<string, unknown>)[name] as D1Database | undefined;
  return d1 && typeof d1.batch === "function" ? d1 : null;
}

const bindingOfEnvs = new WeakMap<object, string>();

/** The env whose DB is the database bound as `name` (the env itself for DB, keeping its D1 session), or null. */
export function envOn(env: Env, name: string): Env | null {
  if (name === SITE_DB) return env;
  const d1 = d1Named(env, name);
  if (!d1) return null;
  const on = { ...env, DB: d1 } as Env;
  bindingOfEnvs.set(on, name);
  return on;
}

/** The binding whose database an env's DB is: the name `envOn` made it for, else DB (a request's own env). */
export function bindingOfEnv(env: Env): string {
  return bindingOfEnvs.get(env) ?? SITE_DB;
}

/** Whether `name` is the name of a thread database (THREADS_n), bound or not. */
export function isThreadBinding(name: string): boolean {
  return THREAD_BINDING.test(name);
}

const threadNames = new WeakMap<object, string[]>();

/** The names of the thread databases this env binds, found once per env object. */
export function threadBindings(env: Env): string[] {
  let names = threadNames.get(env);
  if (!names) {
    names = Object.keys(env).filter((name) => isThreadBinding(name) && d1Named(env, name));
    threadNames.set(env, names);
  }
  return names;
}

/** The first id of thread database `binding`'s own block (THREADS_n: n × 10^12). */
export function idBlockOf(binding: string): number {
  const n = THREAD_BINDING.exec(binding);
  return n ? Number(n[1]) * ID_BLOCK : 0;
}

/** The database that gave out row id `id` (its block): THREADS_n from n × 10^12, DB below. */
export function blockOwner(id: number): string {
  const n = Math.floor(id / ID_BLOCK);
  return n >= 1 ? `THREADS_${n}` : SITE_DB;
}
