import { env } from "cloudflare:test";
import { expect } from "vitest";
import { DEMO_PASSWORD } from "../../../db/seed/demo";
import { sha256Hex } from "../../../app/lib/crypto";
import { post, type Me } from "./api";

/** Signs a user in (a demo user's password unless given). */
export async function signIn(email: string, password = DEMO_PASSWORD): Promise<Me> {
  const { res, json } = await post("auth", { email, password });
  if (json.status !== 200) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(json)}`);
  return { id: json.id, cookie: res.headers.get("set-cookie")!.split(";")[0], salt: json.salt, token: json.token };
}

const known = new Map<string, Me>();

/** Signs a demo user in once per test file and reuses the session. */
export async function as(email: string): Promise<Me> {
  const me = known.get(email) ?? (await signIn(email));
  known.set(email, me);
  return me;
}

/** A user registered by the test: his session, e-mail, nick and his number among the users the file registered. */
export type NewUser = Me & { email: string; nick: string; serial: number };

let registered = 0;

/**
 * Registers a new user (password "secret-pass"): 100 points (Ученик), no settings stored, no
 * notifications. His nick is `{nick} {serial}`. `points` gives him exactly that many points
 * instead (the ledger agrees); `premoderated` has a moderator flag him, so that every write of
 * his waits for premoderation. Each registers from his own address (10.0.x.y), so the per-address
 * registration limits and captcha (tests/integration/registration-limits.test.ts) do not apply.
 * His onboarding tours count as finished unless `tours` keeps them due.
 */
export async function newUser(nick = "Новичок", opts: { points?: number; premoderated?: boolean; tours?: boolean } = {}): Promise<NewUser> {
  const serial = ++registered;
  const email = `new${serial}@test.local`;
  const ip = `10.0.${serial >> 8}.${serial & 255}`;
  const { res, json } = await post("register", { nick: `${nick} ${serial}`, email, password: "secret-pass" }, undefined, { ip });
  expect(json.status).toBe(200);
  if (opts.points !== undefined) {
    const delta = opts.points - 100;
    await env.DB.batch([
      env.DB.prepare("update users set points = points + ? where id = ?").bind(delta, json.id),
      env.DB.prepare("insert into points_ledger (user_id, delta, reason, added) values (?, ?, 'moder', ?)").bind(json.id, delta, Date.now()),
    ]);
  }
  if (opts.premoderated) await env.DB.prepare("update users set premoderated = 1 where id = ?").bind(json.id).run();
  // the onboarding tours are over unless the test is about them (a page with a tour due is his alone)
  if (!opts.tours) await env.DB.prepare("update users set tour_welcome = 1, tour_points = 1 where id = ?").bind(json.id).run();
  return {
    id: json.id,
    cookie: res.headers.get("set-cookie")!.split(";")[0],
    salt: json.salt,
    token: json.token,
    email,
    nick: `${nick} ${serial}`,
    serial,
  };
}

/**
 * Whether the user's UserHub holds a card for his session (app/models/users/reader-cards.server.ts).
 * A page keeps the card after its reply, so by default this waits for it for up to 2 s.
 */
/** His UserHub and the hash its cards are kept by. */
export async function cardsOf(who: Me) {
  return { hub: env.USER_HUB.get(env.USER_HUB.idFromName(String(who.id))), hash: await sha256Hex(who.cookie.slice("sid=".length)) };
}

/** The nick on his card (null when his hub has no card of him). */
export async function cardNick(who: Me): Promise<string | null> {
  const { hub, hash } = await cardsOf(who);
  const reply = (await hub.readerCard(hash, 0, Date.now())) as { card: { session: { user: { nick: string } } } | null };
  return reply.card?.session.user.nick ?? null;
}

/**
 * His card (of a reader who has done nothing on any question) as if it had been read from D1 `ms`
 * ago; it serves for a minute from then.
 */
export async function ageReaderCard(who: Me, ms: number): Promise<void> {
  const { hub, hash } = await cardsOf(who);
  const { epoch, card } = await hub.readerCard(hash, 0, Date.now());
  expect(card).not.toBeNull();
  expect(await hub.rememberReader(epoch, hash, card, [], Date.now() - ms, 60_000)).toBe(true);
}

export async function hasReaderCard(who: Me, wait = true): Promise<boolean> {
  const { hub, hash } = await cardsOf(who);
  for (let i = 0; i < (wait ? 40 : 1); i++) {
    if ((await hub.readerCard(hash, 0, Date.now())).card) return true;
    if (wait) await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}
