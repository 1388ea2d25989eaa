import type { z } from "zod";
import { DomainError, ERRORS, type ErrId } from "../lib/errors";

/** Parses a submitted form with a call's zod schema; a refusal becomes the catalogue's DomainError. */
export async function parseForm<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  const form = await request.formData();
  const raw: Record<string, unknown> = {};
  for (const [k, v] of form.entries()) raw[k] = k in raw ? ([] as unknown[]).concat(raw[k], v) : v;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const id = Number(parsed.error.issues[0]?.message);
    throw new DomainError(Number.isInteger(id) && id in ERRORS ? (id as ErrId) : 400);
  }
  return parsed.data;
}
