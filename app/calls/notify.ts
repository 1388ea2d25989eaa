import { readBrandFeed } from "../models/brands/brand-feed.server";
import { z } from "zod";
import { BulkSetInput, BulkViewedInput, FeedInput, markViewed, readFeed, showBulk, ShowBulkInput, showCount } from "../models/notifications/feed.server";
import { SaveSettingsInput, saveSettings, showSettings } from "../models/notifications/settings.server";
import { listDevices, SubscribeInput, subscribe, UnsubscribeInput, unsubscribe } from "../models/notifications/push-devices.server";
import { defineCall, type NamedCall } from "./define";

const none = z.object({});

/**
 * The notification calls (/api/notify/{name} as the API has them; the settings under /api/v2):
 * thin wrappers over app/models/notifications/*.server.ts. See docs/decisions/0014-notifications.md.
 */
export const notifyCalls: Record<string, NamedCall> = {
  /** {res: unread count} from the user's UserHub */
  show_nc: defineCall({
    method: "GET",
    door: "notify",
    input: none,
    run: (c) => showCount(c.env, c.session, c.now),
  }),
  /** {bulk: [Notification], more, res}: 20 a page, offset p, newest first */
  show_bulk: defineCall({
    method: "GET",
    door: "notify",
    input: ShowBulkInput,
    run: (c, input) => showBulk(c.env, c.session, input, c.now),
  }),
  /** bid or bids (one or many) → {viewed: how many went unviewed → viewed, res: unread} */
  bulk_viewed: defineCall({
    method: "POST",
    door: "notify",
    input: BulkViewedInput,
    run: (c, ids) => markViewed(c.env, c.session, ids, c.now),
  }),
  /** bid (exactly one) → the same as bulk_viewed */
  bulk_set: defineCall({
    method: "POST",
    door: "notify",
    input: BulkSetInput,
    run: (c, input) => markViewed(c.env, c.session, [input.bid!], c.now),
  }),
  /** id, n, p, nid, time, sub (cid: a brand's feed) → updates: {feed: [Notification + timecell], more, lastnid}; users, questions: {feed, more, lasttime} */
  feed: defineCall({
    method: "GET",
    door: "notify",
    input: FeedInput,
    // with cid: the brand's feed, open to anyone as the brand page's feed tab is
    run: (c, input): Promise<Record<string, unknown>> =>
      input.cid !== undefined ? readBrandFeed(c.env, { ...input, cid: input.cid }, c.now, c.reader) : readFeed(c.env, c.session, input, c.now, c.reader),
  }),
  /** push, mail, web, sound (1 = off), AQ_P … PV_W, NEW (1 = on) → {settings} */
  savesettings: defineCall({
    method: "POST",
    input: SaveSettingsInput,
    run: (c, input) => saveSettings(c.env, c.session, input),
  }),
  /** endpoint, p256dh, auth (this browser's PushSubscription) → {devices}: Web Push on this device */
  pushsubscribe: defineCall({
    method: "POST",
    input: SubscribeInput,
    run: (c, input) => subscribe(c.env, c.session, input, c.req.headers.get("user-agent"), c.now),
  }),
  /** id (one of his devices) → {devices}: no more pushes to it */
  pushunsubscribe: defineCall({
    method: "POST",
    input: UnsubscribeInput,
    run: (c, input) => unsubscribe(c.env, c.session, input),
  }),
  /** {devices, on}: his devices, newest first, and whether push is set up on the site */
  pushdevices: defineCall({
    method: "GET",
    input: none,
    run: (c) => listDevices(c.env, c.session),
  }),
  /** {settings} in the same form savesettings takes */
  showsettings: defineCall({
    method: "GET",
    input: none,
    run: (c) => showSettings(c.env, c.session),
  }),
};
