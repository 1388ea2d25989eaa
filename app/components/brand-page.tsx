import { cut, LIMITS } from "../lib/limits";
import { countOf, QUESTION, type Forms } from "../lib/plural";
import { BRAND_SUB_TITLES, BRAND_TAB_ORDER, BRAND_TABS, COUNT_CAP, firstSub, tabShown, type BrandTab } from "../lib/brand-tabs";
import type { BrandAnswerItem, BrandPage, BrandPrivateItem, BrandRecommendedItem } from "../models/brands/brand-page.server";
import type { BrandFollowerItem } from "../models/brands/brand-feed.server";
import { FeedQuestionItems, FeedUserItems } from "./feed-items";
import { CallButton, CallForm } from "./forms";
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
  /** the administrator's recommendation was just sent */
  recommendSent: boolean;
  /** the viewer may edit brands (a god-level user) */
  canEdit?: boolean;
  /** the signed-in viewer's id, or null for a guest */
  viewerId: number | null;
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

/** The path of a tab's or sub's page: the brand's own path for the default view, the queue pages for premoderation. */
function viewHref(urlname: string, tab: BrandTab, sub: string): string {
  if (tab === "qst2brand" && sub === "refer") return `/${urlname}/`;
  if (tab === "premoderation") return `/${urlname}/premoderation/${sub}`;
  return `/${urlname}/${tab}/${sub}`;
}

/** A count of a tile, "1000+" where the count stopped. */
const tileCount = (n: number) => (n >= COUNT_CAP ? `${COUNT_CAP}+` : String(n));

/** The stats tiles: the brand's counters for everyone, the administrator's queues for him. */
function Tiles({ data }: { data: BrandPageData }) {
  const { brand, tiles } = data;
  const tile = (testId: string, value: string, label: string) => (
    <li className="brand-tile" data-testid={testId}>
      <b>{value}</b> <span className="muted">{label}</span>
    </li>
  );
  return (
    <ul className="brand-tiles" data-testid="brand-tiles">
      {tile("tile-qst", String(brand.qst), "вопросов")}
      {tile("tile-ans", String(brand.ans), "ответов экспертов")}
      {tile("tile-kpd", `${brand.kpd}%`, "КПД")}
      {tile("tile-followers", String(brand.followers), "подписчиков")}
      {tile("tile-tagged", tileCount(tiles.tagged), "вопросов бренду")}
      {tiles.waitingPrivate !== null ? tile("tile-private", tileCount(tiles.waitingPrivate), "личных ждут ответа") : null}
      {tiles.recommended !== null ? tile("tile-recommended", tileCount(tiles.recommended), "рекомендаций на согласовании") : null}
    </ul>
  );
}

function PrivateItems({ items, deleted, now }: { items: BrandPrivateItem[]; deleted: boolean; now: number }) {
  if (items.length === 0) return <p className="muted">Нет вопросов</p>;
  return (
    <ul className="qlist" data-testid="brand-private">
      {items.map((item) => (
        <li key={item.id}>
          <a className="qtitle" href={`/private/${item.id}`}>
            {item.qtext}
          </a>
          <div className="meta muted">
            <UserLink user={item.author} />
            <span>{deleted ? "Вопрос удален" : item.waiting ? "Ждёт ответа эксперта" : "Эксперт ответил"}</span>
            <TimeAgo at={item.added} now={now} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function AnswerItems({ items, now }: { items: BrandAnswerItem[]; now: number }) {
  if (items.length === 0) return <p className="muted">Эксперты бренда ещё не отвечали</p>;
  return (
    <ul className="qlist" data-testid="brand-answers">
      {items.map((item) => (
        <li key={item.id}>
          <a className="qtitle" href={`/question/${item.qid}`}>
            {item.qtext}
          </a>
          <p>{cut(item.text, 200)}</p>
          <div className="meta muted">
            <UserLink user={item.author} />
            {item.best ? <span data-testid="best-mark">Лучший ответ</span> : null}
            <TimeAgo at={item.added} now={now} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The administrator's form to recommend a question by its number or address; a plain form. */
function RecommendForm({ urlname, brandId, sent }: { urlname: string; brandId: number; sent: boolean }) {
  return (
    <div data-testid="recommend">
      {sent ? (
        <p className="form-ok" role="status" data-testid="recommend-sent">
          Рекомендация отправлена на согласование
        </p>
      ) : null}
      <CallForm call="kqrecommend" back={`/${urlname}/kquserlist/recommended?sent=1`} fields={{ cid: brandId }} className="stack-form" testId="recommend-form">
        <label htmlFor="recommend-qid">Номер или адрес вопроса</label>
        <input className="field-wide" id="recommend-qid" name="qid" type="text" inputMode="url" maxLength={LIMITS.linkField} required />
        <button className="btn" type="submit">
          Рекомендовать
        </button>
      </CallForm>
    </div>
  );
}

const RECOMMENDATION_STATUS: Record<BrandRecommendedItem["status"], string> = { N: "Ждёт согласования", A: "Одобрена", D: "Отклонена" };

/** The recommended questions with each recommendation's state and, while it waits, the plain forms that approve or decline it. */
function RecommendedItems({ items, now, back }: { items: BrandRecommendedItem[]; now: number; back: string }) {
  return (
    <ul className="qlist" data-testid="brand-recommended">
      {items.map((item) => (
        <li key={item.recId} data-qid={item.id} data-status={item.status}>
          <a className="qtitle" href={`/question/${item.id}`}>
            {item.qtext}
          </a>
          <div className="meta muted">
            <UserLink user={item.author} />
            <span data-testid="recommendation-status">{RECOMMENDATION_STATUS[item.status]}</span>
            <TimeAgo at={item.recommendedAt} now={now} />
          </div>
          {item.status === "N" ? (
            <div className="meta">
              <CallButton call="kqapprove" back={back} fields={{ id: item.recId }} label="Одобрить" testId="kqapprove" />
              <CallButton call="kqdecline" back={back} fields={{ id: item.recId }} label="Отклонить" testId="kqdecline" />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The brand's followers, newest first, each with a follow button for the viewer (none on his own
 * line); a guest's button is the plain form that sends him to sign in.
 */
function FollowerItems({ items, viewerId, signedIn, back }: { items: BrandFollowerItem[]; viewerId: number | null; signedIn: boolean; back: string }) {
  if (items.length === 0) return <p className="muted">Подписчиков пока нет</p>;
  return (
    <ul className="qlist" data-testid="brand-follower-list">
      {items.map((item) => (
        <li key={item.id} data-user-id={item.id}>
          <UserLink user={item} />
          {item.id === viewerId ? null : (
            <div className="meta">
              <FollowButton uid={item.id} following={item.fr} signedIn={signedIn} back={back} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The list of the view. */
function ViewList({ data }: { data: BrandPageData }) {
  const { list, now } = data;
  switch (list.kind) {
    case "questions":
      return <QuestionList items={list.items} now={now} categoryName={(id) => data.cats[id]} />;
    case "private":
      return <PrivateItems items={list.items} deleted={list.deleted} now={now} />;
    case "answers":
      return <AnswerItems items={list.items} now={now} />;
    case "recommended":
      return (
        <>
          {data.isAdmin ? <RecommendForm urlname={data.brand.urlname} brandId={data.brand.id} sent={data.recommendSent} /> : null}
          {list.items.length === 0 ? (
            <p className="muted">Рекомендованных вопросов нет</p>
          ) : (
            <RecommendedItems items={list.items} now={now} back={`/${data.brand.urlname}/kquserlist/recommended`} />
          )}
        </>
      );
    case "followers":
      return <FollowerItems items={list.items} viewerId={data.viewerId} signedIn={data.signedIn} back={`/${data.brand.urlname}/followers/users`} />;
    case "feedUsers":
      if (list.items.length === 0) return <p className="muted">{data.view.sub === "users" ? "Эксперты бренда пока ничего не писали" : "Лента пока пуста"}</p>;
      return <FeedUserItems items={list.items} now={now} testId={`brand-feed-${data.view.sub}`} />;
    case "feedQuestions":
      if (list.items.length === 0) return <p className="muted">Вопросов бренду пока нет</p>;
      return <FeedQuestionItems items={list.items} now={now} testId="brand-feed-questions" />;
  }
}

/** /{brand urlname}/[{tab}/{sub}]: header with the brand's stats and follow button, its tabs and list. */
export function BrandPageView({ data }: { data: BrandPageData }) {
  const { brand, view } = data;
  const site = data.site;
  const subs = (BRAND_TABS[view.tab].subs as readonly string[]).filter((s) => data.isAdmin || !(BRAND_TABS[view.tab].admin as readonly string[]).includes(s));
  return (
    <main className="page">
      {/* the visit is reported by the page's script (app/islands/page-events.ts): the page is cached for guests */}
      <span hidden data-track-visit="brand_visited" data-brand={brand.urlname} data-cid={brand.categoryId ?? undefined} />
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
          {data.tiles.modCount !== null ? <span data-testid="brand-modcount">{`Очередь модерации: ${data.tiles.modCount}`}</span> : null}
        </div>
        <Tiles data={data} />
        <p>
          <a className="btn btn-ask" href={`/ask/private-${brand.id}`} data-testid="ask-expert">
            Задать вопрос эксперту
          </a>{" "}
          {data.isAdmin ? null : <FollowButton brand uid={brand.id} following={data.subscribed} signedIn={data.signedIn} back={`/${brand.urlname}/`} />}
          {data.canEdit ? (
            <>
              {" "}
              <a className="btn btn-small" href={`/admin/brand/edit/${brand.id}`} data-testid="brand-edit-link">
                Редактировать бренд
              </a>
            </>
          ) : null}
        </p>
        <nav className="tabs" aria-label="Вкладки" data-testid="brand-tabs">
          {BRAND_TAB_ORDER.filter((t) => tabShown(t, data.isAdmin || (t === "kquserlist" && data.decides))).map((t) => {
            const sub = firstSub(t, data.isAdmin || (t === "kquserlist" && data.decides));
            return (
              <a key={t} href={viewHref(brand.urlname, t, sub)} data-tab={`${t}/${sub}`} aria-current={view.tab === t ? "page" : undefined}>
                {BRAND_TABS[t].title}
              </a>
            );
          })}
        </nav>
        {subs.length > 1 ? (
          <nav className="tabs" aria-label="Разделы вкладки" data-testid="brand-subs">
            {subs.map((s) => (
              <a key={s} href={viewHref(brand.urlname, view.tab, s)} data-tab={`${view.tab}/${s}`} aria-current={view.sub === s ? "page" : undefined}>
                {BRAND_SUB_TITLES[s] ?? s}
              </a>
            ))}
          </nav>
        ) : null}
      </div>
      <div className="card">
        <ViewList data={data} />
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
