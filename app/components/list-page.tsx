import type { QuestionListItem } from "../models/questions/lists.server";
import { QuestionList } from "./question-list";
import { Island } from "../islands/island";
import QuickAsk from "../islands/quick-ask.island";

export type ListPageData = {
  now: number;
  items: QuestionListItem[];
  next: string | null;
  cats: Record<string, { name: string; urlname: string }>;
  tab: string | null;
  category: { name: string; urlname: string; special: string | null } | null;
  parent: { name: string; urlname: string } | null;
  subcategories: { name: string; urlname: string }[];
  tabs: { tab: string; title: string }[];
};

const NO_ASK_FORM = new Set(["golden", "smstop", "nosmoking"]);

/** The category the quick-ask box starts with: the page's own (its id, found by urlname). */
function quickAskCid(data: ListPageData): number | null {
  const url = data.category?.urlname;
  const hit = url ? Object.entries(data.cats).find(([, c]) => c.urlname === url) : undefined;
  return hit ? Number(hit[0]) : null;
}

/** The index and category question lists with tabs and a 'Показать ещё' link. */
export function ListPage({ data, heading }: { data: ListPageData; heading: string }) {
  const cat = data.category;
  return (
    <main className="page">
      <div className="card">
        {data.parent ? (
          <nav className="crumbs">
            <a href="/">Ответы</a> › <a href={`/${data.parent.urlname}/`}>{data.parent.name}</a>
          </nav>
        ) : null}
        <h1>{heading}</h1>
        {cat && data.subcategories.length > 0 ? (
          <nav className="tabs" aria-label="Подкатегории">
            {data.subcategories.map((s) => (
              <a key={s.urlname} href={`/${s.urlname}/`}>
                {s.name}
              </a>
            ))}
          </nav>
        ) : null}
        {cat ? (
          <nav className="tabs" aria-label="Вкладки" data-testid="tabs">
            <a href={`/${cat.urlname}/`} aria-current={data.tab === null ? "page" : undefined}>
              Новые
            </a>
            {data.tabs.map((t) => (
              <a key={t.tab} href={`/${cat.urlname}/${t.tab}`} aria-current={data.tab === t.tab ? "page" : undefined}>
                {t.title}
              </a>
            ))}
          </nav>
        ) : null}
        {!cat || !NO_ASK_FORM.has(cat.special ?? "") ? <Island name="quick-ask" of={QuickAsk} props={{ cid: quickAskCid(data) }} when="visible" /> : null}
      </div>
      <div className="card">
        <QuestionList items={data.items} now={data.now} categoryName={(id) => data.cats[id]} />
        <div className="pager">
          {data.next ? (
            <a className="btn" rel="next" href={data.next} data-testid="show-more">
              Показать ещё
            </a>
          ) : data.items.length > 0 ? (
            <p className="muted">
              Это все вопросы. Не нашли ответа? <a href="/ask">Задайте свой вопрос</a>
            </p>
          ) : null}
        </div>
      </div>
    </main>
  );
}
