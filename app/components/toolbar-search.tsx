/**
 * The toolbar's search box: a plain GET form to /search with the query in `q`, so it works with
 * JavaScript off. The search page may later swap in its own box with suggestions here.
 */
export function ToolbarSearch() {
  return (
    <form className="toolbar-search" method="get" action="/search">
      <input type="search" name="q" aria-label="Поиск по вопросам" placeholder="Поиск по вопросам" maxLength={750} />
      <button className="btn btn-search" type="submit">
        Найти
      </button>
    </form>
  );
}
