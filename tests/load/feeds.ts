/**
 * The bench's "feeds" section (BENCH_ONLY=feeds; also in the full run): a feed page's latency for
 * a user who follows 1,000 users and for a user with 100,000 followers, beside each one's plain
 * profile page, measured side by side in the same run (docs/decisions/0037-following-and-feeds.md).
 *
 * Before the server starts, the store gets 1,000 new users with two questions each, all followed
 * by the reader (guru@demo.local), and 100,000 new users who all follow the star
 * (znatok@demo.local); the counters are set to match. Each statement is one INSERT … SELECT over
 * a recursive counter, so seeding takes seconds.
 */

/** the reader who follows 1,000 users, and the star followed by 100,000 */
export const FEED_READER = "guru@demo.local";
export const FEED_STAR = "znatok@demo.local";
const FOLLOWED = 1_000;
const FOLLOWERS = 100_000;

const counter = (n: number) => `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${n})`;

/** The statements that seed the section's users and follows (run with wrangler before the server holds the store). */
export function feedsSeedSql(now = Date.now()): string[] {
  const reader = `(SELECT id FROM users WHERE email = '${FEED_READER}')`;
  const star = `(SELECT id FROM users WHERE email = '${FEED_STAR}')`;
  return [
    `INSERT INTO users (nick, email, password_hash, created_at) ${counter(FOLLOWED)} SELECT 'Автор ленты ' || i, 'feed-author-' || i || '@bench.local', 'x', ${now} FROM n`,
    `INSERT INTO questions (user_id, category_id, top_category_id, qtext, added, state_changed_at, updated_at)
       SELECT u.id, q.category_id, q.top_category_id, 'Вопрос для ленты № ' || u.id || '-' || k.k, ${now} - u.id * 1000 - k.k, ${now}, ${now}
       FROM users u, (SELECT 1 AS k UNION ALL SELECT 2) k, (SELECT category_id, top_category_id FROM questions WHERE state = 'A' ORDER BY id LIMIT 1) q
       WHERE u.email LIKE 'feed-author-%@bench.local'`,
    `UPDATE users SET questions_count = 2 WHERE email LIKE 'feed-author-%@bench.local'`,
    `INSERT INTO follows (follower_id, target_type, target_id, added) SELECT ${reader}, 'U', id, ${now} FROM users WHERE email LIKE 'feed-author-%@bench.local'`,
    `INSERT INTO users (nick, email, password_hash, created_at) ${counter(FOLLOWERS)} SELECT 'Подписчик ' || i, 'fan-' || i || '@bench.local', 'x', ${now} FROM n`,
    // his count first, as the follow calls would have moved it: past 1,000 followers he is a star
    // (users.feed_star), so no follow of his brings his writing into a fan's feed rows
    `UPDATE users SET followers = ${FOLLOWERS} WHERE email = '${FEED_STAR}'`,
    `INSERT INTO follows (follower_id, target_type, target_id, added) SELECT id, 'U', ${star}, ${now} - id FROM users WHERE email LIKE 'fan-%@bench.local'`,
    `UPDATE users SET following = (SELECT count(*) FROM follows WHERE follower_id = users.id AND target_type = 'U') WHERE email IN ('${FEED_READER}', '${FEED_STAR}') OR email LIKE 'fan-%@bench.local'`,
    `UPDATE users SET followers = (SELECT count(*) FROM follows WHERE target_id = users.id AND target_type = 'U') WHERE email IN ('${FEED_READER}', '${FEED_STAR}') OR email LIKE 'feed-author-%@bench.local'`,
  ];
}

type Session = { id: number; cookie: string };

/** A demo user signed in on a bench server (password demo12345): his id and session cookie. */
export async function signIn(base: string, email: string): Promise<Session> {
  const res = await fetch(`${base}/api/v2/auth`, {
    method: "POST",
    headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password: "demo12345" }),
  });
  const json = (await res.json()) as { status: number; id: number };
  if (json.status !== 200) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(json)}`);
  return { id: json.id, cookie: res.headers.get("set-cookie")!.split(";")[0] };
}

/**
 * The section's lines: for each of the two users, his plain profile page, his feed of the people
 * he follows (the page and the `feed` call), and for the star his followers tab; all signed in
 * as that user (his own pages), one after another with the same autocannon settings.
 */
export async function feedsRows<R>(base: string, measure: (name: string, path: string, headers: Record<string, string>) => Promise<R>): Promise<R[]> {
  const reader = await signIn(base, FEED_READER);
  const star = await signIn(base, FEED_STAR);
  const rows: R[] = [];
  for (const [who, s] of [
    [`follows ${FOLLOWED.toLocaleString("en")}`, reader],
    [`${FOLLOWERS.toLocaleString("en")} followers`, star],
  ] as const) {
    const h = { cookie: s.cookie };
    rows.push(await measure(`profile page (${who})`, `/profile/id${s.id}`, h));
    rows.push(await measure(`feed page, people (${who})`, `/profile/id${s.id}/feed/users`, h));
    rows.push(await measure(`feed call, people (${who})`, "/api/notify/feed?sub=users", h));
    if (s === star) rows.push(await measure(`followers tab (${who})`, `/profile/id${s.id}/followers`, h));
  }
  return rows;
}
