import { follow, FollowInput, unfollow } from "../models/users/follows.server";
import { defineCall, type NamedCall } from "./define";

const profile = (uid: number) => `/profile/id${uid}`;

/** Following users: follow and unfollow (field uid); the followed user's profile page changes. */
export const followCalls: Record<string, NamedCall> = {
  follow: defineCall({
    method: "POST",
    input: FollowInput,
    run: (c, input) => follow(c.env, c.session, input, c.now),
    purge: (_, input) => [profile(input.uid)],
  }),
  unfollow: defineCall({
    method: "POST",
    input: FollowInput,
    run: (c, input) => unfollow(c.env, c.session, input, c.now),
    purge: (_, input) => [profile(input.uid)],
  }),
};
