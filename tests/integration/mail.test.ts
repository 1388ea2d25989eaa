import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { ERR } from "../../app/lib/errids";
import { ERRORS } from "../../app/lib/errors";
import { sendDigests } from "../../app/models/mail/digest.server";
import { unsubscribeUrl } from "../../app/models/mail/unsubscribe.server";
import { BASE, page, post } from "./helpers/api";
import { all, exec, value } from "./helpers/db";
import { newUser } from "./helpers/users";
import { answerBySomeone, questionOf } from "./helpers/threads";
import { workerFetch } from "./worker-fetch";

/**
 * E-mail (docs/decisions/0058): mail at once for the kinds chosen for it, the daily digest for the
 * rest, one-click unsubscribe without signing in (RFC 8058), bounces and complaints, the local sink
 * and Cloudflare's e-mail sending as Miniflare runs it.
 */

type Mail = {
  id: number;
  user_id: number;
  email: string;
  kind: string;
  ref: string;
  subject: string;
  text: string;
  html: string;
  provider: string;
  provider_id: string | null;
};

const mailsOf = (userId: number) => all<Mail>("select * from mail_log where user_id = ? order by id", userId);

/** Waits until the user has `n` mails in the log. */
async function mailsArrive(userId: number, n: number) {
  let got: Mail[] = [];
  await vi.waitFor(
    async () => {
      got = await mailsOf(userId);
      expect(got.length).toBeGreaterThanOrEqual(n);
    },
    { timeout: 15_000, interval: 50 },
  );
  return got;
}

/** Runs the MAIL queue's handler on these notifications of the user, as the queue would deliver them. */
async function deliver(userId: number, nids: number[], on: Env = env) {
  const batch = createMessageBatch(
    "otvety-mail",
    nids.map((nid, i) => ({ id: `m${i}`, timestamp: new Date(), attempts: 1, body: { userId, nid } })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, on);
  return getQueueResult(batch, ctx);
}

const HOUR = 3_600_000;
const mskHour = (ms: number) => new Date(ms + 3 * HOUR).getUTCHours();
/** A moment from 09:00 Moscow time within a few hours of now (so the day's activity is within its 24 hours). */
const digestTime = () => (mskHour(Date.now()) >= 9 ? Date.now() : Date.now() + (9 - mskHour(Date.now())) * HOUR);
/** 08:00 Moscow time of the same day: too early for digests. */
const beforeNine = (ms: number) => ms - (mskHour(ms) - 8) * HOUR;

describe("mail at once", () => {
  it("a new answer to his question is mailed once, in Russian, with the page, the settings and a one-click unsubscribe", async () => {
    const me = await newUser("Читатель почты");
    const qid = await questionOf(me, "Как вырастить лимон дома?");
    const who = await answerBySomeone(qid, "Нужен <b>южный</b> подоконник");
    const [mail] = await mailsArrive(me.id, 1);
    expect(mail).toMatchObject({ email: me.email, kind: "notice", provider: "sink", subject: `${who.nick} ответил(а) на вопрос «Как вырастить лимон дома?»` });
    const aid = await value("select id v from answers where qid = ? and user_id = ?", qid, who.id);
    const unsubscribe = await unsubscribeUrl(env, me.id);
    expect(mail.text).toContain("Нужен южный подоконник");
    expect(mail.text).toContain(`Открыть на сайте: http://127.0.0.1/question/${qid}#answer-${aid}`);
    expect(mail.text).toContain(`Отписаться от писем: ${unsubscribe}`);
    expect(mail.html).toContain(`<a href="http://127.0.0.1/question/${qid}#answer-${aid}">Открыть на сайте</a>`);
    expect(mail.html).not.toContain("<b>");

    // the queue delivering the same notification again sends nothing more
    const result = await deliver(me.id, [Number(mail.ref)]);
    expect(result.explicitAcks).toEqual(["m0"]);
    expect(await mailsOf(me.id)).toHaveLength(1);
  });

  it("no mail for a kind he turned off, with mail off, to an address that bounced, to a banned user, or for a dropped item", async () => {
    const kindOff = await newUser("Без писем об ответах");
    const mailOff = await newUser("Без писем");
    const bounced = await newUser("С плохим адресом");
    const banned = await newUser("Заблокированный читатель");
    const dropped = await newUser("С удалённым вопросом");
    const wants = await newUser("Ждущий письма");
    expect((await post("savesettings", { AQ_M: "0" }, kindOff)).json.status).toBe(200);
    // on the wire the channels are inverted: mail 1 = off
    expect((await post("savesettings", { mail: "1" }, mailOff)).json.status).toBe(200);
    await exec("insert into mail_suppressions (email, reason, added) values (?, 'bounce', ?)", bounced.email, Date.now());
    await exec("update users set banned_until = ? where id = ?", Date.now() + 86_400_000, banned.id);
    for (const u of [kindOff, mailOff, bounced, banned]) await answerBySomeone(await questionOf(u, `Вопрос ${u.nick}`), "Ответ");

    // the dropped item: mailed by a delivery after a moderator dropped its question
    const droppedQ = await questionOf(dropped, "Вопрос, который удалят");
    const wantsQ = await questionOf(wants, "Сколько спать взрослому?");
    await answerBySomeone(wantsQ, "Семь-восемь часов");
    await mailsArrive(wants.id, 1);
    await exec("update users set notify_settings = json_patch(notify_settings, '{\"mail\":0}') where id = ?", dropped.id);
    await answerBySomeone(droppedQ, "Ответ в удалённом");
    await exec("update users set notify_settings = json_patch(notify_settings, '{\"mail\":1}') where id = ?", dropped.id);
    await exec("update questions set hidden = 1, state = 'D' where id = ?", droppedQ);
    const nid = await value("select id v from notifications where user_id = ? and kind = 'answer'", dropped.id);
    expect((await deliver(dropped.id, [nid])).explicitAcks).toEqual(["m0"]);

    // the queue keeps its order: the later mail is in, so the earlier ones were decided
    for (const u of [kindOff, mailOff, bounced, banned, dropped]) expect(await mailsOf(u.id), u.nick).toEqual([]);
    expect(await mailsOf(wants.id)).toHaveLength(1);
  });

  it("Cloudflare's e-mail sending takes the mail, with the list headers, as Miniflare runs it", async () => {
    const me = await newUser("Получатель");
    const qid = await questionOf(me, "Какой чай полезнее?");
    // his answers come while mail is off, so the queue's own delivery sends nothing; then the handler with the adapter
    expect((await post("savesettings", { mail: "1" }, me)).json.status).toBe(200);
    await answerBySomeone(qid, "Зелёный");
    // the queue keeps its order: a later mail in the log says his was decided while his mail was off
    const witness = await newUser("Свидетель");
    await answerBySomeone(await questionOf(witness, "Какой кофе крепче?"), "Эспрессо");
    await mailsArrive(witness.id, 1);
    expect((await post("savesettings", { mail: "0" }, me)).json.status).toBe(200);
    const nid = await value("select id v from notifications where user_id = ? and kind = 'answer'", me.id);
    // the real binding, watched: what the worker hands it
    const handed: Parameters<SendEmail["send"]>[0][] = [];
    const mailer = {
      send: (m: Parameters<SendEmail["send"]>[0]) => {
        handed.push(m);
        return env.MAILER.send(m as never);
      },
    } as SendEmail;
    const result = await deliver(me.id, [nid], { ...env, MAIL_PROVIDER: "cloudflare", MAILER: mailer } as Env);
    expect(result.explicitAcks).toEqual(["m0"]);
    const [mail] = await mailsOf(me.id);
    expect(mail).toMatchObject({ provider: "cloudflare", provider_id: expect.stringMatching(/@otvety\.test>?$/) });
    const unsubscribe = await unsubscribeUrl(env, me.id);
    expect(handed).toEqual([
      {
        from: { email: "noreply@otvety.test", name: "Ответы" },
        to: me.email,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      },
    ]);
  });
});

describe("the daily digest", () => {
  it("from 09:00 Moscow time: answers to his questions, answers in watched questions and followed people's questions, once a day", async () => {
    const me = await newUser("Любитель сводок");
    // answers to his own questions come in the digest when he does not get them at once
    expect((await post("savesettings", { AQ_M: "0" }, me)).json.status).toBe(200);
    const mine = await questionOf(me, "Чем кормить ежа?");
    await answerBySomeone(mine, "Кошачьим кормом");
    await answerBySomeone(mine, "Насекомыми");
    const author = await newUser("Автор");
    const watched = await questionOf(author, "Как настроить роутер?");
    await exec("insert into watches (qid, user_id, added) values (?, ?, ?)", watched, me.id, Date.now());
    await answerBySomeone(watched, "Через веб-интерфейс");
    expect((await post("follow", { uid: author.id }, me)).json.status).toBe(200);
    const followed = await questionOf(author, "Где отдохнуть в мае?");

    const now = digestTime();
    // before nine nothing goes
    expect(await sendDigests(env, beforeNine(now), 10_000)).toBe(0);
    await sendDigests(env, now, 10_000);
    const digests = (await mailsOf(me.id)).filter((m) => m.kind === "digest");
    expect(digests).toHaveLength(1);
    const [d] = digests;
    expect(d.subject).toBe("Что нового на «Ответах» за день");
    expect(d.text).toContain("Ответы на ваши вопросы:\n• Чем кормить ежа? — 2 новых ответа");
    expect(d.text).toContain("Ответы в вопросах, за которыми вы следите:\n• Как настроить роутер? — 1 новый ответ");
    expect(d.text).toContain(`Новые вопросы тех, на кого вы подписаны:\n• Где отдохнуть в мае? — ${author.nick}\n  http://127.0.0.1/question/${followed}`);
    expect(d.html).toContain(`<a href="http://127.0.0.1/question/${mine}">Чем кормить ежа?</a>`);
    // once a day
    await sendDigests(env, now + 60_000, 10_000);
    expect((await mailsOf(me.id)).filter((m) => m.kind === "digest")).toHaveLength(1);
  });
});

describe("unsubscribe and bounces", () => {
  it("the mail's link opens a page that changes nothing; its button, or a mail client's one-click POST, turns mail off without signing in", async () => {
    const me = await newUser("Отписывающийся");
    const url = await unsubscribeUrl(env, me.id);
    const path = new URL(url).pathname;
    const shown = await page(path);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain("Отписаться от писем");
    expect(await value("select coalesce(json_extract(notify_settings, '$.mail'), 1) v from users where id = ?", me.id)).toBe(1);

    // a mail client's one-click POST comes from no page of ours
    const oneClick = await workerFetch(`${BASE}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toBe("Вы отписались от писем «Ответов».");
    expect(await value("select json_extract(notify_settings, '$.mail') v from users where id = ?", me.id)).toBe(0);

    // the page's button: back to the page, which says it is done
    const other = await newUser("Нажимающий кнопку");
    const button = await workerFetch(new URL(await unsubscribeUrl(env, other.id)).href.replace("http://127.0.0.1", BASE), {
      method: "POST",
      headers: { origin: BASE, "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(button.status).toBe(303);
    const done = await page(button.headers.get("location")!);
    expect(done.html).toContain("Готово: письма больше не придут");
  });

  it("a forged or cut link changes nothing and says so in Russian", async () => {
    const me = await newUser("Осторожный");
    const good = new URL(await unsubscribeUrl(env, me.id)).pathname;
    const forged = good.replace(`/unsubscribe/${me.id}.`, `/unsubscribe/${me.id + 1}.`);
    for (const path of [forged, good.slice(0, -3), "/unsubscribe/abc"]) {
      const res = await workerFetch(`${BASE}${path}`, { method: "POST", body: "List-Unsubscribe=One-Click" });
      expect(res.status, path).toBe(404);
      expect(await res.text()).toBe(ERRORS[ERR.unsubscribeLinkInvalid].text);
      expect((await page(path)).status).toBe(404);
    }
    expect(await value("select count(*) v from users where json_extract(notify_settings, '$.mail') = 0 and id in (?, ?)", me.id, me.id + 1)).toBe(0);
  });

  it("the provider's bounce and complaint reports stop mail to those addresses; without the secret nothing changes", async () => {
    const a = await newUser("Отскок");
    const b = await newUser("Жалоба");
    const events = JSON.stringify([
      { type: "bounce", email: a.email.toUpperCase() },
      { type: "complaint", email: b.email },
    ]);
    const denied = await workerFetch(`${BASE}/api/mail/events`, { method: "POST", headers: { "x-mail-secret": "wrong" }, body: events });
    expect(denied.status).toBe(403);
    expect(await value("select count(*) v from mail_suppressions where email in (?, ?)", a.email, b.email)).toBe(0);
    const bad = await workerFetch(`${BASE}/api/mail/events`, { method: "POST", headers: { "x-mail-secret": "integration-tests-mail-secret" }, body: "{" });
    expect(bad.status).toBe(400);
    const ok = await workerFetch(`${BASE}/api/mail/events`, { method: "POST", headers: { "x-mail-secret": "integration-tests-mail-secret" }, body: events });
    expect(ok.status).toBe(200);
    expect(await all("select email, reason from mail_suppressions where email in (?, ?) order by reason", a.email, b.email)).toEqual([
      { email: a.email, reason: "bounce" },
      { email: b.email, reason: "complaint" },
    ]);
  });

  it("the local sink shows the mails outside production, and does not exist in production", async () => {
    const me = await newUser("Смотрящий");
    const qid = await questionOf(me, "Что посмотреть вечером?");
    await answerBySomeone(qid, "Старое кино");
    await mailsArrive(me.id, 1);
    const sink = await page("/dev/mail");
    expect(sink.status).toBe(200);
    expect(sink.html).toContain("ответил(а) на вопрос «Что посмотреть вечером?»");
    const prod = await workerFetch(`${BASE}/dev/mail`, {}, { ENVIRONMENT: "production" });
    expect(prod.status).toBe(404);
  });
});
