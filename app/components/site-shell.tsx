import Bell, { type BellProps } from "../islands/bell.island";
import { Island } from "../islands/island";

/** The toolbar and footer around every page (server-rendered; the bell is an island). */
export function SiteShell({ children, user, bell = null }: { children: React.ReactNode; user: { id: number; nick: string } | null; bell?: BellProps | null }) {
  return (
    <>
      <header className="toolbar">
        <div className="toolbar-inner">
          <a className="logo" href="/">
            Ответы
          </a>
          <nav className="toolbar-nav" aria-label="Разделы">
            <a href="/categories/">Категории</a>
            <a href="/top/points/week/">Лидеры</a>
            <a href="/search">Поиск</a>
          </nav>
          <a className="btn btn-ask" href="/ask">
            Спросить
          </a>
          {user ? (
            <>
              {bell ? <Island name="bell" of={Bell} props={bell} when="load" /> : null}
              <a className="toolbar-user" href={`/profile/id${user.id}`}>
                {user.nick}
              </a>
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
      </header>
      {children}
      <footer className="footer">
        <p>© Ответы — сообщество вопросов и ответов</p>
      </footer>
    </>
  );
}
