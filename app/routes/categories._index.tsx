import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { cacheHeaders } from "../lib/http.server";
import { originOf, pageMeta } from "../lib/seo";
import { getCategoryTree } from "../models/categories/categories.server";

export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const tree = await getCategoryTree(context.cloudflare.env);
  const groups = tree.top
    .filter((c) => !c.hidden)
    .map((c) => ({
      name: c.name,
      urlname: c.urlname,
      children: (tree.children.get(c.id) ?? []).filter((s) => !s.hidden).map((s) => ({ name: s.name, urlname: s.urlname })),
    }));
  return json({ groups, canonical: `${originOf(request)}/categories/` }, { headers: cacheHeaders() });
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({ title: "Все категории — Ответы", description: "Все категории вопросов и ответов", canonical: data?.canonical });

/** A category whose urlname starts with http links out directly. */
const href = (urlname: string) => (urlname.startsWith("http") ? urlname : `/${urlname}/`);

export default function Categories() {
  const { groups } = useLoaderData<typeof loader>();
  return (
    <main className="page">
      <div className="card">
        <h1>Все категории</h1>
        <div className="cats" data-testid="categories">
          {groups.map((g) => (
            <section key={g.urlname}>
              <h2>
                <a href={href(g.urlname)}>{g.name}</a>
              </h2>
              <ul>
                {g.children.map((s) => (
                  <li key={s.urlname}>
                    <a href={href(s.urlname)}>{s.name}</a>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </div>
    </main>
  );
}
