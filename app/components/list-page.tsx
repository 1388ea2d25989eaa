import type { QuestionListItem } from "../models/questions/lists.server";
import { QuestionList } from "./question-list";
import { SECTIONS_WITHOUT_LIST_SLOT, SLOT_IN_LIST, type PageAds } from "../lib/house-ads";
import { Island } from "../islands/island";
import QuickAsk from "../islands/quick-ask.island";
import NewQuestions from "../islands/new-questions.island";

export type ListPageData = {
  now: number;
  items: QuestionListItem[];
  next: string | null;
  offset: number;
  /** the list's first page */
  path: string;
  /** the question the reader's previous copy started with (?new=): the ones above it are new to him */
  newAfter: number | null;
  cats: Record<string, { name: string; urlname: string }>;
  tab: string | null;
  category: { id: number; name: string; urlname: string; special: string | null } | null;
  parent: { name: string; urlname: string } | null;
  subcategories: { name: string; urlname: string }[];
  tabs: { tab: string; title: string }[];
  /** the promotions of the page's slots (slot 1 in the side column, slot 2 in the list) */
  ads?: PageAds;
};

/** The sections that take no questions of their own show no ask form. */
const NO_ASK_FORM = new Set(["golden", "smstop", "nosmoking"]);

/** What each special section holds, said under its heading. */
const SECTION_NOTES: Record<string, string> = {
  golden: "Лучшие вопросы сайта: решённые вопросы, которые больше всего понравились читателям.",
  smstop: "Вопросы-лидеры: их авторы подняли их наверх, а за ответ здесь начисляется вдвое больше баллов.",
  nosmoking: "Вопросы о том, как бросить курить и не начать снова.",
  newcomers: "Вопросы новичков — тех, кто на сайте меньше месяца, — и вопросы о том, как здесь всё устроено. Помогите им освоиться.",
};

/** The questions above the one the reader's previous copy started with; all of them when it is not on this page. */
function freshIds(items: QuestionListItem[], newAfter: number | null): Set<number> {
  if (newAfter === null) return new Set();
  const at = items.findIndex((i) => i.id === newAfter);
  return new Set((at < 0 ? items : items.slice(0, at)).map((i) => i.id));
}

/** The index, /vote/, category and special-section question lists with tabs and a 'Показать ещё' link. */
export function ListPage({ data, heading }: { data: ListPageData; heading: string }) {
  const cat = data.category;
  const first = data.items[0];
  return (
    <main className="page">
      <div className="card">
        {data.parent ? (
          <nav className="crumbs">
            <a href="/">Ответы</a> › <a href={`/${data.parent.urlname}/`}>{data.parent.name}</a>
          </nav>
        ) : null}
        <h1>{heading}</h1>
        {cat?.special && SECTION_NOTES[cat.special] ? (
          <p className="muted" data-testid="section-note">
            {SECTION_NOTES[cat.special]}
          </p>
        ) : null}
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
        {!cat || !NO_ASK_FORM.has(cat.special ?? "") ? <Island name="quick-ask" of={QuickAsk} props={{ cid: cat?.id ?? null }} when="visible" /> : null}
      </div>
      <div className="card">
        {first && data.offset === 0 ? (
          <Island name="new-questions" of={NewQuestions} props={{ cat: cat?.urlname ?? null, state: data.tab, qid: first.id, path: data.path }} when="idle" />
        ) : null}
        <QuestionList
          items={data.items}
          now={data.now}
          categoryName={(id) => data.cats[id]}
          fresh={freshIds(data.items, data.newAfter)}
          ad={SECTIONS_WITHOUT_LIST_SLOT.has(cat?.special ?? "") ? undefined : data.ads?.[SLOT_IN_LIST]}
        />
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
