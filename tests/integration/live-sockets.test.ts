/**
 * The live doors' limits: how many sockets a user's hub and a question's room take (per user, per
 * address, overall), and the end of a session's sockets when the session ends (sign-out, a new
 * sign-in in the same browser, a ban, expiry).
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SESSION_ENDED } from "../../app/lib/live-socket";
import { questionRoom, userHub } from "../../app/models/core/hub.server";
import { BASE, post } from "./helpers/api";
import { exec, value } from "./helpers/db";
import { openSocket, type TestSocket } from "./helpers/sockets";
import { as, newUser, signIn } from "./helpers/users";

/** The close code that tells the page its session ended: it must not reconnect. */
const ENDED = 4001;

const closeAll = (sockets: TestSocket[]) => {
  for (const s of sockets) s.ws?.close(1000);
};

/** A question of the seed to read live. */
const someQuestion = () => value("select id v from questions where state = 'A' order by id limit 1");

describe("a session's sockets end with the session", () => {
  it("the page's client and the server agree on the close code that means 'signed out'", () => {
    expect(SESSION_ENDED).toBe(ENDED);
  });

  it("signing out closes that session's /ws sockets with 4001, leaves the user's other session live, and the old cookie opens no new one", async () => {
    const me = await newUser("Выходящий");
    const other = await signIn(me.email, "secret-pass");
    const mine = [await openSocket("/ws", { me }), await openSocket("/ws", { me })];
    const elsewhere = await openSocket("/ws", { me: other });
    for (const s of [...mine, elsewhere]) expect(await s.next()).toMatchObject({ type: "hello" });

    expect((await post("exit", {}, me)).json.status).toBe(200);
    for (const s of mine) expect(await s.closed()).toBe(ENDED);

    // the other browser still hears of new notifications; the closed ones heard nothing more
    await userHub(env, me.id).notified({ nid: 1, a: "answer" });
    expect(await elsewhere.next()).toMatchObject({ type: "notify", item: { nid: 1 } });
    for (const s of mine) expect(s.messages).toEqual([]);
    expect((await openSocket("/ws", { me })).res.status).toBe(401);
    closeAll([elsewhere]);
  });

  it("signing in again in the same browser ends the old session's sockets", async () => {
    const me = await newUser("Перезаходящий");
    const old = await openSocket("/ws", { me });
    expect(await old.next()).toMatchObject({ type: "hello" });
    const { res, json } = await post("auth", { email: me.email, password: "secret-pass" }, me.cookie);
    expect(json.status).toBe(200);
    expect(await old.closed()).toBe(ENDED);
    const fresh = await openSocket("/ws", { me: res.headers.get("set-cookie")!.split(";")[0] });
    expect(fresh.res.status).toBe(101);
    closeAll([fresh]);
  });

  it("a ban closes every /ws socket of the user, in every browser, with 4001", async () => {
    const victim = await newUser("Нарушитель");
    const second = await signIn(victim.email, "secret-pass");
    const sockets = [await openSocket("/ws", { me: victim }), await openSocket("/ws", { me: second })];
    for (const s of sockets) expect(await s.next()).toMatchObject({ type: "hello" });
    const moder = await as("moder@demo.local");
    expect((await post("a_tmpban", { id: victim.id, period: 24, text: "spam" }, moder)).json.status).toBe(200);
    for (const s of sockets) expect(await s.closed()).toBe(ENDED);
    await userHub(env, victim.id).notified({ nid: 2, a: "answer" });
    for (const s of sockets) expect(s.messages).toEqual([]);
    for (const who of [victim, second]) expect((await openSocket("/ws", { me: who })).res.status).toBe(401);
  });

  it("an upgrade that passed the door's session check just before sign-out is still refused by the hub", async () => {
    const me = await newUser("Торопливый");
    const sid = await value("select id v from sessions where user_id = ?", me.id);
    const expires = await value("select expires_at v from sessions where id = ?", sid);
    // the sign-out lands between the door's D1 read and the hub's accept
    expect((await post("exit", {}, me)).json.status).toBe(200);
    const late = await userHub(env, me.id).fetch(
      new Request(`${BASE}/ws`, {
        headers: { upgrade: "websocket", "x-live-admission": JSON.stringify({ tags: [`sid:${sid}`, `until:${expires}`], caps: [] }) },
      }),
    );
    expect(late.status).toBe(401);
    expect(late.webSocket).toBeNull();
  });

  it("a socket whose session has expired is closed with 4001 instead of receiving the next notification", async () => {
    const me = await newUser("Засидевшийся");
    await exec("update sessions set expires_at = ? where user_id = ?", Date.now() + 1500, me.id);
    const s = await openSocket("/ws", { me });
    expect(await s.next()).toMatchObject({ type: "hello" });
    await new Promise((r) => setTimeout(r, 1600));
    await userHub(env, me.id).notified({ nid: 3, a: "answer" });
    expect(await s.closed()).toBe(ENDED);
    expect(s.messages).toEqual([]);
  });
});

describe("how many sockets the live doors take", () => {
  it("a user's hub takes at most 20 sockets: the 21st upgrade is refused with 429 and a Russian text, and a closed one makes room", async () => {
    const me = await newUser("Многовкладочный");
    const sockets: TestSocket[] = [];
    for (let i = 0; i < 20; i++) sockets.push(await openSocket("/ws", { me }));
    for (const s of sockets) expect(s.res.status).toBe(101);
    const over = await openSocket("/ws", { me });
    expect(over.res.status).toBe(429);
    expect(await over.res.json()).toMatchObject({
      status: 429,
      errid: 540,
      error: "Слишком много открытых вкладок с сайтом. Закройте лишние и обновите страницу",
    });

    sockets.shift()!.ws!.close(1000);
    // the hub hears of the close a moment later
    let again = await openSocket("/ws", { me });
    for (let i = 0; again.res.status === 429 && i < 20; i++) {
      await new Promise((r) => setTimeout(r, 50));
      again = await openSocket("/ws", { me });
    }
    expect(again.res.status).toBe(101);
    closeAll([...sockets, again]);
  });

  it("a question's room takes at most 50 sockets from one address, an IPv6 one counted by its /64, while other addresses still get in", async () => {
    const qid = await someQuestion();
    const path = `/ws/question/${qid}`;
    const sockets: TestSocket[] = [];
    for (let i = 0; i < 50; i++) sockets.push(await openSocket(path, { ip: "203.0.113.7" }));
    for (const s of sockets) expect(s.res.status).toBe(101);
    const over = await openSocket(path, { ip: "203.0.113.7" });
    expect(over.res.status).toBe(429);
    expect(((await over.res.json()) as { errid: number }).errid).toBe(540);
    // the benchmark's header alone (the worker runs without BENCH_KNOBS) lifts nothing
    expect((await openSocket(path, { ip: "203.0.113.7", headers: { "x-bench-caps": "off" } })).res.status).toBe(429);
    const neighbour = await openSocket(path, { ip: "203.0.113.8" });
    expect(neighbour.res.status).toBe(101);
    sockets.push(neighbour);

    for (let i = 0; i < 50; i++) sockets.push(await openSocket(path, { ip: `2001:db8:5:6:${i.toString(16)}::1` }));
    expect(sockets.slice(-50).every((s) => s.res.status === 101)).toBe(true);
    expect((await openSocket(path, { ip: "2001:db8:5:6:ffff:1:2:3" })).res.status).toBe(429);
    const otherNetwork = await openSocket(path, { ip: "2001:db8:5:7::1" });
    expect(otherNetwork.res.status).toBe(101);
    sockets.push(otherNetwork);
    closeAll(sockets);
  });

  it("a question's room refuses an upgrade past the overall cap the worker gives it", async () => {
    const qid = await someQuestion();
    const room = questionRoom(env, qid + 1);
    const upgrade = (ip: string) =>
      room.fetch(
        new Request(`${BASE}/ws/question/${qid + 1}`, {
          headers: { upgrade: "websocket", "x-live-admission": JSON.stringify({ tags: [`ip:${ip}`], caps: [{ tag: null, max: 3 }] }) },
        }),
      );
    const open: WebSocket[] = [];
    for (const ip of ["198.51.100.1", "198.51.100.2", "198.51.100.3"]) {
      const res = await upgrade(ip);
      expect(res.status).toBe(101);
      res.webSocket!.accept();
      open.push(res.webSocket!);
    }
    expect((await upgrade("198.51.100.4")).status).toBe(429);
    for (const ws of open) ws.close(1000);
  });
});
