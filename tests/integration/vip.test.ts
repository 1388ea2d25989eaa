import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { QUOTA_CODES, QUOTA_TABLE } from "../../app/lib/quotas";
import { expireVips } from "../../app/models/gifts/vip.server";
import worker from "../../worker/index";
import { get, type Me, post, unread } from "./helpers/api";
import { fingerprint, points, value } from "./helpers/db";
import { as } from "./helpers/users";

const DAY = 86_400_000;

const vipRow = (uid: number) => env.DB.prepare("select vip, vip_until from users where id = ?").bind(uid).first<{ vip: number; vip_until: number | null }>();
const vipNotes = (uid: number, kind: string) => value("select count(*) v from notifications where user_id = ? and kind = ?", uid, kind);

const limits = async (me: Me) => (await get("showlimits", {}, me)).json.limits as Record<string, { limit: number }>;
const vipLimits = Object.fromEntries(QUOTA_CODES.map((c) => [c, QUOTA_TABLE[c].vip]));
/** the quotas' limits (the codes nothing limits are always 0) */
const limitsOf = (l: Record<string, { limit: number }>) => Object.fromEntries(QUOTA_CODES.map((c) => [c, l[c].limit]));

const snapshot = () =>
  fingerprint({
    notes: "select count(*) from notifications",
    ledger: "select count(*) from points_ledger",
    points: "select sum(points) from users",
    vips: "select sum(vip) from users",
    untils: "select sum(coalesce(vip_until, 0)) from users",
  });

describe("buying VIP status with points (mvip)", () => {
  it("mvip starts VIP for 10 days for 500 points with one vip_started notification, and the user's quotas become VIP quotas", async () => {
    const guru = await as("guru@demo.local");
    const before = await points(guru.id);
    const quotasBefore = limitsOf(await limits(guru));
    expect(quotasBefore.ASK).toBeLessThan(100);
    const unreadBefore = await unread(guru);
    const t0 = Date.now();
    const { res, json } = await post("mvip", { uid: guru.id, period: 10, money: 0 }, guru);
    const t1 = Date.now();
    expect(res.status).toBe(200);
    expect(json).toMatchObject({ status: 200, uid: guru.id, vip: 1, extended: 0, points: before - 500 });

    const row = (await vipRow(guru.id))!;
    expect(row.vip).toBe(1);
    expect(row.vip_until).toBeGreaterThanOrEqual(t0 + 10 * DAY);
    expect(row.vip_until).toBeLessThanOrEqual(t1 + 10 * DAY);
    expect(json.vip_until).toBe(Math.floor(row.vip_until! / 1000));
    expect(await points(guru.id)).toBe(before - 500);
    expect(await value("select sum(delta) v from points_ledger where user_id = ?", guru.id)).toBe(before - 500);
    expect(
      await env.DB.prepare("select delta, reason, ref_type, ref_id from points_ledger where user_id = ? order by id desc limit 1").bind(guru.id).first(),
    ).toEqual({
      delta: -500,
      reason: "vip",
      ref_type: "U",
      ref_id: guru.id,
    });
    expect(await vipNotes(guru.id, "vip_started")).toBe(1);
    expect(await unread(guru)).toBe(unreadBefore + 1);
    const bulk = (await get("show_bulk", {}, guru, "notify")).json.bulk as Record<string, unknown>[];
    expect(bulk.find((i) => i.a === "vip_started")).toMatchObject({ txt: "VIP-статус подключен" });

    expect(limitsOf(await limits(guru))).toEqual(vipLimits);
  });

  it("buying VIP again for an active VIP extends it by exactly 10 days and notifies nobody again", async () => {
    const guru = await as("guru@demo.local");
    const until = (await vipRow(guru.id))!.vip_until!;
    const before = await points(guru.id);
    const { json } = await post("mvip", { uid: guru.id, period: 10, money: 0 }, guru);
    expect(json).toMatchObject({ status: 200, extended: 1, vip_until: Math.floor((until + 10 * DAY) / 1000) });
    expect(await vipRow(guru.id)).toEqual({ vip: 1, vip_until: until + 10 * DAY });
    expect(await points(guru.id)).toBe(before - 500);
    expect(await vipNotes(guru.id, "vip_started")).toBe(1);
  });

  it("a user may buy VIP for another user: the other gets it and the notification, the buyer pays (uid left out means oneself)", async () => {
    const moder = await as("moder@demo.local");
    const masha = await as("user@demo.local");
    const before = await points(moder.id);
    const mashaPoints = await points(masha.id);
    const { json } = await post("mvip", { uid: masha.id, period: "10", money: 0 }, moder);
    expect(json).toMatchObject({ status: 200, uid: masha.id, extended: 0, points: before - 500 });
    expect((await vipRow(masha.id))!.vip).toBe(1);
    expect((await vipRow(moder.id))!.vip).toBe(0);
    expect(await points(masha.id)).toBe(mashaPoints);
    expect(await vipNotes(masha.id, "vip_started")).toBe(1);
    expect(await vipNotes(moder.id, "vip_started")).toBe(0);
    expect(limitsOf(await limits(masha))).toEqual(vipLimits);
  });

  it("refuses too few points, a period other than 10, an unknown user, a banned user and a guest, changing nothing", async () => {
    const znatok = await as("znatok@demo.local");
    const masha = await as("user@demo.local");
    const moder = await as("moder@demo.local");
    const banned = await as("banned@demo.local");
    const snap = await snapshot();
    const cases: [Record<string, string | number>, Me | undefined, number, number][] = [
      [{ uid: znatok.id, period: 10 }, znatok, 403, 511], // 320 points
      [{ uid: masha.id, period: 10 }, masha, 403, 501], // 180 points
      [{ uid: moder.id, period: 30 }, moder, 400, 510],
      [{ uid: moder.id, period: "дней" }, moder, 400, 510],
      [{ uid: 999999, period: 10 }, moder, 404, 120],
      [{ uid: moder.id, period: 10 }, banned, 403, 110],
      [{ uid: moder.id, period: 10 }, undefined, 401, 101],
    ];
    for (const [body, who, status, errid] of cases) {
      // paid in points: an explicit choice (money 0)
      const { res, json } = await post("mvip", { ...body, money: 0 }, who);
      expect({ body, status: res.status, errid: json.errid }).toEqual({ body, status, errid });
    }
    expect((await post("mvip", { uid: znatok.id, period: 10, money: 0 }, znatok)).json.error).toBe(
      "Недостаточно баллов: VIP-статус на 10 дней стоит 500 баллов",
    );
    expect(await snapshot()).toEqual(snap);
  });
});

describe("VIP expiry (the cron)", () => {
  it("expireVips after vip_until ends the status with exactly one vip_expired per user, even run twice at once and again", async () => {
    const guru = await as("guru@demo.local");
    const masha = await as("user@demo.local");
    const vip = await as("vip@demo.local");
    const guruUntil = (await vipRow(guru.id))!.vip_until!;
    const mashaUntil = (await vipRow(masha.id))!.vip_until!;
    const vipUntil = (await vipRow(vip.id))!.vip_until!;
    expect(mashaUntil).toBeLessThan(guruUntil);
    expect(vipUntil).toBeGreaterThan(guruUntil);
    const unreadBefore = await unread(guru);

    // just before masha's end nothing happens
    expect(await expireVips(env, mashaUntil - 1)).toBe(0);
    expect((await vipRow(masha.id))!.vip).toBe(1);

    const at = guruUntil; // both periods are over at guru's end; the seeded VIP's is not
    const ended = await Promise.all([expireVips(env, at), expireVips(env, at)]);
    expect(ended[0] + ended[1]).toBe(2);
    expect(await expireVips(env, at)).toBe(0);

    expect(await vipRow(guru.id)).toEqual({ vip: 0, vip_until: guruUntil });
    expect(await vipRow(masha.id)).toEqual({ vip: 0, vip_until: mashaUntil });
    expect((await vipRow(vip.id))!.vip).toBe(1);
    expect(await vipNotes(guru.id, "vip_expired")).toBe(1);
    expect(await vipNotes(masha.id, "vip_expired")).toBe(1);
    expect(await vipNotes(vip.id, "vip_expired")).toBe(0);
    expect(await unread(guru)).toBe(unreadBefore + 1);

    // the quotas are the level's again
    const quotas = limitsOf(await limits(guru));
    expect(quotas.ASK).toBeLessThan(100);
    expect(quotas).not.toEqual(vipLimits);
  });

  it("the scheduled handler ends a VIP whose period has passed", async () => {
    const vip = await as("vip@demo.local");
    expect(limitsOf(await limits(vip))).toEqual(vipLimits);
    const ended = Date.now() - 60_000;
    await env.DB.prepare("update users set vip_until = ? where id = ?").bind(ended, vip.id).run();
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ scheduledTime: Date.now(), cron: "*/5 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await vipRow(vip.id)).toEqual({ vip: 0, vip_until: ended });
    expect(await vipNotes(vip.id, "vip_expired")).toBe(1);
    expect(limitsOf(await limits(vip))).not.toEqual(vipLimits);
  });
});
