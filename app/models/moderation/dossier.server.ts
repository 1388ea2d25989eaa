import { desc, eq } from "drizzle-orm";
import { ERR } from "../../lib/errids";
import { DomainError } from "../../lib/errors";
import { dbOf, schema } from "../core/db.server";
import type { Session } from "../users/session.server";
import { loadModerator } from "./moderation.server";

const u = schema.users;
const q = schema.questions;
const a = schema.answers;
const bans = schema.bans;
const log = schema.modLog;

/** How many rows of each part the dossier shows (the latest). */
const DOSSIER_ROWS = 20;

/** What moderators did to a user's items, the latest first: one range of mod_log_user_idx (user_id, added). */
export function dossierLogQuery(env: Env, uid: number) {
  return dbOf(env)
    .select({
      id: log.id,
      action: log.action,
      targetType: log.targetType,
      targetId: log.targetId,
      qid: log.qid,
      note: log.note,
      added: log.added,
      moder: u.nick,
    })
    .from(log)
    .leftJoin(u, eq(u.id, log.moderId))
    .where(eq(log.userId, uid))
    .orderBy(desc(log.added))
    .limit(DOSSIER_ROWS);
}

/**
 * A user's dossier for a moderator with user management (usrkiller): his registration date and
 * counters, his bans, what moderators did to his items, and his latest questions and answers. One
 * batch; each part is the latest rows only. Anyone else is refused (410 not a moderator, 411
 * without the permission), an unknown user is 120.
 */
export async function userDossier(env: Env, session: Session | null, uid: number) {
  if (!session) throw new DomainError(ERR.signInNeeded);
  const moder = await loadModerator(env, session.user.id);
  if (!moder) throw new DomainError(ERR.moderatorsOnly);
  if (!moder.permissions.includes("usrkiller")) throw new DomainError(ERR.permissionMissing);
  const db = dbOf(env);
  const [user, banRows, logRows, questions, answers] = await db.batch([
    db
      .select({
        id: u.id,
        nick: u.nick,
        email: u.email,
        createdAt: u.createdAt,
        points: u.points,
        questionsCount: u.questionsCount,
        answersCount: u.answersCount,
        bannedUntil: u.bannedUntil,
        banPermanent: u.banPermanent,
        hidden: u.hidden,
        premoderated: u.premoderated,
      })
      .from(u)
      .where(eq(u.id, uid))
      .limit(1),
    db
      .select({ id: bans.id, hours: bans.hours, reason: bans.reason, added: bans.added, until: bans.until, liftedAt: bans.liftedAt, moder: u.nick })
      .from(bans)
      .leftJoin(u, eq(u.id, bans.moderId))
      .where(eq(bans.userId, uid))
      .orderBy(desc(bans.added))
      .limit(DOSSIER_ROWS),
    dossierLogQuery(env, uid),
    db
      .select({ id: q.id, qtext: q.qtext, state: q.state, added: q.added })
      .from(q)
      .where(eq(q.userId, uid))
      .orderBy(desc(q.added), desc(q.id))
      .limit(DOSSIER_ROWS),
    db
      .select({ id: a.id, qid: a.qid, text: a.text, added: a.added, hidden: a.hidden })
      .from(a)
      .where(eq(a.userId, uid))
      .orderBy(desc(a.added), desc(a.id))
      .limit(DOSSIER_ROWS),
  ]);
  if (!user[0]) throw new DomainError(ERR.userNotFound);
  return { user: user[0], bans: banRows, log: logRows, questions, answers };
}

export type UserDossier = Awaited<ReturnType<typeof userDossier>>;
