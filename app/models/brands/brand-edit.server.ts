/**
 * The brand edit page /admin/brand/edit/{id} and its call brand_edit: a god-level user (the
 * permission "god") changes a brand's name, its person's name and text, its logo and its site.
 * Every change is written with its mod_log row (action brandedit, target B) in one batch; the page
 * lists those rows. See docs/decisions/0039-brand-pages.md.
 */
import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { ERR, ERR_MSG } from "../../lib/errids";
import { DomainError } from "../../lib/errors";
import { idField, plainLine } from "../../lib/fields";
import { LIMITS } from "../../lib/limits";
import { batchable, dbOf, schema } from "../core/db.server";
import { requireWriter, type Session, type SessionUser } from "../users/session.server";
import { findBrand, type Brand } from "./brands.server";
import { nickKeys } from "../users/nicks.server";

const b = schema.brands;
const log = schema.modLog;
const u = schema.users;

/** Whether a user may edit brands: a god-level user. */
export const isGod = (user: Pick<SessionUser, "permissions"> | null | undefined) => user?.permissions.includes("god") === true;

/** A link the brand keeps: https:// (or http://) anywhere, or (`local`) a path on this site; empty clears it. */
const Link = (local: boolean) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z
      .string(ERR_MSG.brandLinkInvalid)
      .max(LIMITS.linkField, ERR_MSG.brandLinkInvalid)
      .refine((s) => s === "" || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(s) || (local && /^\/[^/\s][^\s]*$/.test(s)), ERR_MSG.brandLinkInvalid),
  );

export const BrandEditInput = z.object({
  id: idField(ERR_MSG.brandUnknown),
  name: z.preprocess(
    (v) => (typeof v === "string" ? plainLine(v) : v),
    z.string(ERR_MSG.brandNameInvalid).min(1, ERR_MSG.brandNameInvalid).max(100, ERR_MSG.brandNameInvalid),
  ),
  personname: z.preprocess((v) => (typeof v === "string" ? plainLine(v) : (v ?? "")), z.string(ERR_MSG.brandTextTooLong).max(100, ERR_MSG.brandTextTooLong)),
  persontext: z.preprocess((v) => (typeof v === "string" ? v.trim() : (v ?? "")), z.string(ERR_MSG.brandTextTooLong).max(1000, ERR_MSG.brandTextTooLong)),
  logo: z.preprocess((v) => v ?? "", Link(true)),
  url: z.preprocess((v) => v ?? "", Link(false)),
});

/** The fields the page edits, as stored. */
const editable = (brand: Brand) => ({ name: brand.name, personName: brand.personName, personText: brand.personText, logo: brand.logo, url: brand.url });

/**
 * brand_edit: a god-level user's change of a brand. Anyone else is 497; a bad field is its errid
 * (498, 499, 469); nothing is written then. An unchanged form writes nothing and logs nothing.
 * The note of the log row holds, for each changed field, what it was and what it became.
 */
export async function editBrand(env: Env, session: Session | null, input: z.infer<typeof BrandEditInput>, now: number) {
  const user = requireWriter(session);
  if (!isGod(user)) throw new DomainError(ERR.brandEditGodOnly);
  const brand = await findBrand(env, { id: input.id });
  if (!brand) throw new DomainError(ERR.brandUnknown);
  const before = editable(brand);
  const after = {
    name: input.name,
    personName: input.personname,
    personText: input.persontext,
    logo: input.logo === "" ? null : input.logo,
    url: input.url === "" ? null : input.url,
  };
  const changed = (Object.keys(after) as (keyof typeof after)[]).filter((k) => (before[k] ?? null) !== after[k]);
  if (changed.length === 0) return { id: brand.id, urlname: brand.urlname, changed: [] as string[] };
  const note = JSON.stringify(Object.fromEntries(changed.map((k) => [k, [before[k] ?? null, after[k]]])));
  const db = dbOf(env);
  // a new account's nick may look like neither name (users/nicks.server.ts)
  const { key } = await nickKeys();
  await db.batch(
    batchable(env, [
      db
        .update(b)
        .set({ ...after, nameKey: key(after.name), personKey: key(after.personName) })
        .where(eq(b.id, brand.id)),
      db.insert(log).values({ moderId: user.id, action: "brandedit", targetType: "B", targetId: brand.id, note, added: now }),
    ] as const),
  );
  return { id: brand.id, urlname: brand.urlname, changed };
}

export type BrandEditLogItem = {
  id: number;
  added: number;
  moder: { id: number; nick: string; lvl: number };
  changes: Record<string, [string | null, string | null]>;
};
export type BrandEditPage = { brand: Brand; log: BrandEditLogItem[] };

/** How many of the brand's latest changes the edit page lists. */
const LOG_SHOWN = 50;

/** The edit page's data for a god-level user (null for anyone else or an unknown brand): the brand and its latest changes. */
export async function loadBrandEdit(env: Env, session: Session | null, id: number): Promise<BrandEditPage | null> {
  if (!isGod(session?.user)) return null;
  const brand = await findBrand(env, { id });
  if (!brand) return null;
  const rows = await dbOf(env)
    .select({ id: log.id, added: log.added, note: log.note, moderId: u.id, moderNick: u.nick, moderLvl: u.lvl })
    .from(log)
    .innerJoin(u, eq(u.id, log.moderId))
    .where(and(eq(log.targetType, "B"), eq(log.targetId, brand.id), eq(log.action, "brandedit")))
    .orderBy(desc(log.added), desc(log.id))
    .limit(LOG_SHOWN);
  return {
    brand,
    log: rows.map((r) => ({
      id: r.id,
      added: r.added,
      moder: { id: r.moderId, nick: r.moderNick, lvl: r.moderLvl },
      changes: parseChanges(r.note),
    })),
  };
}

function parseChanges(note: string | null): BrandEditLogItem["changes"] {
  try {
    const v = JSON.parse(note ?? "{}");
    return v && typeof v === "object" && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}
