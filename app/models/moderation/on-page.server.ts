/**
 * What a moderator is offered on a question page (and on a profile): his abilities on the question,
 * the answers he may restore, the move form's choices. The writes are in moderation.server.ts.
 */
import { eq, sql } from "drizzle-orm";
import { isModerator } from "../../lib/moderation";
import { dbOf, schema } from "../core/db.server";
import type { Session } from "../users/session.server";
import { authorsById } from "../users/users.server";
import { threadHome } from "../core/thread-ranges.server";
import { inUnmoderated, inVolcats, loadModerator, moveChoices } from "./moderation.server";

const q = schema.questions;
const a = schema.answers;
const u = schema.users;

/** What a moderator is offered on a question page; every link only for a held permission, none in category 601. */
export type ModerOnQuestion = {
  /** the moderator himself (his log is /moderlog/id{moderId}) */
  moderId: number;
  qstdrop: boolean;
  qstrestore: boolean;
  qstmove: boolean;
  ansdrop: boolean;
  ansrestore: boolean;
  /** needs the question's category in volcats as well */
  cmtdrop: boolean;
  tmpban: boolean;
  /** user management: the dossier page and locking a user's activity (set on the profile page only) */
  usrkiller?: boolean;
  /** answers a moderator dropped, with the restore control (the Undo of a_ansdrop) */
  dropped: { id: number; text: string; author: { id: number; nick: string } }[];
  /** the move form's choices: top categories, each with its subcategories (empty: the category itself) */
  moveTo: { id: number; name: string; children: { id: number; name: string }[] }[];
};

/** The moderator's abilities on question `qid` (null for anyone else): one extra read, for moderators only. */
export async function moderOnQuestion(env: Env, userId: number, qid: number, now: number): Promise<ModerOnQuestion | null> {
  const moder = await loadModerator(env, userId);
  if (!moder) return null;
  // read where the thread lives; there its answers' authors come by id from DB
  const home = await threadHome(env, qid, now);
  const db = dbOf(home.env);
  const answers = db
    // aliased: a D1 batch returns rows keyed by column name, and "id" is in both tables
    .select({
      id: a.id,
      text: a.text,
      authorId: sql<number>`${a.userId}`.as("author_id"),
      nick: sql<string>`${home.joined ? u.nick : sql`''`}`.as("author_nick"),
    })
    .from(a)
    .$dynamic();
  const [cats, read] = await db.batch([
    db.select({ categoryId: q.categoryId, topCategoryId: q.topCategoryId }).from(q).where(eq(q.id, qid)).limit(1),
    (home.joined ? answers.innerJoin(u, eq(u.id, a.userId)) : answers)
      .where(sql`${a.qid} = ${qid} AND ${a.hidden} = 1 AND ${a.deletedBy} = 'moder'`)
      .orderBy(a.added, a.id),
  ]);
  const authors = home.joined
    ? null
    : await authorsById(
        env,
        read.map((r) => r.authorId),
      );
  const dropped = authors ? read.flatMap((r) => (authors.has(r.authorId) ? [{ ...r, nick: authors.get(r.authorId)!.nick }] : [])) : read;
  const cat = cats[0];
  if (!cat || inUnmoderated(cat)) return null;
  const has = (p: string) => moder.permissions.includes(p);
  return {
    moderId: moder.id,
    qstdrop: has("qstdrop"),
    qstrestore: has("qstrestore"),
    qstmove: has("qstmove"),
    ansdrop: has("ansdrop"),
    ansrestore: has("ansrestore"),
    cmtdrop: has("cmtdrop") && inVolcats(moder, cat),
    tmpban: has("tmpban"),
    dropped: has("ansrestore") ? dropped.map((r) => ({ id: r.id, text: r.text, author: { id: r.authorId, nick: r.nick } })) : [],
    moveTo: has("qstmove") ? await moveChoices(env, now) : [],
  };
}

/**
 * For the deleted-question view: the moderator's abilities there (restore), or null for anyone
 * else. The question route's loader passes it as `viewer` in its "deleted" data.
 */
export async function moderOnDeletedQuestion(env: Env, session: Session | null, qid: number, now: number): Promise<{ moder: ModerOnQuestion } | null> {
  if (!session || !isModerator(session.user)) return null;
  const moder = await moderOnQuestion(env, session.user.id, qid, now);
  return moder ? { moder } : null;
}

/**
 * For pages that are not about one question (the profile): the moderator's general abilities —
 * the ban link, his log — as `{ moder }` for the loader's `viewer`, or null for anyone else.
 */
export async function moderOnPage(env: Env, session: Session | null): Promise<{ moder: ModerOnQuestion } | null> {
  if (!session || !isModerator(session.user)) return null;
  const moder = await loadModerator(env, session.user.id);
  if (!moder) return null;
  const has = (p: string) => moder.permissions.includes(p);
  return {
    moder: {
      moderId: moder.id,
      qstdrop: false,
      qstrestore: has("qstrestore"),
      qstmove: false,
      ansdrop: false,
      ansrestore: false,
      cmtdrop: false,
      tmpban: has("tmpban"),
      usrkiller: has("usrkiller"),
      dropped: [],
      moveTo: [],
    },
  };
}
