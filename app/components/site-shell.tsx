import Bell, { type BellProps } from "../islands/bell.island";
import { Island, IslandEntry } from "../islands/island";
import { cut } from "../lib/limits";
import { avatarSrc } from "../lib/photos";
import { dropdownColumns, SEASON_TITLES, TOOLBAR_NICK_CUT, type DropdownEntry, type Season } from "../lib/shell";
import { CachedFragment } from "./fragments";
import { ToolbarSearch } from "./toolbar-search";
import { TourSlot } from "./tour";
import type { TourOffer } from "../lib/tours";

/** The signed-in user as the shell shows him; `favs` are his favourite categories' urlnames. */
export type ShellUser = { id: number; nick: string; filin: string | null; favs?: string[] };

/**
 * The toolbar and footer around every page (server-rendered; the bell is an island). The
 * categories drop-down is a <details> element, so it opens without JavaScript; on a phone the
 * toolbar wraps onto a second row (the search box) instead of widening the page.
 */
export function SiteShell({
  children,
  user,
  bell = null,
  tour = null,
  categories = [],
  season = null,
}: {
  children: React.ReactNode;
  user: ShellUser | null;
  bell?: BellProps | null;
  /** the onboarding tour the signed-in user still has to see */
  tour?: TourOffer | null;
  categories?: DropdownEntry[];
  season?: Season;
}) {
  return (
    <>
      <header className="toolbar">
        <div className="toolbar-inner">
          <Logo season={season} />
          <CachedFragment cacheKey={`categories-menu\n${JSON.stringify(categories)}`}>
            <CategoriesMenu categories={categories} />
          </CachedFragment>
          <a className="btn btn-ask" href="/ask">
            Спросить
          </a>
          <a className="toolbar-link" href="/top/points/week/">
            Лидеры
          </a>
          <ToolbarSearch />
          <div className="toolbar-me">
            {user ? (
              <>
                {/* every signed-in page loads the island entry: it keeps the session going (islands/lib/session-sync.ts) */}
                <IslandEntry />
                {bell ? <Island name="bell" of={Bell} props={bell} when="load" /> : null}
                <ToolbarUser user={user} />
                <form method="post" action="/logout">
                  <button className="link-btn" type="submit">
                    Выйти
                  </button>
                </form>
              </>
            ) : (
              <a className="toolbar-login" href="/login">
                Войти
              </a>
            )}
          </div>
        </div>
      </header>
      {user && tour ? <TourSlot offer={tour} /> : null}
      {children}
      <footer className="footer">
        <nav aria-label="О сайте">
          <a href="/help/rules">Правила проекта</a> · <a href="/help/support">Служба поддержки</a> · <a href="/categories/">Все категории</a>
        </nav>
        <p>© Ответы — сообщество вопросов и ответов</p>
      </footer>
    </>
  );
}

/** The site's name; in the New Year period, on 14 February and on 8 March a festive mark beside it. */
function Logo({ season }: { season: Season }) {
  return (
    <a className={season ? `logo logo-${season}` : "logo"} href="/" data-season={season ?? undefined}>
      Ответы
      {season ? (
        <span className="logo-mark" role="img" aria-label={SEASON_TITLES[season]} title={SEASON_TITLES[season]}>
          {SEASON_MARKS[season]}
        </span>
      ) : null}
    </a>
  );
}

const SEASON_MARKS: Record<Exclude<Season, null>, string> = { newyear: "🎄", valentine: "❤", march8: "🌷" };

/** «Категории»: a drop-down of three columns that needs no script (a <details> disclosure). */
function CategoriesMenu({ categories }: { categories: DropdownEntry[] }) {
  return (
    <details className="cats-menu" data-testid="categories-menu">
      <summary>Категории</summary>
      <nav className="cats-menu-panel" aria-label="Категории">
        {dropdownColumns(categories).map((column, i) =>
          column.length > 0 ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the three columns are fixed positions
            <ul key={i}>
              {column.map((c) => (
                <li key={c.href}>
                  <a href={c.href} data-fav={c.fav ? "1" : undefined}>
                    {c.fav ? <span title="Избранная категория">★ </span> : null}
                    {c.name}
                  </a>
                </li>
              ))}
            </ul>
          ) : null,
        )}
      </nav>
    </details>
  );
}

/** The session's API salt and token for the islands' calls, in the document's head of a signed-in reader's page. */
export function SessionMeta({ id, salt, token }: { id: number; salt: string; token: string }) {
  return <meta name="otv-session" content={JSON.stringify({ id, salt, token })} />;
}

/** The signed-in user's link in the toolbar (a page rendered once for many readers gets each reader's own filled in). */
export function ToolbarUser({ user }: { user: ShellUser }) {
  return (
    <a className="toolbar-user" href={`/profile/id${user.id}`} title={user.nick}>
      <ToolbarAvatar user={user} />
      <span className="toolbar-nick">{cut(user.nick, TOOLBAR_NICK_CUT)}</span>
    </a>
  );
}

/** The user's picture when he has one on this site (the CSP allows only our own images), else his first letter. */
function ToolbarAvatar({ user }: { user: ShellUser }) {
  const src = avatarSrc(user.filin, 24);
  if (src) return <img className="toolbar-avatar" src={src} alt="" width={24} height={24} data-testid="toolbar-avatar" />;
  return (
    // the letter comes from CSS (attr), so the link's text stays the nick alone
    <span className="toolbar-avatar toolbar-avatar-empty" aria-hidden="true" data-letter={Array.from(user.nick)[0]?.toUpperCase() ?? "?"} />
  );
}
