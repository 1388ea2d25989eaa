/**
 * The side columns around a page's content. Which blocks a page gets depends on its type, read
 * from the route that renders it; their data comes from what the route's loader already sends.
 * In the markup the columns follow the content, so on a phone they fold under it; the wide
 * layout (site.css) places them left and right.
 */
import { cut } from "../lib/limits";
import type { BrandPageData } from "./brand-page";
import type { DropdownEntry } from "../lib/shell";
import { CallButton } from "./forms";
import { FollowButton } from "./follow-button";
import { LeadersBlock } from "./leaders-block";
import { AdSlot } from "./ad-slot";
import { SLOT_SIDE, type PageAds } from "../lib/house-ads";
import type { ShellUser } from "./site-shell";
import { ModerProfileLinks } from "./moder-forms";
import { LimitsPanel } from "./profile-header";
import type { QuotaView } from "../lib/quotas";
import { ANSWER, countOf } from "../lib/plural";

type LeadersData = Parameters<typeof LeadersBlock>[0];

/** A signed-in user marks the category a favourite, or unmarks it: a plain form. */
function FavoriteForm({ urlname, isFavorite }: { urlname: string; isFavorite: boolean }) {
  return (
    <CallButton
      call="favCategory"
      back={`/${urlname}/`}
      fields={{ cid: urlname, fav: isFavorite ? 0 : 1 }}
      label={isFavorite ? "Убрать из избранного" : "В избранное"}
      testId={isFavorite ? "fav-remove" : "fav-add"}
    />
  );
}

type Match = { id: string; data: unknown; params: Record<string, string | undefined> };

/** The page types that carry columns; any other page (sign-in, settings, errors) has none. */
export type PageKind = "index" | "category" | "brand" | "question" | "ask" | "profile" | "moderlog" | "help" | "categories" | "search" | "top";

/** The pages that draw their side slot inside their own content (below the results, inside the rating's card). */
const OWN_SIDE_SLOT: PageKind[] = ["search", "top"];

type CategoryData = {
  category?: { name: string; urlname: string } | null;
  parent?: { name: string; urlname: string } | null;
  subcategories?: { name: string; urlname: string }[];
};

const KIND_BY_ROUTE: [RegExp, PageKind][] = [
  [/^routes\/_index$/, "index"],
  [/^routes\/\$category\._index$|^routes\/\$category\.\$tab\.\(\$sub\)$/, "category"],
  [/^routes\/(question|answer)\./, "question"],
  [/^routes\/ask\./, "ask"],
  [/^routes\/profile\./, "profile"],
  [/^routes\/moderlog\.\$uid/, "moderlog"],
  [/^routes\/help\./, "help"],
  [/^routes\/categories\._index$/, "categories"],
  [/^routes\/search(-\d)?$/, "search"],
  [/^routes\/top\./, "top"],
];

/** The page's type and its route's data, from the matches of a server render (null: no columns). */
export function pageKindOf(matches: Match[]): { kind: PageKind; data: unknown; params: Match["params"] } | null {
  const leaf = matches[matches.length - 1];
  if (!leaf || leaf.data == null) return null;
  const hit = KIND_BY_ROUTE.find(([re]) => re.test(leaf.id));
  if (!hit) return null;
  // a brand page shares the category route
  if (hit[1] === "category" && (leaf.data as { kind?: string }).kind === "brand") return { kind: "brand", data: leaf.data, params: leaf.params };
  return { kind: hit[1], data: leaf.data, params: leaf.params };
}

type ColumnsProps = {
  place: NonNullable<ReturnType<typeof pageKindOf>>;
  user: ShellUser | null;
  categories: DropdownEntry[];
};

/** The left column's blocks for a page, or null when it has none. */
export function LeftColumn({ place, user, categories }: ColumnsProps) {
  const { kind, data } = place;
  if (kind === "index") {
    return (
      <aside className="col col-left" aria-label="Лидеры и категории" data-testid="left-column">
        <LeadQuestions items={(data as { leadQuestions?: LeadQuestion[] }).leadQuestions ?? []} />
        <LeadersSlot leaders={(data as { leaders?: LeadersData }).leaders} />
        <nav className="col-block" aria-label="Разделы сайта">
          <h2>Категории</h2>
          <ul className="col-list">
            {categories.map((c) => (
              <li key={c.href}>
                <a href={c.href}>{c.name}</a>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
    );
  }
  if (kind === "category") {
    const d = data as CategoryData;
    if (!d.category) return null;
    return (
      <aside className="col col-left" aria-label="Лидеры и категория" data-testid="left-column">
        <LeadersSlot leaders={(data as { leaders?: LeadersData }).leaders} />
        <nav className="col-block" aria-label="Текущая категория">
          <h2>
            <a href={`/${d.category.urlname}/`}>{d.category.name}</a>
          </h2>
          {d.parent ? (
            <p className="muted">
              Раздел <a href={`/${d.parent.urlname}/`}>{d.parent.name}</a>
            </p>
          ) : null}
          {d.subcategories && d.subcategories.length > 0 ? (
            <ul className="col-list">
              {d.subcategories.map((s) => (
                <li key={s.urlname}>
                  <a href={`/${s.urlname}/`}>{s.name}</a>
                </li>
              ))}
            </ul>
          ) : null}
          <p>
            <a href="/categories/">Все категории</a>
          </p>
          {user ? <FavoriteForm urlname={d.category.urlname} isFavorite={user.favs?.includes(d.category.urlname) ?? false} /> : null}
        </nav>
      </aside>
    );
  }
  if (kind === "brand") return <BrandColumn data={data as BrandPageData} />;
  if (kind === "ask" && user) {
    const left = (data as { asksLeft?: number }).asksLeft;
    return (
      <aside className="col col-left" aria-label="Ваш профиль" data-testid="left-column">
        <div className="col-block">
          <p>
            <a className="user" href={`/profile/id${user.id}`}>
              {cut(user.nick, 16)}
            </a>
          </p>
          {typeof left === "number" ? <p data-testid="asks-left">Сегодня можно задать ещё: {left}</p> : null}
        </div>
      </aside>
    );
  }
  if (kind === "profile") {
    const uid = profileId(place.params.uid);
    if (uid === null) return null;
    const own = user?.id === uid;
    return (
      <aside className="col col-left" aria-label="Активность" data-testid="left-column">
        <nav className="col-block" aria-label="Активность пользователя">
          <h2>Активность</h2>
          <ul className="col-list">
            <li>
              <a href={`/profile/id${uid}/questions`}>Вопросы</a>
            </li>
            <li>
              <a href={`/profile/id${uid}/answers`}>Ответы</a>
            </li>
            {own ? (
              <>
                <li>
                  <a href={`/profile/id${uid}/feed`}>Лента</a>
                </li>
                <li>
                  <a href={`/profile/id${uid}/followers`}>Подписчики</a>
                </li>
                <li>
                  <a href="/settings">Настройки</a>
                </li>
              </>
            ) : null}
            <li>
              <a href={`/profile/id${uid}/gifts/choose`} data-testid="col-gift">
                {own ? "Подарить себе подарок" : "Подарить подарок"}
              </a>
            </li>
          </ul>
        </nav>
        {/* a moderator's links about this user (ban, dossier, his own log) */}
        <ModerProfileLinks uid={uid} banned={(data as { user?: { ban?: unknown } }).user?.ban != null} />
      </aside>
    );
  }
  return null;
}

type LeadQuestion = { id: number; qtext: string; anscnt: number };

/** The index's leader questions (made leaders by their askers), newest first, and the way to all of them. */
function LeadQuestions({ items }: { items: LeadQuestion[] }) {
  return (
    <nav className="col-block" aria-label="Вопросы-лидеры" data-testid="lead-questions">
      <h2>Вопросы-лидеры</h2>
      {items.length > 0 ? (
        <ul className="col-list">
          {items.map((q) => (
            <li key={q.id}>
              <a href={`/question/${q.id}`}>{cut(q.qtext, 80)}</a> <span className="muted">{countOf(q.anscnt, ANSWER)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">Сейчас лидеров нет: сделайте свой вопрос лидером, и его увидят все.</p>
      )}
      <p>
        <a href="/smstop">Все вопросы-лидеры</a>
      </p>
    </nav>
  );
}

/** The right column's blocks for a page: the side promotion, then the blocks of its kind (help, ask, limits, index, profile, moderlog, search). */
export function RightColumn({ place, user }: ColumnsProps) {
  const { kind } = place;
  const data = place.data as { ads?: PageAds; limits?: Partial<QuotaView> | null; isOwner?: boolean } | null;
  return (
    <aside className="col col-right" aria-label="Полезное" data-testid="right-column">
      {OWN_SIDE_SLOT.includes(kind) ? null : <AdSlot ad={data?.ads?.[SLOT_SIDE]} n={SLOT_SIDE} />}
      {/* the day's limits: the asker's on the ask page, the owner's on his profile */}
      {(kind === "ask" || kind === "profile") && data?.limits ? (
        <div className="col-block" data-testid="col-limits">
          <LimitsPanel limits={data.limits} open={kind === "ask"} />
        </div>
      ) : null}
      {kind === "ask" ? (
        <div className="col-block">
          <h2>Как получить хороший ответ</h2>
          <p>Сформулируйте вопрос коротко и ясно, подробности добавьте в пояснение, выберите подходящую категорию.</p>
        </div>
      ) : (
        <div className="col-block col-ask">
          <p>{kind === "search" ? "Не нашли, что искали? Спросите сообщество." : "Не нашли ответа? Спросите сообщество."}</p>
          <a className="btn btn-ask" href="/ask">
            Задать вопрос
          </a>
        </div>
      )}
      <KindBlock kind={kind} user={user} />
      <nav className="col-block" aria-label="Помощь">
        <h2>Помощь</h2>
        <ul className="col-list">
          <li>
            <a href="/help/rules">Правила проекта</a>
          </li>
          <li>
            <a href="/help/support">Служба поддержки</a>
          </li>
        </ul>
      </nav>
    </aside>
  );
}

/** The right column's own block of a page kind (none for the others). */
function KindBlock({ kind, user }: { kind: PageKind; user: ShellUser | null }) {
  if (kind === "index") {
    return (
      <nav className="col-block" aria-label="Разделы" data-testid="col-index">
        <h2>Лучшее</h2>
        <ul className="col-list">
          <li>
            <a href="/golden/">Золотой фонд</a>
          </li>
          <li>
            <a href="/smstop">Вопросы-лидеры</a>
          </li>
          <li>
            <a href="/top/points/week/">Лидеры недели</a>
          </li>
        </ul>
      </nav>
    );
  }
  if (kind === "profile") {
    return (
      <div className="col-block" data-testid="col-profile">
        <h2>Баллы и уровни</h2>
        <p>Баллы дают за ответы, лучшие ответы и оценки; с баллами растёт уровень: Знаток с 250, Профи с 500, Гуру с 1000.</p>
        <p>
          <a href="/top/points/week/">Кто набрал больше всех за неделю</a>
        </p>
      </div>
    );
  }
  if (kind === "moderlog") {
    return (
      <nav className="col-block" aria-label="Модерация" data-testid="col-moderlog">
        <h2>Модерация</h2>
        <ul className="col-list">
          {user ? (
            <li>
              <a href={`/moderlog/id${user.id}`}>Мой журнал</a>
            </li>
          ) : null}
          <li>
            <a href="/moderlog/ipblocks">Блокировки адресов</a>
          </li>
          <li>
            <a href="/help/rules">За что удаляют и блокируют</a>
          </li>
        </ul>
      </nav>
    );
  }
  if (kind === "search") {
    return (
      <div className="col-block" data-testid="col-search">
        <h2>Как искать</h2>
        <p>Пишите главные слова вопроса: «как вырастить рассаду», а не целую фразу. Формы слов найдутся сами.</p>
      </div>
    );
  }
  return null;
}

const PREMOD_TITLES = { questions: "Вопросы на модерации", answers: "Ответы на модерации", comments: "Комментарии на модерации" } as const;

/**
 * The brand page's left column (the page's head, with the name and the follow button, stays at the
 * top of the content): who answers for the brand, its category, and for its administrator the
 * premoderation queues.
 */
function BrandColumn({ data }: { data: BrandPageData }) {
  const { brand } = data;
  const category = brand.categoryId !== null ? data.cats[brand.categoryId] : undefined;
  return (
    <aside className="col col-left" aria-label="О бренде" data-testid="left-column">
      <div className="col-block" data-testid="brand-column-head">
        <h2>{brand.name}</h2>
        {brand.personName ? <p>{brand.personName}</p> : null}
        <p className="muted">{`КПД ${brand.kpd}%`}</p>
      </div>
      <div className="col-block" data-testid="brand-experts">
        <h2>Эксперты</h2>
        {data.experts.length > 0 ? (
          <ul className="col-list">
            {data.experts.map((e) => (
              <li key={e.id} data-user-id={e.id}>
                <a href={`/profile/id${e.id}`} title={e.nick}>
                  {cut(e.nick, 16)}
                </a>
                {e.id === data.viewerId ? null : (
                  <>
                    {" "}
                    <FollowButton uid={e.id} following={e.fr} signedIn={data.signedIn} back={`/${brand.urlname}/`} />
                  </>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">На вопросы отвечают представители бренда.</p>
        )}
        <p>
          <a href={`/ask/private-${brand.id}`}>Задать вопрос эксперту</a>
        </p>
      </div>
      {category ? (
        <nav className="col-block" aria-label="Категория бренда">
          <h2>Категория</h2>
          <p>
            <a href={`/${category.urlname}/`} data-testid="brand-category">
              {category.name}
            </a>
          </p>
        </nav>
      ) : null}
      {data.isAdmin ? (
        <nav className="col-block" aria-label="Модерация бренда" data-testid="brand-premod-links">
          <h2>Модерация</h2>
          <ul className="col-list">
            {(Object.keys(PREMOD_TITLES) as (keyof typeof PREMOD_TITLES)[]).map((k) => (
              <li key={k}>
                <a href={`/${brand.urlname}/premoderation/${k}`}>{PREMOD_TITLES[k]}</a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </aside>
  );
}

/**
 * Where the leaders block goes (the question and category leaders of the index and category
 * pages); until it is built, a link to the leaders page.
 */
function LeadersSlot({ leaders }: { leaders?: LeadersData }) {
  if (leaders && leaders.rows.length > 0) return <LeadersBlock {...leaders} />;
  return (
    <div className="col-block col-leaders" data-testid="leaders-slot">
      <h2>Лидеры</h2>
      <p>
        <a href="/top/points/week/">Лучшие участники недели</a>
      </p>
    </div>
  );
}

/** The user id of a profile path segment "id{n}", or null. */
function profileId(segment: string | undefined): number | null {
  const m = /^id([0-9]{1,10})$/.exec(segment ?? "");
  return m ? Number(m[1]) : null;
}
