import { levelById, levelColour, LEVELS } from "../lib/levels";
import { cut } from "../lib/limits";
import { avatarSrc } from "../lib/photos";
import { SERVICE_PRICES } from "../lib/payments";
import { countOf, plural, POINT, type Forms } from "../lib/plural";
import { QUOTA_CODES, QUOTA_TABLE, type QuotaView } from "../lib/quotas";
import type { BanState, ProfileUser } from "../models/users/profile.server";
import { CallForm } from "./forms";
import { StaffLabel } from "./user-link";

/** The nick is cut at 16 characters in the profile (15 in the page header). */
export const NICK_CUT = 16;

/**
 * The colours of the generated avatars, each dark enough for white letters (contrast above 4.5).
 * A user keeps his colour: it is picked by his id.
 */
const AVATAR_COLOURS = ["#1d4ed8", "#b91c1c", "#047857", "#7c3aed", "#a21caf", "#c2410c", "#0f766e", "#4d7c0f"];

export function avatarColour(uid: number): string {
  return AVATAR_COLOURS[Math.abs(uid) % AVATAR_COLOURS.length];
}

/**
 * A user's picture: his own avatar (served by this site, as the CSP allows images from 'self'
 * alone), else a generated one, his nick's first letter on a colour picked by his id, drawn as
 * inline SVG (no request, no inline style).
 */
export function Avatar({ user, size = 72 }: { user: { id: number; nick: string; filin: string | null }; size?: number }) {
  const src = avatarSrc(user.filin, size);
  if (src) return <img className="avatar" src={src} alt="" width={size} height={size} data-testid="avatar-picture" />;
  const letter = Array.from(user.nick.trim())[0]?.toUpperCase() ?? "?";
  return (
    <svg className="avatar" width={size} height={size} viewBox="0 0 72 72" aria-hidden="true" data-testid="avatar-placeholder" focusable="false">
      <circle cx="36" cy="36" r="36" fill={avatarColour(user.id)} />
      <text x="36" y="36" dy="0.35em" textAnchor="middle" fontSize="34" fontWeight="bold" fill="#fff" fontFamily="sans-serif">
        {letter}
      </text>
    </svg>
  );
}

const hours = new Intl.NumberFormat("ru", { style: "unit", unit: "hour", unitDisplay: "short" });
const minutes = new Intl.NumberFormat("ru", { style: "unit", unit: "minute", unitDisplay: "short" });

/** 'Заблокирован' for a permanent ban, else with the time left: 'Заблокирован, осталось 23 ч' (under an hour in minutes). */
export function banText(ban: BanState): string {
  if (ban.permanent) return "Заблокирован";
  const left = ban.leftMs >= 3_600_000 ? hours.format(Math.ceil(ban.leftMs / 3_600_000)) : minutes.format(Math.max(1, Math.ceil(ban.leftMs / 60_000)));
  return `Заблокирован, осталось ${left}`;
}

/** Avatar, nick (cut at 16, whole in the title), the moderator's label, level, VIP, points, efficiency and the ban notice. */
export function ProfileHeader({ user }: { user: ProfileUser }) {
  const level = levelById(user.lvl);
  const colour = levelColour(user.lvl, user.ban !== null);
  return (
    <div className="profile-head">
      <Avatar user={user} />
      <div className="profile-who">
        <h1 className={`user lvl-${colour}`} title={user.nick} data-testid="profile-nick">
          {cut(user.nick, NICK_CUT)}
        </h1>
        <div className="meta">
          {user.moder ? <StaffLabel /> : null}
          <span className={`lvl lvl-${colour}`} data-testid="profile-level">
            {level.name}
          </span>
          {user.vip ? <span className="state state-V">VIP</span> : null}
          <span data-testid="profile-points">{countOf(user.points, POINT)}</span>
          <span data-testid="profile-kpd">{`КПД ${user.kpd}%`}</span>
        </div>
        {user.ban ? (
          <p className="form-error" data-testid="ban-notice">
            {banText(user.ban)}
          </p>
        ) : null}
      </div>
    </div>
  );
}

const TILE_FORMS: Record<string, Forms> = {
  answers: ["ответ", "ответа", "ответов"],
  best: ["лучший ответ", "лучших ответа", "лучших ответов"],
  questions: ["вопрос", "вопроса", "вопросов"],
  direct: ["вопрос эксперту", "вопроса экспертам", "вопросов экспертам"],
  subscriptions: ["подписка на вопрос", "подписки на вопросы", "подписок на вопросы"],
  following: ["подписка", "подписки", "подписок"],
  followers: ["подписчик", "подписчика", "подписчиков"],
  blacklisted: ["в чёрном списке", "в чёрном списке", "в чёрном списке"],
};

/**
 * The eight tiles: answers, best answers, questions, direct questions, question subscriptions,
 * following, followers and, for the owner alone, the blacklist; each read from the user's kept
 * counters. A tile links to its list where the viewer may open it.
 */
export function ProfileTiles({ user, isOwner }: { user: ProfileUser; isOwner: boolean }) {
  const base = `/profile/id${user.id}`;
  const tiles: { key: string; n: number; href: string | null }[] = [
    { key: "answers", n: user.answersCount, href: `${base}/answers` },
    { key: "best", n: user.bestCount, href: `${base}/answers/best` },
    { key: "questions", n: user.questionsCount, href: base },
    { key: "direct", n: user.directCount, href: isOwner ? `${base}/questions/private` : null },
    { key: "subscriptions", n: user.watchcnt, href: isOwner ? `${base}/feed/questions` : null },
    { key: "following", n: user.following, href: isOwner ? `${base}/feed/users` : null },
    { key: "followers", n: user.followers, href: isOwner ? `${base}/followers` : null },
  ];
  if (isOwner && user.blackCnt !== null) tiles.push({ key: "blacklisted", n: user.blackCnt, href: `${base}/followers/blacklist` });
  return (
    <ul className="tiles" data-testid="profile-stats">
      {tiles.map((t) => {
        const body = (
          <>
            <b>{t.n}</b> <span>{plural(t.n, TILE_FORMS[t.key])}</span>
          </>
        );
        return (
          <li key={t.key} data-tile={t.key}>
            {t.href ? <a href={t.href}>{body}</a> : body}
          </li>
        );
      })}
    </ul>
  );
}

/** The owner's daily limits: each quota's name, used today and what is left. */
export function LimitsPanel({ limits, open = false }: { limits: Partial<QuotaView>; open?: boolean }) {
  return (
    <details className="limits" data-testid="limits-panel" open={open}>
      <summary>Мои лимиты на сегодня</summary>
      <table>
        <thead>
          <tr>
            <th scope="col">Что</th>
            <th scope="col">Использовано</th>
            <th scope="col">Осталось</th>
          </tr>
        </thead>
        <tbody>
          {QUOTA_CODES.map((code) => {
            const q = limits[code];
            return q ? (
              <tr key={code} data-quota={code}>
                <th scope="row">{QUOTA_TABLE[code].what}</th>
                <td>{q.used}</td>
                <td>{`${q.left} из ${q.limit}`}</td>
              </tr>
            ) : null;
          })}
        </tbody>
      </table>
    </details>
  );
}

/** The empty start of an owner with no activity yet: what to do first, and the levels with their thresholds (the first tier shows 100). */
export function EmptyStart({ points }: { points: number }) {
  const tiers = LEVELS.slice(1);
  return (
    <section className="empty-start" data-testid="empty-start" aria-labelledby="empty-start-title">
      <h2 id="empty-start-title">Добро пожаловать!</h2>
      <p>
        Вы пока ничего не спросили и ни на что не ответили. <a href="/ask">Задайте вопрос</a> или ответьте на <a href="/">вопросы других участников</a>: за
        ответы начисляются баллы, а с баллами растёт уровень.
      </p>
      <p className="muted">{`У вас ${countOf(points, POINT)}.`}</p>
      <ol className="levels" data-testid="level-thresholds">
        {tiers.map((l) => (
          <li key={l.id}>
            <span>{l.name}</span> <span className="muted">{`от ${l.min}`}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * The VIP block. The owner, a VIP: hide or open his activity (cabhide). The owner, not a VIP: the
 * VIP dialog as a plain form (mvip, paid in roubles or in points) with its 'hide my activity' box. A moderator
 * with user management on someone else's profile: lock or unlock the activity of a user who is
 * not a VIP.
 */
export function VipBlock({ user, isOwner, canLock }: { user: ProfileUser; isOwner: boolean; canLock: boolean }) {
  const back = `/profile/id${user.id}`;
  if (isOwner && user.vip) {
    return (
      <div className="vip-block" data-testid="vip-block">
        <p>{user.hidden ? "Ваша активность скрыта от других участников." : "Ваша активность видна всем."}</p>
        <CallForm call="cabhide" back={back} fields={{ set: user.hidden ? 0 : 1 }} testId="cabhide-form">
          <button className="btn btn-small" type="submit">
            {user.hidden ? "Открыть мою активность" : "Скрыть мою активность"}
          </button>
        </CallForm>
      </div>
    );
  }
  if (isOwner) {
    return (
      <details className="vip-block" data-testid="vip-block">
        <summary>Стать VIP</summary>
        <CallForm call="mvip" back={back} fields={{ period: 10 }} className="answer-form" testId="mvip-form">
          <p>VIP на 10 дней за {SERVICE_PRICES.vip} ₽ или 500 баллов: больше дневных лимитов, двойные баллы за ответы и право скрыть свою активность.</p>
          <label className="check">
            <input type="hidden" name="cabhide" value="0" />
            <input type="checkbox" name="cabhide" value="1" /> Скрыть мою активность
          </label>
          <button className="btn btn-small" type="submit" name="money" value="1" data-testid="mvip-money">
            Оплатить {SERVICE_PRICES.vip} ₽
          </button>{" "}
          <button className="btn btn-small" type="submit" name="money" value="0" data-testid="mvip-points">
            Оплатить баллами
          </button>
        </CallForm>
      </details>
    );
  }
  if (canLock && !user.vip) {
    return (
      <div className="vip-block" data-testid="moder-cabhide">
        <CallForm call="cabhide" back={back} fields={{ set: user.hidden ? 0 : 1, uid: user.id }} testId="moder-cabhide-form">
          <button className="btn btn-small" type="submit">
            {user.hidden ? "Открыть активность пользователя" : "Скрыть активность пользователя"}
          </button>
        </CallForm>
      </div>
    );
  }
  return null;
}
