import { BLOCK_MORE_OVER, type LeaderRow, type LeaderType } from "../lib/leaders";
import { levelColour } from "../lib/levels";
import { avatarSrc } from "../lib/photos";
import { ANSWER, countOf, type Forms, POINT } from "../lib/plural";

const BEST_ANSWER: Forms = ["лучший ответ", "лучших ответа", "лучших ответов"];

/** A leader's figure in words: '12 баллов', '3 ответа', '1 лучший ответ'. */
export function leaderValue(type: LeaderType, n: number): string {
  return countOf(n, type === "points" ? POINT : type === "anscnt" ? ANSWER : BEST_ANSWER);
}

/**
 * A user's picture at one of the sizes the leaders use: his avatar, else the letter placeholder
 * the profile shows (sizes by class: pages carry no inline styles).
 */
export function LeaderAvatar({ nick, filin, size }: { nick: string; filin: string | null; size: 125 | 107 | 90 | 48 | 32 }) {
  const src = avatarSrc(filin, size);
  if (src) return <img className={`avatar avatar-${size}`} src={src} alt="" width={size} height={size} loading="lazy" data-testid="leader-avatar" />;
  return (
    <span className={`avatar avatar-empty avatar-${size}`} aria-hidden="true" data-testid="leader-avatar">
      {Array.from(nick)[0]?.toUpperCase() ?? "?"}
    </span>
  );
}

function Nick({ row }: { row: LeaderRow }) {
  return (
    <a className={`user lvl-${levelColour(row.lvl)}`} href={`/profile/id${row.id}`}>
      {row.nick}
    </a>
  );
}

/**
 * The leaders block of a page's column (the week's points, n = 8): the first 3 large, then 5
 * small, and the link to the whole list when there are more than 6. Nothing when nobody leads.
 */
export function LeadersBlock({ title, rows, more }: { title: string; rows: LeaderRow[]; more: string }) {
  if (rows.length === 0) return null;
  const top = rows.slice(0, 3);
  const rest = rows.slice(3, 8);
  return (
    <section className="card leaders-block" aria-label={title} data-testid="leaders-block">
      <h2>{title}</h2>
      <ol className="leaders-block-top">
        {top.map((r) => (
          <li key={r.id}>
            <LeaderAvatar nick={r.nick} filin={r.filin} size={48} />
            <span className="leaders-block-who">
              <Nick row={r} />
              <span className="muted">{leaderValue("points", r.value)}</span>
            </span>
          </li>
        ))}
      </ol>
      {rest.length > 0 ? (
        <ol className="leaders-block-small" start={4}>
          {rest.map((r) => (
            <li key={r.id}>
              <Nick row={r} /> <span className="muted">{r.value}</span>
            </li>
          ))}
        </ol>
      ) : null}
      {rows.length > BLOCK_MORE_OVER ? (
        <a className="leaders-block-more" href={more} data-testid="leaders-block-more">
          ещё
        </a>
      ) : null}
    </section>
  );
}
