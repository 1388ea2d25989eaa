import type { NamedCall } from "./define";
import { accountCalls } from "./accounts";
import { answerCalls } from "./answers";
import { commentCalls } from "./comments";
import { followCalls } from "./follows";
import { miscCalls } from "./misc";
import { notifyCalls } from "./notify";
import { questionCalls } from "./questions";
import { readCalls } from "./reads";

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
};
