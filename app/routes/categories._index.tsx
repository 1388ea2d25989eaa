import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { cacheHeaders } from "../lib/http.server";
import { originOf, pageMeta } from "../lib/seo";
import { getCategoryTree } from "../models/categories/categories.server";
import sections from "../styles/sections.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: sections }];
export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

/** The page lays the categories out in this many columns. */
const COLUMNS = 4;

type Group = { name: string; urlname: string; children: { name: string; urlname: string }[] };

/**
 * Splits the groups (a category and its subcategories) into columns of about the same number of
 * entries (each category and subcategory is one entry: about 58 a column on the full tree), in
 * order, never cutting a group in two.
 */
function intoColumns(groups: Group[], columns: number): Group[][] {
  const total = groups.reduce((n, g) => n + 1 + g.children.length, 0);
  const per = Math.ceil(total / columns);
  const out: Group[][] = [[]];
  let filled = 0;
  for (const g of groups) {
    const size = 1 + g.children.length;
    // a group goes to the next column when this one is full, or would overflow by more than half the group
    if (out.length < columns && filled > 0 && (filled >= per || filled + size / 2 > per)) {
      out.push([]);
      filled = 0;
    }
    out[out.length - 1].push(g);
    filled += size;
  }
  return out;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const tree = await getCategoryTree(context.cloudflare.env);
  const groups = tree.top
    .filter((c) => !c.hidden)
    .map((c) => ({
      name: c.name,
      urlname: c.urlname,
      children: (tree.children.get(c.id) ?? []).filter((s) => !s.hidden).map((s) => ({ name: s.name, urlname: s.urlname })),
    }));
  return json({ columns: intoColumns(groups, COLUMNS), canonical: `${originOf(request)}/categories/` }, { headers: cacheHeaders() });
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({ title: "Все категории — Ответы", description: "Все категории вопросов и ответов", canonical: data?.canonical });

/** A category whose urlname starts with http links out directly. */
function CategoryLink({ urlname, name }: { urlname: string; name: string }) {
  if (urlname.startsWith("http")) {
    return (
      <a href={urlname} rel="noopener noreferrer external" target="_blank">
        {name}
      </a>
    );
  }
  return <a href={`/${urlname}/`}>{name}</a>;
}

export default function Categories() {
  const { columns } = useLoaderData<typeof loader>();
  return (
    <main className="page">
      <div className="card">
        <h1>Все категории</h1>
        <div className="cat-columns" data-testid="categories">
          {columns.map((col, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the columns are positions, they have no identity of their own
            <div className="cat-column" key={i} data-testid="category-column">
              {col.map((g) => (
                <section key={g.urlname}>
                  <h2>
                    <CategoryLink urlname={g.urlname} name={g.name} />
                  </h2>
                  {g.children.length > 0 ? (
                    <ul>
                      {g.children.map((s) => (
                        <li key={s.urlname}>
                          <CategoryLink urlname={s.urlname} name={s.name} />
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </section>
              ))}
            </div>
          ))}
        </div>
      </div>
    </main>
  );
}
