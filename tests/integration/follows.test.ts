import { describe, expect, it } from "vitest";
import { get, post } from "./helpers/api";
import { fingerprint, notificationsOf, value } from "./helpers/db";
import { as } from "./helpers/users";

const rows = (follower: number, target: number) =>
  value("select count(*) v from follows where follower_id = ? and target_type = 'U' and target_id = ?", follower, target);

/** Everything a follow or unfollow may write. */
const snapshot = () =>
  fingerprint({
    follows: "select count(*) from follows",
    notes: "select count(*) from notifications",
    followers: "select sum(followers) from users",
    following: "select sum(following) from users",
  });

async function counters(follower: number, target: number) {
  return {
    followers: await value("select followers v from users where id = ?", target),
    following: await value("select following v from users where id = ?", follower),
  };
}

const notes = (userId: number, kind: string) => notificationsOf(userId, { kind, columns: "user_id, kind, actor_id, qid" });

describe("follow and unfollow (users)", () => {
  it("follow writes the row, raises both counters and notifies the followed user once", async () => {
    const me = await as("user@demo.local");
    const vip = await as("vip@demo.local");
    const before = await counters(me.id, vip.id);
    const { res, json } = await post("follow", { uid: vip.id }, me);
    expect(res.status).toBe(200);
    expect(json).toEqual({ status: 200, followers: before.followers + 1, subscribed: 1 });
    expect(await rows(me.id, vip.id)).toBe(1);
    expect(await counters(me.id, vip.id)).toEqual({ followers: before.followers + 1, following: before.following + 1 });
    expect(await notes(vip.id, "follower")).toEqual([{ user_id: vip.id, kind: "follower", actor_id: me.id, qid: null }]);
    expect(await notes(me.id, "follower")).toEqual([]);

    // the followed user sees it in his list
    const bulk = (await get("show_bulk", {}, vip, "notify")).json as { bulk: Record<string, unknown>[] };
    const item = bulk.bulk.find((i) => i.a === "follower");
    expect(item).toMatchObject({ uid: me.id, id: me.id });

    // a second follow is refused and changes nothing
    const snap = await snapshot();
    const again = await post("follow", { uid: vip.id }, me);
    expect(again.res.status).toBe(409);
    expect(again.json).toMatchObject({ errid: 381, error: "Вы уже подписаны на этого пользователя" });
    expect(await snapshot()).toEqual(snap);
  });

  it("unfollow removes the row and takes the counters back; a second unfollow is refused; following again works without a second notification the same day", async () => {
    const me = await as("user@demo.local");
    const vip = await as("vip@demo.local");
    const before = await counters(me.id, vip.id);
    expect((await post("unfollow", { uid: vip.id }, me)).json).toEqual({ status: 200, followers: before.followers - 1, subscribed: 0 });
    expect(await rows(me.id, vip.id)).toBe(0);
    expect(await counters(me.id, vip.id)).toEqual({ followers: before.followers - 1, following: before.following - 1 });

    const snap = await snapshot();
    const again = await post("unfollow", { uid: vip.id }, me);
    expect(again.res.status).toBe(409);
    expect(again.json).toMatchObject({ errid: 382, error: "Вы не подписаны на этого пользователя" });
    expect(await snapshot()).toEqual(snap);

    const refollow = await post("follow", { uid: vip.id }, me);
    expect(refollow.json).toEqual({ status: 200, followers: before.followers, subscribed: 1 });
    expect(await rows(me.id, vip.id)).toBe(1);
    expect(await counters(me.id, vip.id)).toEqual(before);
    expect(await notes(vip.id, "follower")).toHaveLength(1);
  });

  it("twenty identical follows sent at once leave one row and one step of each counter", async () => {
    const me = await as("znatok@demo.local");
    const moder = await as("moder@demo.local");
    const before = await counters(me.id, moder.id);
    const replies = await Promise.all(Array.from({ length: 20 }, () => post("follow", { uid: moder.id }, me)));
    const ok = replies.filter((r) => r.json.status === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0].json).toEqual({ status: 200, followers: before.followers + 1, subscribed: 1 });
    expect(replies.filter((r) => r.res.status === 409 && r.json.errid === 381)).toHaveLength(19);
    expect(await rows(me.id, moder.id)).toBe(1);
    expect(await counters(me.id, moder.id)).toEqual({ followers: before.followers + 1, following: before.following + 1 });
    expect(await notes(moder.id, "follower")).toHaveLength(1);
  });

  it("refuses oneself, an unknown user, a guest and a banned user, changing nothing", async () => {
    const me = await as("guru@demo.local");
    const banned = await as("banned@demo.local");
    const snap = await snapshot();
    const cases: [string, Record<string, string | number>, typeof me | undefined, number, number][] = [
      ["follow", { uid: me.id }, me, 400, 380],
      ["follow", { uid: 999999 }, me, 404, 120],
      ["unfollow", { uid: 999999 }, me, 404, 120],
      ["follow", { uid: 0 }, me, 404, 120],
      ["follow", { uid: "abc" }, me, 404, 120],
      ["follow", { uid: 1 }, undefined, 401, 101],
      ["unfollow", { uid: 1 }, undefined, 401, 101],
      ["follow", { uid: 1 }, banned, 403, 110],
    ];
    for (const [name, body, who, status, errid] of cases) {
      const { res, json } = await post(name, body, who);
      expect({ name, body, status: res.status, errid: json.errid }).toEqual({ name, body, status, errid });
    }
    expect((await post("follow", { uid: me.id }, me)).json.error).toBe("Нельзя подписаться на самого себя");
    expect((await post("follow", { uid: 999999 }, me)).json.error).toBe("Пользователь не найден");
    expect(await snapshot()).toEqual(snap);
  });

  it("a follower hears of the followed user's new question (followed_question)", async () => {
    const guru = await as("guru@demo.local");
    const asker = await as("expert@demo.local");
    expect((await post("follow", { uid: asker.id }, guru)).json.status).toBe(200);
    const asked = await post("addqst", { qtext: "Какой смартфон выбрать для фотографий?", cid: "1", subcid: "100" }, asker);
    expect(asked.json.status).toBe(200);
    const qid = asked.json.qid as number;
    expect(await notes(guru.id, "followed_question")).toEqual([{ user_id: guru.id, kind: "followed_question", actor_id: asker.id, qid }]);
    expect(await notes(asker.id, "followed_question")).toEqual([]);
  });
});
