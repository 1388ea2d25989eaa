/**
 * The onboarding tours (docs/decisions/0047-onboarding-and-session.md): which tour a signed-in user
 * is offered, and the two calls that record his way through it. A new account has both tours due
 * (users.tour_welcome and tour_points are 0; older accounts and the demo data have 1). The welcome
 * tour is offered from his first sign-in on; the points tour once the welcome tour is over and he
 * has earned points (any ledger row that gave him points, the starting points aside). Finishing or
 * closing a tour sets its column to 1, and it is never offered again.
 *
 * `savepress` {tour, type, value} records one step's flag — the first page shown (1shown), a page's
 * yes or no (1value … 4value), the first sign-in's tour shown (loginfirst) — in the user's client
 * settings under the tour's name (users.welcome_flags, read with `usrsettings` {title}).
 * `overlay_shown` {tour} ends the tour.
 */
import { ERR, ERR_MSG } from "../../lib/errids";
import { and, eq, gt, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { DomainError } from "../../lib/errors";
import { LEVELS } from "../../lib/levels";
import { quotaLimit } from "../../lib/quotas";
import { TOUR_FLAGS, TOUR_PAGES, TOURS, type TourFacts, type TourName, type TourOffer } from "../../lib/tours";
import { dbOf, schema } from "../core/db.server";
import { POINTS } from "./points.server";
import { requireUser, type Session, type SessionUser } from "./session.server";
import { settingSet } from "./settings.server";

const Tour = z.enum(TOURS, ERR_MSG.tourUnknown);

export const SavePressInput = z.object({
  tour: Tour.default("welcome"),
  type: z.enum(TOUR_FLAGS, ERR_MSG.tourStepUnknown),
  value: z.enum(["0", "1"], ERR_MSG.tourValueInvalid),
});

export const OverlayShownInput = z.object({ tour: Tour.default("welcome") });

/** The column that says whether a tour is still due (0) or over (1). */
const columnOf = (tour: TourName) => (tour === "welcome" ? schema.users.tourWelcome : schema.users.tourPoints);

/** Whether a flag belongs to the tour: a page's flag only up to its number of pages; the first sign-in's flag only to the welcome tour. */
function flagOfTour(tour: TourName, type: (typeof TOUR_FLAGS)[number]): boolean {
  if (type === "loginfirst") return tour === "welcome";
  return Number(type[0]) <= TOUR_PAGES[tour].length;
}

/** savepress: records one step of a tour that is still due; a finished or closed tour refuses (623). */
export async function savePress(env: Env, session: Session | null, input: z.infer<typeof SavePressInput>) {
  const uid = requireUser(session).id;
  if (!flagOfTour(input.tour, input.type)) throw new DomainError(ERR.tourStepUnknown);
  const row = await dbOf(env)
    .update(schema.users)
    .set({ welcomeFlags: settingSet(input.tour, input.type, input.value) })
    .where(and(eq(schema.users.id, uid), eq(columnOf(input.tour), 0)))
    .returning({ id: schema.users.id })
    .get();
  if (!row) throw new DomainError(ERR.tourFinished);
  return { tour: input.tour, type: input.type, value: input.value };
}

/** overlay_shown: the tour was finished or closed; it is not offered again (a second call changes nothing). */
export async function overlayShown(env: Env, session: Session | null, input: z.infer<typeof OverlayShownInput>) {
  const uid = requireUser(session).id;
  await dbOf(env)
    .update(schema.users)
    .set(input.tour === "welcome" ? { tourWelcome: 1 } : { tourPoints: 1 })
    .where(eq(schema.users.id, uid));
  return { tour: input.tour, done: 1 };
}

/** Whether the user has ever earned points (a ledger row that gave him some, other than the starting points). */
async function hasEarnedPoints(env: Env, userId: number): Promise<boolean> {
  const l = schema.pointsLedger;
  const row = await dbOf(env)
    .select({ one: sql<number>`1` })
    .from(l)
    .where(and(eq(l.userId, userId), gt(l.delta, 0), ne(l.reason, "start")))
    .limit(1)
    .get();
  return !!row;
}

/** The numbers the tours' texts show: the user's real daily limits and the points the server pays. */
export function tourFacts(user: SessionUser): TourFacts {
  return {
    ask: quotaLimit("ASK", user.lvl, user.vip),
    answers: quotaLimit("AAQ", user.lvl, user.vip),
    comments: quotaLimit("CMA", user.lvl, user.vip),
    askCost: -POINTS.ask,
    answer: POINTS.answer,
    vote: POINTS.pollVote,
    liked: POINTS.liked,
    visit: POINTS.dailyVisit,
    welcome: POINTS.welcome,
    points: user.points,
    levels: LEVELS.filter((l) => l.min >= 100 && l.min <= 1000).map((l) => ({ name: l.name, min: l.min })),
  };
}

/** Whether the user may still have a tour to see (no query: what the session read). */
export function tourPending(user: SessionUser): boolean {
  return !!user.tours && (user.tours.welcome || user.tours.points);
}

/**
 * The tour to offer the user now, or null: the welcome tour while it is due, then the points tour
 * once he has earned points. Users with no tour due cost no query.
 */
export async function tourOffer(env: Env, user: SessionUser): Promise<TourOffer | null> {
  if (user.tours?.welcome) return { tour: "welcome", facts: tourFacts(user) };
  if (user.tours?.points && (await hasEarnedPoints(env, user.id))) return { tour: "points", facts: tourFacts(user) };
  return null;
}
