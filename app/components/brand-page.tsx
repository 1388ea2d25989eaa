import { countOf, QUESTION, type Forms } from "../lib/plural";
import type { BrandPage } from "../models/brands/brands.server";
import { FollowButton } from "./follow-button";
import { QuestionList } from "./question-list";
import { TimeAgo } from "./time-ago";
import { UserLink } from "./user-link";

const FOLLOWER: Forms = ["подписчик", "подписчика", "подписчиков"];
const ANSWER_OF_EXPERT: Forms = ["ответ эксперта", "ответа эксперта", "ответов эксперта"];

export type BrandPageData = Omit<BrandPage, "next"> & {
  now: number;
  signedIn: boolean;
  /** the brand's site through the /301 page, or null */
  site: string | null;
  cats: Record<string, { name: string; urlname: string }>;
  next: string | null;
};

/** The brand's picture (its logo, else its person's), or a placeholder letter; only pictures of this site (the CSP). */
function BrandPicture({ brand }: { brand: BrandPage["brand"] }) {
  const src = [brand.logo, brand.personImage].find((s) => s?.startsWith("/") && !s.startsWith("//"));
  if (src) return <img className="avatar" src={src} alt="" width={72} height={72} />;
  return (
    <span className="avatar avatar-empty" aria-hidden="true">
      {Array.from(brand.name)[0]?.toUpperCase() ?? "?"}
    </span>
  );
}

/** The tabs a viewer sees: the questions to the brand for everyone, the private and deleted ones for its administrator. */
function tabsFor(isAdmin: boolean) {
  return [
    { tab: "qst2brand", sub: "refer", title: "Вопросы бренду", href: "" },
    ...(isAdmin
      ? [
          { tab: "qst2brand", sub: "private", title: "Личные вопросы", href: "qst2brand/private" },
          { tab: "questions", sub: "deleted", title: "Удалённые", href: "questions/deleted" },
        ]
      : []),
  ];
}

/** /{brand urlname}/[{tab}/{sub}]: header with the brand's stats and follow button, its tabs and list. */
export function BrandPageView({ data }: { data: BrandPageData }) {
  const { brand, view, now } = data;
  const site = data.site;
  return (
    <main className="page">
      <div className="card" data-testid="brand-head">
        <div className="profile-head">
          <BrandPicture brand={brand} />
          <div>
            <h1 data-testid="brand-name">{brand.name}</h1>
            {brand.personName ? <p className="meta">{brand.personName}</p> : null}
            {brand.personText ? <p className="muted">{brand.personText}</p> : null}
            {site ? (
              <p>
                <a href={site} rel="nofollow noopener" target="_blank">
                  Сайт бренда
                </a>
              </p>
            ) : null}
          </div>
        </div>
        <div className="meta" data-testid="brand-stats">
          <span data-testid="brand-qst">{countOf(brand.qst, QUESTION)}</span>
          <span data-testid="brand-ans">{countOf(brand.ans, ANSWER_OF_EXPERT)}</span>
          <span data-testid="brand-kpd">{`КПД ${brand.kpd}%`}</span>
          <span data-testid="brand-followers">{countOf(brand.followers, FOLLOWER)}</span>
          {data.modCount !== null ? <span data-testid="brand-modcount">{`Очередь модерации: ${data.modCount}`}</span> : null}
        </div>
        <p>
          <a className="btn btn-ask" href={`/ask/private-${brand.id}`} data-testid="ask-expert">
            Задать вопрос эксперту
          </a>{" "}
          {data.isAdmin ? null : <FollowButton brand uid={brand.id} following={data.subscribed} signedIn={data.signedIn} back={`/${brand.urlname}/`} />}
        </p>
        <nav className="tabs" aria-label="Вкладки" data-testid="brand-tabs">
          {tabsFor(data.isAdmin).map((t) => (
            <a
              key={t.href}
              href={`/${brand.urlname}/${t.href}`}
              data-tab={`${t.tab}/${t.sub}`}
              aria-current={view.tab === t.tab && view.sub === t.sub ? "page" : undefined}
            >
              {t.title}
            </a>
          ))}
        </nav>
      </div>
      <div className="card">
        {data.list.kind === "tagged" ? (
          <QuestionList items={data.list.items} now={now} categoryName={(id) => data.cats[id]} />
        ) : data.list.items.length === 0 ? (
          <p className="muted">Нет вопросов</p>
        ) : (
          <ul className="qlist" data-testid="brand-private">
            {data.list.items.map((item) => (
              <li key={item.id}>
                <a className="qtitle" href={`/private/${item.id}`}>
                  {item.qtext}
                </a>
                <div className="meta muted">
                  <UserLink user={item.author} />
                  <span>{view.tab === "questions" ? "Вопрос удален" : item.waiting ? "Ждёт ответа эксперта" : "Эксперт ответил"}</span>
                  <TimeAgo at={item.added} now={now} />
                </div>
              </li>
            ))}
          </ul>
        )}
        <div className="pager">
          {data.next ? (
            <a className="btn" rel="next" href={data.next} data-testid="show-more">
              Показать ещё
            </a>
          ) : null}
        </div>
      </div>
    </main>
  );
}
