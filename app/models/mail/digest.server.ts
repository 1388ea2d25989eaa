/**
 * The daily digest (docs/decisions/0058-e-mail.md): once a Moscow day, from 09:00, the cron mails
 * each user with mail on what the past day brought him and he was not mailed at once: new answers
 * to his questions (unless those come by mail at once), answers in questions he watches, and new
 * questions of people he follows — each as he may read it now. One digest a day (its log row).
 */
import { sql } from "drizzle-orm";
import { parseStored } from "../../lib/notify-settings";
import { countOf, type Forms } from "../../lib/plural";
import { digestMail, type MailLink } from "../../mail/templates";
import { dbOf } from "../core/db.server";
import { activityOpen, questionCols, questionShown, type Reader, userCols, type Who } from "../core/visibility.server";
import { moscowDay } from "../users/bonuses.server";
import { mailProvider } from "./provider.server";
import { listHeaders, sendOnce } from "./notice-mails.server";

const DAY = 86_400_000;
const MSK = 3 * 3_600_000;
/** The Moscow hour from which the day's digests go. */
export const DIGEST_HOUR_MSK = 9;
/** How many digests one cron run sends at most (the rest go in the next runs). */
export const DIGESTS_PER_RUN = 50;
/** How many links a section holds at most. */
const SECTION_MAX = 10;

type Candidate = { id: number; email: string; settings: string | null; adult: number };

/** People something happened to in the day, with mail on, not banned, not bounced, without today's digest. */
function candidates(env: Env, since: number, now: number, day: string, limit: number) {
  return dbOf(env).all<Candidate>(sql`
    WITH ra AS (SELECT qid, user_id FROM answers WHERE added > ${since} AND hidden = 0),
    cand AS (
      SELECT q.user_id AS uid FROM ra JOIN questions q ON q.id = ra.qid WHERE ra.user_id <> q.user_id
      UNION SELECT w.user_id FROM ra JOIN watches w ON w.qid = ra.qid WHERE w.user_id <> ra.user_id
      UNION SELECT f.follower_id FROM questions q JOIN follows f ON f.target_type = 'U' AND f.target_id = q.user_id WHERE q.added > ${since}
    )
    SELECT u.id, u.email, u.notify_settings AS settings, u.is_adult AS adult FROM cand JOIN users u ON u.id = cand.uid
    WHERE coalesce(json_extract(u.notify_settings, '$.mail'), 1) = 1
      AND u.ban_permanent = 0 AND (u.banned_until IS NULL OR u.banned_until < ${now})
      AND NOT EXISTS (SELECT 1 FROM mail_suppressions s WHERE s.email = u.email)
      AND NOT EXISTS (SELECT 1 FROM mail_log l WHERE l.user_id = u.id AND l.kind = 'digest' AND l.ref = ${day})
    LIMIT ${limit}`);
}

const NEW_ANSWERS: Forms = ["новый ответ", "новых ответа", "новых ответов"];

type Row = { id: number; qtext: string; n: number; nick: string | null };

/** The digest's sections for one user, each as he may read it now. */
async function sectionsOf(env: Env, c: Candidate, since: number) {
  const db = dbOf(env);
  const who: Who = { id: sql`${c.id}`, adult: sql`${c.adult}` };
  const reader: Reader = { id: c.id, moderator: false, adult: c.adult === 1 };
  const shown = questionShown(who, questionCols("q"));
  const s = parseStored(c.settings);
  const [mine, watched, followed] = await Promise.all([
    // answers to his questions come at once when he chose that: then not here
    s.AQ_M === 1
      ? Promise.resolve([] as Row[])
      : db.all<Row>(sql`SELECT q.id, q.qtext, count(*) AS n, NULL AS nick FROM answers a JOIN questions q ON q.id = a.qid
          WHERE q.user_id = ${c.id} AND a.added > ${since} AND a.hidden = 0 AND a.user_id <> ${c.id} AND ${shown} GROUP BY q.id ORDER BY max(a.added) DESC LIMIT ${SECTION_MAX}`),
    db.all<Row>(sql`SELECT q.id, q.qtext, count(*) AS n, NULL AS nick FROM watches w JOIN answers a ON a.qid = w.qid JOIN questions q ON q.id = w.qid
          WHERE w.user_id = ${c.id} AND q.user_id <> ${c.id} AND a.user_id <> ${c.id} AND a.added > ${since} AND a.hidden = 0 AND ${shown}
          GROUP BY q.id ORDER BY max(a.added) DESC LIMIT ${SECTION_MAX}`),
    db.all<Row>(sql`SELECT q.id, q.qtext, 1 AS n, au.nick AS nick FROM follows f JOIN questions q ON q.user_id = f.target_id JOIN users au ON au.id = q.user_id
          WHERE f.follower_id = ${c.id} AND f.target_type = 'U' AND q.added > ${since} AND ${shown} AND ${activityOpen(reader, userCols("au"))}
          ORDER BY q.added DESC LIMIT ${SECTION_MAX}`),
  ]);
  const link = (r: Row, note?: string): MailLink => ({ title: r.qtext, href: `${env.SITE_ORIGIN}/question/${r.id}`, note });
  const count = (n: number) => countOf(n, NEW_ANSWERS);
  return [
    { heading: "Ответы на ваши вопросы", links: mine.map((r) => link(r, count(r.n))) },
    { heading: "Ответы в вопросах, за которыми вы следите", links: watched.map((r) => link(r, count(r.n))) },
    { heading: "Новые вопросы тех, на кого вы подписаны", links: followed.map((r) => link(r, r.nick ?? undefined)) },
  ];
}

/** The cron's digests: how many went out in this run. */
export async function sendDigests(env: Env, now: number, limit = DIGESTS_PER_RUN): Promise<number> {
  if (!mailProvider(env) || new Date(now + MSK).getUTCHours() < DIGEST_HOUR_MSK) return 0;
  // the digest's reference: the Moscow day's number, as the daily visit bonus counts days
  const day = String(moscowDay(now));
  const since = now - DAY;
  let sent = 0;
  for (const c of await candidates(env, since, now, day, limit)) {
    const sections = await sectionsOf(env, c, since);
    if (sections.every((s) => s.links.length === 0)) continue;
    const { headers, unsubscribe } = await listHeaders(env, c.id);
    const parts = digestMail({ sections, settings: `${env.SITE_ORIGIN}/settings`, unsubscribe });
    try {
      if (await sendOnce(env, { userId: c.id, email: c.email, kind: "digest", ref: day, mail: { ...parts, headers }, now })) sent++;
    } catch (e) {
      console.error(`mail: the digest of user ${c.id} was not handed over`, e);
    }
  }
  return sent;
}
