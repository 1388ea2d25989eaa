/** Is a user banned at this moment? A ban of 777 hours or more is permanent. */
export function isBanned(a: { bannedUntil: number | null; banPermanent: number }, now: number): boolean {
  return a.banPermanent === 1 || (a.bannedUntil != null && a.bannedUntil > now);
}

/** The label pages show beside a volunteer moderator's nick (the React and the plain markup alike). */
export const STAFF_LABEL = "Модератор";
