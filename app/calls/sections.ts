import { z } from "zod";
import { adultCookie } from "../lib/adult";
import { confirmAdult } from "../models/users/adult.server";
import { IdPoEmailInput, idByEmail } from "../models/users/email-lookup.server";
import { defineCall, type NamedCall } from "./define";

/**
 * The calls of the category pages and special sections (docs/decisions/0031): `iamadult`, the
 * reader's confirmation that he is an adult. A signed-in user's is stored; a guest gets the cookie
 * adult=1 (a signed-in user gets it too, so that his browser stays confirmed after he signs out).
 * `id_po_email` {xmail}: the id of the user an e-mail may be looked up to (docs/decisions/0032),
 * limited per address so that nobody walks through a list of addresses.
 */
export const sectionCalls: Record<string, NamedCall> = {
  iamadult: defineCall({
    method: "POST",
    input: z.object({}),
    run: (c) => confirmAdult(c.env, c.session),
    cookie: (_, __, c) => adultCookie(c.req.url),
  }),
  id_po_email: defineCall({
    method: "GET",
    input: IdPoEmailInput,
    rate: "emailLookup",
    run: (c, input) => idByEmail(c.env, input),
  }),
};
