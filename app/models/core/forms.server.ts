import type { z } from "zod";
import { collectFields, fromZod } from "../../lib/fields";

/** Parses a submitted form with a call's zod schema; a refusal becomes the catalogue's DomainError. */
export async function parseForm<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  const parsed = schema.safeParse(collectFields((await request.formData()).entries() as IterableIterator<[string, string]>));
  if (!parsed.success) throw fromZod(parsed.error);
  return parsed.data;
}
