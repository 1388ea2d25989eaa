import { OverlayShownInput, overlayShown, SavePressInput, savePress } from "../models/users/tours.server";
import { defineCall, type NamedCall } from "./define";

/**
 * The onboarding tours' calls (app/models/users/tours.server.ts): `savepress` records a step's flag,
 * `overlay_shown` ends a tour (finished or closed). Both need a signed-in user; both run behind
 * the tour's dialog and behind the plain tour pages' forms (/do/…).
 */
export const tourCalls: Record<string, NamedCall> = {
  savepress: defineCall({
    method: "POST",
    input: SavePressInput,
    run: (c, input) => savePress(c.env, c.session, input),
  }),
  overlay_shown: defineCall({
    method: "POST",
    input: OverlayShownInput,
    run: (c, input) => overlayShown(c.env, c.session, input),
  }),
};
