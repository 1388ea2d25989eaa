/**
 * /{urlname}/{tab}[/{sub}]: the same page as /{urlname}/ (a category's tab, or a brand page's tab
 * and sub), whose loader reads them from the params. Kept as an alias rather than made optional
 * segments of that route: renaming $category._index.tsx would change its route id, which the load
 * bench (tests/load/bench.ts) names to weigh the page's loader data with a ?_data= request.
 */
export { default, headers, links, loader, meta } from "./$category._index";
