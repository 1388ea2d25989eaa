import { addBlacklist, BlacklistEditInput, delBlacklist, ListBlacklistInput, listBlacklist } from "../models/users/blacklist.server";
import { follow, FollowInput, RemoveFollowerInput, removeFollower, unfollow, WhoFollowInput, whoFollow } from "../models/users/follows.server";
import { defineCall, type NamedCall } from "./define";

const profile = (uid: number) => `/profile/id${uid}`;

/**
 * Following users: follow and unfollow (field uid), removefollower (data: a follower of mine),
 * who_follow (my followers); the blacklist: addblist and delblist (bid), listblist. A follow
 * changes the followed user's profile page (its follower count).
 */
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
  removefollower: defineCall({
    method: "POST",
    input: RemoveFollowerInput,
    run: (c, input) => removeFollower(c.env, c.session, input),
    purge: (_, __, c) => (c.session ? [profile(c.session.user.id)] : []),
  }),
  who_follow: defineCall({
    method: "GET",
    input: WhoFollowInput,
    run: (c, input) => whoFollow(c.env, c.session, input),
  }),
  addblist: defineCall({
    method: "POST",
    input: BlacklistEditInput,
    run: (c, input) => addBlacklist(c.env, c.session, input, c.now),
  }),
  delblist: defineCall({
    method: "POST",
    input: BlacklistEditInput,
    run: (c, input) => delBlacklist(c.env, c.session, input),
  }),
  listblist: defineCall({
    method: "GET",
    input: ListBlacklistInput,
    run: (c, input) => listBlacklist(c.env, c.session, input),
  }),
};
