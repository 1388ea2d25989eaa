/**
 * Temporary (and permanent) bans by volunteer moderators: a_tmpban {id, period, text}
 * (docs/decisions/0015-moderation.md). A banned user reads but does not write
 * (requireWriter: 110), and the profile header says 'Заблокирован' with the time left.
 */
import { ERR, ERR_MSG } from "../../lib/errids";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { DomainError } from "../../lib/errors";
import { BAN_PERIODS, banPeriodsFor, banPeriodText, banReasonTitle, isModerator, isPermanentBan, parseJsonList } from "../../lib/moderation";
import { isBanned } from "../../lib/users";
import { idField, last } from "../../lib/fields";
import { dbOf, schema } from "../core/db.server";
import { guardedWrite, loadModerator, logRow, requireModerator } from "./moderation.server";
import { revokeUserSessions, type Session } from "../users/session.server";
import { endLiveSessions } from "../core/hub.server";

const u = schema.users;

/**
 * id: the user; period: hours, one of BAN_PERIODS; text: the reasons, each one of the 13
 * (its key or its title), one field or repeated.
 */
export const BanInput = z.object({
  id: idField(ERR_MSG.banUserMissing),
  period: z.preprocess(
    (v) => (last(v) === "" ? undefined : last(v)),
    z.coerce
      .number(ERR_MSG.banPeriodMissing)
      .int(ERR_MSG.banPeriodMissing)
      .refine((h) => (BAN_PERIODS as readonly number[]).includes(h), ERR_MSG.banPeriodMissing),
  ),
  text: z.preprocess(
    (v) => ([] as unknown[]).concat(v ?? []).filter((x) => typeof x === "string" && x.trim() !== ""),
    z
      .array(z.string())
      .min(1, ERR_MSG.banReasonMissing)
      .max(13, ERR_MSG.banReasonMissing)
      .transform((xs) => xs.map(banReasonTitle))
      .refine((xs): xs is string[] => xs.every((x) => x !== null), ERR_MSG.banReasonMissing)
      .transform((xs) => [...new Set(xs as string[])]),
  ),
});
export type BanInput = z.infer<typeof BanInput>;

/** The user a moderator may ban now, or the refusal: 435 unknown, 432 himself, 434 a moderator, 433 banned already. */
export async function banTarget(env: Env, moderId: number, uid: number, now: number) {
  const row = await dbOf(env)
    .select({ id: u.id, nick: u.nick, type: u.type, permissions: u.permissions, bannedUntil: u.bannedUntil, banPermanent: u.banPermanent })
    .from(u)
    .where(eq(u.id, uid))
    .get();
  if (!row) throw new DomainError(ERR.banUserMissing);
  if (row.id === moderId) throw new DomainError(ERR.banSelf);
  if (isModerator({ type: row.type, permissions: parseJsonList<string>(row.permissions) })) throw new DomainError(ERR.banModerator);
  if (isBanned(row, now)) throw new DomainError(ERR.alreadyBanned);
  return row;
}

/**
 * a_tmpban: one batch: the log row, the bans row, the user's banned_until / ban_permanent /
 * ban_reason, and the end of all his sessions; then those sessions' live sockets are closed. 777
 * hours or more is forever (until null).
 */
export async function banUser(env: Env, session: Session | null, input: BanInput, now: number) {
  const moder = await requireModerator(env, session, "tmpban");
  if (!banPeriodsFor(moder).includes(input.period)) throw new DomainError(ERR.banPeriodNotAllowed);
  const permanent = isPermanentBan(input.period);
  const until = permanent ? null : now + input.period * 3_600_000;
  const reason = input.text.join(", ");
  const { ended, ...reply } = await guardedWrite(
    env,
    async () => {
      const row = await banTarget(env, moder.id, input.id, now);
      return (db) => [
        logRow(env, {
          moderId: moder.id,
          action: "tmpban",
          targetType: "U",
          targetId: row.id,
          userId: row.id,
          qid: null,
          note: `${banPeriodText(input.period)}: ${reason}`,
          now,
          expect: sql`EXISTS (SELECT 1 FROM users WHERE id = ${row.id} AND ban_permanent = 0 AND (banned_until IS NULL OR banned_until <= ${now}))`,
        }),
        db.insert(schema.bans).values({ userId: row.id, moderId: moder.id, hours: input.period, reason, added: now, until }),
        db
          .update(u)
          .set({ bannedUntil: until, banPermanent: permanent ? 1 : 0, banReason: reason })
          .where(eq(u.id, row.id)),
        revokeUserSessions(env, row.id, now),
      ];
    },
    (results) => ({ uid: input.id, period: input.period, permanent: permanent ? 1 : 0, until, ended: results[3] as { id: number; expiresAt: number }[] }),
  );
  await endLiveSessions(env, input.id, ended, now);
  return reply;
}

/**
 * What the ban form shows: the user, the 13 reasons and the periods this moderator is offered; 404
 * (null) for a non-moderator or a moderator without tmpban; the refusal when the user cannot be
 * banned now.
 */
export async function banFormData(env: Env, viewer: Session["user"] | null, uid: number, now: number) {
  if (!viewer) return null;
  const moder = await loadModerator(env, viewer.id);
  if (!moder?.permissions.includes("tmpban")) return null;
  try {
    const user = await banTarget(env, moder.id, uid, now);
    return { user: { id: user.id, nick: user.nick }, periods: banPeriodsFor(moder), refusal: null };
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    if (e.errid === ERR.banUserMissing) return null;
    return { user: null, periods: [], refusal: e.message };
  }
}
