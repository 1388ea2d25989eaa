import { z } from "zod";
import { refreshAuth, register, RegisterInput, signIn, SignInInput, signOut } from "../models/users/auth.server";
import { clearSessionCookie, sessionCookie } from "../models/users/session.server";
import { defineCall } from "./define";

/**
 * Registration, sign-in, sign-out and the API's new salt and token. A new session is the cookie
 * for the browser and its id, salt and token for the API. The pages /register, /login and /logout
 * run the same calls.
 */
export const accountCalls = {
  register: defineCall({
    method: "POST",
    input: RegisterInput,
    run: (c, input) => register(c.env, input, c.ip, c.now),
    cookie: (s, _, c) => sessionCookie(s.token, c.req),
    reply: (s) => ({ id: s.userId, salt: s.salt, token: s.apiToken }),
  }),
  auth: defineCall({
    method: "POST",
    input: SignInInput,
    run: (c, input) => signIn(c.env, input, c.ip, c.session, c.now),
    cookie: (s, _, c) => sessionCookie(s.token, c.req),
    reply: (s) => ({ id: s.userId, salt: s.salt, token: s.apiToken }),
  }),
  exit: defineCall({
    method: "POST",
    input: z.object({}),
    run: (c) => signOut(c.env, c.session).then(() => ({})),
    cookie: (_, __, c) => clearSessionCookie(c.req),
  }),
  refresh_auth: defineCall({
    method: "POST",
    input: z.object({}),
    run: (c) => refreshAuth(c.env, c.session),
  }),
};
