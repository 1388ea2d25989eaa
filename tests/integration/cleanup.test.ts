import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { all, exec } from "./helpers/db";
import { cleanUp } from "../../app/models/core/cleanup.server";

const DAY = 86_400_000;
const NOW = Date.now();

/** Rows of every kind the cleanup looks at, some due and some not; the ids of each. */
async function plant(tag: string) {
  await env.DB.batch([
    // captchas: expired a minute ago (due) / live / used but not expired (kept until it expires)
    env.DB.prepare("insert into captchas (id, answer_hash, user_id, expires_at, used_at) values (?, 'h', null, ?, null)").bind(`${tag}-expired`, NOW - 60_000),
    env.DB.prepare("insert into captchas (id, answer_hash, user_id, expires_at, used_at) values (?, 'h', null, ?, null)").bind(`${tag}-live`, NOW + 60_000),
    env.DB.prepare("insert into captchas (id, answer_hash, user_id, expires_at, used_at) values (?, 'h', null, ?, ?)").bind(`${tag}-used`, NOW + 60_000, NOW),
    // sign-in attempts: two days old (due) / an hour old
    env.DB.prepare("insert into login_attempts (email, ip, ok, added) values (?, '192.0.2.1', 0, ?)").bind(`${tag}-old@x`, NOW - 2 * DAY),
    env.DB.prepare("insert into login_attempts (email, ip, ok, added) values (?, '192.0.2.1', 0, ?)").bind(`${tag}-new@x`, NOW - 3_600_000),
    // sessions of user 1: expired 31 days ago (due) / revoked 31 days ago (due) / revoked yesterday / live
    env.DB.prepare("insert into sessions (user_id, token_hash, salt, api_token, created_at, expires_at) values (1, ?, 's', 't', ?, ?)").bind(
      `${tag}-expired`,
      NOW - 61 * DAY,
      NOW - 31 * DAY,
    ),
    env.DB.prepare("insert into sessions (user_id, token_hash, salt, api_token, created_at, expires_at, revoked_at) values (1, ?, 's', 't', ?, ?, ?)").bind(
      `${tag}-revoked-long-ago`,
      NOW - 40 * DAY,
      NOW - 10 * DAY,
      NOW - 31 * DAY,
    ),
    env.DB.prepare("insert into sessions (user_id, token_hash, salt, api_token, created_at, expires_at, revoked_at) values (1, ?, 's', 't', ?, ?, ?)").bind(
      `${tag}-revoked-yesterday`,
      NOW - 2 * DAY,
      NOW + 28 * DAY,
      NOW - DAY,
    ),
    env.DB.prepare("insert into sessions (user_id, token_hash, salt, api_token, created_at, expires_at) values (1, ?, 's', 't', ?, ?)").bind(
      `${tag}-live`,
      NOW,
      NOW + 30 * DAY,
    ),
    // tracking rows: 91 days old (due) / 89 days old
    env.DB.prepare("insert into track_events (name, payload, added) values ('survey_shown', ?, ?)").bind(`{"tag":"${tag}-old"}`, NOW - 91 * DAY),
    env.DB.prepare("insert into track_events (name, payload, added) values ('survey_shown', ?, ?)").bind(`{"tag":"${tag}-recent"}`, NOW - 89 * DAY),
  ]);
}

/** What is left of the planted rows. */
async function left(tag: string) {
  const like = `${tag}-%`;
  return {
    captchas: (await all<{ id: string }>("select id from captchas where id like ? order by id", like)).map((r) => r.id),
    attempts: (await all<{ email: string }>("select email from login_attempts where email like ? order by email", like)).map((r) => r.email),
    sessions: (await all<{ token_hash: string }>("select token_hash from sessions where token_hash like ? order by token_hash", like)).map((r) => r.token_hash),
    tracking: (await all<{ payload: string }>("select payload from track_events where payload like ? order by payload", `%${like}`)).map(
      (r) => JSON.parse(r.payload).tag,
    ),
  };
}

const KEPT = (tag: string) => ({
  captchas: [`${tag}-live`, `${tag}-used`],
  attempts: [`${tag}-new@x`],
  sessions: [`${tag}-live`, `${tag}-revoked-yesterday`],
  tracking: [`${tag}-recent`],
});

describe("the cleanup", () => {
  it("deletes expired captchas, day-old sign-in attempts, sessions ended a month ago and tracking rows older than 90 days, and keeps the rest", async () => {
    await plant("a");
    const done = await cleanUp(env, NOW);
    expect(done).toMatchObject({
      captchas: expect.any(Number),
      loginAttempts: expect.any(Number),
      sessions: expect.any(Number),
      trackEvents: expect.any(Number),
    });
    expect(await left("a")).toEqual(KEPT("a"));
  });

  it("deletes in bounded batches, so a backlog goes over several runs", async () => {
    for (const t of ["b1", "b2", "b3"]) await plant(t);
    expect(await cleanUp(env, NOW, 2)).toEqual({ captchas: 2, loginAttempts: 2, sessions: 2, trackEvents: 2 });
    expect(await cleanUp(env, NOW, 2)).toEqual({ captchas: 1, loginAttempts: 1, sessions: 2, trackEvents: 1 });
    expect(await cleanUp(env, NOW, 2)).toEqual({ captchas: 0, loginAttempts: 0, sessions: 2, trackEvents: 0 });
    expect(await cleanUp(env, NOW, 2)).toEqual({ captchas: 0, loginAttempts: 0, sessions: 0, trackEvents: 0 });
    for (const t of ["b1", "b2", "b3"]) expect(await left(t)).toEqual(KEPT(t));
  });

  it("the cron runs it", async () => {
    await exec("delete from captchas where expires_at < ?", NOW);
    await plant("c");
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: NOW, cron: "*/5 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await left("c")).toEqual(KEPT("c"));
  });
});
