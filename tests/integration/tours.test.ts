import { describe, expect, it } from "vitest";
import { ERR } from "../../app/lib/errids";
import { quotaLimit } from "../../app/lib/quotas";
import { get, page, post, postForm } from "./helpers/api";
import { one, openQuestions } from "./helpers/db";
import { as, newUser, signIn } from "./helpers/users";

/** The tour the page offers (its island's props), or null. */
function offeredTour(html: string): { tour: string; facts: Record<string, number>; back: string } | null {
  const m = /<otv-island name="tour" when="load" props="([^"]*)"/.exec(html);
  if (!m) return null;
  return JSON.parse(m[1].replace(/&quot;/g, '"').replace(/&amp;/g, "&"));
}

const flags = async (who: Parameters<typeof get>[2], title: string) => (await get("usrsettings", { title }, who)).json.content as Record<string, string>;

describe("the onboarding tours", () => {
  it("a new user's pages offer the welcome tour, whose texts show his real daily limits; demo users are offered none", async () => {
    const me = await newUser("Турист", { tours: true });
    const home = await page("/", me);
    const offer = offeredTour(home.html);
    expect(offer?.tour).toBe("welcome");
    expect(home.html).toContain('data-testid="tour-notice"');
    expect(home.html).toContain('href="/tour/welcome/1"');
    const lvl = (await one<{ lvl: number }>("select lvl from users where id = ?", me.id))!.lvl;
    expect(offer!.facts.ask).toBe(quotaLimit("ASK", lvl, false));
    expect(offer!.facts.answers).toBe(quotaLimit("AAQ", lvl, false));
    const step2 = await page("/tour/welcome/2", me);
    expect(step2.status).toBe(200);
    expect(step2.html).toContain(`сегодня вы можете задать до ${quotaLimit("ASK", lvl, false)} вопросов`);

    for (const email of ["user@demo.local", "guru@demo.local"]) {
      expect(offeredTour((await page("/", await as(email))).html)).toBeNull();
    }
    expect(offeredTour((await page("/")).html)).toBeNull();
  });

  it("savepress records each step's flag under the tour's name, and usrsettings reads them back", async () => {
    const me = await newUser("Турист", { tours: true });
    for (const [type, value] of [
      ["loginfirst", "1"],
      ["1shown", "1"],
      ["1value", "1"],
      ["2value", "0"],
    ]) {
      const r = await post("savepress", { tour: "welcome", type, value }, me);
      expect(r.json).toMatchObject({ status: 200, tour: "welcome", type, value });
    }
    expect(await flags(me, "welcome")).toEqual({ loginfirst: "1", "1shown": "1", "1value": "1", "2value": "0" });
    // without a tour the welcome tour is meant
    await post("savepress", { type: "3value", value: "1" }, me);
    expect((await flags(me, "welcome"))["3value"]).toBe("1");
    expect(await flags(me, "points")).toEqual({});
  });

  it("a finished or closed tour is never offered again, on the next page or at the next sign-in, and its steps are refused", async () => {
    const me = await newUser("Турист", { tours: true });
    const done = await post("overlay_shown", { tour: "welcome" }, me);
    expect(done.json).toMatchObject({ status: 200, tour: "welcome", done: 1 });
    expect((await one("select tour_welcome t from users where id = ?", me.id))!.t).toBe(1);
    expect(offeredTour((await page("/", me)).html)).toBeNull();
    const again = await signIn(me.email, "secret-pass");
    expect(offeredTour((await page("/", again)).html)).toBeNull();
    const late = await post("savepress", { tour: "welcome", type: "1value", value: "1" }, again);
    expect(late.json).toMatchObject({ status: 409, errid: ERR.tourFinished });
    // closing twice changes nothing
    expect((await post("overlay_shown", { tour: "welcome" }, again)).json.status).toBe(200);
    // the tour's plain pages send him home
    expect((await page("/tour/welcome/1", again)).location).toBe("/");
  });

  it("the points tour is offered once the welcome tour is over and the user has earned points, not before", async () => {
    const me = await newUser("Отвечающий", { tours: true });
    await post("overlay_shown", { tour: "welcome" }, me);
    // the starting points are no earning
    expect(offeredTour((await page("/", me)).html)).toBeNull();
    const [qid] = await openQuestions(me.id, ["Где лучше провести отпуск летом?"]);
    expect((await post("addans", { qid, Body: "На море, конечно" }, me)).json.status).toBe(200);
    const offer = offeredTour((await page("/", me)).html);
    expect(offer?.tour).toBe("points");
    expect(offer!.facts.points).toBe((await one<{ points: number }>("select points from users where id = ?", me.id))!.points);
    expect((await post("savepress", { tour: "points", type: "4value", value: "1" }, me)).json.status).toBe(200);
    expect(await flags(me, "points")).toEqual({ "4value": "1" });
    await post("overlay_shown", { tour: "points" }, me);
    expect(offeredTour((await page("/", me)).html)).toBeNull();
  });

  it("a reader with a tour due gets his own question page with the tour; the shared copy never carries it", async () => {
    const me = await newUser("Читатель", { tours: true });
    const [qid] = await openQuestions(me.id, ["Какую книгу почитать в дорогу?"]);
    const mine = await page(`/question/${qid}`, me);
    expect(mine.res.headers.get("x-page-cache")).toBeNull();
    expect(offeredTour(mine.html)?.tour).toBe("welcome");
    const other = await newUser("Другой");
    const theirs = await page(`/question/${qid}`, other);
    expect(offeredTour(theirs.html)).toBeNull();
  });

  it("guests are refused both calls and the tour pages send them to sign in", async () => {
    expect((await post("savepress", { tour: "welcome", type: "1shown", value: "1" })).json).toMatchObject({ status: 401, errid: ERR.signInNeeded });
    expect((await post("overlay_shown", { tour: "welcome" })).json).toMatchObject({ status: 401, errid: ERR.signInNeeded });
    const r = await page("/tour/welcome/1");
    expect(r.status).toBe(302);
    expect(r.location).toMatch(/^\/login\?return=/);
  });

  it("bad input is refused with the tours' errids and records nothing", async () => {
    const me = await newUser("Турист", { tours: true });
    const cases: [Record<string, string>, number][] = [
      [{ tour: "quest", type: "1shown", value: "1" }, ERR.tourUnknown],
      [{ tour: "welcome", type: "9value", value: "1" }, ERR.tourStepUnknown],
      [{ tour: "welcome", type: "4value", value: "1" }, ERR.tourStepUnknown],
      [{ tour: "points", type: "loginfirst", value: "1" }, ERR.tourStepUnknown],
      [{ tour: "welcome", type: "1value", value: "да" }, ERR.tourValueInvalid],
      [{ tour: "welcome", type: "1value" }, ERR.tourValueInvalid],
    ];
    for (const [fields, errid] of cases) {
      const r = await post("savepress", fields, me);
      expect(r.json.status, JSON.stringify(fields)).toBe(400);
      expect(r.json.errid, JSON.stringify(fields)).toBe(errid);
      expect(typeof r.json.error).toBe("string");
    }
    expect((await post("overlay_shown", { tour: "quest" }, me)).json).toMatchObject({ status: 400, errid: ERR.tourUnknown });
    expect(await flags(me, "welcome")).toEqual({});
    expect((await page("/tour/welcome/4", me)).status).toBe(404);
    expect((await page("/tour/quest/1", me)).status).toBe(404);
  });

  it("without JavaScript the tour's plain pages record each answer, follow the yes/no branches and end the tour", async () => {
    const me = await newUser("Без скриптов", { tours: true });
    const first = await page("/tour/welcome/1", me);
    expect(first.html).toContain("Шаг 1 из 3");
    // «Нет» on the first page skips to the third
    const no = await postForm("savepress", { tour: "welcome", type: "1value", value: "0" }, "/tour/welcome/3", me);
    expect(no.res.status).toBe(302);
    expect(no.res.headers.get("location")).toBe("/tour/welcome/3");
    expect(first.html).toContain(`action="/do/savepress?return=${encodeURIComponent("/tour/welcome/3")}"`);
    const third = await page("/tour/welcome/3", me);
    expect(third.html).toContain("Шаг 3 из 3");
    // the last «Да» leads to the end page, whose button ends the tour and goes to the ask page
    const end = `/tour/welcome/end?to=${encodeURIComponent("/ask")}`;
    expect(third.html).toContain(`action="/do/savepress?return=${encodeURIComponent(end)}"`);
    await postForm("savepress", { tour: "welcome", type: "3value", value: "1" }, end, me);
    const endPage = await page(end, me);
    expect(endPage.html).toContain('action="/do/overlay_shown?return=%2Fask"');
    const finish = await postForm("overlay_shown", { tour: "welcome" }, "/ask", me);
    expect(finish.res.headers.get("location")).toBe("/ask");
    expect(await flags(me, "welcome")).toEqual({ "1value": "0", "3value": "1" });
    expect(offeredTour((await page("/", me)).html)).toBeNull();
  });
});
