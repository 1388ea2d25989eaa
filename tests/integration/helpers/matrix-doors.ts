import { CALLS } from "../../../app/calls/registry";
import type { NewUser } from "./users";

/**
 * The visibility matrix's vocabulary (tests/integration/visibility-matrix.test.ts): readers,
 * fixtures and doors, and what is not a door — the named calls, page routes and worker paths that
 * show no item, each with the reason.
 */

export type ReaderName = "guest" | "stranger" | "follower" | "watcher" | "blacklisted";

/** What a state hid: the item itself (everywhere), or an author's activity (where it is gathered by author). */
export type Scope = "item" | "activity";

export type Fixture = {
  state: string;
  scope: Scope;
  readers: ReaderName[];
  /** words and photo keys that must not reach these readers */
  markers: string[];
  /** a word to search for */
  word: string;
  /** the author whose activity the state is about, or whose thread it is */
  uid: number;
  qid?: number;
  aid?: number;
  /** a comment of the question, and a comment of the answer */
  qcm?: number;
  acm?: number;
  /** photos that must not be served (pid and key) */
  photos: { pid: number; src: string }[];
  pqid?: number;
  album?: number;
  /** the leaf category's and its top's urlnames */
  cat?: string;
  top?: string;
  /** the question itself may not be read (its socket must refuse) */
  questionHidden: boolean;
  /** nothing of it was ever for these readers: no push may have carried it */
  neverShown: boolean;
};

/** A door: how a reader asks it about a fixture (null: it does not apply), and whether it gathers activity by author. */
export type Door = {
  name: string;
  kind: "page" | "data" | "call" | "image" | "socket";
  activity?: boolean;
  /** a route's id, for its loader data */
  route?: string;
  url(fx: Fixture, me: NewUser | null): string | null;
};

/** The named calls that read no item of anyone's (with why), and every write: not doors of this matrix. */
export const NOT_DOORS: Record<string, string> = {
  // reads of one's own or of no item
  canask: "the reader's own daily limit",
  showlimits: "the reader's own limits",
  check_new: "a count of newer questions, no item",
  getCategories: "the category tree",
  catbrands: "the brands of a category",
  usrsettings: "the reader's own settings",
  showsettings: "the reader's own settings",
  pushdevices: "the reader's own Web Push devices (a push itself is read as his bell reads it: web-push.test.ts)",
  show_nc: "the reader's unread count",
  who_follow: "the reader's own followers: nicks and levels",
  listblist: "the reader's own blacklist",
  brand_who_follow: "a brand's followers: nicks and levels",
  giftlist: "the gifts' catalogue",
  mpaid: "the payer's own payment",
  mod_count: "counts of a moderator's queues",
  id_po_email: "an e-mail's profile id; hidden profiles are not found",
  usrrating: "the rating: nicks, levels and points, public everywhere",
};
/** Writes: they reply about the writer's own item or action, never another's text. */
export const WRITES = Object.entries(CALLS)
  .filter(([, c]) => c.method === "POST")
  .map(([name]) => name);

/** The routes that show no item (with why). */
export const NOT_DOOR_ROUTES: Record<string, string> = {
  root: "the reader's own toolbar",
  "routes/$category.premoderation.$kind": "premoderation queues: their authors, moderators and brand administrators in scope (premoderation tests)",
  "routes/top.($type).($period).($cat)": "the rating: nicks, levels and points",
  "routes/admin.brand.edit.$id": "god-level users only",
  "routes/moderlog.$uid.($tab)": "moderators only",
  "routes/admin.usrview.$uid": "moderators only",
  "routes/moderlog.ban.$uid": "moderators only",
  "routes/moderlog.ipblocks": "moderators only",
  "routes/answer.$aid.edit": "the author's own answer",
  "routes/categories._index": "the category tree",
  "routes/magic8ball._index": "the magic ball: no user's item",
  "routes/magic8ball.$q.$a": "the magic ball: no user's item",
  "routes/tour.$tour.$page": "the reader's own tour",
  "routes/settings._index": "the reader's own settings",
  "routes/settings.$uid": "the reader's own settings",
  "routes/ask.$text.$sub": "the ask form",
  "routes/ask._index": "the ask form",
  "routes/ask.$": "the ask form",
  "routes/newyear._index": "a static page",
  "routes/help.support": "a static page",
  "routes/help._index": "a static page",
  "routes/help.rules": "a static page",
  "routes/unsubscribe.$token": "the one-click unsubscribe page of a mail's link: no item, only a button",
  "routes/dev.mail": "the local mail sink: development and tests only, 404 in production",
  "routes/offline": "a static page (the service worker shows it offline, listing the pages kept on the device)",
  "routes/canceled_paid": "the payer's own payment",
  "routes/success_paid": "the payer's own payment",
  "routes/pay.test.$id": "the payer's own payment (payments tests)",
  "routes/pay.$id": "the payer's own payment",
  "routes/captcha.$id": "a captcha picture",
  "routes/myprofile": "a redirect to one's own profile",
  "routes/do.$name": "the form door of the writes",
  "routes/register": "the registration form",
  "routes/login": "the sign-in form",
  "routes/logout": "the sign-out form",
  "routes/reload": "a redirect",
  "routes/adult": "the age confirmation",
  "routes/301": "the link interstitial",
  "routes/404": "the not-found page",
  "routes/$": "the not-found page",
};
/** The search page's extra route ids (the same loader under other paths). */
export const SEARCH_ALIASES = /^routes\/search-\d+$/;

/** The worker's own paths (not Remix, not the named calls): every one a door of the matrix or listed here. */
export const WORKER_PATHS: Record<string, string> = {
  "/img/p/:key/:size": "door: preview 800, preview 120",
  "/ws/question/:qid": "door: question socket",
  "/ws": "door: the pushes (each reader's own socket, checked after the cells)",
  "/ws/*": "no door: refuses anything but an upgrade",
  "/*": "door: the pages (Remix)",
  "/api/pay/notify/:provider{test|yookassa}": "no door: the providers' notifications",
  "/api/mail/events": "no door: the mail provider's bounce and complaint reports",
  "/api/ops/moves": "no door: the operator's move of a range of questions (progress counts only, behind OPS_SECRET)",
  "/api/ops/moves/:id": "no door: the operator's move of a range of questions (progress counts only, behind OPS_SECRET)",
  "/unsubscribe/:token": "no door: a mail's one-click unsubscribe (a write, no item)",
  "/api/v2/:name": "door: the named calls",
  "/api/notify/:name": "door: the named calls",
  "/api/slow/:name": "door: the named calls",
  "/api/search/:name": "door: the named calls",
  "/api/*": "no door: unknown calls",
  "*": "door: the pages (Remix)",
};

// -------------------------------------------------------------------------------- the fixtures
