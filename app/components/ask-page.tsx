import type { QuotaView } from "../lib/quotas";
/**
 * The ask page: for a signed-in user the ask-form island (which shows the limit
 * page itself when asking is not allowed); for a guest nothing but the island that opens the
 * sign-in dialog after 200 ms, and without JavaScript a redirect to the sign-in page. Used by
 * /ask (routes/ask._index.tsx) and the /ask/{text}/… paths (routes/ask.$.tsx).
 */
import AskIsland, { type AskFormProps, type AskGroup } from "../islands/ask-form.island";
import { Island } from "../islands/island";
import type { CategoryTree } from "../models/categories/categories.server";

export type { AskFormProps, AskGroup };

/** What the page renders: the island's props, or a guest with the sign-in page to go to. */
/** `asksLeft` (how many more questions today) and `limits` (the day's quotas) are for the columns (root.tsx), not the form. */
export type AskPageData = { guest: true; signIn: string } | ({ guest: false; asksLeft?: number; limits?: Partial<QuotaView> } & AskFormProps);

/** Sections nobody asks in directly (the gold fund, the leader questions); the server refuses them too. */
const NO_ASK_SPECIAL = new Set(["golden", "smstop"]);

/**
 * The categories the ask form offers: top-level ones with their subcategories, leaving out
 * read-only, hidden and special ones and those excluded from drop-downs (pass
 * EXCLUDED_FROM_DROPDOWN from models/categories.server: this module also goes to the browser).
 */
export function askGroups(
  tree: Pick<CategoryTree, "top" | "children">,
  excluded: ReadonlySet<number>,
  catBrands: Record<string, { id: number; name: string }[]> = {},
): AskGroup[] {
  const usable = (c: { readonly: boolean; hidden: boolean; id: number; special: string | null }) =>
    !c.readonly && !c.hidden && !excluded.has(c.id) && !NO_ASK_SPECIAL.has(c.special ?? "");
  // each category's brands (their expert tags), only where it has some
  const brandsOf = (id: number) => {
    const list = catBrands[String(id)];
    return list?.length ? { brands: list.map((b) => ({ id: b.id, name: b.name })) } : {};
  };
  return tree.top.filter(usable).map((t) => ({
    id: t.id,
    name: t.name,
    subs: (tree.children.get(t.id) ?? []).filter(usable).map((s) => ({ id: s.id, name: s.name, ...brandsOf(s.id) })),
    ...brandsOf(t.id),
  }));
}

export function AskPage({ data }: { data: AskPageData }) {
  if (data.guest) {
    return (
      <main className="page">
        <noscript>
          <meta httpEquiv="refresh" content={`0;url=${data.signIn}`} />
          <div className="card">
            <h1>Задать вопрос</h1>
            <p>
              Чтобы задать вопрос, <a href={data.signIn}>войдите на сайт</a>.
            </p>
          </div>
        </noscript>
        <Island name="ask-form" of={AskIsland} props={{ guest: true }} when="load" />
      </main>
    );
  }
  const { guest: _guest, asksLeft: _asksLeft, limits: _limits, ...props } = data;
  return (
    <main className="page">
      <Island name="ask-form" of={AskIsland} props={props} when="load" />
    </main>
  );
}
