import { describe, expect, it } from "vitest";
import { get, page, post, postForm } from "./helpers/api";
import { exec, fingerprint, one, openQuestions, value } from "./helpers/db";
import { as, newUser, type NewUser } from "./helpers/users";

/**
 * The profile's header (avatar, tiles, actions, the owner's panels), the calls behind the profile
 * (stats, quserlist, auserlist, watchlist, gifteduserlist) and hiding one's activity (cabhide, the
 * VIP dialog), as people see them and as D1 holds them.
 */

const tile = (html: string, key: string) => html.match(new RegExp(`data-tile="${key}"[^>]*>(?:<a[^>]*>)?<b>(\\d+)</b>`))?.[1];

/** `count` questions of `user` in the first writable leaf category, each with an answer by `answerer` when given. */
async function questionsOf(user: NewUser, count: number, answerer?: NewUser) {
  const cat = await value("select id v from categories where parent_id is not null and readonly = 0 order by id limit 1");
  const top = await value("select parent_id v from categories where id = ?", cat);
  const now = Date.now();
  for (let i = 0; i < count; i++) {
    const qid = await value(
      "insert into questions (user_id, category_id, top_category_id, qtext, state, added, state_changed_at, updated_at) values (?, ?, ?, ?, 'A', ?, ?, ?) returning id v",
      user.id,
      cat,
      top,
      `Вопрос ${i + 1} участника ${user.serial}`,
      now + i,
      now + i,
      now + i,
    );
    if (answerer) await exec("insert into answers (qid, user_id, text, added) values (?, ?, ?, ?)", qid, answerer.id, `Ответ ${i + 1}`, now + i);
  }
}

const makeVip = (uid: number) => exec("update users set vip = 1, vip_until = ? where id = ?", Date.now() + 86_400_000, uid);

describe("the profile's header", () => {
  it("a stranger sees the seven tiles from the kept counters, the gift and share actions, and no blacklist tile", async () => {
    const owner = await newUser("Владелец");
    await exec(
      "update users set questions_count = 11, answers_count = 12, best_count = 3, direct_count = 4, watchcnt = 5, following = 6, followers = 7, black_cnt = 8 where id = ?",
      owner.id,
    );
    const stranger = await newUser("Гость профиля");
    const { html } = await page(`/profile/id${owner.id}`, stranger);
    expect([tile(html, "answers"), tile(html, "best"), tile(html, "questions"), tile(html, "direct")]).toEqual(["12", "3", "11", "4"]);
    expect([tile(html, "subscriptions"), tile(html, "following"), tile(html, "followers")]).toEqual(["5", "6", "7"]);
    expect(tile(html, "blacklisted")).toBeUndefined();
    expect(html).toContain('data-testid="profile-actions"');
    expect(html).toContain("Подарить подарок");
    expect(html).toContain('data-testid="copy-link"');
    for (const network of ["https://vk.com/share.php?url=", "https://connect.ok.ru/offer?url=", "https://t.me/share/url?url="]) expect(html).toContain(network);
    expect(html).toContain('data-testid="avatar-placeholder"');
  });

  it("the owner sees the blacklist tile and his daily limits, and no follow, gift or share actions", async () => {
    const owner = await newUser("Хозяин");
    await exec("update users set black_cnt = 2 where id = ?", owner.id);
    const [qid] = await openQuestions(owner.id, [`Вопрос для лимитов ${owner.serial}`]);
    expect((await post("addans", { qid, Body: "Ответ для счётчика лимитов" }, owner)).json.status).toBe(200);
    const { html } = await page(`/profile/id${owner.id}`, owner);
    expect(tile(html, "blacklisted")).toBe("2");
    expect(html).not.toContain('data-testid="profile-actions"');
    expect(html).toContain('data-testid="limits-panel"');
    // answers: one used today of an Ученик's 60
    expect(html).toMatch(/data-quota="AAQ"><th scope="row">ответы<\/th><td>1<\/td><td>59 из 60<\/td>/);
    const stranger = await page(`/profile/id${owner.id}`, await newUser("Чужой"));
    expect(stranger.html).not.toContain('data-testid="limits-panel"');
  });

  it("an owner with no activity gets the empty start with the level thresholds, the first tier at 100; others do not", async () => {
    const owner = await newUser("Пустой");
    const { html } = await page(`/profile/id${owner.id}`, owner);
    expect(html).toContain('data-testid="empty-start"');
    expect(html).toMatch(/data-testid="level-thresholds"><li><span>Ученик<\/span> <span class="muted">от 100<\/span>/);
    expect((await page(`/profile/id${owner.id}`, await newUser("Прохожий"))).html).not.toContain('data-testid="empty-start"');
  });
});

describe("the calls behind the profile", () => {
  it("stats: the kept counters; the blacklist's size to the owner alone; an unknown user is 120", async () => {
    const owner = await newUser("Статистика");
    await exec("update users set direct_count = 2, watchcnt = 3, black_cnt = 4 where id = ?", owner.id);
    const mine = await get("stats", { user: owner.id }, owner);
    expect(mine.json).toMatchObject({ status: 200, user: { id: owner.id, direct: 2, subscriptions: 3, blacklisted: 4, questions: 0, answers: 0 } });
    const theirs = await get("stats", { user: owner.id });
    expect(theirs.json.user).not.toHaveProperty("blacklisted");
    expect((await get("stats", { user: 999_999_999 })).json).toMatchObject({ errid: 120 });
  });

  it("quserlist and auserlist page by 20 with p; the deleted questions are the owner's alone (514)", async () => {
    const asker = await newUser("Спрашивающий");
    const answerer = await newUser("Отвечающий");
    await questionsOf(asker, 21, answerer);
    const first = await get("quserlist", { user: asker.id });
    expect(first.json.questions).toHaveLength(20);
    expect(first.json.more).toBe(1);
    expect(first.json.questions[0].qtext).toBe(`Вопрос 21 участника ${asker.serial}`);
    const second = await get("quserlist", { user: asker.id, p: 20 });
    expect(second.json.questions.map((q: { qtext: string }) => q.qtext)).toEqual([`Вопрос 1 участника ${asker.serial}`]);
    expect(second.json.more).toBe(0);
    expect((await get("quserlist", { user: asker.id, hidden: 1 }, answerer)).json).toMatchObject({ status: 403, errid: 514 });
    expect((await get("quserlist", { user: asker.id, hidden: 1 }, asker)).json).toMatchObject({ status: 200, questions: [] });

    const answers = await get("auserlist", { usrid: answerer.id, p: 0 });
    expect(answers.json.answers).toHaveLength(20);
    expect(answers.json.more).toBe(1);
    expect((await get("auserlist", { usrid: answerer.id, p: 20 })).json.answers).toHaveLength(1);
    expect((await get("auserlist", { usrid: answerer.id, best: 1 })).json.answers).toHaveLength(0);
  });

  it("watchlist: the signed-in user's watched questions, the latest first, 20 a page; a guest is asked to sign in (101)", async () => {
    const watcher = await newUser("Наблюдатель");
    const qids = await openQuestions(watcher.id, [`Слежу 1 ${watcher.serial}`, `Слежу 2 ${watcher.serial}`]);
    for (const qid of qids) expect((await post("startwatch", { qid }, watcher)).json.status).toBe(200);
    const { json } = await get("watchlist", {}, watcher);
    expect(json.questions.map((q: { id: number }) => q.id)).toEqual([...qids].reverse());
    expect(json.more).toBe(0);
    expect((await get("watchlist", { p: 1 }, watcher)).json.questions).toHaveLength(1);
    expect((await get("watchlist", {})).json).toMatchObject({ errid: 101 });
  });

  it("gifteduserlist pages the received gifts by 20 with p", async () => {
    const receiver = await newUser("Получатель");
    const gift = await value("select id v from gifts order by id limit 1");
    const giver = await value("select id v from users where id <> ? order by id limit 1", receiver.id);
    for (let i = 0; i < 21; i++)
      await exec(
        "insert into sent_gifts (gift_id, from_id, to_id, mes, hidden, paid_with, added) values (?, ?, ?, '', 0, 'points', ?)",
        gift,
        giver,
        receiver.id,
        Date.now() + i,
      );
    const first = await get("gifteduserlist", { user: receiver.id });
    expect(first.json.gifts).toHaveLength(20);
    expect(first.json.more).toBe(1);
    expect((await get("gifteduserlist", { user: receiver.id, p: 20 })).json.gifts).toHaveLength(1);
  });
});

describe("hiding one's activity (cabhide)", () => {
  const hiddenOf = (uid: number) => fingerprint({ hidden: "select hidden from users where id = ?" }, uid);

  it("a VIP hides his activity: a stranger sees the notice and his lists are refused (508); the owner and a moderator still see them", async () => {
    const vip = await newUser("Скрытный");
    await makeVip(vip.id);
    await questionsOf(vip, 1);
    const { res } = await postForm("cabhide", { set: 1 }, `/profile/id${vip.id}`, vip);
    expect(res.status).toBe(302);
    expect(await value("select hidden v from users where id = ?", vip.id)).toBe(1);

    const stranger = await newUser("Любопытный");
    const seen = await page(`/profile/id${vip.id}`, stranger);
    expect(seen.html).toContain("Личный кабинет скрыт");
    expect(seen.html).not.toContain(`Вопрос 1 участника ${vip.serial}`);
    expect((await get("quserlist", { user: vip.id }, stranger)).json).toMatchObject({ status: 403, errid: 508 });
    expect((await get("stats", { user: vip.id }, stranger)).json).toMatchObject({ errid: 508 });

    const own = await page(`/profile/id${vip.id}`, vip);
    expect(own.html).toContain(`Вопрос 1 участника ${vip.serial}`);
    expect(own.html).toContain("Открыть мою активность");
    const moder = await page(`/profile/id${vip.id}`, await as("moder@demo.local"));
    expect(moder.html).toContain(`Вопрос 1 участника ${vip.serial}`);
    expect(moder.html).toContain('data-testid="activity-hidden-notice"');

    expect((await post("cabhide", { set: 0 }, vip)).json).toMatchObject({ status: 200, hidden: 0 });
    expect((await get("quserlist", { user: vip.id }, stranger)).json.status).toBe(200);
  });

  it("a user who is not a VIP cannot hide his activity (513), nor anyone else's (410); nothing is written", async () => {
    const plain = await newUser("Обычный");
    const other = await newUser("Другой");
    const before = [await hiddenOf(plain.id), await hiddenOf(other.id)];
    expect((await post("cabhide", { set: 1 }, plain)).json).toMatchObject({ status: 403, errid: 513 });
    expect((await post("cabhide", { set: 1, uid: other.id }, plain)).json).toMatchObject({ errid: 410 });
    expect([await hiddenOf(plain.id), await hiddenOf(other.id)]).toEqual(before);
  });

  it("a moderator with user management locks and unlocks a non-VIP user's activity, but not a VIP's (515)", async () => {
    const moder = await as("moder@demo.local");
    const user = await newUser("Под замком");
    expect((await post("cabhide", { set: 1, uid: user.id }, moder)).json).toMatchObject({ status: 200, uid: user.id, hidden: 1 });
    expect((await page(`/profile/id${user.id}`, await newUser("Зритель"))).html).toContain("Личный кабинет скрыт");
    expect((await page(`/profile/id${user.id}`, moder)).html).toContain("Открыть активность пользователя");
    expect((await post("cabhide", { set: 0, uid: user.id }, moder)).json).toMatchObject({ status: 200, hidden: 0 });
    const vip = await newUser("VIP под защитой");
    await makeVip(vip.id);
    expect((await post("cabhide", { set: 1, uid: vip.id }, moder)).json).toMatchObject({ status: 403, errid: 515 });
    expect(await value("select hidden v from users where id = ?", vip.id)).toBe(0);
  });

  it("the VIP dialog's 'hide my activity' box hides the buyer's activity with the purchase", async () => {
    const buyer = await newUser("Покупатель VIP", { points: 900 });
    const { html } = await page(`/profile/id${buyer.id}`, buyer);
    expect(html).toContain('data-testid="mvip-form"');
    const { res } = await postForm("mvip", { period: 10, cabhide: ["0", "1"], money: 0 }, `/profile/id${buyer.id}`, buyer);
    expect(res.status).toBe(302);
    expect(await one("select vip, hidden from users where id = ?", buyer.id)).toEqual({ vip: 1, hidden: 1 });
  });
});

describe("the dossier (moderators with user management)", () => {
  it("a moderator with usrkiller opens a user's dossier from the profile: registration date, bans, latest activity; others are refused", async () => {
    const moder = await as("moder@demo.local");
    const profile = await page("/profile/id8", moder);
    expect(profile.html).toContain('href="/admin/usrview/8"');
    const { status, html } = await page("/admin/usrview/8", moder);
    expect(status).toBe(200);
    expect(html).toContain('data-testid="dossier-registered"');
    expect(html).toContain('data-testid="dossier-bans-list"');
    expect(html).toContain('data-testid="dossier-questions"');

    const plain = await newUser("Простой участник");
    const refused = await page("/admin/usrview/8", plain);
    expect(refused.status).toBe(403);
    expect(refused.html).not.toContain('data-testid="dossier-bans-list"');
    expect((await page(`/profile/id8?dossier=${plain.serial}`, plain)).html).not.toContain("/admin/usrview/");
    expect((await page("/admin/usrview/8")).status).toBe(302);
  });

  it("the dossier's moderation history lists a moderator's drop of the user's question, with a link to it; a user with none has an empty history", async () => {
    const moder = await as("moder@demo.local");
    const author = await newUser("Нарушитель");
    const clean = await page(`/admin/usrview/${author.id}`, moder);
    expect(clean.html).not.toContain('data-testid="dossier-log-list"');
    expect(clean.html).toContain("Записей в журнале нет");
    await questionsOf(author, 1);
    const qid = await value("select id v from questions where user_id = ? order by id desc limit 1", author.id);
    expect((await post("a_qstdrop", { id: qid }, moder)).json.status).toBe(200);
    const { html } = await page(`/admin/usrview/${author.id}`, moder);
    const list = html.match(/<ul data-testid="dossier-log-list">([\s\S]*?)<\/ul>/)?.[1] ?? "";
    expect(list).toContain(`qstdrop Q${qid}`);
    expect(list).toContain(`href="/question/${qid}"`);
  });
});
