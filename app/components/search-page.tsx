import { Fragment } from "react";
import type { SearchAddress } from "../lib/search-path";
import type { Parts, SearchLink, SearchView } from "../models/search/search-view.server";
import { SearchBox } from "./search-box";
import { AdSlot, withListSlot } from "./ad-slot";
import { SLOT_IN_LIST, SLOT_SIDE, type HouseAd, type PageAds } from "../lib/house-ads";

export type { SearchView };

/** Text with the words the query matched in <mark> (the rest as plain text: no element each run). */
function Marked({ parts }: { parts: Parts }) {
  return (
    <>
      {parts.map((p, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
        p.mark ? <mark key={i}>{p.text}</mark> : <Fragment key={i}>{p.text}</Fragment>,
      )}
    </>
  );
}

function LinkList({ links, label }: { links: SearchLink[]; label: string }) {
  return (
    <ul className="search-filter-links" aria-label={label}>
      {links.map((l) => (
        <li key={l.label}>
          {l.current ? (
            <a href={l.href} aria-current="page" className="current">
              {l.label}
            </a>
          ) : (
            <a href={l.href}>{l.label}</a>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The search page's filters (question type, period, where to look), each a link that keeps the rest
 * of the search: a self-contained column that may stand beside the page or in a shared side column.
 */
export function SearchFilterColumn({ view }: { view: SearchView }) {
  return (
    <nav className="search-filters" aria-label="Фильтры поиска" data-testid="search-filters">
      {view.filters.map((f) => (
        <section key={f.title}>
          <h2>{f.title}</h2>
          <LinkList links={f.links} label={f.title} />
        </section>
      ))}
      {view.category ? (
        <section>
          <h2>Категория</h2>
          <p>
            {view.category.name} <a href={view.category.clearHref}>во всех категориях</a>
          </p>
        </section>
      ) : null}
    </nav>
  );
}

/** The search page: the box, the filters, and the empty state, the nothing-found page or the results. */
export function SearchPageView({ address, busy, view, ads }: { address: SearchAddress; busy: string | null; view: SearchView | null; ads?: PageAds }) {
  const filters = { type: address.type, cat: address.cat, sort: address.sort, period: address.period || undefined, where: address.where };
  return (
    <main className="page search-page">
      <div className="card">
        <h1>Поиск</h1>
        <SearchBox value={address.query} filters={filters} />
      </div>
      <div className="search-layout">
        {view ? <SearchFilterColumn view={view} /> : null}
        <div className="search-main card">
          {busy ? (
            <p role="alert">{busy}</p>
          ) : !view ? null : view.status === "empty" ? (
            <p className="search-empty" data-testid="search-empty">
              Введите слова, которые ищете: найдутся вопросы, их пояснения и ответы.
            </p>
          ) : view.status === "none" ? (
            <NothingFound query={address.query} />
          ) : (
            <Results view={view} ad={ads?.[SLOT_IN_LIST]} />
          )}
        </div>
      </div>
      <AdSlot ad={ads?.[SLOT_SIDE]} n={SLOT_SIDE} className="ad-foot" />
    </main>
  );
}

function NothingFound({ query }: { query: string }) {
  return (
    <div className="search-none" data-testid="search-none">
      <h2>По запросу «{query.trim()}» ничего не найдено</h2>
      <p>Попробуйте другие ключевые слова или задайте свой вопрос — вам ответят.</p>
      <form className="search-ask" method="get" action="/ask">
        <label htmlFor="search-ask-text">Ваш вопрос</label>
        <textarea id="search-ask-text" name="q" rows={3} maxLength={1000} defaultValue={query.trim()} required />
        <button className="btn search-ask-button" type="submit">
          Задать вопрос
        </button>
      </form>
    </div>
  );
}

function Results({ view, ad }: { view: SearchView; ad?: HouseAd }) {
  return (
    <>
      <div className="search-head">
        <p className="search-found" data-testid="search-found">
          {view.found}
        </p>
        <nav aria-label="Сортировка" className="search-sort">
          {view.sorts.map((s) =>
            s.current ? (
              <a key={s.label} href={s.href} aria-current="page" className="current">
                {s.label}
              </a>
            ) : (
              <a key={s.label} href={s.href}>
                {s.label}
              </a>
            ),
          )}
        </nav>
      </div>
      {view.corrected ? (
        <p className="muted" data-testid="search-corrected">
          Показаны результаты по запросу «{view.corrected}»
        </p>
      ) : null}
      <ol className="search-results" data-testid="search-results">
        {withListSlot(
          view.results.map((r) => (
            <li key={r.id}>
              <a className="qtitle" href={r.href} title={r.title}>
                {r.isPoll ? "Опрос: " : ""}
                <Marked parts={r.label} />
              </a>
              {r.answer ? (
                <p className="search-excerpt" data-testid="search-answer">
                  <a href={r.answer.href}>Ответ:</a> <Marked parts={r.answer.parts} />
                </p>
              ) : r.comment ? (
                <p className="search-excerpt">
                  <Marked parts={r.comment} />
                </p>
              ) : null}
              <div className="meta muted">
                <a href={`/profile/id${r.author.id}`}>{r.author.nick}</a>
                {r.category ? <a href={r.category.href}>{r.category.name}</a> : null}
                <span>{r.state}</span>
                <span>{r.answers}</span>
                <span>{r.timeAgo}</span>
              </div>
            </li>
          )),
          ad,
        )}
      </ol>
      <div className="pager">
        {view.next ? (
          <a className="btn" rel="next" href={view.next} data-testid="show-more">
            Показать ещё
          </a>
        ) : null}
        <p className="muted">
          Не нашли ответа? <a href={view.askHref}>Задайте свой вопрос</a>
        </p>
      </div>
    </>
  );
}
