/**
 * The server's answer markup (AnswerItem with its CommentTree, as the question page draws an
 * answer that arrives live or with 'Показать ещё ответы') written as an HTML string, without
 * React, so a guest's question page draws new answers with no framework loaded. It must stay the
 * very markup React renders for the same answer: a unit test compares the two for every branch.
 * Controls that need the page's facts (a moderator's 'Удалить', 'Пожаловаться') are not drawn,
 * as in an island; user texts are stored already sanitised and are written as stored.
 */
import { COMMENT, countOf, POINT, VOTE } from "../../lib/plural";
import { levelById, levelColour } from "../../lib/levels";
import { avatarSrc, MINI_AVATAR, miniAvatarColour } from "../../lib/photos";
import { timeAgo } from "../../lib/time-ago";
import { isBanned, STAFF_LABEL } from "../../lib/users";
import type { AnswerView, CommentNode } from "../../lib/views";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };

/** Text or an attribute value escaped as React escapes it. */
export function esc(s: string | number): string {
  return String(s).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

function miniAvatar(user: { id: number; nick: string; filin?: string | null }): string {
  if (user.filin === undefined) return "";
  const src = avatarSrc(user.filin, MINI_AVATAR);
  if (src) return `<img class="mini-avatar" src="${esc(src)}" alt="" width="${MINI_AVATAR}" height="${MINI_AVATAR}" loading="lazy" data-testid="mini-avatar"/>`;
  return `<span class="mini-avatar mini-avatar-empty av-c${miniAvatarColour(user.id)}" aria-hidden="true" data-letter="${esc(Array.from(user.nick)[0]?.toUpperCase() ?? "?")}"></span>`;
}

function userLink(
  user: { id: number; nick: string; lvl: number; points?: number; filin?: string | null; moder?: number },
  banned = false,
  showPoints = false,
): string {
  const colour = esc(levelColour(user.lvl, banned));
  const points = showPoints && user.points !== undefined ? `<span class="muted">${esc(` · ${countOf(user.points, POINT)}`)}</span>` : "";
  const staff = user.moder ? `<span class="staff-label" data-testid="staff-label">${esc(STAFF_LABEL)}</span>` : "";
  return `<span class="author">${miniAvatar(user)}<a class="user lvl-${colour}" href="/profile/id${esc(user.id)}">${esc(user.nick)}</a>${staff}<span class="lvl lvl-${colour}">${esc(levelById(user.lvl).name)}</span>${points}</span>`;
}

function time(at: number, now: number): string {
  return `<time class="muted" dateTime="${esc(new Date(at).toISOString())}">${esc(timeAgo(at, now))}</time>`;
}

function commentTree(nodes: CommentNode[], qid: number, now: number): string {
  if (nodes.length === 0) return "";
  const items = nodes.map((c) => {
    const body =
      c.text === null
        ? `<span class="comment-deleted">Комментарий удален</span>`
        : `<span class="meta">${userLink(c.author)}${time(c.added, now)}</span><div class="ctext">${c.text}</div>`;
    const more = c.more > 0 ? `<a class="more" href="/question/${esc(qid)}/cid-${esc(c.id)}">${esc(`Показать ещё ${countOf(c.more, COMMENT)}`)}</a>` : "";
    return `<li id="cmt-${esc(c.id)}" class="comment" data-comment-id="${esc(c.id)}"><div>${body}</div>${commentTree(c.replies, qid, now)}${more}</li>`;
  });
  return `<ul class="comments">${items.join("")}</ul>`;
}

export type AnswerHtmlOptions = {
  now: number;
  /** the answers show their votes (the question is in voting) */
  showRating: boolean;
  /** a guest reads the page: the comment link asks him to sign in first */
  guest: boolean;
};

/** One answer as the question page's live list draws it: its 'Комментировать' link, its comments and 'Все комментарии'. */
export function answerHtml(a: AnswerView, { now, showRating, guest }: AnswerHtmlOptions): string {
  const needAuth = guest ? ` data-need-auth=""` : "";
  const rating = showRating ? `<span class="muted" data-testid="answer-rating" data-rating="${esc(a.rating)}">${esc(countOf(a.rating, VOTE))}</span>` : "";
  const edited = a.editedAt ? `<span class="muted" data-testid="answer-edited" title="Автор изменил ответ после публикации">(изменён)</span>` : "";
  const comment = `<a class="btn btn-small" href="/answer/${esc(a.id)}#comment-form"${needAuth}>Комментировать</a>`;
  return [
    `<article class="${a.best ? "answer answer-best" : "answer"}" id="answer-${esc(a.id)}" data-testid="${a.best ? "best-answer" : "answer"}" data-answer-id="${esc(a.id)}">`,
    a.best ? `<div class="best-label">Лучший ответ</div>` : "",
    `<div class="meta">${userLink(a.author, isBanned(a.author, now), true)}<a class="muted" href="/answer/${esc(a.id)}">${time(a.added, now)}</a>${edited}${rating}</div>`,
    `<div class="atext">${a.text}</div>`,
    a.source ? `<div class="muted">${esc(`Источник: ${a.source}`)}</div>` : "",
    a.canthStatus === 1 ? `<div class="liked">Автору вопроса понравился этот ответ</div>` : "",
    `<div class="actions"${needAuth}>${comment}</div>`,
    a.comcnt > 0 ? `<div class="muted">${esc(countOf(a.comcnt, COMMENT))}</div>` : "",
    commentTree(a.comments.nodes, a.qid, now),
    a.comments.shown < a.comments.total ? `<a class="more" href="/answer/${esc(a.id)}">Все комментарии (${esc(a.comments.total)})</a>` : "",
    "</article>",
  ].join("");
}
