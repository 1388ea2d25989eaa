/**
 * Address blocks (docs/decisions/0046-core-loose-ends.md): a moderator holding usrkiller blocks an
 * IPv4 address or an IPv6 /64 network for one of the temporary ban periods (a_ipblock) and may lift
 * it early (a_ipunblock). While a block runs, every write from the address is refused with errid 100
 * and the caller's address in the text; reading stays open, and so do signing in and out and the
 * session's refresh. A moderator is never refused: he may be the one to lift it.
 */
import { ERR, ERR_MSG } from "../../lib/errids";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { z } from "zod";
import { DomainError } from "../../lib/errors";
import { idField } from "../../lib/fields";
import { blockKey } from "../../lib/ip-address";
import { banPeriodsFor, isModerator, isPermanentBan } from "../../lib/moderation";
import { dbOf, schema } from "../core/db.server";
import { readCookie, SESSION_COOKIE, sessionOfRows, sessionRead, type Session } from "../users/session.server";
import { BanInput } from "./bans.server";
import { loadModerator, requireModerator, type Moderator } from "./moderation.server";

const b = schema.ipBlocks;

/** How many running blocks the moderators' page lists. */
const LISTED = 100;

/** The statement that finds a running block of an address key (one row or none). */
function runningBlock(env: Env, key: string, now: number) {
  return dbOf(env)
    .select({ id: b.id })
    .from(b)
    .where(and(eq(b.address, key), gt(b.until, now), isNull(b.liftedAt)))
    .limit(1);
}

/**
 * The session of a write and whether its address is blocked, in one round trip: the block's look-up
 * goes in the session's own batch (a guest's write, which reads no session, reads the block alone).
 * A blocked moderator is let through.
 */
export async function writerOf(env: Env, req: Request, ip: string, now: number): Promise<{ session: Session | null; blocked: boolean }> {
  const key = blockKey(ip);
  const token = readCookie(req, SESSION_COOKIE);
  if (!token) return { session: null, blocked: key ? (await runningBlock(env, key, now)).length > 0 : false };
  const read = await sessionRead(env, token, now);
  const db = dbOf(env);
  const [sessionRows, userRows, blockRows] = key
    ? await db.batch([read.session, read.user, runningBlock(env, key, now)])
    : [...(await db.batch([read.session, read.user])), []];
  const session = sessionOfRows(env, sessionRows, userRows, now);
  return { session, blocked: blockRows.length > 0 && !isModerator(session?.user) };
}

/** The periods (hours) a moderator may block an address for: the temporary ban periods up to his own limit. */
export function blockPeriodsFor(moder: Pick<Moderator, "banduration" | "permissions">): number[] {
  return banPeriodsFor(moder).filter((h) => !isPermanentBan(h));
}

/** ip: an IPv4 or IPv6 address (or an IPv6 /64); period and text as for a ban. */
export const IpBlockInput = z.object({
  ip: z.preprocess((v) => (typeof v === "string" ? blockKey(v) : null), z.string(ERR_MSG.ipAddressInvalid)),
  period: BanInput.shape.period,
  text: BanInput.shape.text,
});
export type IpBlockInput = z.infer<typeof IpBlockInput>;

export const IpUnblockInput = z.object({ id: idField(ERR_MSG.ipBlockMissing) });
export type IpUnblockInput = z.infer<typeof IpUnblockInput>;

/**
 * a_ipblock: one row; refused for a period beyond the moderator's (431: never for good), for his
 * own address (438) and for an address already blocked (439).
 */
export async function blockAddress(env: Env, session: Session | null, input: IpBlockInput, ownIp: string, now: number) {
  const moder = await requireModerator(env, session, "ipblock");
  if (!blockPeriodsFor(moder).includes(input.period)) throw new DomainError(ERR.banPeriodNotAllowed);
  if (blockKey(ownIp) === input.ip) throw new DomainError(ERR.ipBlockOwnAddress);
  if ((await runningBlock(env, input.ip, now)).length > 0) throw new DomainError(ERR.ipAlreadyBlocked);
  const until = now + input.period * 3_600_000;
  const [row] = await dbOf(env)
    .insert(b)
    .values({ address: input.ip, moderId: moder.id, hours: input.period, reason: input.text.join(", "), added: now, until })
    .returning({ id: b.id });
  return { id: row.id, address: input.ip, until };
}

/** a_ipunblock: lifts a running block (437 when there is none by that id). */
export async function unblockAddress(env: Env, session: Session | null, input: IpUnblockInput, now: number) {
  await requireModerator(env, session, "ipblock");
  const lifted = await dbOf(env)
    .update(b)
    .set({ liftedAt: now })
    .where(and(eq(b.id, input.id), gt(b.until, now), isNull(b.liftedAt)))
    .returning({ id: b.id });
  if (lifted.length === 0) throw new DomainError(ERR.ipBlockMissing);
  return { id: input.id };
}

/** The moderators' page of address blocks: the running ones, newest first; null (404) for anyone without usrkiller. */
export async function ipBlocksPage(env: Env, viewer: Session["user"] | null, now: number) {
  if (!viewer) return null;
  const moder = await loadModerator(env, viewer.id);
  if (!moder?.permissions.includes("usrkiller")) return null;
  const rows = await dbOf(env)
    .select({ id: b.id, address: b.address, reason: b.reason, until: b.until, moderNick: schema.users.nick })
    .from(b)
    .innerJoin(schema.users, eq(schema.users.id, b.moderId))
    .where(and(gt(b.until, now), isNull(b.liftedAt)))
    .orderBy(desc(b.added))
    .limit(LISTED);
  return { blocks: rows, periods: blockPeriodsFor(moder) };
}
