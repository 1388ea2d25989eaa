import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { ERR } from "../../app/lib/errids";
import { ERRORS } from "../../app/lib/errors";
import { get, page, post } from "./helpers/api";
import { all, exec, value } from "./helpers/db";
import { openSocket } from "./helpers/sockets";
import { as, newUser } from "./helpers/users";
import { answerBySomeone, questionOf } from "./helpers/threads";

/**
 * Web Push (docs/decisions/0057): devices kept per user; a notification whose recipient has no page
 * open goes through the PUSH queue to the local push service (fakes/push-service.ts), which checks
 * the VAPID signature and decrypts what the worker sent, as a browser's push service and browser do.
 */

type Received = { payload: { title: string; body: string; url: string; tag: string }; ttl: string; topic: string; urgency: string; at: number };

/** A subscription the local push service made, as a browser gives it to the page. */
async function browserSubscription() {
  const res = await fetch(`${env.FAKE_PUSH_URL}/_control/subscribe`, { method: "POST" });
  return (await res.json()) as { id: string; endpoint: string; keys: { p256dh: string; auth: string } };
}

/** What the push service received for a subscription, decrypted. */
async function received(subId: string): Promise<Received[]> {
  return (await fetch(`${env.FAKE_PUSH_URL}/_control/messages?sub=${subId}`)).json();
}

/** A new user with push on for this "browser": his session and the subscription. */
async function subscribedUser(nick: string) {
  const me = await newUser(nick);
  const sub = await browserSubscription();
  const { json } = await post("pushsubscribe", { endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth }, me);
  expect(json.status).toBe(200);
  return { me, sub };
}

/** Waits until the push service holds `n` pushes for the subscription. */
async function pushesOf(subId: string, n: number) {
  let got: Received[] = [];
  await vi.waitFor(
    async () => {
      got = await received(subId);
      expect(got.length).toBeGreaterThanOrEqual(n);
    },
    { timeout: 10_000, interval: 25 },
  );
  return got;
}

describe("Web Push devices", () => {
  it("a signed-in user's browser is kept as a device, listed, kept once however often it subscribes, and removed by him alone", async () => {
    const me = await newUser("Подписчик");
    const sub = await browserSubscription();
    const fields = { endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth };
    expect((await post("pushsubscribe", fields)).json).toMatchObject({ status: 401, errid: ERR.signInNeeded });
    const first = await post("pushsubscribe", fields, me);
    expect(first.json.devices).toEqual([{ id: expect.any(Number), device: expect.any(String), added: expect.any(Number) }]);
    expect((await post("pushsubscribe", fields, me)).json.devices).toHaveLength(1);
    expect((await get("pushdevices", {}, me)).json).toMatchObject({ status: 200, on: 1, devices: [{ id: first.json.devices[0].id }] });
    expect(await value("select count(*) v from push_subscriptions where endpoint = ?", sub.endpoint)).toBe(1);

    const stranger = await newUser("Чужой");
    const theirs = await post("pushunsubscribe", { id: String(first.json.devices[0].id) }, stranger);
    expect(theirs.status).toBe(404);
    expect(theirs.json).toMatchObject({ errid: ERR.pushDeviceMissing, error: ERRORS[ERR.pushDeviceMissing].text });
    expect((await post("pushunsubscribe", { id: String(first.json.devices[0].id) }, me)).json).toMatchObject({ status: 200, devices: [] });
    expect(await value("select count(*) v from push_subscriptions where endpoint = ?", sub.endpoint)).toBe(0);
  });

  it("refuses an address that is no push service, and keys that are not a browser's, in Russian; nothing is stored", async () => {
    const me = await newUser("Осторожный");
    const sub = await browserSubscription();
    const before = await value("select count(*) v from push_subscriptions");
    for (const endpoint of ["https://example.ru/push/1", "http://fcm.googleapis.com/fcm/send/x", "javascript:alert(1)", "https://fcm.googleapis.com:8443/x"]) {
      const { status, json } = await post("pushsubscribe", { endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth }, me);
      expect(status, endpoint).toBe(400);
      expect(json).toMatchObject({ errid: ERR.pushEndpointInvalid, error: ERRORS[ERR.pushEndpointInvalid].text });
    }
    const badKeys = await post("pushsubscribe", { endpoint: sub.endpoint, p256dh: "abc", auth: sub.keys.auth }, me);
    expect(badKeys.status).toBe(400);
    expect(badKeys.json.errid).toBe(ERR.pushKeysInvalid);
    expect(await value("select count(*) v from push_subscriptions")).toBe(before);
  });

  it("without the VAPID keys push is off: the settings say so and the call refuses with 503", async () => {
    const me = await newUser("Без пуша");
    const sub = await browserSubscription();
    const off = { VAPID_PRIVATE_KEY: "" };
    const { status, json } = await post("pushsubscribe", { endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth }, me, { bindings: off });
    expect(status).toBe(503);
    expect(json).toMatchObject({ errid: ERR.pushNotConfigured, error: "Push-уведомления на этом сайте не настроены" });
    const settings = (await page("/settings", me)).html;
    expect(settings).toContain("Включить push-уведомления");
  });
});

describe("Web Push sending", () => {
  it("an answer to his question reaches his device: signed by the site, decrypted, in Russian, with the question's page and tag", async () => {
    const { me, sub } = await subscribedUser("Спросивший");
    const qid = await questionOf(me, "Как выбрать первый телескоп?");
    const who = await answerBySomeone(qid, "Начните с рефрактора <b>80 мм</b> &amp; монтировки AZ");
    // how soon it comes is the bench's to say (BENCH_ONLY=push: tests/load/push.ts), not a timed test's
    const [push] = await pushesOf(sub.id, 1);
    const aid = await value("select id v from answers where qid = ? and user_id = ?", qid, who.id);
    expect(push.payload).toEqual({
      title: `${who.nick} ответил(а) на вопрос «Как выбрать первый телескоп?»`,
      // the answer's beginning, as the bell shows it, as plain text
      body: expect.stringMatching(/^Начните с рефрактора 80 мм & мон/),
      url: `/question/${qid}#answer-${aid}`,
      tag: `q${qid}`,
    });
    expect(push).toMatchObject({ ttl: "86400", topic: `q${qid}`, urgency: "normal" });
    const rejected = await (await fetch(`${env.FAKE_PUSH_URL}/_control/rejected`)).json();
    expect(rejected).toEqual([]);
  });

  it("nothing is pushed while a page of his is open, for a kind he turned off, with push off, or when he is banned", async () => {
    // one user for each case, each with a question of his
    const open = await subscribedUser("С открытой страницей");
    const kindOff = await subscribedUser("Без ответов по push");
    const pushOff = await subscribedUser("Без push");
    const banned = await subscribedUser("Заблокированный");
    const wants = await subscribedUser("Ждущий");
    expect((await post("savesettings", { AQ_P: "0" }, kindOff.me)).json.status).toBe(200);
    // on the wire the channels are inverted: push 1 = off
    expect((await post("savesettings", { push: "1" }, pushOff.me)).json.status).toBe(200);
    await exec("update users set banned_until = ? where id = ?", Date.now() + 86_400_000, banned.me.id);

    const socket = await openSocket("/ws", { me: open.me });
    expect(await socket.next()).toMatchObject({ type: "hello" });
    for (const u of [open, kindOff, pushOff, banned]) await answerBySomeone(await questionOf(u.me, `Вопрос ${u.me.nick}`), "Ответ");
    // his open page heard it
    expect(await socket.next()).toMatchObject({ type: "notify" });
    socket.ws?.close(1000, "bye");
    await socket.closed();

    // the queue keeps its order: once the last one's push is in, the others' were decided
    const last = await answerBySomeone(await questionOf(wants.me, "Почему небо голубое?"), "Рассеяние Рэлея");
    const pushes = await pushesOf(wants.sub.id, 1);
    expect(pushes.map((p) => p.payload.title)).toEqual([`${last.nick} ответил(а) на вопрос «Почему небо голубое?»`]);
    for (const u of [open, kindOff, pushOff, banned]) expect(await received(u.sub.id), u.me.nick).toEqual([]);
    // the site's own list still has every one of them
    for (const u of [open, kindOff, pushOff])
      expect(await value("select count(*) v from notifications where user_id = ? and kind = 'answer'", u.me.id)).toBe(1);
  });

  it("an item dropped before the queue sends it is not pushed; the one beside it is", async () => {
    const { me, sub } = await subscribedUser("Проверяющий");
    const kept = await questionOf(me, "Что почитать о космосе?");
    const dropped = await questionOf(me, "Вопрос, который удалят");
    // the answers come while a page of his is open: nothing is queued for them
    const socket = await openSocket("/ws", { me });
    expect(await socket.next()).toMatchObject({ type: "hello" });
    await answerBySomeone(kept, "Книги Хокинга");
    await answerBySomeone(dropped, "Ответ в удалённом вопросе");
    expect(await socket.next()).toMatchObject({ type: "notify" });
    expect(await socket.next()).toMatchObject({ type: "notify" });
    socket.ws?.close(1000, "bye");
    await socket.closed();
    // a moderator drops the second question; then the queue delivers both notifications
    await exec("update questions set hidden = 1, state = 'D' where id = ?", dropped);
    const nids = await all<{ id: number }>("select id from notifications where user_id = ? and kind = 'answer' order by id", me.id);
    expect(nids).toHaveLength(2);
    const batch = createMessageBatch(
      "otvety-push",
      nids.map((n, i) => ({ id: `p${i}`, timestamp: new Date(), attempts: 1, body: { userId: me.id, nid: n.id } })),
    );
    const ctx = createExecutionContext();
    await worker.queue(batch, env);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual(["p0", "p1"]);
    expect((await received(sub.id)).map((p) => p.payload.tag)).toEqual([`q${kept}`]);
  });

  it("a device the push service says is gone (410) is removed", async () => {
    const { me, sub } = await subscribedUser("Сменивший браузер");
    const qid = await questionOf(me, "Где купить кактус?");
    await fetch(`${env.FAKE_PUSH_URL}/_control/gone/${sub.id}`, { method: "POST" });
    await answerBySomeone(qid, "На рынке");
    await vi.waitFor(async () => expect(await value("select count(*) v from push_subscriptions where user_id = ?", me.id)).toBe(0), {
      timeout: 10_000,
      interval: 25,
    });
  });

  it("the settings list his devices, with a way to remove each that works without JavaScript", async () => {
    const { me } = await subscribedUser("Настраивающий");
    const html = await (await page("/settings", me)).html;
    expect(html).toContain("Мои устройства");
    const id = await value("select id v from push_subscriptions where user_id = ?", me.id);
    expect(html).toMatch(new RegExp(`action="/do/pushunsubscribe[^"]*"[\\s\\S]*?name="id" value="${id}"`));
    const guru = await as("guru@demo.local");
    expect(await (await page("/settings", guru)).html).toContain("На этом сайте push-уведомления пока не включены ни на одном вашем устройстве");
  });
});
