/**
 * What a notification says and where it leads (the bell's list and pop-ups, the push notifications), from the item the
 * notification calls give (docs/decisions/0014-notifications.md: nid, a, txt, txtq, qid, ans, cmt,
 * uid, nick, pqid …). Pure, so it is unit-tested.
 */
export type NoticeItem = {
  nid: number;
  a: string;
  viewed?: number;
  timestamp?: number;
  txt?: string | null;
  txtq?: string | null;
  qid?: number | null;
  id?: number | null;
  uid?: number | null;
  nick?: string | null;
  ans?: number | null;
  cmt?: number[];
  pqid?: number | null;
  declined_text?: string | null;
};

import { countOf, type Forms } from "./plural";

const FAILED_SIGN_IN: Forms = ["неудачная попытка", "неудачные попытки", "неудачных попыток"];

const q = (i: NoticeItem) => (i.txtq ? ` «${i.txtq}»` : "");
const who = (i: NoticeItem) => i.nick || "Пользователь";

/** The headline of a notification. */
export function noticeTitle(i: NoticeItem): string {
  switch (i.a) {
    case "answer":
      return `${who(i)} ответил(а) на вопрос${q(i)}`;
    case "comment":
      return `${who(i)} оставил(а) комментарий к вопросу${q(i)}`;
    case "poll_vote":
      return `Новый голос в опросе${q(i)}`;
    case "q_liked":
      return `${who(i)} отметил(а) ваш вопрос${q(i)}`;
    case "ans_liked":
      return `Автору вопроса${q(i)} понравился ваш ответ (+5)`;
    case "level":
      return `Вы достигли уровня «${i.txt ?? ""}»`;
    case "bonus25":
      return "Вам начислено 25 баллов";
    case "followed_question":
      return `${who(i)} задал(а) новый вопрос${q(i)}`;
    case "mention":
      return `${who(i)} упомянул(а) вас в вопросе${q(i)}`;
    case "follower":
      return `${who(i)} подписался(-ась) на вас`;
    case "gift":
      return i.nick ? `${i.nick} подарил(а) вам подарок` : "Вам подарили подарок";
    case "moder_deleted":
      return `Модератор удалил вашу публикацию${q(i)}`;
    case "premod_declined":
      return "Модератор отклонил вашу публикацию";
    case "sms_deleted":
      return `Удаление выполнено${q(i)}`;
    case "vip_started":
    case "vip_expired":
      return i.txt || "VIP-статус";
    case "direct":
      return `${who(i)} задал(а) вопрос эксперту`;
    case "failed_signins":
      return `${countOf(Number(i.txt) || 0, FAILED_SIGN_IN)} входа в ваш аккаунт`;
    default:
      return "Новое событие";
  }
}

/** The excerpt under the headline (the answer or comment, the moderator's reason), if any. */
export function noticeText(i: NoticeItem): string {
  if (i.a === "premod_declined") return i.declined_text ?? "";
  if (i.a === "failed_signins")
    return "Неверный пароль вводили в течение часа перед вашим входом, поэтому для входа понадобился код с картинки. Если это были не вы, кто-то пытался подобрать ваш пароль.";
  if (i.a === "answer" || i.a === "comment" || i.a === "mention" || i.a === "direct") return i.txt ?? "";
  return "";
}

/** Where a click on the notification leads. */
export function noticeHref(i: NoticeItem): string {
  if (i.a === "follower" && i.uid) return `/profile/id${i.uid}`;
  if (i.pqid) return `/private/${i.pqid}`;
  if (i.qid) {
    if (i.cmt && i.cmt.length > 0) return `/question/${i.qid}/cid-${i.cmt[0]}`;
    if (i.ans) return `/question/${i.qid}#answer-${i.ans}`;
    return `/question/${i.qid}`;
  }
  return "/settings";
}

/** The excerpt (noticeText) as one plain line: tags and the common entities out, cut to `max` characters. */
export function noticeLine(i: NoticeItem, max = 180): string {
  const text = noticeText(i)
    .replace(/<[^>]*>/g, " ")
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" })[e] ?? "")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
