/**
 * Request fields, one home: how a form or query string becomes a plain object (`collectFields`,
 * `listOf`), how a zod refusal becomes a DomainError (`fromZod`), and the zod pieces the named
 * calls share — ids, offsets, page sizes, list states, categories, 0/1 flags and one-line texts —
 * each refusing with its own errid.
 */
import { z } from "zod";
import { ERR, ERR_MSG } from "./errids";
import { DomainError, ERRORS, type ErrId } from "./errors";
import { ID_DIGITS, isRowId } from "./ids";
import { LIMITS } from "./limits";
import { parseJsonList } from "./moderation";
import type { Tab } from "./questions";
/**
 * Form and query fields; a repeated field (poll_options, vote, or name[]) becomes a list. The
 * names are the client's: they are gathered in a Map and become own properties, so a field named
 * __proto__ or constructor is a field like any other and never reaches an object's prototype.
 */
export function collectFields(entries: Iterable<[string, FormDataEntryValue | string]>): Record<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [k0, v] of entries) {
    const k = k0.endsWith("[]") ? k0.slice(0, -2) : k0;
    if (out.has(k)) out.set(k, ([] as unknown[]).concat(out.get(k), v));
    else out.set(k, k0.endsWith("[]") ? [v] : v);
  }
  return Object.fromEntries(out);
}

/**
 * The fields of a posted form, or none when the body is not a form that can be read (a multipart
 * body without its boundary, a broken one): the call then refuses the missing fields as usual.
 */
export async function formFields(req: Request): Promise<Record<string, unknown>> {
  try {
    return collectFields((await req.formData()).entries() as IterableIterator<[string, string]>);
  } catch {
    return {};
  }
}

/** A zod refusal: an issue message naming an errid of the catalogue, else the generic 400. */
export function fromZod(e: z.ZodError): DomainError {
  const id = Number(e.issues[0]?.message);
  return new DomainError(Number.isInteger(id) && Object.hasOwn(ERRORS, id) ? (id as ErrId) : ERR.badFields);
}

/** A list field as clients send it: one value, a repeated field, or "1,2,3"; blanks dropped. */
export function listOf(v: unknown): unknown[] {
  return ([] as unknown[])
    .concat(v ?? [])
    .flatMap((x) => (typeof x === "string" ? x.split(",") : [x]))
    .map((x) => (typeof x === "string" ? x.trim() : x))
    .filter((x) => x !== "" && x !== null && x !== undefined);
}

/** A repeated field (a list) counts as its last value, as a browser form sends it. */
export const last = (v: unknown) => (Array.isArray(v) ? v[v.length - 1] : v);

/** "" counts as absent: a form or a link may send an empty field. */
export const blank = (v: unknown) => (v === "" ? undefined : v);

/** An optional text field of at most `max` characters; empty (or absent) is undefined. */
export const optionalText = (errid: string, max: number) => z.preprocess((v) => last(v) || undefined, z.string(errid).max(max, errid).optional());

/** The positive integer ids of a stored JSON list (brand tags, a poll vote's options), [] for none or garbage. */
export function storedIds(raw: string | null | undefined): number[] {
  return parseJsonList(raw).filter((x): x is number => Number.isInteger(x) && (x as number) > 0);
}

/** A positive integer id given as a string (a thread database's ids included: ids.ts); anything else (list, "1e3", "-1", "0", huge) → 308. */
export const Id = z.string(ERR_MSG.badId).regex(ID_DIGITS, ERR_MSG.badId).transform(Number).refine(isRowId, ERR_MSG.badId);
export const OptId = z.preprocess(blank, Id.optional());

/**
 * The offset p: a non-negative integer, default 0 (applied by the caller); malformed is 300,
 * deeper than LIMITS.maxOffset is 312 (a deep offset costs the database a walk over every row
 * before it).
 */
export const Offset = z.preprocess(
  blank,
  z
    .string(ERR_MSG.badOffset)
    .regex(/^[0-9]{1,9}$/, ERR_MSG.badOffset)
    .transform(Number)
    .refine((n) => n <= LIMITS.maxOffset, ERR_MSG.offsetTooDeep)
    .optional(),
);

/** The page size n: 1–20, default 20 (applied by the caller). */
export const PageSize = z.preprocess(
  blank,
  z
    .string(ERR_MSG.badPageSize)
    .regex(/^[0-9]{1,2}$/, ERR_MSG.badPageSize)
    .transform(Number)
    .refine((n) => n >= 1 && n <= LIMITS.pageSize, ERR_MSG.badPageSize)
    .optional(),
);

/** List states: the tab names, the letters and the API's numeric forms (3 open, 2 voting, 1 resolved). */
const STATE_TABS: Record<string, Tab> = {
  open: "open",
  A: "open",
  "3": "open",
  vote: "vote",
  V: "vote",
  "2": "vote",
  resolve: "resolve",
  R: "resolve",
  "1": "resolve",
  best: "best",
  B: "best",
};
export const ListState = z.preprocess(
  blank,
  z
    .string(ERR_MSG.badListState)
    .refine((s) => Object.hasOwn(STATE_TABS, s), ERR_MSG.badListState)
    .transform((s) => STATE_TABS[s])
    .optional(),
);

/** A category given by urlname or id (resolved against the tree by `categoryOf`). */
export const Cat = z.preprocess(blank, z.string(ERR_MSG.categoryUnknown).max(100, ERR_MSG.categoryUnknown).optional());

/** A 0/1 flag from a form field ("0"/"1", a checkbox with a hidden "0" before it, or JSON). */
export const flag = (dflt: 0 | 1) =>
  z.preprocess((v) => {
    const x = last(v);
    return x === undefined || x === null || x === "" ? undefined : x === true ? 1 : x === false ? 0 : x;
  }, z.coerce.number().int().min(0, ERR_MSG.badFields).max(1, ERR_MSG.badFields).optional().default(dflt));

/** A positive id from a field; a missing or malformed one is refused with `errid`. */
export const idField = (errid: string) => z.preprocess(last, z.coerce.number(errid).int(errid).positive(errid).max(Number.MAX_SAFE_INTEGER, errid));

/** A title or a poll option: plain text (rendered escaped), one line, spaces collapsed. */
export function plainLine(raw: string): string {
  return (
    raw
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what a one-line field must not keep
      .replace(/[\u0000-\u001f\u007f]+/g, " ")
      .replace(/\s+/g, " ")
      .trim()
  );
}
