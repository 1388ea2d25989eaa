import { ERR } from "./errids";
import type { z } from "zod";
import { DomainError, ERRORS, type ErrId } from "./errors";

/** Form and query fields; a repeated field (poll_options, vote, or name[]) becomes a list. */
export function collectFields(entries: Iterable<[string, FormDataEntryValue | string]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k0, v] of entries) {
    const k = k0.endsWith("[]") ? k0.slice(0, -2) : k0;
    if (k in out) out[k] = ([] as unknown[]).concat(out[k], v);
    else out[k] = k0.endsWith("[]") ? [v] : v;
  }
  return out;
}

/** A zod refusal: an issue message naming an errid of the catalogue, else the generic 400. */
export function fromZod(e: z.ZodError): DomainError {
  const id = Number(e.issues[0]?.message);
  return new DomainError(Number.isInteger(id) && id in ERRORS ? (id as ErrId) : ERR.badFields);
}

/** A list field as the spec sends it: one value, a repeated field, or "1,2,3"; blanks dropped. */
export function listOf(v: unknown): unknown[] {
  return ([] as unknown[])
    .concat(v ?? [])
    .flatMap((x) => (typeof x === "string" ? x.split(",") : [x]))
    .map((x) => (typeof x === "string" ? x.trim() : x))
    .filter((x) => x !== "" && x !== null && x !== undefined);
}
