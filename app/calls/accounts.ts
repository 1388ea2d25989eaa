import { z } from "zod";
import { refreshAuth, register, RegisterInput, signIn, SignInInput, signOut } from "../models/users/auth.server";
import { clearSessionCookie, sessionCookie } from "../models/users/session.server";
import { defineCall } from "./define";

export const accountCalls = {
  register: defineCall({
    method: "POST",
    input: RegisterInput,
    async run(c, input) {
      const s = await register(c.env, input, c.now);
      c.setCookie(sessionCookie(s.token, c.req));
      return { id: s.userId, salt: s.salt, token: s.apiToken };
    },
  }),
  auth: defineCall({
    method: "POST",
    input: SignInInput,
    async run(c, input) {
      const s = await signIn(c.env, input, c.ip, c.session, c.now);
      c.setCookie(sessionCookie(s.token, c.req));
      return { id: s.userId, salt: s.salt, token: s.apiToken };
    },
  }),
  exit: defineCall({
    method: "POST",
    input: z.object({}),
    async run(c) {
      await signOut(c.env, c.session);
      c.setCookie(clearSessionCookie(c.req));
      return {};
    },
  }),
  refresh_auth: defineCall({
    method: "POST",
    input: z.object({}),
    async run(c) {
      return refreshAuth(c.env, c.session);
    },
  }),
};
