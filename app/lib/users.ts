import { isModerator } from "./moderation";

/** Is a user banned at this moment? A ban of 777 hours or more is permanent. */
export function isBanned(a: { bannedUntil: number | null; banPermanent: number }, now: number): boolean {
  return a.banPermanent === 1 || (a.bannedUntil != null && a.bannedUntil > now);
}

/**
 * A hidden profile ('Личный кабинет скрыт') is open to its owner and to volunteer moderators: a
 * moderator as isModerator says, so a 'volonter' account without a single permission is not one.
 */
export function seesHiddenProfile(viewer: { id: number; type: string; permissions: readonly string[] } | null, uid: number): boolean {
  return viewer !== null && (viewer.id === uid || isModerator(viewer));
}

/** The label pages show beside a volunteer moderator's nick (the React and the plain markup alike). */
export const STAFF_LABEL = "Модератор";
