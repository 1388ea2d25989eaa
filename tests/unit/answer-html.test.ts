import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AnswerItem } from "../../app/components/answer-item";
import { CommentTree } from "../../app/components/comment-tree";
import { answerHtml } from "../../app/islands/lib/answer-html";
import { commentNode, fromReply } from "../../app/islands/lib/answer-view";
import type { AnswerView, CommentNode } from "../../app/lib/views";

const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);

const comment = (id: number, over: Partial<CommentNode> = {}): CommentNode =>
  ({
    id,
    added: NOW - id * 61_000,
    replies: [],
    more: 0,
    text: `<p>Комментарий №${id} &amp; «кавычки»</p>`,
    author: { id: 10 + id, nick: `Читатель "${id}" <i>`, lvl: (id % 5) + 1, points: 100 * id, kpd: 0 },
    ...over,
  }) as CommentNode;

const answer = (over: Partial<AnswerView> = {}): AnswerView => ({
  id: 77,
  qid: 5,
  text: '<p>Ответ с <a href="https://example.com/?a=1&amp;b=2" rel="nofollow">ссылкой</a></p>',
  source: "",
  added: NOW - 3 * 3_600_000,
  best: false,
  rating: 0,
  comcnt: 0,
  canthStatus: 0,
  totalmarks: 0,
  author: { id: 3, nick: "Гуру Ирина", lvl: 4, points: 1234, kpd: 0, vip: 0, bannedUntil: null, banPermanent: 0 },
  comments: { nodes: [], total: 0, shown: 0 },
  ...over,
});

/** The answer as the question page's React render draws it in the live list (its 'Комментировать' link, no page context). */
function reactHtml(a: AnswerView, showRating: boolean, guest: boolean): string {
  const actions = createElement(
    "a",
    { className: "btn btn-small", href: `/answer/${a.id}#comment-form`, ...(guest ? { "data-need-auth": "" } : {}) },
    "Комментировать",
  );
  return renderToStaticMarkup(createElement(AnswerItem, { answer: a, now: NOW, showRating, allCommentsHref: `/answer/${a.id}`, actions, guest }));
}

const cases: [string, AnswerView][] = [
  ["a brand-new answer", answer()],
  ["an answer its author edited", answer({ editedAt: NOW - 60_000 })],
  [
    "the best answer of a banned author with a source, a like and votes",
    answer({
      best: true,
      rating: 3,
      source: `книга <b>"Химия" & 'физика'</b>`,
      canthStatus: 1,
      author: { id: 9, nick: "Нарушитель <b>", lvl: 2, points: 0, kpd: 0, vip: 1, bannedUntil: NOW + 60_000, banPermanent: 0 },
    }),
  ],
  [
    "an answer with nested comments, a deleted one, more replies and more comments than shown",
    answer({
      comcnt: 7,
      comments: {
        total: 7,
        shown: 4,
        nodes: [comment(1, { replies: [comment(2, { replies: [comment(3)] })], more: 2 }), comment(4, { text: null, author: null })],
      },
    }),
  ],
  [
    "an answer whose author has an avatar, with comments by a user with one and a user without",
    answer({
      author: {
        id: 3,
        nick: "Гуру Ирина",
        lvl: 4,
        points: 1234,
        kpd: 0,
        vip: 0,
        bannedUntil: null,
        banPermanent: 0,
        filin: "0123456789abcdef0123456789abcdef",
      },
      comcnt: 2,
      comments: {
        total: 2,
        shown: 2,
        nodes: [
          comment(5, { author: { id: 15, nick: "С аватаром", lvl: 2, points: 300, kpd: 0, filin: "fedcba9876543210fedcba9876543210" } }),
          comment(6, { author: { id: 16, nick: '"Без" <аватара>', lvl: 1, points: 0, kpd: 0, filin: null } }),
        ],
      },
    }),
  ],
  [
    "a moderator's answer with a moderator's comment: the «Модератор» label beside both nicks",
    answer({
      author: { id: 5, nick: "Модератор Олег", lvl: 5, points: 5400, kpd: 0, vip: 0, bannedUntil: null, banPermanent: 0, moder: 1 },
      comcnt: 1,
      comments: { total: 1, shown: 1, nodes: [comment(7, { author: { id: 5, nick: "Модератор Олег", lvl: 5, points: 5400, kpd: 0, moder: 1 } })] },
    }),
  ],
];

describe("an answer drawn without React", () => {
  for (const [name, a] of cases) {
    for (const guest of [true, false]) {
      for (const showRating of [false, true]) {
        it(`is the server's markup for ${name} (${guest ? "guest" : "signed in"}, ${showRating ? "votes shown" : "no votes"})`, () => {
          expect(answerHtml(a, { now: NOW, showRating, guest })).toBe(reactHtml(a, showRating, guest));
        });
      }
    }
  }

  it("marks a moderator's nick with the «Модератор» label, in text, and no one else's", () => {
    const [, moderated] = cases[cases.length - 1];
    const drawn = answerHtml(moderated, { now: NOW, showRating: false, guest: true });
    expect(drawn.match(/>Модератор Олег<\/a><span class="staff-label" data-testid="staff-label">Модератор<\/span>/g)).toHaveLength(2);
    expect(answerHtml(answer(), { now: NOW, showRating: false, guest: true })).not.toContain("staff-label");
  });
});

describe("comments drawn from the API's fields", () => {
  const AVATAR = "fedcba9876543210fedcba9876543210";
  /** Two comments as comment_context, all_comments and moreanswers give them: one by an author with an avatar, a reply by one without. */
  const api = {
    cmid: 5,
    cmtext: "<p>С аватаром</p>",
    usrid: 15,
    nick: "С аватаром",
    lvl: 2,
    points: 300,
    kpd: 0,
    filin: AVATAR,
    added: NOW - 5 * 61_000,
    hidden: 0 as const,
    comments: [
      {
        cmid: 6,
        cmtext: "<p>Без</p>",
        usrid: 16,
        nick: '"Без" <аватара>',
        lvl: 1,
        points: 0,
        kpd: 0,
        filin: null,
        added: NOW - 6 * 61_000,
        hidden: 0 as const,
      },
    ],
  };
  /** The same comments as the server reads them for the page. */
  const server = comment(5, {
    text: "<p>С аватаром</p>",
    author: { id: 15, nick: "С аватаром", lvl: 2, points: 300, kpd: 0, filin: AVATAR },
    replies: [comment(6, { text: "<p>Без</p>", author: { id: 16, nick: '"Без" <аватара>', lvl: 1, points: 0, kpd: 0, filin: null } })],
  });
  const tree = (nodes: CommentNode[]) =>
    renderToStaticMarkup(createElement(CommentTree, { nodes, now: NOW, contextHref: (id: number) => `/question/5/cid-${id}` }));

  it("a comment the comment thread adds in place (a new comment, 'more comments') is the server's markup, the author's avatar included", () => {
    const drawn = tree([commentNode(api)]);
    expect(drawn).toBe(tree([server]));
    expect(drawn).toContain(`<img class="mini-avatar" src="/img/p/${AVATAR}/120"`);
    expect(drawn).toContain('class="mini-avatar mini-avatar-empty av-c0"');
  });

  it("the comments of an answer drawn without React from a moreanswers reply are the server's markup, avatars included", () => {
    const reply = {
      aid: 77,
      qid: 5,
      usrid: 3,
      nick: "Гуру Ирина",
      lvl: 4,
      points: 1234,
      filin: null,
      atext: "<p>Ответ</p>",
      added: NOW - 3 * 3_600_000,
      source: "",
      vip: 0,
      best: 0 as const,
      rating: 0,
      comcnt: 2,
      canth_status: 0,
      totalmarks: 0,
      comments: [api],
    };
    const expected = answer({
      text: "<p>Ответ</p>",
      author: { id: 3, nick: "Гуру Ирина", lvl: 4, points: 1234, kpd: 0, vip: 0, bannedUntil: null, banPermanent: 0, filin: null },
      comcnt: 2,
      comments: { total: 2, shown: 2, nodes: [server] },
    });
    const drawn = answerHtml(fromReply(reply), { now: NOW, showRating: false, guest: true });
    expect(drawn).toBe(reactHtml(expected, false, true));
    expect(drawn).toContain(`src="/img/p/${AVATAR}/120"`);
  });
});
