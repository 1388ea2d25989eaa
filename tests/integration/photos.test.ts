import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import gifUrl from "../fixtures/photos/anim.gif?inline";
import jpegUrl from "../fixtures/photos/gps.jpg?inline";
import { application, bytes, comment, control, image, latin1, plainText, screen, TRAILER } from "../fixtures/photos/gif-blocks";
import { PUBLIC_LINKS, REFUSED_LINKS } from "../fixtures/photos/links";
import pngUrl from "../fixtures/photos/tall.png?inline";
import { ERR } from "../../app/lib/errids";
import { PHOTO } from "../../app/lib/photos";
import { quotaLimit } from "../../app/lib/quotas";
import { fetchPhotoBytes } from "../../app/models/photos/fetch-url.server";
import { dropUnattachedPhotos, UNATTACHED_KEPT_MS } from "../../app/models/photos/cleanup.server";
import { uploadPhotoByUrl } from "../../app/models/photos/photos.server";
import { getSession } from "../../app/models/users/session.server";
import { BASE, get, type Me, page, post, workerFetch } from "./helpers/api";
import { all, exec, one, openQuestions, value } from "./helpers/db";
import { as, newUser } from "./helpers/users";

const bytesOf = (dataUrl: string) => Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(",") + 1)), (c) => c.charCodeAt(0));
const JPEG = bytesOf(jpegUrl);
const PNG = bytesOf(pngUrl);
const GIF = bytesOf(gifUrl);

/** Uploads a file as a browser's multipart form does (file, salt, token, uiid). */
async function upload(me: Me | null, bytes: Uint8Array<ArrayBuffer> | string, name: string, type = "application/octet-stream", door = "slow", call = "upload") {
  const form = new FormData();
  form.set("file", new File([bytes], name, { type }));
  form.set("uiid", "test-ui");
  if (me) {
    form.set("salt", me.salt);
    form.set("token", me.token);
  }
  const res = await workerFetch(`${BASE}/api/${door}/${call}`, { method: "POST", headers: { origin: BASE, ...(me ? { cookie: me.cookie } : {}) }, body: form });
  return { status: res.status, json: (await res.json()) as Record<string, any> };
}

/** A served preview: its bytes, type and cache header. */
/** A preview as a reader gets it (a guest, or `who` signed in: an upload not in a text yet is its uploader's alone). */
async function preview(path: string, who?: Me) {
  const res = await workerFetch(`${BASE}${path}`, { headers: who ? { cookie: who.cookie } : {} });
  return { status: res.status, type: res.headers.get("content-type"), cache: res.headers.get("cache-control"), bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** The pixel size a PNG, JPEG or GIF says it has (enough for the tests: PNG IHDR, GIF screen, JPEG SOF). */
function sizeOf(b: Uint8Array): { width: number; height: number } {
  if (b[0] === 0x89) return { width: (b[16] << 24) | (b[17] << 16) | (b[18] << 8) | b[19], height: (b[20] << 24) | (b[21] << 16) | (b[22] << 8) | b[23] };
  if (b[0] === 0x47) return { width: b[6] | (b[7] << 8), height: b[8] | (b[9] << 8) };
  let i = 2;
  while (i < b.length) {
    const marker = b[i + 1];
    const len = (b[i + 2] << 8) | b[i + 3];
    if (marker >= 0xc0 && marker <= 0xc3) return { height: (b[i + 5] << 8) | b[i + 6], width: (b[i + 7] << 8) | b[i + 8] };
    i += 2 + len;
  }
  throw new Error("no SOF");
}

const text = (b: Uint8Array) => new TextDecoder("latin1").decode(b);

const GPS = "GPSLatitude=55.7558;GPSLongitude=37.6173";
const XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="55,45.348N" exif:GPSLongitude="37,37.038E"/></rdf:RDF></x:xmpmeta>';

/**
 * An animated GIF with what cameras, editors and attackers add to one: a comment with GPS text, XMP
 * and ICC blocks after the colour table, a plain text (with its own control extension) between the
 * frames, a comment between the second frame's control extension and its image, and a script after
 * the trailer.
 */
function withMetadata(gif: Uint8Array): Uint8Array<ArrayBuffer> {
  const head = 13 + 3 * (2 << (gif[10] & 7)); // header, logical screen, global colour table
  const controls = [...gif.keys()].filter((i) => gif[i] === 0x21 && gif[i + 1] === 0xf9 && gif[i + 2] === 4);
  expect(controls).toHaveLength(2);
  const second = controls[1];
  return bytes(
    gif.subarray(0, head),
    comment(GPS),
    application("XMP DataXMP", latin1(XMP)),
    application("ICCRGBG1012", latin1("desc Camera profile")),
    gif.subarray(head, second),
    control(50),
    plainText(GPS),
    gif.subarray(second, second + 8),
    comment("between a control extension and its image"),
    gif.subarray(second + 8),
    latin1("<script>alert(document.domain)</script>"),
  );
}

describe("uploading photos (upload, addimg)", () => {
  it("a JPEG with GPS EXIF is stored as an 800 preview and a 120×120 preview, served to its uploader alone until a text shows it, with no EXIF left", async () => {
    expect(text(JPEG)).toContain("Exif");
    expect(text(JPEG)).toContain("TestCam");
    const me = await newUser("Фотограф");
    const { status, json } = await upload(me, JPEG, "photo.jpg", "image/jpeg");
    expect(status).toBe(200);
    expect(json).toMatchObject({ status: 200, width: 800, height: 600 });
    expect(json.previews["800"]).toBe(json.src);
    expect(json.previews["120x120"]).toBe(json.src_small);
    const big = await preview(json.src, me);
    expect(big).toMatchObject({ status: 200, type: "image/jpeg", cache: "private, max-age=600" });
    expect((await preview(json.src)).status).toBe(404);
    expect(sizeOf(big.bytes)).toEqual({ width: 800, height: 600 });
    const small = await preview(json.src_small, me);
    expect(small.type).toBe("image/jpeg");
    expect(sizeOf(small.bytes)).toEqual({ width: 120, height: 120 });
    for (const b of [big.bytes, small.bytes]) {
      expect(text(b)).not.toContain("Exif");
      expect(text(b)).not.toContain("TestCam");
    }
    const row = await one("select user_id, width, height, mime, target_type from photos where id = ?", json.pid);
    expect(row).toEqual({ user_id: me.id, width: 800, height: 600, mime: "image/jpeg", target_type: null });
  });

  it("a PNG named .jpg and declared as JPEG is taken as the PNG its bytes say it is", async () => {
    const me = await newUser("Фотограф");
    const { json } = await upload(me, PNG, "picture.jpg", "image/jpeg", "v2", "addimg");
    expect(json).toMatchObject({ status: 200, width: 300, height: 500 });
    const big = await preview(json.src, me);
    expect(big.type).toBe("image/png");
    expect(sizeOf(big.bytes)).toEqual({ width: 300, height: 500 });
    expect(sizeOf((await preview(json.src_small, me)).bytes)).toEqual({ width: 120, height: 120 });
  });

  it("an animated GIF stays animated: its 800 preview is a GIF of the same frames, its 120 preview a still", async () => {
    const me = await newUser("Фотограф");
    const { json } = await upload(me, GIF, "anim.gif", "image/gif");
    expect(json).toMatchObject({ status: 200, width: 200, height: 150 });
    const big = await preview(json.src, me);
    expect(big.type).toBe("image/gif");
    expect(big.bytes).toEqual(GIF);
    expect(sizeOf((await preview(json.src_small, me)).bytes)).toEqual({ width: 120, height: 120 });
  });

  it("an animated GIF with a GPS comment, XMP and ICC blocks, a plain text and a script after its trailer is served with its frames and its loop alone", async () => {
    const hostile = withMetadata(GIF);
    for (const s of [GPS, "XMP DataXMP", "ICCRGBG1", "<script>"]) expect(text(hostile)).toContain(s);
    const me = await newUser("Фотограф");
    const { json } = await upload(me, hostile, "anim.gif", "image/gif");
    expect(json).toMatchObject({ status: 200, width: 200, height: 150 });
    const served = await preview(json.src, me);
    expect(served.type).toBe("image/gif");
    const key = await value<string>("select src v from photos where id = ?", json.pid);
    const stored = new Uint8Array(await (await env.PHOTOS.get(`p/${key}/800`))!.arrayBuffer());
    for (const b of [served.bytes, stored]) {
      for (const s of ["GPS", "55.7558", "XMP", "xmpmeta", "ICC", "Camera", "<script", "alert"]) expect(text(b)).not.toContain(s);
      // the animation as it was drawn, before anything was added to it: both frames, their delays, the endless loop
      expect(b).toEqual(GIF);
    }
    expect(sizeOf((await preview(json.src_small, me)).bytes)).toEqual({ width: 120, height: 120 });
  });

  it("the audit's GIFs (a GPS comment; a script after the trailer, sent as text/html) come back as the bare image", async () => {
    const audit = (c?: string, tail?: string) => bytes(screen(1, 1), c ? comment(c) : [], image(), TRAILER, tail ? latin1(tail) : []);
    const me = await newUser("Фотограф");
    const meta = (await upload(me, audit(GPS), "meta.gif")).json;
    const poly = (await upload(me, audit(undefined, "<script>alert(document.domain)</script>"), "poly.gif", "text/html")).json;
    for (const json of [meta, poly]) {
      expect(json.status).toBe(200);
      const served = await preview(json.src, me);
      expect(served.type).toBe("image/gif");
      expect(text(served.bytes)).not.toContain("GPS");
      expect(text(served.bytes)).not.toContain("<script>");
      expect(served.bytes).toEqual(audit());
    }
  });

  it.each([
    ["HTML named .gif", new TextEncoder().encode("<!doctype html><script>alert(1)</script>"), "x.gif", "image/gif", ERR.photoWrongFormat],
    ["a truncated JPEG", JPEG.slice(0, 4000), "cut.jpg", "image/jpeg", ERR.photoWrongFormat],
    ["a GIF header with nothing after it", new TextEncoder().encode("GIF89a"), "empty.gif", "image/gif", ERR.photoWrongFormat],
    ["an animated GIF cut before its trailer", GIF.slice(0, -1), "cut.gif", "image/gif", ERR.photoWrongFormat],
    ["an animated GIF cut inside its second frame", GIF.slice(0, -40), "cut.gif", "image/gif", ERR.photoWrongFormat],
    [
      "a GIF whose second frame lies outside its screen",
      bytes(screen(10, 10), image(), image(1, 1, 10, 0), TRAILER),
      "out.gif",
      "image/gif",
      ERR.photoWrongFormat,
    ],
    [
      "a GIF whose second frame declares 30000×30000 pixels",
      bytes(screen(10, 10), image(), image(30_000, 30_000), TRAILER),
      "bomb.gif",
      "image/gif",
      ERR.photoWrongFormat,
    ],
    ["a GIF with an unknown block after its frame", bytes(screen(1, 1), image(), [0x99], TRAILER), "odd.gif", "image/gif", ERR.photoWrongFormat],
    ["an empty file", new Uint8Array(0), "none.jpg", "image/jpeg", ERR.photoMissing],
  ])("%s is refused in Russian and nothing is stored", async (_, bytes, name, type, errid) => {
    const me = await newUser("Фотограф");
    const before = await value("select count(*) v from photos");
    const { json } = await upload(me, bytes, name, type);
    expect(json.errid).toBe(errid);
    expect(json.error).toMatch(/[а-я]/);
    expect(await value("select count(*) v from photos")).toBe(before);
  });

  it("a file over the size limit is refused with 413", async () => {
    const me = await newUser("Фотограф");
    const big = new Uint8Array(PHOTO.maxBytes + 1);
    big.set(PNG.subarray(0, 64));
    const { status, json } = await upload(me, big, "huge.png", "image/png");
    expect(status).toBe(413);
    expect(json.errid).toBe(ERR.photoTooLarge);
  });

  it("a decompression bomb (a tiny PNG declaring 20000×20000 pixels) is refused before it is decoded", async () => {
    const me = await newUser("Фотограф");
    const bomb = PNG.slice(0, 200);
    const dv = new DataView(bomb.buffer);
    dv.setUint32(16, 20_000);
    dv.setUint32(20, 20_000);
    const { json } = await upload(me, bomb, "bomb.png", "image/png");
    expect(json.errid).toBe(ERR.photoTooManyPixels);
    expect(json.error).toContain("мегапикселей");
  });

  it("a guest and a banned user upload nothing", async () => {
    expect((await upload(null, JPEG, "a.jpg")).json.errid).toBe(ERR.signInNeeded);
    const banned = await as("banned@demo.local");
    const before = await value("select count(*) v from photos");
    expect((await upload(banned, JPEG, "a.jpg")).json.errid).toBe(ERR.userBanned);
    expect(await value("select count(*) v from photos")).toBe(before);
  });

  it("a form without a file is refused with 'choose a photo'", async () => {
    const me = await newUser("Фотограф");
    const { json } = await post("addimg", { file: "not a file" }, me);
    expect(json.errid).toBe(ERR.photoMissing);
  });

  it("the day's photo quota (IMQ) ends uploads: the next one is refused and stores nothing", async () => {
    const me = await newUser("Фотограф");
    const limit = quotaLimit("IMQ", await value("select lvl v from users where id = ?", me.id), false);
    for (let i = 0; i < limit; i++) expect((await upload(me, GIF, "a.gif")).json.status).toBe(200);
    const before = await value("select count(*) v from photos where user_id = ?", me.id);
    const { json } = await upload(me, GIF, "a.gif");
    expect(json.errid).toBe(ERR.photoQuotaSpent);
    expect(await value("select count(*) v from photos where user_id = ?", me.id)).toBe(before);
  });

  it("a preview that does not exist is 404", async () => {
    expect((await preview(`/img/p/${"0".repeat(32)}/800`)).status).toBe(404);
    expect((await preview("/img/p/../800")).status).toBe(404);
  });
});

describe("uploads nobody used", () => {
  it("a photo left unattached for a day goes with its previews; one in an answer and a fresh one stay", async () => {
    const me = await newUser("Забывчивый");
    const [qid] = await openQuestions(me.id, [`Брошенное фото ${me.serial}`]);
    const [old, used, fresh] = [(await upload(me, GIF, "a.gif")).json, (await upload(me, PNG, "b.png")).json, (await upload(me, GIF, "c.gif")).json];
    expect((await post("addans", { qid, Body: `Фото\n/photo/${used.pid}` }, me)).json.status).toBe(200);
    await exec("update photos set added = added - ? where id in (?, ?)", UNATTACHED_KEPT_MS + 60_000, old.pid, used.pid);
    const keyOf = (pid: number) => value<string>("select src v from photos where id = ?", pid);
    const oldKey = await keyOf(old.pid);
    expect(await dropUnattachedPhotos(env, Date.now())).toBe(1);
    expect(await all("select id from photos where id in (?, ?, ?) order by id", old.pid, used.pid, fresh.pid)).toEqual([{ id: used.pid }, { id: fresh.pid }]);
    for (const size of ["800", "120"]) {
      expect(await env.PHOTOS.head(`p/${oldKey}/${size}`)).toBeNull();
      expect((await preview(`/img/p/${oldKey}/${size}`)).status).toBe(404);
      expect((await preview(`/img/p/${await keyOf(used.pid)}/${size}`)).status).toBe(200);
      expect((await preview(`/img/p/${await keyOf(fresh.pid)}/${size}`, me)).status).toBe(200);
    }
    expect(await dropUnattachedPhotos(env, Date.now())).toBe(0);
  });
});

describe("photos by link (addimgurl)", () => {
  let prober: Me | undefined;
  const proberOf = async () => (prober ??= await newUser("Фото по ссылке"));

  it.each(REFUSED_LINKS)("%s is refused (errid %i) without being fetched", async (url, errid) => {
    const { json } = await post("addimgurl", { url }, await proberOf(), { door: "slow" });
    expect(json.errid).toBe(errid);
    expect(json.error).toMatch(/[а-я]/);
  });

  // the test pool reaches loopback alone (vitest.config.ts), so the fetch of a public address fails here
  it.each(PUBLIC_LINKS)("%s, a global unicast address, passes the filter and is fetched", async (url) => {
    const { json } = await post("addimgurl", { url }, await proberOf(), { door: "slow" });
    expect(json.errid).toBe(ERR.photoUrlFailed);
  });

  it.each(["javascript:alert(1)", "not a link", `https://example.com/${"a".repeat(1000)}.jpg`])("%s is not a photo link", async (url) => {
    const { json } = await post("addimgurl", { url }, await proberOf(), { door: "slow" });
    expect(json.errid).toBe(ERR.photoUrlInvalid);
  });

  /** A remote server played by the test: each address answers as the table says, and every fetch is written down. */
  function remote(table: Record<string, () => Response>) {
    const asked: string[] = [];
    const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      asked.push(url);
      expect(init?.redirect).toBe("manual");
      const answer = table[url];
      return answer ? answer() : new Response("no", { status: 404 });
    }) as typeof fetch;
    return { fetcher, asked };
  }

  const sessionOf = async (me: Me) => getSession(env, new Request(BASE, { headers: { cookie: me.cookie } }));

  it("a redirect to a loopback or private address is refused without following it", async () => {
    const me = await newUser("Фотограф");
    for (const target of ["http://127.0.0.1/secret.jpg", "http://[::1]/x.jpg", "http://10.0.0.5/x.jpg", "http://localhost:8787/x.jpg"]) {
      const { fetcher, asked } = remote({ "https://photos.example.com/a.jpg": () => new Response(null, { status: 302, headers: { location: target } }) });
      await expect(uploadPhotoByUrl(env, await sessionOf(me), { url: "https://photos.example.com/a.jpg" }, Date.now(), fetcher)).rejects.toMatchObject({
        errid: ERR.photoUrlForbidden,
      });
      expect(asked).toEqual(["https://photos.example.com/a.jpg"]);
    }
  });

  it("a public photo is fetched, following a public redirect, and stored like an upload", async () => {
    const me = await newUser("Фотограф");
    const { fetcher, asked } = remote({
      "https://photos.example.com/a": () => new Response(null, { status: 301, headers: { location: "/b.png" } }),
      "https://photos.example.com/b.png": () => new Response(PNG, { headers: { "content-type": "image/png" } }),
    });
    const r = await uploadPhotoByUrl(env, await sessionOf(me), { url: "https://photos.example.com/a" }, Date.now(), fetcher);
    expect(asked).toEqual(["https://photos.example.com/a", "https://photos.example.com/b.png"]);
    expect(r).toMatchObject({ width: 300, height: 500 });
    expect(await value("select user_id v from photos where id = ?", r.pid)).toBe(me.id);
  });

  it("a body longer than the limit is refused as it arrives, whatever its Content-Length says", async () => {
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(c) {
        sent++;
        c.enqueue(chunk);
      },
    });
    const { fetcher } = remote({ "https://photos.example.com/big.jpg": () => new Response(endless, { headers: { "content-length": "10" } }) });
    await expect(fetchPhotoBytes("https://photos.example.com/big.jpg", fetcher)).rejects.toMatchObject({ errid: ERR.photoTooLarge });
    expect(sent).toBeLessThanOrEqual(PHOTO.maxBytes / chunk.byteLength + 2);
  });

  it("more redirects than allowed, and an error status, are a failed fetch", async () => {
    const hop = (n: number) => () => new Response(null, { status: 302, headers: { location: `https://photos.example.com/${n + 1}` } });
    const { fetcher } = remote(Object.fromEntries([0, 1, 2, 3, 4].map((n) => [`https://photos.example.com/${n}`, hop(n)])));
    await expect(fetchPhotoBytes("https://photos.example.com/0", fetcher)).rejects.toMatchObject({ errid: ERR.photoUrlFailed });
    await expect(fetchPhotoBytes("https://photos.example.com/missing", remote({}).fetcher)).rejects.toMatchObject({ errid: ERR.photoUrlFailed });
  });
});

describe("photos in answers", () => {
  const answerRow = async (id: number) => (await one<{ text: string }>("select text from answers where id = ?", id)) ?? { text: "" };

  it("an answer carries its uploaded photos: the 800 previews link to their viewer page, and the photos are the answer's", async () => {
    const me = await newUser("Отвечающий");
    const [qid] = await openQuestions(me.id, [`Вопрос с фото ${me.serial}`]);
    const a = (await upload(me, JPEG, "a.jpg")).json;
    const b = (await upload(me, PNG, "b.png")).json;
    const { json } = await post("addans", { qid, Body: `Вот фото\n/photo/${a.pid}\n/photo/${b.pid}` }, me);
    expect(json.status).toBe(200);
    const { text } = await answerRow(json.id);
    expect(text).toContain("Вот фото");
    expect(text).not.toContain(`\n/photo/${a.pid}`);
    expect(text).toContain(`href="/photo/${a.pid}"`);
    expect(text).toContain(`src="${a.src}" width="800" height="600"`);
    expect(text).toContain(`src="${b.src}" width="300" height="500"`);
    const rows = await all("select id, target_type, target_id, qid from photos where id in (?, ?) order by id", a.pid, b.pid);
    expect(rows).toEqual([
      { id: a.pid, target_type: "A", target_id: json.id, qid },
      { id: b.pid, target_type: "A", target_id: json.id, qid },
    ]);
    const html = (await page(`/question/${qid}`)).html;
    expect(html).toContain(`<a class="photo-link" href="/photo/${a.pid}"`);
    expect(html).toContain('name="photo-viewer"');
  });

  it("each photo counts as 200 characters, not as the characters of its line", async () => {
    const me = await newUser("Отвечающий");
    const [q1, q2] = await openQuestions(me.id, [`Длинный ответ с фото ${me.serial}`, `Ещё один ${me.serial}`]);
    const photo = (await upload(me, GIF, "a.gif")).json;
    const over = await post("addans", { qid: q1, Body: `${"я".repeat(3601)}\n/photo/${photo.pid}` }, me);
    expect(over.json.errid).toBe(ERR.answerTooLong);
    const fits = await post("addans", { qid: q2, Body: `${"я".repeat(3600)}\n/photo/${photo.pid}` }, me);
    expect(fits.json.status).toBe(200);
  });

  it("another user's photo, a photo already in another answer and a photo that does not exist are refused", async () => {
    const me = await newUser("Отвечающий");
    const other = await newUser("Чужой");
    const [q1, q2, q3] = await openQuestions(me.id, [`Чужое фото ${me.serial}`, `Второй раз ${me.serial}`, `Нет фото ${me.serial}`]);
    const theirs = (await upload(other, GIF, "a.gif")).json;
    expect((await post("addans", { qid: q1, Body: `Смотрите\n/photo/${theirs.pid}` }, me)).json.errid).toBe(ERR.photoNotYours);
    const mine = (await upload(me, GIF, "a.gif")).json;
    expect((await post("addans", { qid: q1, Body: `Моё\n/photo/${mine.pid}` }, me)).json.status).toBe(200);
    expect((await post("addans", { qid: q2, Body: `Снова\n/photo/${mine.pid}` }, me)).json.errid).toBe(ERR.photoNotYours);
    expect((await post("addans", { qid: q3, Body: "Нет такого\n/photo/999999" }, me)).json.errid).toBe(ERR.photoGone);
    expect(await value("select count(*) v from answers where qid in (?, ?)", q2, q3)).toBe(0);
  });

  it("without JavaScript the answer form sends its photo file with the answer (multipart), and the photo is in the answer", async () => {
    const me = await newUser("Без скриптов");
    const [qid] = await openQuestions(me.id, [`Ответ формой ${me.serial}`]);
    const form = new FormData();
    form.set("qid", String(qid));
    form.set("Body", "Ответ с фото из формы");
    form.set("source", "");
    form.set("photo", new File([JPEG], "phone.jpg", { type: "image/jpeg" }));
    const res = await workerFetch(`${BASE}/do/addans?return=${encodeURIComponent(`/question/${qid}`)}`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: BASE, host: "127.0.0.1", cookie: me.cookie },
      body: form,
    });
    expect(res.status).toBe(302);
    const row = (await one<{ id: number; text: string }>("select id, text from answers where qid = ? and user_id = ?", qid, me.id))!;
    expect(row.text).toContain("Ответ с фото из формы");
    const photo = (await one<{ id: number; target_id: number }>("select id, target_id from photos where user_id = ?", me.id))!;
    expect(photo.target_id).toBe(row.id);
    expect(row.text).toContain(`href="/photo/${photo.id}"`);
  });

  it("the viewer page shows the photo with previous and next wrapping around among the answer's photos, and close back to the answer", async () => {
    const me = await newUser("Отвечающий");
    const [qid] = await openQuestions(me.id, [`Просмотр фото ${me.serial}`]);
    const pids: number[] = [];
    for (const b of [GIF, PNG, GIF]) pids.push((await upload(me, b, "x")).json.pid);
    const { json } = await post("addans", { qid, Body: `Три фото\n${pids.map((p) => `/photo/${p}`).join("\n")}` }, me);
    const first = await page(`/photo/${pids[0]}`);
    expect(first.status).toBe(200);
    expect(first.html).toContain("Фото 1 из 3");
    expect(first.html).toContain(`href="/photo/${pids[2]}" data-testid="photo-prev"`);
    expect(first.html).toContain(`href="/photo/${pids[1]}" data-testid="photo-next"`);
    expect(first.html).toContain(`href="/question/${qid}#answer-${json.id}" data-testid="photo-close"`);
    const last = await page(`/photo/${pids[2]}`);
    expect(last.html).toContain("Фото 3 из 3");
    expect(last.html).toContain(`href="/photo/${pids[0]}" data-testid="photo-next"`);
  });

  it("a photo in an adult question asks for the age confirmation first, as its question does", async () => {
    const me = await newUser("Отвечающий");
    const [qid] = await openQuestions(me.id, [`Фото для взрослых ${me.serial}`]);
    const { pid } = (await upload(me, GIF, "x.gif")).json;
    expect((await post("addans", { qid, Body: `Фото\n/photo/${pid}` }, me)).json.status).toBe(200);
    expect((await page(`/photo/${pid}`, me)).status).toBe(200);
    await exec("update questions set category_id = (select id from categories where adult = 1 order by id limit 1) where id = ?", qid);
    for (const who of [undefined, await newUser("Читатель")]) {
      const gated = await page(`/photo/${pid}`, who);
      expect(gated.status).toBe(302);
      expect(gated.location).toBe(`/adult?return=${encodeURIComponent(`/photo/${pid}`)}`);
      expect(gated.html).not.toContain("/img/p/");
    }
    const grown = await page(`/photo/${pid}`, "adult=1");
    expect(grown.status).toBe(200);
    expect(grown.html).toContain("Фото 1 из 1");
  });

  it("a photo not attached yet is seen by its uploader alone", async () => {
    const me = await newUser("Отвечающий");
    const { pid } = (await upload(me, GIF, "x.gif")).json;
    expect((await page(`/photo/${pid}`, me)).status).toBe(200);
    expect((await page(`/photo/${pid}`)).status).toBe(404);
    expect((await page(`/photo/${pid}`, await newUser("Другой"))).status).toBe(404);
  });

  it("editing the answer keeps its photos: the edit form gives them back as their lines", async () => {
    const me = await newUser("Отвечающий");
    const [qid] = await openQuestions(me.id, [`Правка с фото ${me.serial}`]);
    const { pid } = (await upload(me, GIF, "x.gif")).json;
    const { json } = await post("addans", { qid, Body: `Первый вариант\n/photo/${pid}` }, me);
    const edit = await page(`/answer/${json.id}/edit`, me);
    expect(edit.html).toContain(`Первый вариант\n/photo/${pid}`);
    expect((await post("editans", { qid, update: json.id, Body: `Второй вариант\n/photo/${pid}` }, me)).json.status).toBe(200);
    const { text } = await answerRow(json.id);
    expect(text).toContain("Второй вариант");
    expect(text).toContain(`href="/photo/${pid}"`);
  });
});

describe("photos in comments", () => {
  it("a comment carries a photo counted as 200 characters, and the photo becomes the comment's", async () => {
    const me = await newUser("Комментатор");
    const [qid] = await openQuestions(me.id, [`Комментарий с фото ${me.serial}`]);
    const answer = (await post("addans", { qid, Body: "Ответ, под которым комментарий" }, me)).json;
    const photo = (await upload(me, GIF, "a.gif")).json;
    const over = await post("addcmt", { type: "A", refid: answer.id, Body: `${"я".repeat(601)}\n/photo/${photo.pid}` }, me);
    expect(over.json.errid).toBe(ERR.commentTooLong);
    const ok = await post("addcmt", { type: "A", refid: answer.id, Body: `${"я".repeat(600)}\n/photo/${photo.pid}` }, me);
    expect(ok.json.status).toBe(200);
    expect(await one("select target_type, target_id, qid from photos where id = ?", photo.pid)).toEqual({ target_type: "C", target_id: ok.json.id, qid });
    const text = await value<string>("select text v from comments where id = ?", ok.json.id);
    expect(text).toContain(`href="/photo/${photo.pid}"`);
  });

  it("a guest's question page whose only photos are in comments (an answer's reply, the question's own) loads the viewer to open them", async () => {
    const me = await newUser("Комментатор");
    const [qa, none] = await openQuestions(me.id, [`Фото в ответе на комментарий ${me.serial}`, `Без фото ${me.serial}`]);
    // only the asker comments on the question itself
    const qq = Number((await post("addqst", { qtext: `Как снять фото в комментарии к вопросу ${me.serial}?`, cid: "100" }, me)).json.qid);
    const answer = (await post("addans", { qid: qa, Body: "Ответ без фото" }, me)).json;
    const top = (await post("addcmt", { type: "A", refid: answer.id, Body: "Комментарий без фото" }, me)).json;
    const deep = (await upload(me, GIF, "a.gif")).json;
    expect((await post("addcmt", { type: "A", refid: answer.id, cmid: top.id, Body: `Ответ с фото\n/photo/${deep.pid}` }, me)).json.status).toBe(200);
    const onQuestion = (await upload(me, GIF, "b.gif")).json;
    expect((await post("addcmt", { type: "Q", refid: qq, Body: `К вопросу\n/photo/${onQuestion.pid}` }, me)).json.status).toBe(200);
    const plain = (await post("addans", { qid: none, Body: "Ответ без фото" }, me)).json;
    expect((await post("addcmt", { type: "A", refid: plain.id, Body: "Просто комментарий" }, me)).json.status).toBe(200);
    for (const [qid, pid] of [
      [qa, deep.pid],
      [qq, onQuestion.pid],
    ]) {
      const html = (await page(`/question/${qid}`)).html;
      expect(html).toContain(`<a class="photo-link" href="/photo/${pid}"`);
      expect(html).toContain('name="photo-viewer"');
    }
    expect((await page(`/question/${none}`)).html).not.toContain('name="photo-viewer"');
  });
});

describe("videos by link (the VIQ quota)", () => {
  const viq = async (me: Me) => (await get("showlimits", {}, me)).json.limits.VIQ as { used: number; limit: number; left: number };
  const VIDEOS = ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "https://youtu.be/dQw4w9WgXcQ", "https://rutube.ru/video/abc123/", "https://vk.com/video-1_2"];

  it("each video link a write attaches takes one of the day's video slots; over the limit nothing is written and no slot is kept", async () => {
    const me = await newUser("Видеоблогер");
    const limit = quotaLimit("VIQ", 2, false);
    expect(await viq(me)).toMatchObject({ used: 0, limit });
    const [qid] = await openQuestions(me.id, ["Где посмотреть, как менять колесо?"]);
    const answered = await post("addans", { qid, Body: `Вот что я нашёл:\n${VIDEOS.slice(0, 3).join("\n")}` }, me);
    expect(answered.json.status).toBe(200);
    expect(await viq(me)).toMatchObject({ used: 3 });
    // a link to a video site that is not a video, or any other link, takes none
    const aid = await value("select id v from answers where qid = ? and user_id = ?", qid, me.id);
    expect((await post("addcmt", { type: "A", refid: aid, Body: "Канал: https://www.youtube.com/@channel и https://example.org/" }, me)).json.status).toBe(200);
    expect(await viq(me)).toMatchObject({ used: 3 });
    // more videos than are left: refused with the video quota's errid, nothing written, the slots given back
    const many = Array.from({ length: limit - 2 }, (_, i) => `https://youtu.be/v${i}`).join("\n");
    const before = await value("select count(*) v from comments where user_id = ?", me.id);
    const over = await post("addcmt", { type: "A", refid: aid, Body: `Ещё видео:\n${many}` }, me);
    expect({ status: over.res.status, errid: over.json.errid }).toEqual({ status: 429, errid: ERR.videoQuotaSpent });
    expect(await value("select count(*) v from comments where user_id = ?", me.id)).toBe(before);
    expect(await viq(me)).toMatchObject({ used: 3 });
    // what is left may still be used
    const fits = Array.from({ length: limit - 3 }, (_, i) => `https://youtu.be/w${i}`).join("\n");
    expect((await post("addcmt", { type: "A", refid: aid, Body: `Последние:\n${fits}` }, me)).json.status).toBe(200);
    expect(await viq(me)).toMatchObject({ used: limit, left: 0 });
  });
});
