/**
 * The moderation log: the read call modqlist {n=20, p, user} and the pages
 * /moderlog/id{id}[/{tab}] (docs/decisions/0015-moderation.md).
 * Only moderators read it (the API refuses with 410, the pages are 404 for everyone else). The
 * log of moderator `id` lists his own actions, newest first, one tab per kind; a row that can
 * still be undone carries `restorable` and the page offers 'Восстановить'.
 */
import { ERR } from "../../lib/errids";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { DomainError } from "../../lib/errors";
import { LIMITS } from "../../lib/limits";
import { MODERLOG_TABS, type ModerlogTab } from "../../lib/moderation";
import { excerpt } from "../notifications/create.server";
import { Offset, OptId, PageSize } from "../../lib/fields";
import { dbOf, schema } from "../core/db.server";
import { loadModerator } from "./moderation.server";
import { requireUser, type Session } from "../users/session.server";

const ml = schema.modLog;
const author = alias(schema.users, "author");
const q = schema.questions;
const a = schema.answers;
const cm = schema.comments;
const from = alias(schema.categories, "from_cat");
const to = alias(schema.categories, "to_cat");

/** One row of the log as the pages and modqlist show it. */
export type ModerlogItem = {
  id: number;
  action: string;
  targetType: string;
  targetId: number;
  added: number;
  note: string | null;
  qid: number | null;
  qtext: string | null;
  /** the answer's or the comment's text, as a short plain excerpt */
  text: string | null;
  from: string | null;
  to: string | null;
  /** the author of the item (the banned user for a ban): the data moderators see */
  author: {
    id: number;
    nick: string;
    lvl: number;
    points: number;
    createdAt: number;
    questionsCount: number;
    answersCount: number;
    bannedUntil: number | null;
    banPermanent: number;
  } | null;
  /** the item is still deleted by a moderator: a restore is possible */
  restorable: boolean;
};

/** One page (20) of moderator `moderId`'s log rows of a tab, with one row more to tell whether another page follows. */
export async function moderlogPage(env: Env, moderId: number, tab: ModerlogTab, offset: number, limit: number = LIMITS.pageSize) {
  const rows = await dbOf(env)
    .select({
      id: ml.id,
      action: ml.action,
      targetType: ml.targetType,
      targetId: ml.targetId,
      added: ml.added,
      note: ml.note,
      qid: ml.qid,
      qtext: sql<string | null>`${q.qtext}`.as("q_qtext"),
      qhidden: sql<number | null>`${q.hidden}`.as("q_hidden"),
      qdeletedBy: sql<string | null>`${q.deletedBy}`.as("q_deleted_by"),
      atext: sql<string | null>`${a.text}`.as("a_text"),
      ahidden: sql<number | null>`${a.hidden}`.as("a_hidden"),
      adeletedBy: sql<string | null>`${a.deletedBy}`.as("a_deleted_by"),
      ctext: sql<string | null>`${cm.text}`.as("c_text"),
      chidden: sql<number | null>`${cm.hidden}`.as("c_hidden"),
      fromName: sql<string | null>`${from.name}`.as("from_name"),
      toName: sql<string | null>`${to.name}`.as("to_name"),
      authorId: sql<number | null>`${author.id}`.as("author_id"),
      authorNick: sql<string | null>`${author.nick}`.as("author_nick"),
      authorLvl: sql<number | null>`${author.lvl}`.as("author_lvl"),
      authorPoints: sql<number | null>`${author.points}`.as("author_points"),
      authorCreated: sql<number | null>`${author.createdAt}`.as("author_created"),
      authorQuestions: sql<number | null>`${author.questionsCount}`.as("author_questions"),
      authorAnswers: sql<number | null>`${author.answersCount}`.as("author_answers"),
      authorBannedUntil: sql<number | null>`${author.bannedUntil}`.as("author_banned_until"),
      authorBanPermanent: sql<number | null>`${author.banPermanent}`.as("author_ban_permanent"),
    })
    .from(ml)
    .leftJoin(author, eq(author.id, ml.userId))
    .leftJoin(q, eq(q.id, ml.qid))
    .leftJoin(a, and(eq(ml.targetType, "A"), eq(a.id, ml.targetId)))
    .leftJoin(cm, and(eq(ml.targetType, "C"), eq(cm.id, ml.targetId)))
    .leftJoin(from, eq(from.id, ml.fromCategoryId))
    .leftJoin(to, eq(to.id, ml.toCategoryId))
    .where(and(eq(ml.moderId, moderId), inArray(ml.action, [...MODERLOG_TABS[tab]])))
    .orderBy(desc(ml.added), desc(ml.id))
    .limit(limit + 1)
    .offset(offset);
  const items: ModerlogItem[] = rows.slice(0, limit).map((r) => ({
    id: r.id,
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId,
    added: r.added,
    note: r.note,
    qid: r.qid,
    qtext: r.qtext,
    text: r.atext != null ? excerpt(r.atext) : r.ctext != null ? excerpt(r.ctext) : null,
    from: r.fromName,
    to: r.toName,
    author:
      r.authorId == null
        ? null
        : {
            id: r.authorId,
            nick: r.authorNick ?? "",
            lvl: r.authorLvl ?? 1,
            points: r.authorPoints ?? 0,
            createdAt: r.authorCreated ?? 0,
            questionsCount: r.authorQuestions ?? 0,
            answersCount: r.authorAnswers ?? 0,
            bannedUntil: r.authorBannedUntil,
            banPermanent: r.authorBanPermanent ?? 0,
          },
    restorable:
      (r.action === "qstdrop" && r.qhidden === 1 && r.qdeletedBy === "moder") ||
      (r.action === "ansdrop" && r.ahidden === 1 && r.adeletedBy === "moder" && r.qhidden === 0),
  }));
  return { items, more: rows.length > limit };
}

// --------------------------------------------------------------------------------- modqlist

/** modqlist {n=20, p, user}: the log of dropped questions of moderator `user` (default: oneself). */
export const ModqlistInput = z.object({ n: PageSize, p: Offset, user: OptId });

export async function readModqlist(env: Env, session: Session | null, input: z.infer<typeof ModqlistInput>) {
  const viewer = requireUser(session);
  const moder = await loadModerator(env, viewer.id);
  if (!moder) throw new DomainError(ERR.moderatorsOnly);
  const n = input.n ?? LIMITS.pageSize;
  const p = input.p ?? 0;
  const { items, more } = await moderlogPage(env, input.user ?? moder.id, "questions", p, n);
  return {
    list: items
      .filter((i) => i.action === "qstdrop" || i.action === "qstrestore")
      .map((i) => ({
        id: i.id,
        action: i.action,
        qid: i.qid,
        qtext: i.qtext,
        usrid: i.author?.id ?? null,
        nick: i.author?.nick ?? null,
        lvl: i.author?.lvl ?? null,
        points: i.author?.points ?? null,
        reason: i.note,
        added: i.added,
        restorable: i.restorable ? 1 : 0,
      })),
    p,
    n,
    more: more ? 1 : 0,
  };
}

// ------------------------------------------------------------------------------------ pages

/** The moderator log path: /moderlog/id{id} for the default tab, /moderlog/id{id}/{tab} else. */
export function moderlogPath(id: number, tab: ModerlogTab): string {
  return tab === "questions" ? `/moderlog/id${id}` : `/moderlog/id${id}/${tab}`;
}

/** The user whose log /moderlog/id{id} shows (id and nick), or undefined for an unknown id. */
export function moderlogOwner(env: Env, id: number) {
  return dbOf(env).select({ id: schema.users.id, nick: schema.users.nick }).from(schema.users).where(eq(schema.users.id, id)).get();
}
