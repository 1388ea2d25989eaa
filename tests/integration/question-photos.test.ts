import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import jpegUrl from "../fixtures/photos/gps.jpg?inline";
import pngUrl from "../fixtures/photos/tall.png?inline";
import { ERR } from "../../app/lib/errids";
import { LIMITS } from "../../app/lib/limits";
import { BASE, type Me, page, post, workerFetch } from "./helpers/api";
import { one } from "./helpers/db";
import { as, newUser } from "./helpers/users";

const bytesOf = (dataUrl: string) => Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(",") + 1)), (c) => c.charCodeAt(0));
const JPEG = bytesOf(jpegUrl);
const PNG = bytesOf(pngUrl);

/** Uploads a photo as the islands do (upload at /api/slow): its pid. */
async function upload(me: Me, bytes: Uint8Array<ArrayBuffer>): Promise<number> {
  const form = new FormData();
  form.set("file", new File([bytes], "a.jpg", { type: "image/jpeg" }));
  form.set("salt", me.salt);
  form.set("token", me.token);
  const res = await workerFetch(`${BASE}/api/slow/upload`, { method: "POST", headers: { origin: BASE, cookie: me.cookie }, body: form });
  const json = (await res.json()) as Record<string, any>;
  expect(json.status).toBe(200);
  return Number(json.pid);
}

/** A plain multipart form to the form door, JavaScript off, with a photo file. */
function formWithPhoto(me: Me, name: string, back: string, fields: Record<string, string>, bytes: Uint8Array<ArrayBuffer>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set("photo", new File([bytes], "p.png", { type: "image/png" }));
  return workerFetch(`${BASE}/do/${name}?return=${encodeURIComponent(back)}`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: BASE, host: "127.0.0.1", cookie: me.cookie },
    body: form,
  });
}

describe("photos in a question's explanation and its supplements", () => {
  it("a photo in the explanation counts 200 characters: 3600 words and a photo pass, 3601 and a photo are refused", async () => {
    const me = await newUser("Спрашивающий");
    const pid = await upload(me, JPEG);
    const over = await post(
      "addqst",
      { qtext: "Что это за растение на фото?", cid: "100", Body: `${"а".repeat(LIMITS.explanation - LIMITS.media + 1)}\n/photo/${pid}` },
      me,
    );
    expect(over.json.errid).toBe(ERR.questionCommentTooLong);
    expect(await one("select target_type from photos where id = ?", pid)).toEqual({ target_type: null });
    const ok = await post(
      "addqst",
      { qtext: "Что это за растение на фото?", cid: "100", Body: `${"а".repeat(LIMITS.explanation - LIMITS.media)}\n/photo/${pid}` },
      me,
    );
    expect(ok.json.status).toBe(200);
    expect(await one("select target_type, target_id, qid from photos where id = ?", pid)).toEqual({
      target_type: "Q",
      target_id: ok.json.qid,
      qid: ok.json.qid,
    });
  });

  it("the question page shows the explanation's photo as a link to the viewer, with the viewer island for a guest; its photo page closes to the question", async () => {
    const me = await newUser("Спрашивающий");
    const pid = await upload(me, JPEG);
    const asked = await post("addqst", { qtext: "Какая это порода кошки?", cid: "100", Body: `Нашли во дворе\n/photo/${pid}` }, me);
    const qid = asked.json.qid;
    const html = (await page(`/question/${qid}`)).html;
    expect(html).toContain(`<a class="photo-link" href="/photo/${pid}"`);
    expect(html).toContain('otv-island name="photo-viewer"');
    expect(html).not.toContain(`/photo/${pid}\n`);
    const viewer = await page(`/photo/${pid}`);
    expect(viewer.status).toBe(200);
    expect(viewer.html).toContain(`href="/question/${qid}"`);
  });

  it("someone else's photo, or one already attached, cannot go into a question", async () => {
    const me = await newUser("Спрашивающий");
    const other = await newUser("Другой");
    const theirs = await upload(other, JPEG);
    const r = await post("addqst", { qtext: "Чужое фото в вопросе?", cid: "100", Body: `Смотрите\n/photo/${theirs}` }, me);
    expect(r.json.errid).toBe(ERR.photoNotYours);
    const mine = await upload(me, PNG);
    expect((await post("addqst", { qtext: "Первый вопрос с фото?", cid: "100", Body: `/photo/${mine}` }, me)).json.status).toBe(200);
    expect((await post("addqst", { qtext: "Второй вопрос с тем же фото?", cid: "100", Body: `/photo/${mine}` }, me)).json.errid).toBe(ERR.photoNotYours);
  });

  it("a supplement takes photos too: the photo alone is enough, it belongs to the question and shows in the supplement", async () => {
    const me = await newUser("Спрашивающий");
    const asked = await post("addqst", { qtext: "Как починить кран на кухне?", cid: "100" }, me);
    const qid = asked.json.qid;
    const pid = await upload(me, PNG);
    const sup = await post("updqst", { qid, Body: `/photo/${pid}` }, me);
    expect(sup.json.status).toBe(200);
    expect(sup.json.atext).toContain(`href="/photo/${pid}"`);
    expect(await one("select target_type, target_id, qid from photos where id = ?", pid)).toEqual({ target_type: "Q", target_id: qid, qid });
    const html = (await page(`/question/${qid}`)).html;
    expect(html).toMatch(new RegExp(`data-testid="supplement"[\\s\\S]*href="/photo/${pid}"`));
  });

  it("a supplement that is refused attaches nothing", async () => {
    const me = await newUser("Спрашивающий");
    const other = await newUser("Другой");
    const asked = await post("addqst", { qtext: "Чей это вопрос на самом деле?", cid: "100" }, other);
    const pid = await upload(me, PNG);
    const r = await post("updqst", { qid: asked.json.qid, Body: `Дополняю\n/photo/${pid}` }, me);
    expect(r.json.errid).toBe(ERR.supplementNotOwner);
    expect(await one("select target_type from photos where id = ?", pid)).toEqual({ target_type: null });
  });

  it("without JavaScript the ask form and the supplement form send a photo file with the text", async () => {
    const me = await newUser("Без скриптов");
    const res = await formWithPhoto(me, "addqst", "/ask", { qtext: "Что за птица прилетела к кормушке?", cid: "100", Body: "Вот она" }, PNG);
    expect(res.status).toBe(302);
    const qid = Number(/\/question\/(\d+)/.exec(res.headers.get("location") ?? "")?.[1]);
    expect(qid).toBeGreaterThan(0);
    const first = await one<{ n: number }>("select count(*) n from photos where target_type = 'Q' and target_id = ?", qid);
    expect(first?.n).toBe(1);
    const sup = await formWithPhoto(me, "updqst", `/question/${qid}`, { qid: String(qid), Body: "Ещё одно фото" }, PNG);
    expect(sup.status).toBe(302);
    const both = await one<{ n: number }>("select count(*) n from photos where target_type = 'Q' and target_id = ?", qid);
    expect(both?.n).toBe(2);
    const html = (await page(`/question/${qid}`)).html;
    expect(html.match(/class="photo-link"/g)?.length).toBe(2);
  });
});

describe("a photo its text no longer shows (the visibility rule, docs/decisions/0050)", () => {
  const keyOf = async (pid: number) => (await one<{ src: string }>("select src from photos where id = ?", pid))!.src;
  const served = async (pid: number, who?: Me) =>
    (await workerFetch(`${BASE}/img/p/${await keyOf(pid)}/800`, { headers: who ? { cookie: who.cookie } : {} })).status;

  it("a photo the author took out of his answer is his own upload again: nobody else sees it, and he deletes it with its previews", async () => {
    const asker = await newUser("Спросивший про фото");
    const author = await newUser("Фотоответчик");
    const qid = Number((await post("addqst", { qtext: "Покажете фото своего сада?", cid: "1", subcid: "100" }, asker)).json.qid);
    const [kept, out] = [await upload(author, PNG), await upload(author, PNG)];
    const aid = Number((await post("addans", { qid, Body: `Вот мой сад\n/photo/${kept}\n/photo/${out}` }, author)).json.id);
    expect(await served(out)).toBe(200);
    expect((await post("editans", { qid, update: aid, Body: `Вот мой сад\n/photo/${kept}` }, author)).json.status).toBe(200);
    expect(await one("select target_type, target_id from photos where id = ?", out)).toEqual({ target_type: null, target_id: null });
    expect(await served(out)).toBe(404);
    expect((await page(`/photo/${out}`)).status).toBe(404);
    expect(await served(out, author)).toBe(200);
    expect(await served(kept)).toBe(200);
    const key = await keyOf(out);
    expect((await post("delphoto", { pid: out }, author)).json).toMatchObject({ status: 200, deleted: 1 });
    expect(await one("select id from photos where id = ?", out)).toBeNull();
    expect(await env.PHOTOS.head(`p/${key}/800`)).toBeNull();
    // a photo a live text shows is taken out of the text first
    expect((await post("delphoto", { pid: kept }, author)).json).toMatchObject({ status: 400, errid: ERR.photoInText });
  });

  it("a dropped answer's photo is served to nobody but moderators, and its owner may delete it", async () => {
    const asker = await newUser("Спросивший снова");
    const author = await newUser("Нарушитель с фото");
    const moder = await as("moder@demo.local");
    const qid = Number((await post("addqst", { qtext: "Какое фото удалят модераторы?", cid: "1", subcid: "100" }, asker)).json.qid);
    const pid = await upload(author, PNG);
    const aid = Number((await post("addans", { qid, Body: `Недопустимое фото\n/photo/${pid}` }, author)).json.id);
    expect((await post("a_ansdrop", { id: aid }, moder)).json.status).toBe(200);
    for (const who of [undefined, asker, author]) expect(await served(pid, who)).toBe(404);
    expect(await served(pid, moder)).toBe(200);
    expect((await page(`/photo/${pid}`)).status).toBe(404);
    expect((await post("delphoto", { pid }, author)).json).toMatchObject({ status: 200, deleted: 1 });
  });
});
