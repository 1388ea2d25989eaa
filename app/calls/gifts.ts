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
import { giftOrder, startPayment, vipOrder } from "../models/payments/payments.server";
import { requireWriter } from "../models/users/session.server";
import { defineCall, type NamedCall } from "./define";
import { paymentReply } from "./payments";

const profile = (uid: number) => [`/profile/id${uid}`, `/profile/id${uid}/gifts`];
/** A VIP bought with «Скрыть мою активность» by the buyer for himself also changes his answers tabs. */
const vipPages = (uid: number, hid: boolean) => (hid ? [...profile(uid), `/profile/id${uid}/answers`, `/profile/id${uid}/answers/best`] : profile(uid));

/**
 * Gifts and VIP (docs/decisions/0018-gifts-and-vip.md): makegift, delgift, mvip and the reads
 * giftlist, giftedlist, gifteduserlist. A gift or a VIP changes the recipient's profile page.
 */
export const giftCalls: Record<string, NamedCall> = {
  makegift: defineCall({
    method: "POST",
    input: MakeGiftInput,
    // pointsgift 1 pays in points at once; otherwise in roubles (the balance, or the provider's page)
    run: async (c, input) => {
      if (input.pointsgift === 1) return { ...(await makeGift(c.env, c.session, input, c.now)), purge: profile(input.user) };
      const user = requireWriter(c.session);
      return startPayment(c.env, user, await giftOrder(c.env, user, input), new URL(c.req.url).origin, c.now);
    },
    purge: (r) => r.purge,
    reply: paymentReply,
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
    // the spec's payload {uid, period} pays in roubles (the balance, or the provider's page); money 0 in points at once
    run: async (c, input) => {
      if (input.money !== 1) {
        const r = await buyVip(c.env, c.session, input, c.now);
        return { ...r, purge: vipPages(r.uid, input.cabhide === 1 && r.uid === c.session?.user.id) };
      }
      const user = requireWriter(c.session);
      return startPayment(c.env, user, await vipOrder(c.env, user, input.uid ?? user.id, input.cabhide), new URL(c.req.url).origin, c.now);
    },
    purge: (r) => r.purge,
    reply: paymentReply,
  }),
  giftlist: defineCall({
    method: "GET",
    input: GiftListInput,
    run: (c, input) => readGiftList(c.env, c.session, input),
  }),
  giftedlist: defineCall({
    method: "GET",
    input: GiftedListInput,
    run: (c, input) => readGiftedList(c.env, c.session, input, c.reader),
  }),
  gifteduserlist: defineCall({
    method: "GET",
    input: GiftedUserListInput,
    run: (c, input) => readGiftedUserList(c.env, c.session, input, c.reader),
  }),
};
