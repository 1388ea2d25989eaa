import { cut } from "../lib/limits";
import { DeletedAnswerIcon } from "./deleted-icon";
import { STATE_TITLES, type QuestionState } from "../lib/questions";
import type { UserDossier } from "../models/moderation/dossier.server";

const date = new Intl.DateTimeFormat("ru", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Moscow" });
const at = (ms: number) => date.format(new Date(ms));

type Props = ({ kind: "ok"; now: number } & UserDossier) | { kind: "refused"; error: string };

/** A user's dossier: registration, state, bans, moderation of his items and his latest questions and answers. */
export function DossierPage(p: Props) {
  if (p.kind === "refused") {
    return (
      <main className="page">
        <div className="card">
          <h1>Досье участника</h1>
          <p className="notice" data-testid="dossier-refused">
            {p.error}
          </p>
        </div>
      </main>
    );
  }
  const u = p.user;
  return (
    <main className="page" data-testid="dossier">
      <div className="card">
        <h1>
          Досье: <a href={`/profile/id${u.id}`}>{u.nick}</a>
        </h1>
        <ul>
          <li data-testid="dossier-registered">{`Зарегистрирован: ${at(u.createdAt)}`}</li>
          <li>{`Почта: ${u.email}`}</li>
          <li>{`Баллы: ${u.points}; вопросов: ${u.questionsCount}; ответов: ${u.answersCount}`}</li>
          <li>
            {u.banPermanent ? "Заблокирован навсегда" : u.bannedUntil && u.bannedUntil > p.now ? `Заблокирован до ${at(u.bannedUntil)}` : "Не заблокирован"}
          </li>
          {u.hidden ? <li>Активность скрыта</li> : null}
          {u.premoderated ? <li>Все записи проходят премодерацию</li> : null}
        </ul>
      </div>
      <section className="card" aria-labelledby="dossier-bans">
        <h2 id="dossier-bans">Блокировки</h2>
        {p.bans.length === 0 ? (
          <p className="muted">Блокировок не было</p>
        ) : (
          <ul data-testid="dossier-bans-list">
            {p.bans.map((b) => (
              <li key={b.id}>{`${at(b.added)}: ${b.hours} ч, «${b.reason}»${b.moder ? `, модератор ${b.moder}` : ""}${b.liftedAt ? ", снята" : ""}`}</li>
            ))}
          </ul>
        )}
      </section>
      <section className="card" aria-labelledby="dossier-log">
        <h2 id="dossier-log">Модерация его записей</h2>
        {p.log.length === 0 ? (
          <p className="muted">Записей в журнале нет</p>
        ) : (
          <ul data-testid="dossier-log-list">
            {p.log.map((l) => (
              <li key={l.id}>
                {`${at(l.added)}: ${l.action} ${l.targetType}${l.targetId}${l.moder ? `, ${l.moder}` : ""}${l.note ? ` — ${l.note}` : ""} `}
                {l.qid ? <a href={`/question/${l.qid}`}>вопрос</a> : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card" aria-labelledby="dossier-activity">
        <h2 id="dossier-activity">Последняя активность</h2>
        <h3>Вопросы</h3>
        <ul data-testid="dossier-questions">
          {p.questions.map((q) => (
            <li key={q.id}>
              <a href={`/question/${q.id}`}>{q.qtext}</a>{" "}
              <span className="muted">{`${STATE_TITLES[q.state as QuestionState] ?? q.state}, ${at(q.added)}`}</span>
            </li>
          ))}
        </ul>
        <h3>Ответы</h3>
        <ul data-testid="dossier-answers">
          {p.answers.map((a) => (
            <li key={a.id}>
              {a.hidden ? (
                <>
                  <DeletedAnswerIcon />{" "}
                </>
              ) : null}
              <a href={`/answer/${a.id}`}>{cut(a.text.replace(/<[^>]*>/g, ""), 120)}</a>{" "}
              <span className="muted">{`${a.hidden ? "удалён, " : ""}${at(a.added)}`}</span>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
