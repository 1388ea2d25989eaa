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
    async run(c, input) {
      const r = await makeGift(c.env, c.session, input, c.now);
      c.purge(profile(input.user));
      return r;
    },
  }),
  delgift: defineCall({
    method: "POST",
    input: DelGiftInput,
    async run(c, input) {
      const r = await delGift(c.env, c.session, input, c.now);
      if (c.session) c.purge(profile(c.session.user.id));
      return r;
    },
  }),
  mvip: defineCall({
    method: "POST",
    input: VipInput,
    async run(c, input) {
      const r = await buyVip(c.env, c.session, input, c.now);
      c.purge(profile(r.uid));
      return r;
    },
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
