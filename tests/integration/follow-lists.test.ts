/**
 * Following, followers, the blacklist and the feeds: removefollower, who_follow, addblist,
 * delblist, listblist and the feed's users / questions / updates subs (paging, owner-only
 * refusals, counters), the profile's feed and followers tabs, and the follow form door that works
 * with JavaScript off.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { get, type Me, page, post, postForm } from "./helpers/api";
import { exec, fingerprint, value } from "./helpers/db";
import { type NewUser, newUser } from "./helpers/users";
import { FEED_FANOUT_MAX } from "../../app/models/users/feeds.server";
import { ERR } from "../../app/lib/errids";

/** A new user at level Профи (600 points): no captcha in bursts. */
async function writer(nick: string): Promise<NewUser> {
  const me = await newUser(nick, { points: 600 });
  await exec("update users set lvl = 4 where id = ?", me.id);
  return me;
}

async function ask(who: Me, qtext: string): Promise<number> {
  const r = await post("addqst", { qtext, cid: "1", subcid: "100" }, who);
  expect(r.json.status).toBe(200);
  return r.json.qid as number;
}

const counters = async (id: number) => ({
  followers: await value("select followers v from users where id = ?", id),
  following: await value("select following v from users where id = ?", id),
  black: await value("select black_cnt v from users where id = ?", id),
});

const follows = () =>
  fingerprint({ follows: "select count(*) from follows", followers: "select sum(followers) from users", following: "select sum(following) from users" });
const blacklists = () => fingerprint({ rows: "select count(*) from blacklist", count: "select sum(black_cnt) from users" });

describe("removefollower and who_follow", () => {
  it("who_follow lists my followers newest first, paged by p with n, with fr when I follow back; removefollower drops one and both counters", async () => {
    const star = await writer("Звезда");
    const fans: Me[] = [];
    for (let i = 0; i < 3; i++) {
      const fan = await writer(`Фанат${i}`);
      expect((await post("follow", { uid: star.id }, fan)).json.status).toBe(200);
      await exec("update follows set added = ? where follower_id = ?", 1_000_000 + i, fan.id);
      fans.push(fan);
    }
    expect((await post("follow", { uid: fans[0].id }, star)).json.status).toBe(200);

    const first = await get("who_follow", { p: 0, n: 2 }, star);
    expect(first.json).toMatchObject({ status: 200, more: 1, total: 3 });
    expect(first.json.followers.map((f: { id: number }) => f.id)).toEqual([fans[2].id, fans[1].id]);
    expect(first.json.followers[0]).toMatchObject({ id: fans[2].id, fr: false, brand: null, brand_cid: null });
    const second = await get("who_follow", { p: 2, n: 2 }, star);
    expect(second.json).toMatchObject({ more: 0 });
    expect(second.json.followers).toEqual([expect.objectContaining({ id: fans[0].id, fr: true })]);
    const reversed = await get("who_follow", { reverse: 1 }, star);
    expect(reversed.json.followers.map((f: { id: number }) => f.id)).toEqual(fans.map((f) => f.id));

    const before = { star: await counters(star.id), fan: await counters(fans[1].id) };
    const removed = await post("removefollower", { data: fans[1].id }, star);
    expect(removed.json).toEqual({ status: 200, followers: before.star.followers - 1, removed: fans[1].id });
    expect(await counters(star.id)).toEqual({ ...before.star, followers: before.star.followers - 1 });
    expect(await counters(fans[1].id)).toEqual({ ...before.fan, following: before.fan.following - 1 });
    expect(await value("select count(*) v from follows where follower_id = ? and target_id = ?", fans[1].id, star.id)).toBe(0);

    // again, or someone who never followed: refused, nothing written
    const snap = await follows();
    const again = await post("removefollower", { data: fans[1].id }, star);
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ errid: 383, error: "Этот пользователь не подписан на вас" });
    expect(await follows()).toEqual(snap);
  });

  it("a guest may not call who_follow or removefollower", async () => {
    expect((await get("who_follow", {})).json.status).not.toBe(200);
    expect((await post("removefollower", { data: 1 })).json.status).not.toBe(200);
  });
});

describe("the blacklist calls", () => {
  let owner: Me;
  let others: Me[];
  beforeAll(async () => {
    owner = await writer("Строгий");
    others = [];
    for (let i = 0; i < 3; i++) others.push(await writer(`Чужой${i}`));
  });

  it("addblist writes the row and counts it in one step; listblist pages the list newest first; delblist takes it back", async () => {
    for (const [i, o] of others.entries()) {
      const r = await post("addblist", { bid: o.id }, owner);
      expect(r.json).toEqual({ status: 200, bid: o.id, blacklisted: 1, count: i + 1 });
      await exec("update blacklist set added = ? where owner_id = ? and user_id = ?", 2_000_000 + i, owner.id, o.id);
    }
    expect((await counters(owner.id)).black).toBe(3);
    const first = await get("listblist", { n: 2 }, owner);
    expect(first.json).toMatchObject({ status: 200, more: 1 });
    expect(first.json.list.map((x: { id: number }) => x.id)).toEqual([others[2].id, others[1].id]);
    const rest = await get("listblist", { p: 2, bid: owner.id }, owner);
    expect(rest.json.list.map((x: { id: number }) => x.id)).toEqual([others[0].id]);
    expect(rest.json.more).toBe(0);

    const del = await post("delblist", { bid: others[1].id }, owner);
    expect(del.json).toEqual({ status: 200, bid: others[1].id, blacklisted: 0, count: 2 });
    expect(await value("select count(*) v from blacklist where owner_id = ?", owner.id)).toBe(2);
    expect((await counters(owner.id)).black).toBe(2);
  });

  it("refusals name their errid and write nothing: oneself, twice, not listed, a bad bid, an unknown user, another's list, a guest", async () => {
    const snap = await blacklists();
    const cases: [string, string, Record<string, string | number>, Me | undefined, "GET" | "POST", number][] = [
      ["oneself", "addblist", { bid: owner.id }, owner, "POST", 394],
      ["twice", "addblist", { bid: others[0].id }, owner, "POST", 395],
      ["not listed", "delblist", { bid: others[1].id }, owner, "POST", 396],
      ["zero", "addblist", { bid: 0 }, owner, "POST", 397],
      ["negative", "delblist", { bid: -5 }, owner, "POST", 397],
      ["not a number", "addblist", { bid: "abc" }, owner, "POST", 397],
      ["an unknown user", "addblist", { bid: 99_999_999 }, owner, "POST", 120],
      ["another's list", "listblist", { bid: others[0].id }, owner, "GET", 398],
      ["a guest", "addblist", { bid: others[0].id }, undefined, "POST", 101],
    ];
    const got = [];
    for (const [what, name, fields, who, method] of cases) {
      const r = method === "GET" ? await get(name, fields as Record<string, string | number>, who) : await post(name, fields, who);
      got.push([what, r.json.errid]);
      expect(typeof r.json.error).toBe("string");
    }
    expect(got).toEqual(cases.map(([what, , , , , errid]) => [what, errid]));
    expect(await blacklists()).toEqual(snap);
  });

  it("after delblist the user may reach the owner again: answer his question", async () => {
    const q = await ask(owner, "Как отмыть чайник от накипи?");
    const pest = others[0];
    expect((await post("addans", { qid: q, Body: "Лимонной кислотой, прокипятить." }, pest)).json.errid).toBe(390);
    expect((await post("delblist", { bid: pest.id }, owner)).json.status).toBe(200);
    expect((await post("addans", { qid: q, Body: "Лимонной кислотой, прокипятить." }, pest)).json.status).toBe(200);
  });
});

type FeedItem = { kind: string; id: number; qid: number; uid: number; qtext: string };

describe("the feeds", () => {
  it("users: what the people I follow asked and answered, newest first, paged; it follows my follows as they change", async () => {
    const reader = await writer("Читатель");
    const alice = await writer("Алиса");
    const bob = await writer("Боб");
    const stranger = await writer("Прохожий");
    const feed = async (fields: Record<string, string | number> = {}) =>
      (await get("feed", { sub: "users", ...fields }, reader, "notify")).json as { status: number; feed: FeedItem[]; more: number; lasttime: number | null };

    expect((await feed()).feed).toEqual([]);
    const qa = await ask(alice, "Что почитать о космосе?");
    const qs = await ask(stranger, "Где купить телескоп?");
    expect((await post("follow", { uid: alice.id }, reader)).json.status).toBe(200);
    expect((await post("follow", { uid: bob.id }, reader)).json.status).toBe(200);
    const qb = await ask(bob, "Как настроить телескоп?");
    const ans = await post("addans", { qid: qs, Body: "В магазине оптики, там подскажут." }, alice);
    expect(ans.json.status).toBe(200);
    await exec("update questions set added = ? where id = ?", 3_000_000, qa);
    await exec("update questions set added = ? where id = ?", 3_010_000, qb);
    await exec("update answers set added = ? where id = ?", 3_020_000, ans.json.id);

    const all = await feed();
    expect(all.status).toBe(200);
    expect(all.feed.map((i) => [i.kind, i.qid, i.uid])).toEqual([
      ["A", qs, alice.id],
      ["Q", qb, bob.id],
      ["Q", qa, alice.id],
    ]);
    expect(all.more).toBe(0);
    const paged = await feed({ n: 2 });
    expect(paged.feed).toHaveLength(2);
    expect(paged.more).toBe(1);
    expect((await feed({ n: 2, p: 2 })).feed.map((i) => i.qid)).toEqual([qa]);
    expect((await feed({ time: 3_015 })).feed.map((i) => i.qid)).toEqual([qb, qa]);

    // unfollowing Alice takes her out of the feed; a deleted question leaves it too
    expect((await post("unfollow", { uid: alice.id }, reader)).json.status).toBe(200);
    expect((await feed()).feed.map((i) => [i.kind, i.qid])).toEqual([["Q", qb]]);
    await exec("update questions set state = 'D', hidden = 1 where id = ?", qb);
    expect((await feed()).feed).toEqual([]);
    // following again brings her history back
    expect((await post("follow", { uid: alice.id }, reader)).json.status).toBe(200);
    expect((await feed()).feed.map((i) => i.qid)).toEqual([qs, qa]);
  });

  it("users: the feed is kept as rows, written when a followed author writes and when he is followed (his newest 1,020 of each kind), gone when he is unfollowed", async () => {
    const reader = await writer("Подписчик");
    const other = await writer("Другой подписчик");
    const author = await writer("Плодовитый");
    const rows = (owner: number) => value("select count(*) v from feed_items where owner_id = ? and author_id = ?", owner, author.id);
    // an author with a long history (written straight to the store): 1,025 questions (the first asked now, the rest long ago)
    const first = await ask(author, "С чего начать?");
    await exec(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < 1024)
       insert into questions (user_id, category_id, top_category_id, qtext, added, state_changed_at, updated_at)
       select ?, category_id, top_category_id, 'История № ' || i, 1000 + i, 1000, 1000 from n, (select category_id, top_category_id from questions where id = ?)`,
      author.id,
      first,
    );
    // and an answer of his on each of them (one answer a question), a moment after it
    await exec("insert into answers (qid, user_id, text, added) select id, user_id, 'Ответ к № ' || id, added + 1 from questions where user_id = ?", author.id);
    expect(await rows(reader.id)).toBe(0);

    // following him brings his newest 1,020 questions and 1,020 answers, the newest first on the page
    expect((await post("follow", { uid: author.id }, reader)).json.status).toBe(200);
    expect((await post("follow", { uid: author.id }, other)).json.status).toBe(200);
    expect(await rows(reader.id)).toBe(2040);
    expect(await value("select min(added) v from feed_items where owner_id = ? and kind = 'A'", reader.id)).toBe(1007);
    const feed = async () => (await get("feed", { sub: "users", n: 1 }, reader, "notify")).json as { feed: FeedItem[] };
    expect((await feed()).feed.map((i) => [i.kind, i.qid])).toEqual([["A", first]]);

    // what he writes next goes to both followers' rows, and to the top of the page
    const next = await ask(author, "Что дальше?");
    expect(await value("select count(*) v from feed_items where kind = 'Q' and item_id = ?", next)).toBe(2);
    expect((await feed()).feed.map((i) => [i.kind, i.qid])).toEqual([["Q", next]]);

    // unfollowing takes his rows out of that reader's feed only
    expect((await post("unfollow", { uid: author.id }, reader)).json.status).toBe(200);
    expect(await rows(reader.id)).toBe(0);
    expect(await rows(other.id)).toBe(2041);
  });

  it("users: a star's writing (his followers over FEED_FANOUT_MAX) is read when the feed is read, not written as rows, and shown once beside the rows", async () => {
    const reader = await writer("Поклонник");
    const star = await writer("Знаменитость");
    const friend = await writer("Приятель");
    for (const uid of [star.id, friend.id]) expect((await post("follow", { uid }, reader)).json.status).toBe(200);
    const early = await ask(star, "Первый вопрос звезды?");
    expect(await value("select count(*) v from feed_items where owner_id = ? and author_id = ?", reader.id, star.id)).toBe(1);

    // past the threshold he is a star for good; what he writes next is no row of anyone's feed
    await exec("update users set followers = ? where id = ?", FEED_FANOUT_MAX + 1, star.id);
    expect(await value("select feed_star v from users where id = ?", star.id)).toBe(1);
    await exec("update users set followers = 1 where id = ?", star.id);
    expect(await value("select feed_star v from users where id = ?", star.id)).toBe(1);
    const fromFriend = await ask(friend, "Вопрос приятеля?");
    const late = await ask(star, "Второй вопрос звезды?");
    expect(await value("select count(*) v from feed_items where kind = 'Q' and item_id = ?", late)).toBe(0);
    await exec("update questions set added = ? where id = ?", 1_000, early);
    await exec("update questions set added = ? where id = ?", 2_000, fromFriend);
    await exec("update questions set added = ? where id = ?", 3_000, late);

    const feed = async (fields: Record<string, string | number> = {}) =>
      (await get("feed", { sub: "users", ...fields }, reader, "notify")).json as { feed: FeedItem[]; more: number };
    expect((await feed()).feed.map((i) => [i.qid, i.uid])).toEqual([
      [late, star.id],
      [fromFriend, friend.id],
      [early, star.id],
    ]);
    expect((await feed({ n: 1, p: 1 })).feed.map((i) => i.qid)).toEqual([fromFriend]);
    expect((await feed({ n: 1, p: 2 })).feed.map((i) => i.qid)).toEqual([early]);
  });

  it("users: a page is the newest rows left after its filters, when rows newer than it are of an adult category or under a hidden question", async () => {
    const reader = await writer("Листающий");
    const asker = await writer("Спрашивающий");
    const adultAsker = await writer("Винодел");
    const answerer = await writer("Отвечающий");
    for (const uid of [asker.id, adultAsker.id, answerer.id]) expect((await post("follow", { uid }, reader)).json.status).toBe(200);
    const [q1, q2, q3] = [await ask(asker, "Как сварить борщ?"), await ask(asker, "Как испечь хлеб?"), await ask(asker, "Как засолить огурцы?")];
    const adult = await ask(adultAsker, "Как выбрать вино к ужину?");
    const hiddenQ = await ask(reader, "Вопрос, который скроют?");
    const ans = await post("addans", { qid: hiddenQ, Body: "Ответ на скрытый вопрос." }, answerer);
    expect(ans.json.status).toBe(200);
    await exec("update questions set category_id = (select id from categories where adult = 1 order by id limit 1) where id = ?", adult);
    await exec("update questions set hidden = 1 where id = ?", hiddenQ);
    for (const [i, qid] of [q1, q2, q3, adult].entries()) await exec("update questions set added = ? where id = ?", 1_000_000 * (i + 1), qid);
    await exec("update answers set added = ? where id = ?", 5_000_000, ans.json.id);
    const feed = async (fields: Record<string, string | number>) =>
      (await get("feed", { sub: "users", ...fields }, reader, "notify")).json as { feed: FeedItem[]; more: number };

    // the two newest rows by time are left out: the page is the next ones, and says there is more
    const first = await feed({ n: 2 });
    expect(first.feed.map((i) => i.qid)).toEqual([q3, q2]);
    expect(first.more).toBe(1);
    expect((await feed({ n: 2, p: 2 })).feed.map((i) => i.qid)).toEqual([q1]);
    expect((await feed({ n: 1 })).feed.map((i) => i.qid)).toEqual([q3]);
    // once he is adult, the adult question is the newest he may see
    expect((await post("iamadult", {}, reader)).json.status).toBe(200);
    expect((await feed({ n: 2 })).feed.map((i) => i.qid)).toEqual([adult, q3]);
    // nothing filtered above the page: the page read with the cutoff alone
    expect((await feed({ n: 1, time: 3_500 })).feed.map((i) => i.qid)).toEqual([q3]);
  });

  it("questions: the questions I watch, the latest activity first; updates: my notifications", async () => {
    const reader = await writer("Наблюдатель");
    const author = await writer("Автор");
    const other = await writer("Отвечающий");
    const q1 = await ask(author, "Какой чай заварить вечером?");
    const q2 = await ask(author, "Сколько заваривать улун?");
    for (const qid of [q1, q2]) expect((await post("startwatch", { qid }, reader)).json.status).toBe(200);
    await exec("update questions set updated_at = ? where id = ?", 5_000_000, q1);
    await exec("update questions set updated_at = ? where id = ?", 5_000_001, q2);
    const watched = async () => (await get("feed", { sub: "questions" }, reader, "notify")).json.feed.map((i: { id: number }) => i.id);
    expect(await watched()).toEqual([q2, q1]);
    expect((await post("addans", { qid: q1, Body: "Ромашковый, он успокаивает." }, other)).json.status).toBe(200);
    expect(await watched()).toEqual([q1, q2]);

    const updates = (await get("feed", { sub: "updates" }, reader, "notify")).json;
    expect(updates.status).toBe(200);
    expect(updates.feed.some((i: { a: string; qid: number }) => i.a === "answer" && i.qid === q1)).toBe(true);
  });

  it("a reader who has not confirmed his age sees no questions of the adult categories in his feeds, on the page or through the call", async () => {
    const reader = await writer("Юный");
    const author = await writer("Взрослый");
    expect((await post("follow", { uid: author.id }, reader)).json.status).toBe(200);
    const plain = await ask(author, "Как выбрать велосипед?");
    const adult = await ask(author, "Вопрос для взрослых о вине?");
    await exec("update questions set category_id = (select id from categories where adult = 1 order by id limit 1) where id = ?", adult);
    // he cannot watch what he may not read yet
    expect((await post("startwatch", { qid: adult }, reader)).json).toMatchObject({ status: 403, errid: ERR.adultNotConfirmed });
    const ids = async (sub: string) => (await get("feed", { sub }, reader, "notify")).json.feed.map((i: { qid?: number; id: number }) => i.qid ?? i.id);
    expect(await ids("users")).toEqual([plain]);
    expect(await ids("questions")).toEqual([]);
    const pageHtml = (await page(`/profile/id${reader.id}/feed/users`, reader)).html;
    expect(pageHtml).toContain("Как выбрать велосипед?");
    expect(pageHtml).not.toContain("Вопрос для взрослых о вине?");

    expect((await post("iamadult", {}, reader)).json.status).toBe(200);
    expect((await post("startwatch", { qid: adult }, reader)).json.status).toBe(200);
    expect((await ids("users")).sort()).toEqual([plain, adult].sort());
    expect(await ids("questions")).toEqual([adult]);
  });

  it("a feed is the owner's alone: another's id is 364, a bad sub 366, a guest is refused", async () => {
    const me = await writer("Владелец");
    expect((await get("feed", { sub: "users", id: me.id + 1 }, me, "notify")).json.errid).toBe(364);
    expect((await get("feed", { sub: "friends" }, me, "notify")).json.errid).toBe(366);
    expect((await get("feed", { sub: "users" }, undefined, "notify")).json.status).not.toBe(200);
  });
});

describe("the profile's feed and followers tabs", () => {
  it("the owner sees his followers, his blacklist and his feeds; anyone else is sent to the plain profile", async () => {
    const owner = await writer("Хозяйка");
    const fan = await writer("Поклонница");
    const pest = await writer("Зануда");
    expect((await post("follow", { uid: owner.id }, fan)).json.status).toBe(200);
    expect((await post("follow", { uid: fan.id }, owner)).json.status).toBe(200);
    expect((await post("addblist", { bid: pest.id }, owner)).json.status).toBe(200);
    const q = await ask(fan, "Как вырастить авокадо из косточки?");

    const followers = await page(`/profile/id${owner.id}/followers`, owner);
    expect(followers.status).toBe(200);
    expect(followers.html).toContain('data-testid="profile-followers"');
    expect(followers.html).toContain(fan.nick.slice(0, 16));
    expect(followers.html).toContain("Удалить из подписчиков");
    const black = await page(`/profile/id${owner.id}/followers/blacklist`, owner);
    expect(black.html).toContain('data-testid="profile-blacklist"');
    expect(black.html).toContain("Убрать из чёрного списка");
    const feed = await page(`/profile/id${owner.id}/feed/users`, owner);
    expect(feed.html).toContain(`href="/question/${q}"`);
    expect(feed.html).toContain("Как вырастить авокадо из косточки?");

    for (const path of ["followers", "followers/blacklist", "feed", "feed/users", "feed/questions"]) {
      const other = await page(`/profile/id${owner.id}/${path}`, fan);
      expect([path, other.status, other.location]).toEqual([path, 302, `/profile/id${owner.id}`]);
      const guest = await page(`/profile/id${owner.id}/${path}`);
      expect([path, guest.status, guest.location]).toEqual([path, 302, `/profile/id${owner.id}`]);
    }
  });

  it("another user's profile offers follow and blacklist forms that work with JavaScript off; the counters move", async () => {
    const viewer = await writer("Гость");
    const target = await writer("Хозяин");
    const back = `/profile/id${target.id}`;
    const before = await page(back, viewer);
    expect(before.html).toContain(`action="/do/follow?return=${encodeURIComponent(back)}"`);
    expect(before.html).toContain(`action="/do/addblist?return=${encodeURIComponent(back)}"`);
    expect(await page(`/profile/id${viewer.id}`, viewer).then((p) => p.html)).not.toContain('data-testid="profile-relations"');

    const followed = await postForm("follow", { uid: target.id }, back, viewer);
    expect(followed.res.status).toBe(302);
    expect(await counters(target.id)).toMatchObject({ followers: 1 });
    expect(await counters(viewer.id)).toMatchObject({ following: 1 });
    const after = await page(back, viewer);
    expect(after.html).toContain(`action="/do/unfollow?return=${encodeURIComponent(back)}"`);
    expect(after.html).toContain("Отписаться");

    expect((await postForm("addblist", { bid: target.id }, back, viewer)).res.status).toBe(302);
    expect(await value("select count(*) v from blacklist where owner_id = ? and user_id = ?", viewer.id, target.id)).toBe(1);
    expect((await page(back, viewer)).html).toContain(`action="/do/delblist?return=${encodeURIComponent(back)}"`);
  });

  it("following oneself is refused with 380 and writes nothing", async () => {
    const me = await writer("Сам");
    const snap = await follows();
    const r = await post("follow", { uid: me.id }, me);
    expect(r.json).toMatchObject({ errid: 380, error: "Нельзя подписаться на самого себя" });
    expect(await follows()).toEqual(snap);
  });
});
