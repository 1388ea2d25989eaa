import {
  AuserListInput,
  CabhideInput,
  QuserListInput,
  readAuserList,
  readQuserList,
  readStats,
  readWatchList,
  setCabhide,
  StatsInput,
  WatchListInput,
} from "../models/users/profile-calls.server";
import { defineCall, type NamedCall } from "./define";

/**
 * The profile's calls (docs/decisions/0038-profile-and-answer-editing.md): stats, quserlist,
 * auserlist, watchlist and cabhide. Hiding or opening one's activity changes every tab of the
 * profile page.
 */
export const profileCalls: Record<string, NamedCall> = {
  stats: defineCall({ method: "GET", input: StatsInput, run: (c, input) => readStats(c.env, c.session, input, c.reader) }),
  quserlist: defineCall({ method: "GET", input: QuserListInput, run: (c, input) => readQuserList(c.env, c.session, input, c.reader) }),
  auserlist: defineCall({ method: "GET", input: AuserListInput, run: (c, input) => readAuserList(c.env, input, c.reader) }),
  watchlist: defineCall({ method: "GET", input: WatchListInput, run: (c, input) => readWatchList(c.env, c.session, input, c.reader) }),
  cabhide: defineCall({
    method: "POST",
    input: CabhideInput,
    run: (c, input) => setCabhide(c.env, c.session, input, c.now),
    purge: (r) => [`/profile/id${r.uid}`, `/profile/id${r.uid}/answers`, `/profile/id${r.uid}/answers/best`, `/profile/id${r.uid}/gifts`],
  }),
};
