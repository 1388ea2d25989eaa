/**
 * The blacklist, everywhere one user can reach another: a user on someone's blacklist cannot
 * answer or comment on his questions and answers, reply to his comments, follow him, mention him
 * or send him gifts (refused, nothing written), and none of his other actions notify him (the
 * action stands, the notification is not written). A moderator's notices are not silenced.
 * Also: following the same user again within a day notifies him once.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { type Me, post } from "./helpers/api";
import { exec, fingerprint, notificationsOf, value } from "./helpers/db";
import { as, newUser } from "./helpers/users";

const BRAND = 1;

/** `owner` puts `user` on his blacklist through the addblist call. */
async function blacklist(owner: Me, user: number) {
  const r = await post("addblist", { bid: user }, owner);
  expect(r.json).toMatchObject({ status: 200, blacklisted: 1 });
}

/** Everything the refused actions could have written. */
const snapshot = () =>
  fingerprint({
    questions: "select count(*) from questions",
    answers: "select count(*) from answers",
    comments: "select count(*) from comments",
    follows: "select count(*) from follows",
    privateAnswers: "select count(*) from private_answers",
    gifts: "select count(*) from sent_gifts",
    notifications: "select count(*) from notifications",
    points: "select sum(points) from users",
  });

/** A new user at level Профи (600 points): no captcha in bursts, comments on new questions allowed. */
async function writer(nick: string): Promise<Me> {
  const me = await newUser(nick, { points: 600 });
  await exec("update users set lvl = 4 where id = ?", me.id);
  return me;
}

async function ask(who: Me, qtext: string, extra: Record<string, string | string[]> = {}): Promise<number> {
  const r = await post("addqst", { qtext, cid: "1", subcid: "100", ...extra }, who);
  expect(r.json.status).toBe(200);
  return r.json.qid as number;
}

async function answer(who: Me, qid: number, Body: string): Promise<number> {
  const r = await post("addans", { qid, Body }, who);
  expect(r.json.status).toBe(200);
  return r.json.id as number;
}

async function comment(who: Me, fields: Record<string, string | number>): Promise<number> {
  const r = await post("addcmt", fields, who);
  expect(r.json.status).toBe(200);
  return r.json.id as number;
}

const kinds = async (userId: number, actorId: number) =>
  (
    await env.DB.prepare("select kind from notifications where user_id = ? and actor_id = ? order by id").bind(userId, actorId).all<{ kind: string }>()
  ).results.map((r) => r.kind);

let owner: Me;
let pest: Me;
let third: Me;
let ownQuestion: number;
let thirdQuestion: number;
let ownAnswer: number;
let ownComment: number;

beforeAll(async () => {
  owner = await writer("Хозяин");
  pest = await writer("Надоеда");
  third = await writer("Сосед");
  ownQuestion = await ask(owner, "Как приучить кота к когтеточке?");
  thirdQuestion = await ask(third, "Чем покормить ежа, который пришёл в сад?");
  ownAnswer = await answer(owner, thirdQuestion, "Кошачьим кормом и водой, молоко ежам вредно.");
  ownComment = await comment(owner, { type: "Q", refid: thirdQuestion, Body: "Только не молоком!" });
  await blacklist(owner, pest.id);
});

describe("what a blacklisted user cannot do to the one who blacklisted him", () => {
  it("every way of reaching him is refused with its errid and a Russian text, and writes nothing", async () => {
    const expert = await as("expert@demo.local");
    const admin = await as("brandadmin@demo.local");
    const gift = await value("select id v from gifts order by cost limit 1");
    // a private question of the owner's, answered by the brand's admin; the owner blacklisted the
    // expert, and the admin blacklisted the owner
    const pqid = (await post("askbrand", { bid: BRAND, qtext: "Когда будет новая модель?" }, owner)).json.pqid as number;
    const openPq = (await post("askbrand", { bid: BRAND, qtext: "А зарядка в комплекте?" }, owner)).json.pqid as number;
    expect((await post("anspersonal", { pqid, Body: "Осенью." }, admin)).json.status).toBe(200);
    const privateAnswer = await value("select id v from private_answers where pqid = ?", pqid);
    await blacklist(owner, expert.id);
    await blacklist(admin, owner.id);

    const cases: [string, Me, string, Record<string, string | number>, number][] = [
      ["answer his question", pest, "addans", { qid: ownQuestion, Body: "А я всё равно отвечу." }, 390],
      ["comment on his question", pest, "addcmt", { type: "Q", refid: ownQuestion, Body: "Ну-ну." }, 391],
      ["comment on his answer", pest, "addcmt", { type: "A", refid: ownAnswer, Body: "Ерунда." }, 391],
      ["reply to his comment", pest, "addcmt", { type: "Q", refid: thirdQuestion, cmid: ownComment, Body: "А вот и нет." }, 391],
      ["follow him", pest, "follow", { uid: owner.id }, 392],
      ["mention him in a question", pest, "addqst", { qtext: "Что скажет сосед про котов?", cid: "1", subcid: "100", mention: owner.id }, 393],
      [
        "mention him in a public question to a brand",
        pest,
        "askbrand",
        { bid: BRAND, public: "1", qtext: "Что скажет сосед?", cid: "1", subcid: "100", mention: owner.id },
        393,
      ],
      ["send him a gift", pest, "makegift", { gift, user: owner.id, pointsgift: 1 }, 506],
      ["answer his private question (a brand member he blacklisted)", expert, "anspersonal", { pqid: openPq, Body: "Да." }, 390],
      ["comment on the answer of a member who blacklisted him", owner, "addcmtpersonal", { refid: privateAnswer, Body: "Спасибо!" }, 391],
    ];
    const snap = await snapshot();
    const got = [];
    for (const [what, who, name, fields] of cases) {
      const { res, json } = await post(name, fields, who);
      got.push([what, res.status, json.errid]);
    }
    expect(got).toEqual(cases.map(([what, , , , errid]) => [what, 403, errid]));
    expect(await snapshot()).toEqual(snap);

    const text = async (name: string, fields: Record<string, string | number>, who: Me = pest) => (await post(name, fields, who)).json.error;
    expect(await text("addans", { qid: ownQuestion, Body: "Ещё раз." })).toBe("Автор вопроса добавил вас в чёрный список: отвечать на его вопросы нельзя");
    expect(await text("addcmt", { type: "Q", refid: ownQuestion, Body: "Ещё раз." })).toBe(
      "Автор добавил вас в чёрный список: комментировать его вопросы, ответы и комментарии нельзя",
    );
    expect(await text("follow", { uid: owner.id })).toBe("Пользователь добавил вас в чёрный список: подписаться на него нельзя");
    expect(await text("addqst", { qtext: "Ещё раз?", cid: "1", subcid: "100", mention: owner.id })).toBe(
      "Пользователь добавил вас в чёрный список: упоминать его нельзя",
    );

    // others may still do all of it, and the blacklisted user may still comment on the neighbour's question
    await answer(third, ownQuestion, "Натрите когтеточку кошачьей мятой.");
    expect((await post("anspersonal", { pqid: openPq, Body: "Да, в комплекте." }, admin)).json.status).toBe(200);
    await comment(pest, { type: "Q", refid: thirdQuestion, Body: "Ежи любят яблоки?" });
    expect(await kinds(third.id, pest.id)).toEqual(["comment"]);
  });

  it("unfollowing someone who has since blacklisted you still works; following him again does not", async () => {
    const fan = await writer("Поклонник");
    expect((await post("follow", { uid: owner.id }, fan)).json.status).toBe(200);
    await blacklist(owner, fan.id);
    expect((await post("unfollow", { uid: owner.id }, fan)).json.status).toBe(200);
    expect(await value("select count(*) v from follows where follower_id = ? and target_id = ?", fan.id, owner.id)).toBe(0);
    expect((await post("follow", { uid: owner.id }, fan)).json.errid).toBe(392);
  });
});

describe("what a blacklisted user may still do, without notifying the one who blacklisted him", () => {
  it("a poll vote, a «нравится» on his question and a thanks for his answer are counted, and notify him of nothing", async () => {
    const poll = await ask(owner, "Какую когтеточку купить?", { poll: "S", poll_options: ["Столбик", "Домик"] });
    const option = await value("select id v from poll_options where qid = ? order by position limit 1", poll);
    expect((await post("votepoll", { qid: poll, vote: option }, pest)).json.status).toBe(200);
    expect((await post("mark", { qid: ownQuestion }, pest)).json.status).toBe(200);
    const pestQuestion = await ask(pest, "Как отучить кота драть обои?");
    const aid = await answer(owner, pestQuestion, "Купите когтеточку и поставьте у обоев.");
    expect((await post("thanks", { aid }, pest)).json.status).toBe(200);
    expect(await value("select votes v from poll_options where id = ?", option)).toBe(1);
    expect(await value("select count(*) v from marks where target_type = 'Q' and target_id = ? and user_id = ?", ownQuestion, pest.id)).toBe(1);
    expect((await kinds(owner.id, pest.id)).filter((k) => ["poll_vote", "q_liked", "ans_liked"].includes(k))).toEqual([]);
  });

  it("his answer to a question the owner watches, and his new question the owner follows, notify the owner of nothing (the others still hear)", async () => {
    const watched = await ask(third, "Как перевезти кота на дачу?");
    expect((await post("startwatch", { qid: watched }, owner)).json.status).toBe(200);
    expect((await post("follow", { uid: pest.id }, owner)).json.status).toBe(200);
    const follower = await writer("Читатель");
    expect((await post("follow", { uid: pest.id }, follower)).json.status).toBe(200);
    await answer(pest, watched, "В переноске, с любимой подстилкой.");
    await ask(pest, "Сколько раз в день кормить котёнка?");
    expect((await kinds(owner.id, pest.id)).filter((k) => ["answer", "followed_question"].includes(k))).toEqual([]);
    expect(await kinds(third.id, pest.id)).toContain("answer");
    expect(await kinds(follower.id, pest.id)).toEqual(["followed_question"]);
  });

  it("a private question to a brand reaches the brand, but a member who blacklisted the asker is not notified", async () => {
    const expert = await as("expert@demo.local");
    const admin = await as("brandadmin@demo.local");
    const asker = await writer("Покупатель");
    await blacklist(expert, asker.id);
    const r = await post("askbrand", { bid: BRAND, qtext: "Где сервис-центр в Казани?" }, asker);
    expect(r.json.status).toBe(200);
    expect(await notificationsOf(admin.id, { kind: "direct", columns: "actor_id, pqid" })).toContainEqual({ actor_id: asker.id, pqid: r.json.pqid });
    expect(await kinds(expert.id, asker.id)).toEqual([]);
  });

  it("a moderator's notice still reaches a user who blacklisted the moderator", async () => {
    const moder = await as("moder@demo.local");
    await blacklist(owner, moder.id);
    expect((await post("a_ansdrop", { id: ownAnswer }, moder)).json.status).toBe(200);
    expect(await kinds(owner.id, moder.id)).toEqual(["moder_deleted"]);
  });
});

describe("following the same user again", () => {
  it("follow, unfollow and follow again within a day notify him once; after a day, again", async () => {
    const fan = await writer("Непостоянный");
    const star = await writer("Звезда");
    for (let i = 0; i < 3; i++) {
      expect((await post("follow", { uid: star.id }, fan)).json.status).toBe(200);
      expect((await post("unfollow", { uid: star.id }, fan)).json.status).toBe(200);
    }
    expect((await post("follow", { uid: star.id }, fan)).json.status).toBe(200);
    expect(await notificationsOf(star.id, { kind: "follower", columns: "actor_id" })).toEqual([{ actor_id: fan.id }]);
    expect(await value("select followers v from users where id = ?", star.id)).toBe(1);

    // a day later the same follow is news again
    await exec("update notifications set added = added - 86400001 where user_id = ? and kind = 'follower'", star.id);
    expect((await post("unfollow", { uid: star.id }, fan)).json.status).toBe(200);
    expect((await post("follow", { uid: star.id }, fan)).json.status).toBe(200);
    expect(await notificationsOf(star.id, { kind: "follower", columns: "actor_id" })).toEqual([{ actor_id: fan.id }, { actor_id: fan.id }]);
  });
});
