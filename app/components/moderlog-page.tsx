import { levelById } from "../lib/levels";
import { MODERLOG_TAB_TITLES, type ModerlogTab } from "../lib/moderation";
import { ANSWER, countOf, POINT, QUESTION } from "../lib/plural";
import type { ModerlogItem } from "../models/moderation/moderlog.server";
import { banText } from "./profile-header";
import { CallButton } from "./forms";
import { TimeAgo } from "./time-ago";
import { ShowMore } from "./show-more";

const ACTION_TITLES: Record<string, string> = {
  qstdrop: "Вопрос удалён",
  qstrestore: "Вопрос восстановлен",
  ansdrop: "Ответ удалён",
  ansrestore: "Ответ восстановлен",
  cmtdrop: "Комментарий удалён",
  cmtrestore: "Комментарий восстановлен",
  tmpban: "Блокировка",
  qstmove: "Вопрос перенесён",
  brandedit: "Бренд изменён",
};

const EMPTY: Record<ModerlogTab, string> = {
  questions: "Нет удалённых вопросов",
  answers: "Нет удалённых ответов",
  banned: "Нет заблокированных",
  notes: "Нет удалённых комментариев",
  moved: "Нет перенесённых вопросов",
};

/** The author's data a moderator sees: nick, id, level, points, counts, since when, the ban. */
function AuthorData({ author, now }: { author: NonNullable<ModerlogItem["author"]>; now: number }) {
  const banned = author.banPermanent === 1 || (author.bannedUntil != null && author.bannedUntil > now);
  return (
    <span className="muted" data-testid="moderlog-author">
      <a href={`/profile/id${author.id}`}>{author.nick}</a>
      {` · id ${author.id} · ${levelById(author.lvl).name} · ${countOf(author.points, POINT)} · ${countOf(author.questionsCount, QUESTION)} · ${countOf(author.answersCount, ANSWER)} · с `}
      {new Date(author.createdAt).toLocaleDateString("ru-RU", { timeZone: "Europe/Moscow" })}
      {banned
        ? ` · ${banText(author.banPermanent === 1 || author.bannedUntil == null ? { permanent: true } : { permanent: false, leftMs: author.bannedUntil - now })}`
        : ""}
    </span>
  );
}

function Row({ item, can, back, now }: { item: ModerlogItem; can: { qstrestore: boolean; ansrestore: boolean }; back: string; now: number }) {
  return (
    <li data-log-id={item.id} data-action={item.action}>
      <div className="meta">
        <strong>{ACTION_TITLES[item.action] ?? item.action}</strong> <TimeAgo at={item.added} now={now} />
      </div>
      {item.qid != null && item.qtext != null ? (
        <a className="qtitle" href={`/question/${item.qid}`}>
          {item.qtext}
        </a>
      ) : null}
      {item.text ? <p className="muted">{item.text}</p> : null}
      {item.action === "qstmove" ? <p className="muted">{`${item.from ?? "?"} → ${item.to ?? "?"}`}</p> : null}
      {item.note ? <p className="muted">{item.note}</p> : null}
      {item.author ? <AuthorData author={item.author} now={now} /> : null}
      {item.restorable && item.action === "qstdrop" && can.qstrestore ? (
        <CallButton call="a_qstrestore" back={back} fields={{ id: item.targetId }} label="Восстановить" testId="moderlog-restore" />
      ) : null}
      {item.restorable && item.action === "ansdrop" && can.ansrestore ? (
        <CallButton call="a_ansrestore" back={back} fields={{ id: item.targetId }} label="Восстановить" testId="moderlog-restore" />
      ) : null}
    </li>
  );
}

/** /moderlog/id{id}[/{tab}]: the tabs and one page of the moderator's log. */
export function ModerlogPage(props: {
  owner: { id: number; nick: string };
  tab: ModerlogTab;
  tabs: { tab: ModerlogTab; href: string }[];
  items: ModerlogItem[];
  back: string;
  next: string | null;
  can: { qstrestore: boolean; ansrestore: boolean };
  now: number;
}) {
  return (
    <main className="page" data-testid="moderlog">
      <div className="card">
        <h1>Журнал модерации</h1>
        <p className="muted">
          Модератор: <a href={`/profile/id${props.owner.id}`}>{props.owner.nick}</a>
        </p>
        <nav className="tabs" aria-label="Разделы журнала">
          {props.tabs.map((t) => (
            <a key={t.tab} href={t.href} aria-current={t.tab === props.tab ? "page" : undefined}>
              {MODERLOG_TAB_TITLES[t.tab]}
            </a>
          ))}
        </nav>
        {props.items.length === 0 ? (
          <p className="muted" data-testid="moderlog-empty">
            {EMPTY[props.tab]}
          </p>
        ) : (
          <ul className="qlist" data-testid="moderlog-items">
            {props.items.map((item) => (
              <Row key={item.id} item={item} can={props.can} back={props.back} now={props.now} />
            ))}
          </ul>
        )}
        <ShowMore next={props.next} />
      </div>
    </main>
  );
}
