import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHOWCASE } from "../../db/seed/seed";
import { get, type Me, page, post, type Who } from "./helpers/api";
import { exec, one, value } from "./helpers/db";
import { as, newUser, type NewUser } from "./helpers/users";

/**
 * What every page's loader sends, as Remix serves it to a `?_data={route id}` request: the whole
 * loader return as JSON, whatever the component renders. A reader receives only what he may see.
 * Each family is asked as a guest, another user, the owner and a moderator where they differ, and
 * the fields that arrive are compared exactly.
 */

/** The loader data of a page as `who` (a deferred reply is cut at its first streamed part). */
async function loaderData(path: string, routeId: string, who?: Who) {
  const r = await page(`${path}${path.includes("?") ? "&" : "?"}_data=${encodeURIComponent(routeId)}`, who);
  const json = (r.res.headers.get("content-type") ?? "").match(/json|remix-deferred/) ? r.html.split("\n\n")[0] : "";
  return { status: r.status, headers: r.res.headers, text: r.html, data: json ? (JSON.parse(json) as Record<string, any>) : null };
}

/** The field paths of a value: "a", "a.b", "list[].c" (an array's items merged), sorted. */
function paths(v: unknown, at = ""): string[] {
  const out = new Set<string>();
  const walk = (x: unknown, p: string) => {
    if (Array.isArray(x)) for (const i of x) walk(i, `${p}[]`);
    else if (x && typeof x === "object")
      for (const [k, y] of Object.entries(x)) {
        const q = p ? `${p}.${k}` : k;
        out.add(q);
        walk(y, q);
      }
  };
  walk(v, at);
  return [...out].sort();
}

const keys = (v: unknown) => Object.keys((v ?? {}) as object).sort();

const QUESTION_ROUTE = "routes/question.$qid._index";
const COMMENT_ROUTE = "routes/question.$qid.$sub";
const ANSWER_ROUTE = "routes/answer.$aid._index";
const ANSWER_SUB_ROUTE = "routes/answer.$aid.$sub";

/** The crumbs of the deleted view: each category's id, name and address, nothing more. */
const CRUMBS = ["trail", "trail[].id", "trail[].name", "trail[].urlname"];
/** All that a guest, another user or even the author receives about a deleted question or answer. */
const DELETED_FOR_READERS = ["kind", "now", ...CRUMBS].sort();

let user: Me;
let moder: Me;
let stranger: NewUser;

beforeAll(async () => {
  user = await as("user@demo.local");
  moder = await as("moder@demo.local");
  stranger = await newUser("Посторонний");
});

describe("a deleted question", () => {
  const qid = SHOWCASE.deletedQuestionId;

  it("reaches a guest, another user and its own author as the reasons page only: no text, no author, no one who deleted it", async () => {
    const email = await value<string>("select u.email v from users u join questions q on q.user_id = u.id where q.id = ?", qid);
    const own = await as(email);
    for (const who of [undefined, user, stranger, own]) {
      const r = await loaderData(`/question/${qid}`, QUESTION_ROUTE, who);
      expect(r.status).toBe(404);
      expect(paths(r.data)).toEqual(DELETED_FOR_READERS);
      expect(r.data).toMatchObject({ kind: "deleted" });
      expect(r.text).not.toContain("Продам аккаунт");
      expect(r.text).not.toContain("moder");
    }
  });

  it("reaches a moderator with its title, its author and who deleted it, beside his restore control", async () => {
    const r = await loaderData(`/question/${qid}`, QUESTION_ROUTE, moder);
    expect(r.status).toBe(404);
    expect(keys(r.data)).toEqual(["kind", "now", "question", "trail", "viewer"]);
    expect(paths(r.data!.question)).toEqual(["author", "author.id", "author.lvl", "author.nick", "author.points", "deletedBy", "id", "qtext"]);
    expect(r.data!.question).toMatchObject({ id: qid, qtext: "Продам аккаунт недорого, пишите в личку", deletedBy: "moder" });
    expect(r.data!.viewer.moder).toMatchObject({ qstrestore: true });
    expect(r.headers.get("cache-control")).toBe("private, no-store");
  });

  it("its answers and their comments in context reach readers as the reasons page only", async () => {
    const aid = await value("select id v from answers where qid = ? order by id limit 1", qid);
    // a comment under that answer, written before the question was deleted
    await exec(
      "insert into comments (qid, ref_type, ref_id, depth, user_id, text, added) values (?, 'A', ?, 0, 2, 'Комментарий к удалённому', ?)",
      qid,
      aid,
      Date.now(),
    );
    const cmid = await value("select max(id) v from comments");
    for (const [path, route] of [
      [`/answer/${aid}`, ANSWER_ROUTE],
      [`/answer/${aid}/cid-${cmid}`, ANSWER_SUB_ROUTE],
      [`/question/${qid}/cid-${cmid}`, COMMENT_ROUTE],
    ]) {
      for (const who of [undefined, user]) {
        const r = await loaderData(path, route, who);
        expect(r.status, path).toBe(404);
        expect(paths(r.data), path).toEqual(DELETED_FOR_READERS);
        expect(r.text).not.toContain("Продам аккаунт");
        expect(r.text).not.toContain("Комментарий к удалённому");
      }
    }
  });
});

describe("a deleted answer of a live question", () => {
  it("reaches readers as the reasons page: neither the answer nor the question's author", async () => {
    const row = (await one<{ id: number; text: string }>(
      "select a.id, a.text from answers a join questions q on q.id = a.qid where a.hidden = 1 and q.hidden = 0 and q.state <> 'D' order by a.id limit 1",
    ))!;
    for (const who of [undefined, user]) {
      const r = await loaderData(`/answer/${row.id}`, ANSWER_ROUTE, who);
      expect(r.status).toBe(404);
      expect(paths(r.data)).toEqual(DELETED_FOR_READERS);
      expect(r.text).not.toContain(row.text.slice(0, 30));
    }
  });
});

describe("the question page", () => {
  it("names nobody behind a deleted comment: it keeps its place, without text or author", async () => {
    const c = (await one<{ id: number; user_id: number }>(
      "select id, user_id from comments where hidden = 1 and ref_type = 'A' and ref_id = ? order by id limit 1",
      SHOWCASE.bigThreadAnswerId,
    ))!;
    const r = await loaderData(`/question/${SHOWCASE.resolvedQuestionId}`, QUESTION_ROUTE);
    expect(r.status).toBe(200);
    const answer = (r.data!.answers as { id: number; comments: { nodes: any[] } }[]).find((a) => a.id === SHOWCASE.bigThreadAnswerId)!;
    const node = answer.comments.nodes.find((n) => n.id === c.id);
    expect(node).toBeDefined();
    expect(keys(node)).toEqual(["added", "author", "id", "more", "replies", "text"]);
    expect(node.text).toBeNull();
    expect(node.author).toBeNull();
    expect(node.replies.length).toBeGreaterThan(0);
    expect(node.replies[0].author).toMatchObject({ id: expect.any(Number), nick: expect.any(String) });
  });

  it("sends a guest the question, its answers and comments with their authors' public fields, and no viewer", async () => {
    const r = await loaderData(`/question/${SHOWCASE.resolvedQuestionId}`, QUESTION_ROUTE);
    expect(keys(r.data)).toEqual([
      "ads",
      "answers",
      "around",
      "asked",
      "best",
      "canonical",
      // null, or the comment shown in its context (/question/{qid}/cid-{cmid})
      "focus",
      "kind",
      "now",
      "offset",
      "poll",
      "question",
      "questionComments",
      "recommended",
      "supplements",
      "trail",
      "viewer",
    ]);
    expect(r.data!.viewer).toBeNull();
    // the message after asking is its author's alone
    expect(r.data!.asked).toBeNull();
    expect(keys(r.data!.question.author)).toEqual(["banPermanent", "bannedUntil", "filin", "id", "kpd", "lvl", "moder", "nick", "points", "vip"]);
    expect(r.text).not.toMatch(/"(email|password_hash|passwordHash|salt|token|permissions|premoderated)"/);
  });

  it("sends the comment-thread API a deleted comment without its author", async () => {
    const c = (await one<{ id: number; user_id: number }>(
      "select id, user_id from comments where hidden = 1 and ref_type = 'A' and ref_id = ? order by id limit 1",
      SHOWCASE.bigThreadAnswerId,
    ))!;
    const r = await get("all_comments", { type: "A", refid: SHOWCASE.bigThreadAnswerId });
    const walk = (nodes: any[]): any[] => nodes.flatMap((n) => [n, ...walk(n.comments)]);
    const node = walk(r.json.comments).find((n) => n.cmid === c.id);
    expect(node).toMatchObject({ hidden: 1, cmtext: "", usrid: 0, nick: "" });
  });
});

describe("a private question", () => {
  const pqid = 1; // asked by user@demo.local of the demo brand

  it("is missing for guests and strangers", async () => {
    for (const who of [undefined, stranger]) {
      const r = await loaderData(`/private/${pqid}`, "routes/private.$pqid.($cid)", who);
      expect(r.status).toBe(404);
      expect(r.data).toEqual({ kind: "missing" });
    }
  });

  it("hidden by its asker reads 'Вопрос удален' with the brand's line only: no text", async () => {
    await exec("update private_questions set hidden = 1 where id = ?", pqid);
    try {
      for (const who of [user, await as("expert@demo.local")]) {
        const r = await loaderData(`/private/${pqid}`, "routes/private.$pqid.($cid)", who);
        expect(r.status).toBe(404);
        expect(paths(r.data)).toEqual(["brand", "brand.name", "brand.personName", "brand.urlname", "kind"]);
        expect(r.text).not.toContain("аккумулятор");
      }
    } finally {
      await exec("update private_questions set hidden = 0 where id = ?", pqid);
    }
  });
});

describe("a hidden profile", () => {
  const uid = 3; // guru@demo.local
  const PROFILE_ROUTE = "routes/profile.$uid._index";
  beforeAll(() => exec("update users set hidden = 1 where id = ?", uid));
  afterAll(() => exec("update users set hidden = 0 where id = ?", uid));

  it("reaches guests and other users as its notice: id, nick, level and photo, no stats, no lists", async () => {
    for (const who of [undefined, user, stranger]) {
      const r = await loaderData(`/profile/id${uid}/answers`, "routes/profile.$uid.$tab.($sub)", who);
      expect(r.status).toBe(200);
      expect(paths(r.data)).toEqual(["kind", "now", "user", "user.filin", "user.id", "user.lvl", "user.nick"]);
    }
  });

  it("is open to its owner and to a volunteer moderator", async () => {
    for (const who of [await as("guru@demo.local"), moder]) {
      const r = await loaderData(`/profile/id${uid}`, PROFILE_ROUTE, who);
      expect(r.data).toMatchObject({ kind: "ok", user: { id: uid } });
    }
  });

  it("stays hidden from a 'volonter' without a single permission: such an account is no moderator", async () => {
    const ex = await newUser("Бывший волонтёр");
    await exec("update users set type = 'volonter', permissions = '[]', volcats = '[]' where id = ?", ex.id);
    const r = await loaderData(`/profile/id${uid}`, PROFILE_ROUTE, ex);
    expect(r.data).toMatchObject({ kind: "hidden" });
    expect(paths(r.data)).toEqual(["kind", "now", "user", "user.filin", "user.id", "user.lvl", "user.nick"]);
    const gifts = await get("giftedlist", { user: uid }, ex);
    expect(gifts.json.errid).toBe(508);
  });
});

describe("premoderation lists", () => {
  it("show an ordinary user his own held items only, and a moderator all of them", async () => {
    const flagged = await newUser("Премодерируемый", { premoderated: true });
    const q = (await one<{ id: number; top: number }>(
      "select q.id, q.top_category_id top from questions q where q.state = 'A' and q.hidden = 0 and q.top_category_id <> 601 order by q.id limit 1",
    ))!;
    const held = await post("addans", { qid: q.id, Body: "Мой ответ ждёт модерации", source: "" }, flagged);
    expect(held.json).toMatchObject({ on_moderation: 1 });
    const urlname = await value<string>("select urlname v from categories where id = ?", q.top);
    const route = "routes/$category.premoderation.$kind";

    const guest = await loaderData(`/${urlname}/premoderation/answers`, route);
    expect(guest.status).toBe(204);
    expect(guest.headers.get("x-remix-redirect")).toMatch(/^\/login\?return=/);

    const other = await loaderData(`/${urlname}/premoderation/answers`, route, stranger);
    expect(other.data!.all).toBe(false);
    expect(other.data!.items).toEqual([]);
    expect(other.text).not.toContain("Мой ответ ждёт модерации");

    const own = await loaderData(`/${urlname}/premoderation/answers`, route, flagged);
    expect(own.data!.all).toBe(false);
    expect(own.data!.items.map((i: { id: number }) => i.id)).toEqual([held.json.premod_id]);
    expect(paths(own.data!.items)).toEqual(
      [
        "[].added",
        "[].author",
        "[].author.id",
        "[].author.lvl",
        "[].author.nick",
        "[].canDecide",
        "[].declinedText",
        "[].id",
        "[].link",
        "[].modstatus",
        "[].text",
        "[].type",
      ].sort(),
    );

    const all = await loaderData(`/${urlname}/premoderation/answers`, route, moder);
    expect(all.data!.all).toBe(true);
    expect(all.data!.items.map((i: { id: number }) => i.id)).toContain(held.json.premod_id);
  });
});

describe("moderators' pages", () => {
  it("the moderation log and the ban form are 404 with no data for guests and ordinary users", async () => {
    for (const [path, route] of [
      ["/moderlog/id5", "routes/moderlog.$uid.($tab)"],
      ["/moderlog/ban/9", "routes/moderlog.ban.$uid"],
    ]) {
      for (const who of [undefined, user]) {
        const r = await loaderData(path, route, who);
        expect(r.status).toBe(404);
        expect(r.headers.get("x-remix-catch")).toBe("yes");
        expect(r.text).toBe("Not found");
      }
      const m = await loaderData(path, route, moder);
      expect(m.status).toBe(200);
    }
  });
});

describe("settings", () => {
  it("of another user are never sent: his id redirects to one's own, a guest goes to sign in", async () => {
    const other = await loaderData("/settings/id3", "routes/settings.$uid", user);
    expect(other.status).toBe(204);
    expect(other.headers.get("x-remix-redirect")).toBe("/settings");
    const guest = await loaderData("/settings/id1", "routes/settings.$uid", undefined);
    expect(guest.headers.get("x-remix-redirect")).toMatch(/^\/login\?return=/);
    const own = await loaderData("/settings/id1", "routes/settings.$uid", user);
    expect(keys(own.data)).toEqual(["back", "devices", "saved", "settings", "vapidKey"]);
  });
});

describe("the report page", () => {
  it("quotes no comment of a deleted answer", async () => {
    const a = (await one<{ id: number; qid: number }>(
      "select a.id, a.qid from answers a join questions q on q.id = a.qid where a.hidden = 1 and q.hidden = 0 and q.state <> 'D' order by a.id limit 1",
    ))!;
    await exec(
      "insert into comments (qid, ref_type, ref_id, depth, user_id, text, added) values (?, 'A', ?, 0, 2, 'Комментарий под удалённым ответом', ?)",
      a.qid,
      a.id,
      Date.now(),
    );
    const cmid = await value("select max(id) v from comments");
    const r = await loaderData(`/abuse/C/${cmid}`, "routes/abuse.$type.$id", user);
    expect(r.data).toMatchObject({ state: "refused", excerpt: "" });
    expect(r.text).not.toContain("Комментарий под удалённым ответом");
  });
});

describe("the root", () => {
  it("sends a guest no user, and a signed-in reader his own id, nick, picture, favourite categories and API salt and token only", async () => {
    const guest = await loaderData("/", "root");
    // besides the user: the toolbar's categories (public names and addresses) and the logo of the day
    expect(Object.keys(guest.data!).sort()).toEqual(["bell", "categories", "season", "tour", "user"]);
    expect(guest.data).toMatchObject({ user: null, bell: null, tour: null });
    expect(paths(guest.data!.categories)).toEqual(["[].href", "[].name"]);
    const own = await loaderData("/", "root", user);
    // his favourite categories' addresses (for the category page's «В избранное» form) are his own too
    expect(paths(own.data!.user)).toEqual(["favs", "filin", "id", "nick", "salt", "token"]);
    expect(own.data!.user).toMatchObject({ id: user.id, salt: user.salt, token: user.token });
    expect(own.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("question lists", () => {
  it("carry each question's public columns and its author's id, nick, level and avatar key", async () => {
    for (const [path, route] of [
      ["/", "routes/_index"],
      ["/comp/", "routes/$category._index"],
    ]) {
      const r = await loaderData(path, route);
      expect(paths(r.data!.items)).toEqual(
        [
          "[].added",
          "[].anscnt",
          "[].author",
          "[].author.filin",
          "[].author.id",
          "[].author.lvl",
          "[].author.nick",
          "[].categoryId",
          "[].id",
          "[].pollType",
          "[].qtext",
          "[].state",
        ].sort(),
      );
      const ids = (r.data!.items as { id: number }[]).map((i) => i.id);
      expect(ids).not.toContain(SHOWCASE.deletedQuestionId);
    }
  });
});
