import { Island } from "../islands/island";
import SearchSuggest from "../islands/search-suggest.island";
import { searchHref, type SearchFilters } from "../lib/search-path";

/**
 * The search box: a plain GET form to the search page (its filters kept in the address; the page
 * turns ?q= into /search/…/{query}), whose text field is the suggestions island. Works with
 * JavaScript off; `id` tells two boxes of one page apart.
 */
export function SearchBox({ id = "search-q", value = "", filters = {} }: { id?: string; value?: string; filters?: SearchFilters }) {
  return (
    <search>
      <form className="search-box" method="get" action={searchHref({ ...filters, query: "" })} data-testid="search-box">
        <Island name="search-suggest" of={SearchSuggest} props={{ id, value, filters }} when="idle" />
        <button className="btn" type="submit">
          Найти
        </button>
      </form>
    </search>
  );
}
