import { describe, expect, it } from "vitest";
import { fromLive, fromReply } from "../../app/islands/lib/answer-view";
import { noticeHref, noticeText, noticeTitle } from "../../app/lib/notice-text";

describe("the bell's notification texts", () => {
  it("names who answered which question and links to the answer", () => {
    const item = { nid: 9, a: "answer", nick: "Гуру Ирина", txtq: "Чем заменить сахар?", txt: "Мёдом", qid: 12, ans: 40, cmt: [] };
    expect(noticeTitle(item)).toBe("Гуру Ирина ответил(а) на вопрос «Чем заменить сахар?»");
    expect(noticeText(item)).toBe("Мёдом");
    expect(noticeHref(item)).toBe("/question/12#answer-40");
  });

  it("links a comment to the comment in its context and a follower to his profile", () => {
    expect(noticeHref({ nid: 1, a: "comment", qid: 3, ans: 5, cmt: [77] })).toBe("/question/3/cid-77");
    expect(noticeHref({ nid: 2, a: "follower", uid: 8, nick: "Маша" })).toBe("/profile/id8");
    expect(noticeTitle({ nid: 2, a: "follower", uid: 8, nick: "Маша" })).toBe("Маша подписался(-ась) на вас");
  });

  it("counts the failed sign-ins to the owner's account in Russian", () => {
    expect(noticeTitle({ nid: 5, a: "failed_signins", txt: "11" })).toBe("11 неудачных попыток входа в ваш аккаунт");
    expect(noticeTitle({ nid: 6, a: "failed_signins", txt: "21" })).toBe("21 неудачная попытка входа в ваш аккаунт");
    expect(noticeTitle({ nid: 7, a: "failed_signins", txt: "23" })).toBe("23 неудачные попытки входа в ваш аккаунт");
    expect(noticeText({ nid: 5, a: "failed_signins", txt: "11" })).toMatch(/^Неверный пароль вводили/);
  });

  it("gives the level's name and a text for an unknown kind", () => {
    expect(noticeTitle({ nid: 3, a: "level", txt: "Знаток" })).toBe("Вы достигли уровня «Знаток»");
    expect(noticeTitle({ nid: 4, a: "something-new" })).toBe("Новое событие");
    expect(noticeHref({ nid: 4, a: "bonus25" })).toBe("/settings");
  });
});

describe("answers drawn in place", () => {
  it("turns a moreanswers answer with nested comments into the page's answer view", () => {
    const view = fromReply({
      aid: 5,
      qid: 1,
      usrid: 3,
      nick: "Гуру Ирина",
      lvl: 5,
      points: 1600,
      atext: "Python",
      added: 1000,
      source: "",
      vip: 0,
      best: 0,
      rating: 2,
      comcnt: 4,
      canth_status: 1,
      totalmarks: 3,
      comments: [
        {
          cmid: 10,
          cmtext: "",
          usrid: 2,
          nick: "Пётр",
          lvl: 3,
          points: 320,
          kpd: 10,
          added: 1100,
          hidden: 1,
          comments: [{ cmid: 11, cmtext: "Да", usrid: 1, nick: "Маша", lvl: 2, points: 180, kpd: 0, added: 1200, hidden: 0 }],
          more: 1,
        },
      ],
    });
    expect(view.id).toBe(5);
    expect(view.canthStatus).toBe(1);
    expect(view.author).toMatchObject({ id: 3, nick: "Гуру Ирина", points: 1600, bannedUntil: null, banPermanent: 0 });
    expect(view.comments.nodes[0].text).toBeNull(); // deleted: 'Комментарий удален'
    expect(view.comments.nodes[0].replies[0].text).toBe("Да");
    expect(view.comments.nodes[0].more).toBe(1);
    expect(view.comments).toMatchObject({ shown: 2, total: 4 });
  });

  it("draws a live answer as a new answer with nothing on it yet", () => {
    const view = fromLive(7, 99, { text: "<p>Мёдом</p>", source: "", added: 5, author: { id: 4, nick: "VIP Андрей", lvl: 4, points: 762 } });
    expect(view).toMatchObject({ id: 99, qid: 7, best: false, comcnt: 0, totalmarks: 0, comments: { nodes: [], total: 0, shown: 0 } });
    expect(view.author.nick).toBe("VIP Андрей");
  });
});
