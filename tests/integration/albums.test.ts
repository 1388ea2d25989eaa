import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import gifUrl from "../fixtures/photos/anim.gif?inline";
import pngUrl from "../fixtures/photos/tall.png?inline";
import { ERR } from "../../app/lib/errids";
import { BASE, get, type Me, page, post, postForm, workerFetch } from "./helpers/api";
import { all, exec, one, openQuestions, value } from "./helpers/db";
import { as, newUser } from "./helpers/users";

const bytesOf = (dataUrl: string) => Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(",") + 1)), (c) => c.charCodeAt(0));
const GIF = bytesOf(gifUrl);
const PNG = bytesOf(pngUrl);

/** Uploads a photo as the album page's island or a client does: multipart to /api/slow/upload, with the album's id. */
async function upload(me: Me | null, aid: number | string | undefined, bytes: Uint8Array<ArrayBuffer> = GIF) {
  const form = new FormData();
  form.set("file", new File([bytes], "a.gif", { type: "image/gif" }));
  if (aid !== undefined) form.set("aid", String(aid));
  if (me) {
    form.set("salt", me.salt);
    form.set("token", me.token);
  }
  const res = await workerFetch(`${BASE}/api/slow/upload`, { method: "POST", headers: { origin: BASE, ...(me ? { cookie: me.cookie } : {}) }, body: form });
  return { status: res.status, json: (await res.json()) as Record<string, any> };
}

/** The same from the album page's plain form, JavaScript off: multipart to the form door, back to the album. */
function uploadByForm(me: Me, aid: number, back: string) {
  const form = new FormData();
  form.set("file", new File([PNG], "b.png", { type: "image/png" }));
  form.set("aid", String(aid));
  return workerFetch(`${BASE}/do/upload?return=${encodeURIComponent(back)}`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: BASE, host: "127.0.0.1", cookie: me.cookie },
    body: form,
  });
}

async function addAlbum(me: Me, title: string, privacy = 0): Promise<number> {
  const { json } = await post("addalbum", { title, privacy }, me);
  expect(json.status).toBe(200);
  return json.aid;
}

const album = (aid: number) =>
  one<{ title: string; privacy: number; size: number; user_id: number }>("select title, privacy, size, user_id from albums where id = ?", aid);
const inAlbum = (aid: number) => value("select count(*) v from photos where album_id = ?", aid);
/** The album ids a page lists (its covers' links). */
const listedAlbums = (html: string) => [...html.matchAll(/data-album-id="(\d+)"/g)].map((m) => Number(m[1]));
/** The photo ids an album page shows. */
const shownPhotos = (html: string) => [...html.matchAll(/<li id="photo-(\d+)"/g)].map((m) => Number(m[1]));

describe("albums: the owner creates, renames, deletes, uploads and removes", () => {
  it("without JavaScript the owner creates an album, lands on its page, uploads a photo into it and sees it; size counts it", async () => {
    const me = await newUser("Фотоальбомщик");
    const made = await postForm("addalbum", { title: "  Море   2024 ", privacy: "0" }, `/profile/id${me.id}/photos`, me);
    expect(made.res.status).toBe(302);
    const aid = await value("select id v from albums where user_id = ?", me.id);
    expect(made.res.headers.get("location")).toBe(`/profile/id${me.id}/photos/${aid}`);
    expect(await album(aid)).toEqual({ title: "Море 2024", privacy: 0, size: 0, user_id: me.id });
    const back = `/profile/id${me.id}/photos/${aid}`;
    const res = await uploadByForm(me, aid, back);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(back);
    expect((await album(aid))?.size).toBe(1);
    const pid = await value("select id v from photos where album_id = ?", aid);
    const own = await page(back, me);
    expect(own.html).toContain("Море 2024");
    expect(shownPhotos(own.html)).toEqual([pid]);
    expect(own.html).toContain(`href="/photo/${pid}"`);
    expect(own.html).toContain('name="photo-viewer"');
    expect(own.html).toContain('data-testid="album-upload"');
    const tab = await page(`/profile/id${me.id}/photos`);
    expect(listedAlbums(tab.html)).toEqual([aid]);
    const src = await value<string>("select src v from photos where id = ?", pid);
    expect(tab.html).toContain(`src="/img/p/${src}/120"`);
    expect(tab.html).not.toContain('data-testid="album-new"');
  });

  it("editalbum renames and changes privacy; the API's albums and album calls give aid, title, size, privacy and the photos' fields", async () => {
    const me = await newUser("Фотоальбомщик");
    const aid = await addAlbum(me, "Старое название");
    const up = await upload(me, aid);
    expect(up.status).toBe(200);
    expect(up.json).toMatchObject({ aid, pid: expect.any(Number), src_small: expect.stringMatching(/\/120$/) });
    expect((await post("editalbum", { aid, title: "Новое название", privacy: 1 }, me)).json).toMatchObject({
      status: 200,
      title: "Новое название",
      privacy: 1,
    });
    expect(await album(aid)).toMatchObject({ title: "Новое название", privacy: 1, size: 1 });
    expect((await post("editalbum", { aid, privacy: 0 }, me)).json.status).toBe(200);
    expect(await album(aid)).toMatchObject({ title: "Новое название", privacy: 0 });
    const list = (await get("albums", { user: me.id })).json;
    expect(list.albums).toEqual([{ aid, usrid: me.id, title: "Новое название", size: 1, privacy: 0, added: expect.any(Number), cover: up.json.src_small }]);
    const one_ = (await get("album", { aid })).json;
    expect(one_.album).toMatchObject({ aid, title: "Новое название", size: 1, privacy: 0 });
    expect(one_.photos).toEqual([
      {
        pid: up.json.pid,
        src: up.json.src,
        src_small: up.json.src_small,
        src_big: up.json.src_big,
        width: up.json.width,
        height: up.json.height,
        url: `/photo/${up.json.pid}`,
      },
    ]);
    expect(one_.more).toBe(0);
  });

  it("delphoto deletes the photo and its previews and lowers size in the same write; delalbum deletes the album, its free photos with their previews, and keeps a photo an answer shows", async () => {
    const me = await newUser("Фотоальбомщик");
    const aid = await addAlbum(me, "На удаление");
    const a = (await upload(me, aid)).json;
    const b = (await upload(me, aid)).json;
    const c = (await upload(me, aid)).json;
    expect((await album(aid))?.size).toBe(3);
    expect((await post("delphoto", { pid: a.pid }, me)).json).toMatchObject({ status: 200, deleted: 1 });
    expect((await album(aid))?.size).toBe(2);
    expect(await one("select id from photos where id = ?", a.pid)).toBeNull();
    expect((await workerFetch(`${BASE}${a.src_small}`)).status).toBe(404);
    expect(await env.PHOTOS.get(`p/${a.src_small.split("/")[3]}/800`)).toBeNull();
    // the same photo again: it is gone, and the size does not move twice
    expect((await post("delphoto", { pid: a.pid }, me)).json.errid).toBe(ERR.photoGone);
    expect((await album(aid))?.size).toBe(2);
    // c is shown in an answer too
    const [qid] = await openQuestions(me.id, [`Ответ с фото из альбома ${me.serial}`]);
    expect((await post("addans", { qid, Body: `Фото из моего альбома\n/photo/${c.pid}` }, me)).json.status).toBe(200);
    expect((await post("delalbum", { aid }, me)).json.status).toBe(200);
    expect(await album(aid)).toBeNull();
    expect(await one("select id from photos where id = ?", b.pid)).toBeNull();
    expect((await workerFetch(`${BASE}${b.src}`)).status).toBe(404);
    expect(await one("select album_id, target_type from photos where id = ?", c.pid)).toEqual({ album_id: null, target_type: "A" });
    expect((await workerFetch(`${BASE}${c.src}`)).status).toBe(200);
    expect((await page(`/photo/${c.pid}`)).status).toBe(200);
    expect((await page(`/profile/id${me.id}/photos/${aid}`)).status).toBe(404);
  });

  it("an album shows 12 photos a page, newest first, with 'Показать ещё' to the next; the album call pages by p", async () => {
    const me = await newUser("Фотоальбомщик");
    const aid = await addAlbum(me, "Много фото");
    // eleven photos written straight into the store (the day's upload quota is ten), then two uploads
    const t = Date.now() - 3_600_000;
    for (let i = 0; i < 11; i++)
      await exec(
        "insert into photos (album_id, user_id, src, width, height, added) values (?, ?, ?, 10, 10, ?)",
        aid,
        me.id,
        `${me.serial}`.padStart(4, "0") + "f".repeat(27) + i.toString(16),
        t + i,
      );
    await exec("update albums set size = 11 where id = ?", aid);
    await upload(me, aid);
    const newest = (await upload(me, aid)).json.pid;
    expect((await album(aid))?.size).toBe(13);
    const ids = (await all<{ id: number }>("select id from photos where album_id = ? order by added desc, id desc", aid)).map((r) => r.id);
    const first = await page(`/profile/id${me.id}/photos/${aid}`);
    expect(shownPhotos(first.html)).toEqual(ids.slice(0, 12));
    expect(shownPhotos(first.html)[0]).toBe(newest);
    expect(first.html).toContain(`href="/profile/id${me.id}/photos/${aid}?p=12" data-testid="show-more"`);
    const second = await page(`/profile/id${me.id}/photos/${aid}?p=12`);
    expect(shownPhotos(second.html)).toEqual(ids.slice(12));
    expect(second.html).not.toContain('data-testid="show-more"');
    expect(second.html).toContain('data-testid="album-prev"');
    expect((await get("album", { aid })).json).toMatchObject({ more: 1 });
    expect((await get("album", { aid })).json.photos.map((x: { pid: number }) => x.pid)).toEqual(ids.slice(0, 12));
    const rest = (await get("album", { aid, p: 12 })).json;
    expect(rest.photos.map((x: { pid: number }) => x.pid)).toEqual(ids.slice(12));
    expect(rest.more).toBe(0);
    // the photo page pages through the album and closes to the album's page that holds the photo
    const last = ids[12];
    const viewer = await page(`/photo/${last}`);
    expect(viewer.html).toContain("Фото 13 из 13");
    expect(viewer.html).toContain(`href="/profile/id${me.id}/photos/${aid}?p=12#photo-${last}"`);
    expect(viewer.html).toContain(`href="/photo/${ids[0]}" data-testid="photo-next"`);
  });
});

describe("albums: who sees what", () => {
  let owner: Me;
  let follower: Me;
  let stranger: Me;
  let moder: Me;
  const aids: number[] = [];
  const pids: number[] = [];

  beforeAll(async () => {
    owner = await newUser("Владелец альбомов");
    follower = await newUser("Подписчик");
    stranger = await newUser("Прохожий");
    moder = await as("moder@demo.local");
    for (const privacy of [0, 1, 2]) {
      const aid = await addAlbum(owner, `Альбом ${privacy}`, privacy);
      aids.push(aid);
      pids.push((await upload(owner, aid)).json.pid);
    }
    expect((await post("follow", { uid: owner.id }, follower)).json.status).toBe(200);
  });

  /** What each reader may see: the albums of privacy up to his level. */
  const cases: [string, () => Me | undefined, number][] = [
    ["a guest", () => undefined, 0],
    ["a stranger", () => stranger, 0],
    ["a follower", () => follower, 1],
    ["the owner", () => owner, 2],
    ["a moderator", () => moder, 2],
  ];

  it.each(cases)("%s sees exactly the albums of his level on the tab, the album pages, the calls and the photo pages", async (_who, who, level) => {
    const me = who();
    const tab = await page(`/profile/id${owner.id}/photos`, me);
    expect(tab.status).toBe(200);
    expect(listedAlbums(tab.html).sort()).toEqual(aids.filter((_, i) => i <= level).sort());
    const list = (await get("albums", { user: owner.id }, me)).json;
    expect(list.albums.map((a: { aid: number }) => a.aid).sort()).toEqual(aids.filter((_, i) => i <= level).sort());
    for (let i = 0; i < 3; i++) {
      const visible = i <= level;
      const albumPage = await page(`/profile/id${owner.id}/photos/${aids[i]}`, me);
      expect(albumPage.status, `album ${i}`).toBe(visible ? 200 : 404);
      expect(albumPage.html.includes(`/photo/${pids[i]}`), `album ${i}`).toBe(visible);
      const call = await get("album", { aid: aids[i] }, me);
      if (visible) expect(call.json.photos.map((x: { pid: number }) => x.pid)).toEqual([pids[i]]);
      else expect(call.json).toMatchObject({ status: 404, errid: ERR.albumMissing, error: "Альбом не найден" });
      const photo = await page(`/photo/${pids[i]}`, me);
      expect(photo.status, `photo ${i}`).toBe(visible ? 200 : 404);
      if (visible) expect(photo.res.headers.get("cache-control")).toBe("private, no-store");
    }
  });

  it("an album under another user's id is not found; a photo of a private album shown in a public answer stays visible there", async () => {
    expect((await page(`/profile/id${stranger.id}/photos/${aids[0]}`)).status).toBe(404);
    const shared = (await upload(owner, aids[2])).json.pid;
    const [qid] = await openQuestions(owner.id, [`Вопрос для фото из личного альбома ${owner.id}`]);
    expect((await post("addans", { qid, Body: `Смотрите\n/photo/${shared}` }, owner)).json.status).toBe(200);
    expect((await page(`/photo/${shared}`, stranger)).status).toBe(200);
    expect((await page(`/question/${qid}`, stranger)).html).toContain(`href="/photo/${shared}"`);
    expect(listedAlbums((await page(`/profile/id${owner.id}/photos`, stranger)).html)).not.toContain(aids[2]);
  });

  it("a hidden profile hides its albums as its other lists: others get the hidden notice and 508, the owner and moderators see them", async () => {
    const vip = await newUser("Скрытый");
    const aid = await addAlbum(vip, "Скрытый альбом");
    const pid = (await upload(vip, aid)).json.pid;
    await exec("update users set hidden = 1 where id = ?", vip.id);
    for (const who of [undefined, stranger]) {
      const tab = await page(`/profile/id${vip.id}/photos/${aid}`, who);
      expect(tab.html).toContain('data-testid="profile-hidden"');
      expect(tab.html).not.toContain(`/photo/${pid}`);
      expect((await get("albums", { user: vip.id }, who)).json.errid).toBe(ERR.profileHidden);
      expect((await get("album", { aid }, who)).json.errid).toBe(ERR.profileHidden);
      expect((await page(`/photo/${pid}`, who)).status).toBe(404);
    }
    for (const who of [vip, moder]) {
      expect(shownPhotos((await page(`/profile/id${vip.id}/photos/${aid}`, who)).html)).toEqual([pid]);
      expect((await get("album", { aid }, who)).json.photos).toHaveLength(1);
      expect((await page(`/photo/${pid}`, who)).status).toBe(200);
    }
  });
});

describe("albums: refusals say why and write nothing", () => {
  it("a bad title or privacy, too many albums, and a guest or banned user: the errid and its Russian text, no album written", async () => {
    const me = await newUser("Фотоальбомщик");
    const count = () => value("select count(*) v from albums where user_id = ?", me.id);
    for (const title of ["", "   ", "я".repeat(101)]) {
      const { status, json } = await post("addalbum", { title }, me);
      expect(status).toBe(400);
      expect(json).toMatchObject({ errid: ERR.albumTitleInvalid, error: "Введите название альбома: от 1 до 100 символов" });
    }
    expect((await post("addalbum", { title: "я".repeat(100) }, me)).json.status).toBe(200);
    for (const privacy of ["3", "-1", "всем", "1.5"])
      expect((await post("addalbum", { title: "Альбом", privacy }, me)).json.errid).toBe(ERR.albumPrivacyInvalid);
    expect(await count()).toBe(1);
    expect((await post("addalbum", { title: "Альбом" })).json.errid).toBe(ERR.signInNeeded);
    const banned = await as("banned@demo.local");
    expect((await post("addalbum", { title: "Альбом" }, banned)).json.errid).toBe(ERR.userBanned);
    expect(await value("select count(*) v from albums where user_id = ?", banned.id)).toBe(0);
    const now = Date.now();
    for (let i = 0; i < 99; i++) await exec("insert into albums (user_id, title, privacy, size, added) values (?, ?, 0, 0, ?)", me.id, `Альбом ${i}`, now);
    const over = await post("addalbum", { title: "Сто первый" }, me);
    expect(over.json).toMatchObject({ errid: ERR.albumsTooMany, error: "Можно создать не больше 100 альбомов" });
    expect(await count()).toBe(100);
  });

  it("nobody but the owner renames, deletes, uploads into or takes photos out of an album; nothing changes", async () => {
    const me = await newUser("Владелец");
    const other = await newUser("Чужой");
    const aid = await addAlbum(me, "Моё", 2);
    const pid = (await upload(me, aid)).json.pid;
    const before = await album(aid);
    const refusal = { status: 403, errid: ERR.albumNotYours, error: "Менять альбом и его фото может только владелец" };
    expect((await post("editalbum", { aid, title: "Взлом" }, other)).json).toMatchObject(refusal);
    expect((await post("delalbum", { aid }, other)).json).toMatchObject(refusal);
    expect((await post("delphoto", { pid }, other)).json).toMatchObject(refusal);
    const photosBefore = await value("select count(*) v from photos where user_id = ?", other.id);
    expect((await upload(other, aid)).json).toMatchObject(refusal);
    expect(await value("select count(*) v from photos where user_id = ?", other.id)).toBe(photosBefore);
    expect(await album(aid)).toEqual(before);
    expect(await inAlbum(aid)).toBe(1);
  });

  it("unknown albums and photos and an edit that changes nothing are refused; a loose upload of one's own is deleted", async () => {
    const me = await newUser("Фотоальбомщик");
    const aid = await addAlbum(me, "Альбом");
    const missing = aid + 100000;
    expect((await post("editalbum", { aid: missing, title: "Нет" }, me)).json).toMatchObject({ status: 404, errid: ERR.albumMissing });
    expect((await post("delalbum", { aid: missing }, me)).json.errid).toBe(ERR.albumMissing);
    expect((await upload(me, missing)).json.errid).toBe(ERR.albumMissing);
    expect((await upload(me, "abc")).json.errid).toBe(ERR.albumMissing);
    expect((await get("album", { aid: missing })).json.errid).toBe(ERR.albumMissing);
    expect((await get("album", { aid, p: "x" })).json.errid).toBe(ERR.badOffset);
    expect((await get("albums", { user: 999_999_999 })).json.errid).toBe(ERR.userNotFound);
    expect((await post("delphoto", { pid: 999_999_999 }, me)).json.errid).toBe(ERR.photoGone);
    const loose = (await upload(me, undefined)).json.pid;
    expect((await post("delphoto", { pid: loose }, me)).json).toMatchObject({ status: 200, deleted: 1 });
    expect(await one("select id from photos where id = ?", loose)).toBeNull();
    expect((await post("editalbum", { aid }, me)).json.errid).toBe(ERR.albumTitleInvalid);
    expect((await post("editalbum", { aid, title: "" }, me)).json.errid).toBe(ERR.albumTitleInvalid);
    expect(await album(aid)).toMatchObject({ title: "Альбом", size: 0 });
    expect((await page(`/profile/id${me.id}/photos/0`)).status).toBe(404);
    expect((await page(`/profile/id${me.id}/photos/abc`)).status).toBe(404);
  });
});
