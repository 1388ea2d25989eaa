/**
 * Premoderation (docs/decisions/0016-abuse-and-premoderation.md).
 *
 * Holding: addqst, askbrand, addans, editans and addcmt call `holdForPremoderation` once their own
 * checks passed and before they write. A write is held when its author is flagged
 * (users.premoderated), when the question's category (leaf or top) is premoderated, or when a
 * premoderated brand owns that category or is the question's brand (the brand's own members
 * excepted). Moderators are never held. A held write stores only its premod_items row (type Q, D,
 * A, AE, CQ or CA; modstatus N; the parsed input as payload) and throws `HeldForPremoderation`,
 * which the call runner turns into the reply {status: 200, on_moderation: 1, premod_id}: no
 * question, answer or comment, no points, no notifications. The daily quota slot stays used.
 *
 * Deciding (never on one's own item: a flagged brand admin's write waits for someone else):
 * `premod_approve` replays the payload through the same domain function as the normal
 * write, as the author, marking the author so the replay is not held again (the call passes these
 * replayers in: the writers import this module to hold their writes); `premod_decline` sets D with
 * the moderator's text and notifies the author (premod_declined) in the same batch. Lists:
 * /{urlname}/premoderation/{questions|answers|comments}.
 */
import { ERR, ERR_MSG } from "../../lib/errids";
import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { last } from "../../lib/fields";
import { DomainError } from "../../lib/errors";
import { moderationScope, scopeOrNull, type ModerationScope } from "./scope.server";
import { isModerator } from "../../lib/moderation";
import { captchaCode, CaptchaRequired } from "../core/captcha.server";
import { getCategoryTree } from "../categories/categories.server";
import { batchable, dbOf, schema } from "../core/db.server";
import { announce } from "../notifications/push.server";
import { premodDeclinedNotification, type PremodType as NotifyPremodType } from "../notifications/create.server";
import { forgetCards } from "../users/reader-cards.server";
import { requireWriter, sessionUserOf, type Session, type SessionUser } from "../users/session.server";
import { plainText } from "../../lib/seo";
import { cut } from "../../lib/limits";
import { isRowId } from "../../lib/ids";

const pi = schema.premodItems;

/** Q question, D direct question, S supplement to a question, A answer, AE answer edit, CQ comment on a question, CA comment on an answer. */
export type PremodItemType = "Q" | "D" | "S" | "A" | "AE" | "CQ" | "CA";
export type ModStatus = "D" | "A" | "N";

/** The three lists and the item types each shows. */
export const PREMOD_KINDS = {
  questions: ["Q", "D", "S"],
  answers: ["A", "AE"],
  comments: ["CQ", "CA"],
} as const satisfies Record<string, readonly PremodItemType[]>;
export type PremodKind = keyof typeof PREMOD_KINDS;

export function isPremodKind(s: string): s is PremodKind {
  return Object.hasOwn(PREMOD_KINDS, s);
}

// ------------------------------------------------------------------------------------ holding

/** Thrown by a held write after its premod_items row is stored; the call runner replies with `reply`. */
export class HeldForPremoderation extends Error {
  constructor(readonly reply: { on_moderation: 1; premod_id: number }) {
    super("on_moderation");
    this.name = "HeldForPremoderation";
  }
}

/**
 * For the call runner: a held write's reply (the write counts as done: its quota slot stays
 * used); any other error is thrown on.
 */
export function heldReply(e: unknown): Record<string, unknown> {
  if (e instanceof HeldForPremoderation) return e.reply;
  throw e;
}

/** The authors of writes being replayed by an approval: never held again. */
const approving = new WeakSet<SessionUser>();

export type HoldRequest = {
  type: PremodItemType;
  /** the question written to (A, AE, CQ, CA); its category decides */
  qid?: number | null;
  aid?: number | null;
  pqid?: number | null;
  /** the leaf and top category of a new question (Q) */
  categoryId?: number | null;
  topCategoryId?: number | null;
  brandId?: number | null;
  /** what the lists show (plain text or sanitised HTML, shown as plain text) */
  text: string;
  /** the write's parsed input, replayed on approval */
  payload: unknown;
};

type HoldRow = { flagged: number | null; cat: number; heldBy: number | null; brand: number | null; leaf: number | null; pending: number };

/**
 * Holds the write for premoderation when its author, category or brand says so: stores the
 * premod_items row and throws HeldForPremoderation. Returns (one D1 read) when it goes live.
 */
export async function holdForPremoderation(env: Env, user: SessionUser, req: HoldRequest, now: number): Promise<void> {
  if (approving.has(user) || isModerator(user)) return;
  const qid = req.qid ?? null;
  const row = await env.DB.prepare(
    `WITH target AS (
       SELECT COALESCE((SELECT category_id FROM questions WHERE id = ?1), ?2) AS leaf,
              COALESCE((SELECT top_category_id FROM questions WHERE id = ?1), ?3) AS top,
              COALESCE((SELECT brand_id FROM questions WHERE id = ?1), ?4) AS qbrand
     )
     SELECT (SELECT premoderated FROM users WHERE id = ?5) AS flagged,
            (SELECT count(*) FROM categories c, target t WHERE c.id IN (t.leaf, t.top) AND c.premoderated = 1) AS cat,
            (SELECT b.id FROM brands b, target t WHERE b.premoderated = 1 AND (b.category_id IN (t.leaf, t.top) OR b.id = t.qbrand)
               AND NOT EXISTS (SELECT 1 FROM brand_members m WHERE m.brand_id = b.id AND m.user_id = ?5) LIMIT 1) AS heldBy,
            (SELECT b.id FROM brands b, target t WHERE b.id = t.qbrand OR b.category_id IN (t.leaf, t.top)
               ORDER BY b.id = t.qbrand DESC, b.id LIMIT 1) AS brand,
            target.leaf AS leaf,
            (SELECT count(*) FROM premod_items p WHERE p.user_id = ?5 AND p.type = 'A' AND p.qid = ?1 AND p.modstatus = 'N') AS pending
     FROM target`,
  )
    .bind(qid, req.categoryId ?? null, req.topCategoryId ?? null, req.brandId ?? null, user.id)
    .first<HoldRow>();
  if (!row || !(row.flagged === 1 || row.cat > 0 || row.heldBy != null)) return;
  // one answer per user and question: a second one waiting would be refused on approval anyway
  if (req.type === "A" && row.pending > 0) throw new DomainError(ERR.premodAnswerWaiting);
  const [inserted] = await dbOf(env)
    .insert(pi)
    .values({
      userId: user.id,
      type: req.type,
      modstatus: "N",
      qid,
      aid: req.aid ?? null,
      pqid: req.pqid ?? null,
      categoryId: row.leaf,
      brandId: req.brandId ?? row.brand,
      text: cut(plainText(req.text), 1000),
      // a captcha of the original request is spent or stale by the time of the replay
      payload: JSON.stringify({ ...(req.payload as object), captcha_id: undefined, captcha_val: undefined }),
      added: now,
    })
    .returning({ id: pi.id });
  throw new HeldForPremoderation({ on_moderation: 1, premod_id: inserted.id });
}

// ----------------------------------------------------------------------------------- deciding

export const PremodApproveInput = z.object({
  id: z.preprocess(
    last,
    z.coerce.number(ERR_MSG.premodItemMissing).int(ERR_MSG.premodItemMissing).positive(ERR_MSG.premodItemMissing).refine(isRowId, ERR_MSG.premodItemMissing),
  ),
});

export const PremodDeclineInput = PremodApproveInput.extend({
  text: z.preprocess(
    (v) => last(v) ?? "",
    z
      .string(ERR_MSG.declineTextMissing)
      .transform((s) => s.trim())
      .refine((s) => s.length > 0, ERR_MSG.declineTextMissing)
      .refine((s) => Array.from(s).length <= 1000, ERR_MSG.declineTextTooLong),
  ),
});

type PremodRow = typeof pi.$inferSelect;

/** Is an item inside a moderating user's scope? */
function inScope(scope: ModerationScope, item: { categoryId: number | null; brandId: number | null }): boolean {
  if (scope.all) return true;
  return (item.brandId != null && scope.brandIds.includes(item.brandId)) || (item.categoryId != null && scope.categoryIds.includes(item.categoryId));
}

/**
 * The pending item a moderating user decides on: 450 unknown, 440 not his, 455 his own text (a
 * flagged brand admin would otherwise approve himself), 451 already decided.
 */
async function pendingItem(env: Env, user: SessionUser, id: number, now: number): Promise<PremodRow> {
  const scope = await moderationScope(env, user, now);
  const item = await dbOf(env).select().from(pi).where(eq(pi.id, id)).get();
  if (!item) throw new DomainError(ERR.premodItemMissing);
  if (!inScope(scope, item)) throw new DomainError(ERR.queueModeratorsOnly);
  if (item.userId === user.id) throw new DomainError(ERR.premodOwnItem);
  if (item.modstatus !== "N") throw new DomainError(ERR.premodDecided);
  return item;
}

/** What a rejection notification says the item was (notifications.premod_type). */
function notifyType(item: PremodRow): NotifyPremodType {
  switch (item.type) {
    case "Q":
      return (storedPayload(item) as { poll?: unknown } | null)?.poll ? "poll" : "qst";
    case "A":
      return "ans";
    case "AE":
      return "ansedit";
    case "S":
      return "adn2qst";
    case "CQ":
    case "CA":
      return "cmt";
    default:
      return "qst";
  }
}

/** The author of an item as a session user, as his own write would have run. */
async function authorSession(env: Env, userId: number, now: number): Promise<Session> {
  const u = schema.users;
  const row = await dbOf(env).select().from(u).where(eq(u.id, userId)).get();
  if (!row) throw new DomainError(ERR.userNotFound);
  const user = sessionUserOf(row, now);
  approving.add(user);
  return { id: 0, salt: "", token: "", expiresAt: now, user };
}

/**
 * Runs a write that may ask for a captcha (answers and comments in a burst): the approving
 * moderator is the human the captcha asks for, so a 237 is answered with its own code once.
 */
async function withSolvedCaptcha<T>(env: Env, write: (captcha: { captcha_id?: string; captcha_val?: string }) => Promise<T>): Promise<T> {
  try {
    return await write({});
  } catch (e) {
    if (!(e instanceof CaptchaRequired)) throw e;
    return write({ captcha_id: e.data.captcha_id, captcha_val: await captchaCode(env, e.data.captcha_id) });
  }
}

/** A held payload parsed again by the write's own schema (a stored payload that no longer fits is 450). */
export function heldPayload<S extends z.ZodType>(schemaOf: S, payload: unknown): z.infer<S> {
  const parsed = schemaOf.safeParse(payload);
  if (!parsed.success) throw new DomainError(ERR.premodItemMissing);
  return parsed.data;
}

/** The ids of what an approved write made live. */
export type PremodLive = { qid: number | null; aid: number | null; cmid: number | null; pqid?: number };

/**
 * Replays a held write through the same domain function as the normal write, as its author, with
 * the stored payload (plus the captcha fields once the approving moderator solved one).
 */
export type PremodReplayer = (env: Env, author: Session, payload: unknown, now: number) => Promise<PremodLive>;

/** The replayer of each item type; the call layer builds it (the writers import this module). */
export type PremodReplayers = Record<PremodItemType, PremodReplayer>;

/** Replays a held write as its author; returns the live ids. */
async function replay(env: Env, item: PremodRow, replayers: PremodReplayers, now: number): Promise<PremodLive> {
  const author = await authorSession(env, item.userId, now);
  const replayer = Object.hasOwn(replayers, item.type) ? replayers[item.type as PremodItemType] : undefined;
  if (!replayer) throw new DomainError(ERR.premodItemMissing);
  const payload = storedPayload(item);
  if (payload === null) throw new DomainError(ERR.premodItemMissing);
  const live = await withSolvedCaptcha(env, (captcha) => replayer(env, author, { ...payload, ...captcha }, now));
  // a write of his, though the moderator's request made it: what his pages kept of him is read anew
  await forgetCards(env, author.user.id, now);
  return live;
}

/** A held write's stored fields as an object, or null when the stored text is not a JSON object. */
function storedPayload(item: PremodRow): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(item.payload);
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The mod_log row of a decision, written only when the statement before it changed a row. */
function logDecision(env: Env, o: { moderId: number; action: "premod_approve" | "premod_decline"; item: PremodRow; note: string | null; now: number }) {
  const db = dbOf(env);
  const l = schema.modLog;
  return db
    .insert(l)
    .select(
      sql`SELECT NULL, ${o.moderId}, ${o.action}, 'P', ${o.item.id}, ${o.item.userId}, ${o.item.qid}, NULL, NULL, ${o.note}, ${o.now} WHERE changes() = 1`,
    )
    .returning({ id: l.id });
}

/**
 * premod_approve {id}: the item is claimed (N → A with its mod_log row, one batch, so a second or
 * concurrent approval finds nothing to claim: 451), then its write is replayed as the author. A
 * refused replay (the question was deleted meanwhile …) puts the item back to N, removes the log
 * row and passes the refusal on. The live item's id is stored on the premod row.
 */
export async function approvePremod(env: Env, session: Session | null, input: z.infer<typeof PremodApproveInput>, now: number, replayers: PremodReplayers) {
  const user = requireWriter(session);
  const item = await pendingItem(env, user, input.id, now);
  const db = dbOf(env);
  const [claimed, logged] = await db.batch(
    batchable(env, [
      db
        .update(pi)
        .set({ modstatus: "A", decidedBy: user.id, decidedAt: now })
        .where(and(eq(pi.id, item.id), eq(pi.modstatus, "N")))
        .returning({ id: pi.id }),
      logDecision(env, { moderId: user.id, action: "premod_approve", item, note: null, now }),
    ] as const),
  );
  if (claimed.length === 0) throw new DomainError(ERR.premodDecided);
  let live: PremodLive;
  try {
    live = await replay(env, item, replayers, now);
  } catch (e) {
    await db.batch([
      db
        .update(pi)
        .set({ modstatus: "N", decidedBy: null, decidedAt: null })
        .where(and(eq(pi.id, item.id), eq(pi.modstatus, "A"))),
      db.delete(schema.modLog).where(
        inArray(
          schema.modLog.id,
          logged.map((x) => x.id),
        ),
      ),
    ]);
    throw e;
  }
  await db
    .update(pi)
    .set({ qid: live.qid ?? item.qid, aid: live.aid ?? item.aid, cmid: live.cmid, pqid: live.pqid ?? item.pqid })
    .where(eq(pi.id, item.id));
  return { id: item.id, type: item.type as PremodItemType, modstatus: "A" as const, ...live, url: liveLink({ ...item, ...live }) };
}

/**
 * premod_decline {id, text}: D with the moderator's text, the mod_log row and the author's
 * premod_declined notification carrying the text, in one batch guarded by the status change.
 */
export async function declinePremod(env: Env, session: Session | null, input: z.infer<typeof PremodDeclineInput>, now: number) {
  const user = requireWriter(session);
  const item = await pendingItem(env, user, input.id, now);
  const db = dbOf(env);
  const results = await db.batch(
    batchable(env, [
      db
        .update(pi)
        .set({ modstatus: "D", declinedText: input.text, decidedBy: user.id, decidedAt: now })
        .where(and(eq(pi.id, item.id), eq(pi.modstatus, "N")))
        .returning({ id: pi.id }),
      logDecision(env, { moderId: user.id, action: "premod_decline", item, note: input.text, now }),
      ...premodDeclinedNotification(env, {
        userId: item.userId,
        moderId: user.id,
        premodType: notifyType(item),
        declinedText: input.text,
        qid: item.qid,
        aid: item.aid,
        pqid: item.pqid,
        txt: item.text,
        now,
        when: sql`changes() = 1`,
      }),
    ] as const),
  );
  if (results[0].length === 0) throw new DomainError(ERR.premodDecided);
  await announce(env, results);
  return { id: item.id, modstatus: "D" as const };
}

// -------------------------------------------------------------------------------------- lists

/** Where an item's link leads: D the ask or reply form, A the live item, N nowhere (plain text). */
export function itemLink(item: {
  type: string;
  modstatus: string;
  qid: number | null;
  aid: number | null;
  cmid: number | null;
  pqid: number | null;
  brandId: number | null;
  categoryId: number | null;
  text: string;
}): string | null {
  if (item.modstatus === "A") return liveLink(item);
  if (item.modstatus !== "D") return null;
  switch (item.type) {
    case "Q":
      return `/ask?q=${encodeURIComponent(cut(item.text, 120))}${item.categoryId ? `&cid=${item.categoryId}` : ""}`;
    case "D":
      return `/ask/${encodeURIComponent(cut(item.text, 120))}/private-${item.brandId ?? 0}`;
    case "S":
      return item.qid ? `/question/${item.qid}` : null;
    case "A":
      return item.qid ? `/question/${item.qid}#answer-form` : null;
    case "AE":
      return item.aid ? `/answer/${item.aid}` : null;
    case "CQ":
      return item.qid ? `/question/${item.qid}#comment-form` : null;
    case "CA":
      return item.aid ? `/answer/${item.aid}#comment-form` : null;
    default:
      return null;
  }
}

function liveLink(item: { type: string; qid: number | null; aid: number | null; cmid: number | null; pqid: number | null }): string | null {
  switch (item.type) {
    case "Q":
      return item.qid ? `/question/${item.qid}` : null;
    case "D":
      return item.pqid ? `/private/${item.pqid}` : null;
    case "S":
      return item.qid ? `/question/${item.qid}` : null;
    case "A":
    case "AE":
      return item.aid ? `/answer/${item.aid}` : null;
    case "CQ":
      return item.cmid && item.qid ? `/question/${item.qid}/cid-${item.cmid}` : null;
    case "CA":
      return item.cmid && item.aid ? `/answer/${item.aid}/cid-${item.cmid}` : null;
    default:
      return null;
  }
}

export type PremodListItem = {
  id: number;
  type: PremodItemType;
  modstatus: ModStatus;
  text: string;
  added: number;
  declinedText: string | null;
  link: string | null;
  author: { id: number; nick: string; lvl: number };
  canDecide: boolean;
};

export type PremodPlace = { kind: "category" | "brand"; id: number; name: string; urlname: string };

/** A category or brand by its urlname (categories first), or null. */
export async function findPlace(env: Env, urlname: string, now: number): Promise<PremodPlace | null> {
  const tree = await getCategoryTree(env, now);
  const c = tree.byUrl.get(urlname);
  if (c) return { kind: "category", id: c.id, name: c.name, urlname: c.urlname };
  const b = schema.brands;
  const brand = await dbOf(env).select({ id: b.id, name: b.name, urlname: b.urlname }).from(b).where(eq(b.urlname, urlname)).get();
  return brand ? { kind: "brand", ...brand } : null;
}

/**
 * Whether a viewer may open a brand's premoderation queue: its administrators and the site's
 * moderators. Everyone else, a guest too, is told the page does not exist.
 */
export async function brandQueueOpen(env: Env, user: SessionUser | null, brandId: number, now: number): Promise<boolean> {
  if (!user) return false;
  const scope = await scopeOrNull(env, user, now);
  return scope !== null && (scope.all || scope.brandIds.includes(brandId));
}

/**
 * A premoderation list of a category (with its subcategories) or a brand, newest first, 20 a page.
 * Moderators see every item; a brand admin every item of his brand or its categories; anyone
 * else only his own items. `all` says which of these the viewer got.
 */
export async function premodList(env: Env, user: SessionUser, place: PremodPlace, kind: PremodKind, offset: number, now: number, n = 20) {
  const scope = await scopeOrNull(env, user, now);
  const tree = await getCategoryTree(env, now);
  const where: SQL[] = [inArray(pi.type, [...PREMOD_KINDS[kind]])];
  let all: boolean;
  if (place.kind === "category") {
    const ids = [place.id, ...(tree.children.get(place.id) ?? []).map((c) => c.id)];
    where.push(inArray(pi.categoryId, ids));
    all = scope !== null && (scope.all || scope.categoryIds.includes(place.id));
  } else {
    where.push(eq(pi.brandId, place.id));
    all = scope !== null && (scope.all || scope.brandIds.includes(place.id));
  }
  if (!all) where.push(eq(pi.userId, user.id));
  const u = schema.users;
  const rows = await dbOf(env)
    .select({
      id: pi.id,
      type: pi.type,
      modstatus: pi.modstatus,
      qid: pi.qid,
      aid: pi.aid,
      cmid: pi.cmid,
      pqid: pi.pqid,
      brandId: pi.brandId,
      categoryId: pi.categoryId,
      text: pi.text,
      added: pi.added,
      declinedText: pi.declinedText,
      userId: pi.userId,
      nick: u.nick,
      lvl: u.lvl,
    })
    .from(pi)
    .innerJoin(u, eq(u.id, pi.userId))
    .where(and(...where))
    .orderBy(desc(pi.added), desc(pi.id))
    .limit(n + 1)
    .offset(offset);
  const items: PremodListItem[] = rows.slice(0, n).map((r) => ({
    id: r.id,
    type: r.type as PremodItemType,
    modstatus: r.modstatus as ModStatus,
    text: r.text,
    added: r.added,
    declinedText: r.declinedText,
    link: itemLink(r),
    author: { id: r.userId, nick: r.nick, lvl: r.lvl },
    canDecide: all && r.modstatus === "N" && r.userId !== user.id,
  }));
  return { items, all, more: rows.length > n };
}
