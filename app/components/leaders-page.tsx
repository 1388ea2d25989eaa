import { LEADER_TYPES, type LeaderRow, type LeadersView, leadersTitle, RATING_UNAVAILABLE, topPath } from "../lib/leaders";
import { FollowButton } from "./follow-button";
import { LeaderAvatar, leaderValue } from "./leaders-block";
import { ShowMore } from "./show-more";
import { AdSlot } from "./ad-slot";
import { SLOT_SIDE, type PageAds } from "../lib/house-ads";

export type LeadersPageData = {
  view: LeadersView;
  /** the category's name when the list is filtered by one */
  catName: string | null;
  rows: LeaderRow[];
  offset: number;
  next: string | null;
  failed: boolean;
  /** the category filter (the week's points only) */
  categories: { name: string; urlname: string }[];
  /** the signed-in reader and which of the listed users he follows; null for a guest */
  viewer: { id: number; followed: number[] } | null;
  /** where a follow button's plain form comes back to */
  back: string;
  /** the promotion of the page's slot (at the page's foot: the page has no side columns) */
  ads?: PageAds;
};

const PODIUM_SIZES = [125, 107, 90] as const;
const NOMINATION: Record<(typeof LEADER_TYPES)[number], string> = { points: "По баллам", anscnt: "По ответам", bestanscnt: "По лучшим ответам" };

/** A filter link: marked as the current page when it is the view shown. */
function FilterLink({ href, current, children }: { href: string; current: boolean; children: React.ReactNode }) {
  return (
    <li>
      <a href={href} aria-current={current ? "page" : undefined}>
        {children}
      </a>
    </li>
  );
}

/** The left column: the period and the nomination, and for the week's points the category. */
function Filters({ view, categories }: { view: LeadersView; categories: LeadersPageData["categories"] }) {
  return (
    <aside className="leaders-filters" aria-label="Фильтры рейтинга" data-testid="leaders-filters">
      <nav className="card" aria-labelledby="leaders-period">
        <h2 id="leaders-period">Период</h2>
        <ul>
          <FilterLink href={topPath({ type: view.type, period: "week", cat: null })} current={view.period === "week" && view.cat === null}>
            За неделю
          </FilterLink>
          <FilterLink href={topPath({ type: view.type, period: "all", cat: null })} current={view.period === "all"}>
            За всё время
          </FilterLink>
        </ul>
      </nav>
      <nav className="card" aria-labelledby="leaders-type">
        <h2 id="leaders-type">Номинация</h2>
        <ul>
          {LEADER_TYPES.map((t) => (
            <FilterLink key={t} href={topPath({ type: t, period: view.period, cat: null })} current={view.type === t && view.cat === null}>
              {NOMINATION[t]}
            </FilterLink>
          ))}
        </ul>
      </nav>
      {categories.length > 0 ? (
        <nav className="card" aria-labelledby="leaders-cat">
          <h2 id="leaders-cat">Категория</h2>
          <ul className="leaders-cats">
            <FilterLink href={topPath({ type: "points", period: "week", cat: null })} current={view.cat === null}>
              Все категории
            </FilterLink>
            {categories.map((c) => (
              <FilterLink key={c.urlname} href={topPath({ type: "points", period: "week", cat: c.urlname })} current={view.cat === c.urlname}>
                {c.name}
              </FilterLink>
            ))}
          </ul>
        </nav>
      ) : null}
    </aside>
  );
}

function Who({ row, type, data }: { row: LeaderRow; type: LeadersView["type"]; data: LeadersPageData }) {
  return (
    <>
      <a className="user" href={`/profile/id${row.id}`}>
        {row.nick}
      </a>
      <span className="leaders-value">{leaderValue(type, row.value)}</span>
      {row.id === data.viewer?.id ? null : (
        <FollowButton uid={row.id} following={data.viewer?.followed.includes(row.id) ?? false} signedIn={data.viewer !== null} back={data.back} />
      )}
    </>
  );
}

/** /top: the title, the podium of places 1–3, the numbered list from 4 and 'Показать ещё'. */
export function LeadersPage({ data }: { data: LeadersPageData }) {
  const { view, rows, offset } = data;
  const podium = offset === 0 ? rows.slice(0, 3) : [];
  const list = offset === 0 ? rows.slice(3) : rows;
  return (
    <main className="page leaders-layout">
      <Filters view={view} categories={data.categories} />
      <div className="card leaders-main">
        <h1 data-testid="leaders-title">
          {leadersTitle(view)}
          {data.catName ? <span className="muted">{` · ${data.catName}`}</span> : null}
        </h1>
        {data.failed ? (
          <p className="form-error" role="alert" data-testid="leaders-failed">
            {RATING_UNAVAILABLE}
          </p>
        ) : rows.length === 0 ? (
          <p className="muted" data-testid="leaders-empty">
            {offset === 0 ? (view.period === "week" ? "На этой неделе в рейтинге пока никого нет" : "В рейтинге пока никого нет") : "Больше никого нет"}
          </p>
        ) : (
          <>
            {podium.length > 0 ? (
              <ol className="podium" data-testid="podium" aria-label="Первые три места">
                {podium.map((r, i) => (
                  <li key={r.id} className={`podium-place podium-${i + 1}`} data-testid="leader">
                    <span className="podium-rank">{r.place}</span>
                    <LeaderAvatar nick={r.nick} filin={r.filin} size={PODIUM_SIZES[i]} />
                    <Who row={r} type={view.type} data={data} />
                  </li>
                ))}
              </ol>
            ) : null}
            {list.length > 0 ? (
              <ol className="leaders-list" start={list[0].place} data-testid="leaders-list">
                {list.map((r) => (
                  <li key={r.id} data-testid="leader">
                    <LeaderAvatar nick={r.nick} filin={r.filin} size={32} />
                    <Who row={r} type={view.type} data={data} />
                  </li>
                ))}
              </ol>
            ) : null}
          </>
        )}
        <ShowMore next={data.next} />
        <AdSlot ad={data.ads?.[SLOT_SIDE]} n={SLOT_SIDE} className="ad-foot" />
      </div>
    </main>
  );
}
