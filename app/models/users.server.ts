import { schema } from "./db.server";

const u = schema.users;

/** The columns a page needs to show an author: nick with level colour and points. */
export const authorColumns = {
  id: u.id,
  nick: u.nick,
  lvl: u.lvl,
  points: u.points,
  kpd: u.kpd,
  vip: u.vip,
  bannedUntil: u.bannedUntil,
  banPermanent: u.banPermanent,
};

export type Author = {
  id: number;
  nick: string;
  lvl: number;
  points: number;
  kpd: number;
  vip: number;
  bannedUntil: number | null;
  banPermanent: number;
};

export { isBanned } from "../lib/users";
