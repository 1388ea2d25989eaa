import { readUsrRating, UsrRatingInput } from "../models/users/leaders.server";
import { defineCall, type NamedCall } from "./define";

/** The leaders' named calls (GET, query string): app/models/users/leaders.server.ts. */
export const leaderCalls: Record<string, NamedCall> = {
  usrrating: defineCall({
    method: "GET",
    input: UsrRatingInput,
    run: (c, input) => readUsrRating(c.env, input, c.now),
  }),
};
