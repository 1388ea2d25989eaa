import { describe, expect, it } from "vitest";
import jpegUrl from "../fixtures/photos/gps.jpg?inline";
import pngUrl from "../fixtures/photos/tall.png?inline";
import { ERR } from "../../app/lib/errids";
import { quotaLimit } from "../../app/lib/quotas";
import { BASE, get, type Me, page, post, postForm, workerFetch } from "./helpers/api";
import { exec, one, value } from "./helpers/db";
import { as, newUser } from "./helpers/users";

const bytesOf = (dataUrl: string) => Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(",") + 1)), (c) => c.charCodeAt(0));
const JPEG = bytesOf(jpegUrl);
const PNG = bytesOf(pngUrl);

/** Sends a new avatar as the profile's island does (filin at /api/slow, a multipart form with salt and token). */
async function setAvatar(me: Me | null, bytes: Uint8Array<ArrayBuffer>, extra: Record<string, string> = {}) {
  const form = new FormData();
  form.set("file", new File([bytes], "me.jpg", { type: "image/jpeg" }));
  for (const [k, v] of Object.entries(extra)) form.set(k, v);
  if (me) {
    form.set("salt", me.salt);
    form.set("token", me.token);
  }
  const res = await workerFetch(`${BASE}/api/slow/filin`, { method: "POST", headers: { origin: BASE, ...(me ? { cookie: me.cookie } : {}) }, body: form });
  return { status: res.status, json: (await res.json()) as Record<string, any> };
}

/** The same from the profile's plain form, JavaScript off: multipart to the form door, then back to the profile. */
async function setAvatarByForm(me: Me, bytes: Uint8Array<ArrayBuffer>) {
  const form = new FormData();
  form.set("file", new File([bytes], "me.png", { type: "image/png" }));
  const back = `/profile/id${me.id}`;
  return workerFetch(`${BASE}/do/filin?return=${encodeURIComponent(back)}`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: BASE, host: "127.0.0.1", cookie: me.cookie },
    body: form,
  });
}

const filinOf = async (uid: number) => (await one<{ filin: string | null }>("select filin from users where id = ?", uid))?.filin ?? null;

/** The loader data of a page as `who`, as Remix serves it to `?_data={route id}`. */
async function loaderData(path: string, routeId: string, who?: Me) {
  const r = await page(`${path}${path.includes("?") ? "&" : "?"}_data=${encodeURIComponent(routeId)}`, who);
  return JSON.parse(r.html.split("\n\n")[0]) as Record<string, any>;
}

describe("avatars (filin, delfilin)", () => {
  it("the owner sets an avatar: his profile, his toolbar and the photo row show it, served for a year under its own key", async () => {
    const me = await newUser("Аватарщик");
    const { status, json } = await setAvatar(me, JPEG);
    expect(status).toBe(200);
    expect(json.filin).toMatch(/^[0-9a-f]{32}$/);
    expect(await filinOf(me.id)).toBe(json.filin);
    expect(await one("select target_type, target_id from photos where id = ?", json.pid)).toEqual({ target_type: "U", target_id: me.id });
    const small = await workerFetch(`${BASE}/img/p/${json.filin}/120`);
    expect(small.status).toBe(200);
    expect(small.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const own = await page(`/profile/id${me.id}`, me);
    expect(own.html).toContain(`class="toolbar-avatar" src="/img/p/${json.filin}/120"`);
    expect(own.html).toContain(`class="avatar" src="/img/p/${json.filin}/800"`);
    const guest = await page(`/profile/id${me.id}`);
    expect(guest.html).toContain(`class="avatar" src="/img/p/${json.filin}/800"`);
    expect(guest.html).not.toContain('data-testid="avatar-form"');
  });

  it("a new avatar takes a new key; the old one is retired but its previews stay for pages cached a moment ago", async () => {
    const me = await newUser("Аватарщик");
    const first = (await setAvatar(me, JPEG)).json;
    const second = (await setAvatar(me, PNG)).json;
    expect(second.filin).not.toBe(first.filin);
    expect(await filinOf(me.id)).toBe(second.filin);
    expect(await one("select target_type from photos where id = ?", first.pid)).toEqual({ target_type: "X" });
    expect((await workerFetch(`${BASE}/img/p/${first.filin}/120`)).status).toBe(200);
    expect((await page(`/photo/${second.pid}`, me)).status).toBe(404);
  });

  it("without JavaScript the profile's form sets the avatar and 'Удалить аватар' brings back the generated one", async () => {
    const me = await newUser("Без скриптов");
    const res = await setAvatarByForm(me, PNG);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/profile/id${me.id}`);
    const key = await filinOf(me.id);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    const own = await page(`/profile/id${me.id}`, me);
    expect(own.html).toContain('data-testid="avatar-remove"');
    const removed = await postForm("delfilin", {}, `/profile/id${me.id}`, me);
    expect(removed.res.status).toBe(302);
    expect(await filinOf(me.id)).toBeNull();
    const after = await page(`/profile/id${me.id}`, me);
    expect(after.html).not.toContain(`/img/p/${key}/`);
    expect(after.html).toContain('data-testid="avatar-placeholder"');
    const again = await post("delfilin", {}, me);
    expect(again.json.errid).toBe(ERR.avatarNone);
  });

  it("nobody changes or removes another user's avatar", async () => {
    const owner = await newUser("Владелец");
    const { json } = await setAvatar(owner, JPEG);
    const other = await newUser("Чужой");
    const set = await setAvatar(other, PNG, { uid: String(owner.id) });
    expect(set.status).toBe(403);
    expect(set.json).toMatchObject({ errid: ERR.avatarNotYours, error: "Менять аватар может только владелец профиля" });
    const del = await post("delfilin", { uid: owner.id }, other);
    expect(del.json.errid).toBe(ERR.avatarNotYours);
    expect(await filinOf(owner.id)).toBe(json.filin);
    expect(await filinOf(other.id)).toBeNull();
  });

  it("a guest and a banned user set no avatar; a file that is no JPEG, PNG or GIF is refused in Russian and changes nothing", async () => {
    expect((await setAvatar(null, JPEG)).json.errid).toBe(ERR.signInNeeded);
    const banned = await as("banned@demo.local");
    const before = await filinOf(banned.id);
    expect((await setAvatar(banned, JPEG)).json.errid).toBe(ERR.userBanned);
    expect(await filinOf(banned.id)).toBe(before);
    const me = await newUser("Аватарщик");
    const bad = await setAvatar(me, new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"));
    expect(bad.json).toMatchObject({ errid: ERR.photoWrongFormat, error: "Неверный формат файла. Можно загрузить фото в формате JPEG, PNG или GIF" });
    expect(await filinOf(me.id)).toBeNull();
    expect(await value("select count(*) v from photos where user_id = ?", me.id)).toBe(0);
  });

  it("an avatar takes one of the day's photos (IMQ): when they are spent it is refused and the old one stays", async () => {
    const me = await newUser("Аватарщик");
    const limit = quotaLimit("IMQ", await value("select lvl v from users where id = ?", me.id), false);
    for (let i = 0; i < limit; i++) expect((await setAvatar(me, PNG)).json.status).toBe(200);
    const kept = await filinOf(me.id);
    expect((await setAvatar(me, PNG)).json.errid).toBe(ERR.photoQuotaSpent);
    expect(await filinOf(me.id)).toBe(kept);
  });

  it("the author's avatar key reaches the lists' loader data and their HTML: the question page, the question list and the leaders", async () => {
    const me = await newUser("Знаменитость");
    const { json } = await setAvatar(me, JPEG);
    const asked = await post("addqst", { qtext: "Как выбрать хороший аватар для профиля?", cid: "100" }, me);
    expect(asked.json.status).toBe(200);
    const qid = Number(asked.json.qid);
    const answerer = await newUser("Отвечающий");
    await setAvatar(answerer, PNG);
    const ans = await post("addans", { qid, Body: "Выберите светлое фото лица крупным планом." }, answerer);
    expect(ans.json.status).toBe(200);
    const q = await loaderData(`/question/${qid}`, "routes/question.$qid._index");
    expect(JSON.stringify(q)).toContain(json.filin);
    expect(JSON.stringify(q)).toContain(await filinOf(answerer.id));
    const html = (await page(`/question/${qid}`)).html;
    expect(html).toContain(`class="mini-avatar" src="/img/p/${await filinOf(answerer.id)}/120"`);
    const list = await loaderData("/", "routes/_index");
    expect(JSON.stringify(list)).toContain(json.filin);
    await exec("update users set points = 9999999 where id = ?", me.id);
    const top = await loaderData("/top/points/all", "routes/top.($type).($period).($cat)");
    expect(JSON.stringify(top)).toContain(json.filin);
    const podium = (await page("/top/points/all")).html;
    expect(podium).toContain(`class="avatar avatar-125" src="/img/p/${json.filin}/800"`);
  });

  it("a question page cached for guests and for signed-in readers shows his new avatar at once, and the default once it is removed", async () => {
    const asker = await newUser("Спрашивающий");
    const asked = await post("addqst", { qtext: "Чем почистить объектив фотоаппарата?", cid: "100" }, asker);
    const qid = Number(asked.json.qid);
    const me = await newUser("Фотолюбитель");
    expect((await post("addans", { qid, Body: "Мягкой кисточкой и салфеткой из микрофибры." }, me)).json.status).toBe(200);
    const reader = await newUser("Читатель");
    // both copies are cached before the change
    expect((await page(`/question/${qid}`)).html).toContain("mini-avatar-empty");
    expect((await page(`/question/${qid}`, reader)).html).toContain("mini-avatar-empty");
    const { json } = await setAvatar(me, JPEG);
    for (const who of [undefined, reader]) expect((await page(`/question/${qid}`, who)).html).toContain(`class="mini-avatar" src="/img/p/${json.filin}/120"`);
    expect((await post("delfilin", {}, me)).json.status).toBe(200);
    for (const who of [undefined, reader]) expect((await page(`/question/${qid}`, who)).html).not.toContain(json.filin);
  });

  it("a comment's author's avatar comes with the comment calls the comment thread draws from, as on the server's page", async () => {
    const asker = await newUser("Спрашивающий");
    const qid = Number((await post("addqst", { qtext: "Какой штатив взять для съёмки пейзажей?", cid: "100" }, asker)).json.qid);
    const answerer = await newUser("Отвечающий");
    const aid = (await post("addans", { qid, Body: "Лёгкий карбоновый штатив с шаровой головой." }, answerer)).json.id;
    const me = await newUser("Комментатор");
    const key = (await setAvatar(me, PNG)).json.filin;
    const plain = await newUser("Без аватара");
    const first = (await post("addcmt", { type: "A", refid: aid, Body: "А какой высоты нужен?" }, me)).json.id;
    const reply = (await post("addcmt", { type: "A", refid: aid, cmid: first, Body: "Хотя бы до уровня глаз." }, plain)).json.id;
    const context = (await get("comment_context", { cmid: first })).json;
    expect(context.comments.find((c: { cmid: number }) => c.cmid === first)?.filin).toBe(key);
    const replies = (await get("all_comments", { type: "C", refid: first })).json.comments;
    expect(replies.map((c: { cmid: number; filin: string | null }) => [c.cmid, c.filin])).toEqual([[reply, null]]);
    expect((await page(`/question/${qid}`)).html).toContain(`class="mini-avatar" src="/img/p/${key}/120"`);
  });
});
