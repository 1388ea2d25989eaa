import type { ModStatus, PremodKind, PremodListItem, PremodPlace } from "../models/moderation/premoderation.server";
import { CallButton, CallForm } from "./forms";
import { TimeAgo } from "./time-ago";
import { UserLink } from "./user-link";
import { ShowMore } from "./show-more";

const KIND_TITLES: Record<PremodKind, string> = { questions: "Вопросы", answers: "Ответы", comments: "Комментарии" };

const STATUS_TITLES: Record<ModStatus, string> = { N: "На модерации", A: "Опубликовано", D: "Отклонено" };

const TYPE_TITLES: Record<string, string> = {
  Q: "Вопрос",
  D: "Вопрос эксперту",
  S: "Дополнение к вопросу",
  A: "Ответ",
  AE: "Правка ответа",
  CQ: "Комментарий к вопросу",
  CA: "Комментарий к ответу",
};

/**
 * A premoderation list (/{urlname}/premoderation/{kind}): each item with its type and status; a
 * declined item links to the ask or reply form, an approved one to the live item, a pending one is
 * plain text. Whoever may decide gets the approve and decline forms on pending items.
 */
export function PremodList({
  place,
  kind,
  items,
  all,
  next,
  now,
  back,
}: {
  place: PremodPlace;
  kind: PremodKind;
  items: PremodListItem[];
  all: boolean;
  next: string | null;
  now: number;
  back: string;
}) {
  return (
    <main className="page">
      <div className="card">
        <h1>{`Премодерация: ${place.name}`}</h1>
        {!all ? <p className="muted">Здесь видны только ваши записи.</p> : null}
        <nav className="tabs" aria-label="Списки премодерации" data-testid="premod-tabs">
          {(Object.keys(KIND_TITLES) as PremodKind[]).map((k) => (
            <a key={k} href={`/${place.urlname}/premoderation/${k}`} aria-current={k === kind ? "page" : undefined}>
              {KIND_TITLES[k]}
            </a>
          ))}
        </nav>
      </div>
      <div className="card">
        {items.length === 0 ? <p className="muted">Нет записей</p> : null}
        <ul className="premod-list">
          {items.map((it) => (
            <li key={it.id} className="premod-item" data-testid="premod-item" data-premod-id={it.id} data-modstatus={it.modstatus} data-type={it.type}>
              <div className="meta">
                <span className="muted">{TYPE_TITLES[it.type] ?? it.type}</span> <UserLink user={it.author} /> <TimeAgo at={it.added} now={now} />{" "}
                <span className={`premod-status premod-${it.modstatus}`}>{STATUS_TITLES[it.modstatus]}</span>
              </div>
              <p className="premod-text">{it.link ? <a href={it.link}>{it.text}</a> : it.text}</p>
              {it.modstatus === "D" && it.declinedText ? <p className="muted">{`Причина отказа: ${it.declinedText}`}</p> : null}
              {it.canDecide ? (
                <div className="actions">
                  <CallButton call="premod_approve" back={back} fields={{ id: it.id }} label="Опубликовать" testId="premod-approve" />
                  <CallForm call="premod_decline" back={back} fields={{ id: it.id }} testId="premod-decline">
                    <input name="text" required maxLength={1000} placeholder="Причина отказа" aria-label="Причина отказа" />
                    <button className="btn btn-small" type="submit">
                      Отклонить
                    </button>
                  </CallForm>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
        <ShowMore next={next} />
      </div>
    </main>
  );
}
