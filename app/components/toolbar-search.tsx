import { toolbarScriptUrl } from "../islands/manifest";

/**
 * The toolbar's search box: a plain GET form to /search with the query in `q`, so it works with
 * JavaScript off. Its suggestions come from a small script module of its own (no React), written
 * after the form; module scripts never block rendering.
 */
export function ToolbarSearch() {
  return (
    <>
      <form className="toolbar-search" method="get" action="/search">
        <input type="search" name="q" aria-label="Поиск по вопросам" placeholder="Поиск по вопросам" maxLength={750} />
        <button className="btn btn-search" type="submit">
          Найти
        </button>
      </form>
      <script type="module" src={toolbarScriptUrl()} async />
    </>
  );
}
