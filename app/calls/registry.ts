import type { NamedCall } from "./define";
import { accountCalls } from "./accounts";
import { abuseCalls } from "./abuse";
import { albumCalls } from "./albums";
import { answerCalls } from "./answers";
import { brandCalls } from "./brands";
import { commentCalls } from "./comments";
import { followCalls } from "./follows";
import { giftCalls } from "./gifts";
import { leaderCalls } from "./leaders";
import { miscCalls } from "./misc";
import { moderationCalls } from "./moderation";
import { notifyCalls } from "./notify";
import { paymentCalls } from "./payments";
import { photoCalls } from "./photos";
import { premoderationCalls } from "./premoderation";
import { profileCalls } from "./profile";
import { questionCalls } from "./questions";
import { readCalls } from "./reads";
import { sectionCalls } from "./sections";
import { tourCalls } from "./tours";

/** Every named call by name: the API door and the form door (/do/{name}) both run these. */
export const CALLS: Record<string, NamedCall> = {
  ...accountCalls,
  ...questionCalls,
  ...answerCalls,
  ...commentCalls,
  ...readCalls,
  ...miscCalls,
  ...notifyCalls,
  ...followCalls,
  ...brandCalls,
  ...giftCalls,
  ...paymentCalls,
  ...moderationCalls,
  ...abuseCalls,
  ...premoderationCalls,
  ...sectionCalls,
  ...leaderCalls,
  ...profileCalls,
  ...photoCalls,
  ...albumCalls,
  ...tourCalls,
};
