import {
  delGift,
  DelGiftInput,
  GiftedListInput,
  GiftedUserListInput,
  GiftListInput,
  makeGift,
  MakeGiftInput,
  readGiftedList,
  readGiftedUserList,
  readGiftList,
} from "../models/gifts/gifts.server";
import { buyVip, VipInput } from "../models/gifts/vip.server";
import { defineCall, type NamedCall } from "./define";

const profile = (uid: number) => [`/profile/id${uid}`, `/profile/id${uid}/gifts`];

/**
 * Gifts and VIP (docs/decisions/0018-gifts-and-vip.md): makegift, delgift, mvip and the reads
 * giftlist, giftedlist, gifteduserlist. A gift or a VIP changes the recipient's profile page.
 */
export const giftCalls: Record<string, NamedCall> = {
  makegift: defineCall({
    method: "POST",
    input: MakeGiftInput,
    run: (c, input) => makeGift(c.env, c.session, input, c.now),
    purge: (_, input) => profile(input.user),
  }),
  delgift: defineCall({
    method: "POST",
    input: DelGiftInput,
    run: (c, input) => delGift(c.env, c.session, input, c.now),
    purge: (_, __, c) => (c.session ? profile(c.session.user.id) : []),
  }),
  mvip: defineCall({
    method: "POST",
    input: VipInput,
    run: (c, input) => buyVip(c.env, c.session, input, c.now),
    purge: (r) => profile(r.uid),
  }),
  giftlist: defineCall({
    method: "GET",
    input: GiftListInput,
    run: (c, input) => readGiftList(c.env, c.session, input),
  }),
  giftedlist: defineCall({
    method: "GET",
    input: GiftedListInput,
    run: (c, input) => readGiftedList(c.env, c.session, input),
  }),
  gifteduserlist: defineCall({
    method: "GET",
    input: GiftedUserListInput,
    run: (c, input) => readGiftedUserList(c.env, c.session, input),
  }),
};
