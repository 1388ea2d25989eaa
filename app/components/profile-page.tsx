import { levelColour } from "../lib/levels";
import { cut } from "../lib/limits";
import { ANSWER, countOf, POINT } from "../lib/plural";
import { STATE_TITLES } from "../lib/questions";
import { type NoticeItem, noticeHref, noticeTitle } from "../lib/notice-text";
import { signInUrl } from "../lib/return-to";
import type {
  HiddenProfileUser,
  ProfileGiftChoice,
  ProfileList,
  ProfileNav,
  ProfileRelation,
  ProfileTab,
  ProfileUser,
  ProfileView,
} from "../models/users/profile.server";
import { BlacklistButton } from "./blacklist-button";
import { FeedQuestionItems, FeedUserItems } from "./feed-items";
import { FollowButton } from "./follow-button";
import { AvatarForm } from "./avatar-form";
import { Avatar, EmptyStart, NICK_CUT, ProfileHeader, ProfileTiles, VipBlock } from "./profile-header";
import { ShareLinks } from "./share-links";
import { CallButton, CallForm } from "./forms";
import { usePageModer } from "./moder-forms";
import { TimeAgo } from "./time-ago";
import { UserText } from "./user-text";
import { ShowMore } from "./show-more";
import { AlbumBody, AlbumsBody } from "./profile-photos";
import { withListSlot } from "./ad-slot";
import { SLOT_IN_LIST, type HouseAd, type PageAds } from "../lib/house-ads";

const TAB_TITLES: Record<ProfileTab, string> = {
  questions: "Вопросы",
  answers: "Ответы",
  photos: "Фото",
  feed: "Лента",
  followers: "Подписчики",
  gifts: "Подарки",
};
const SUB_TITLES: Record<ProfileTab, Record<string, string>> = {
  questions: { all: "Все", open: "Открытые", vote: "На голосовании", resolve: "Решённые", deleted: "Удалённые", private: "Личные" },
  answers: { all: "Все", best: "Лучшие" },
  feed: { updates: "Обновления", questions: "Вопросы", users: "Люди" },
  followers: { users: "Подписчики", blacklist: "Чёрный список" },
  gifts: { all: "Полученные", choose: "Выбрать подарок" },
  photos: { albums: "Альбомы" },
};

function QuestionItems({ items, now, ad }: { items: Extract<ProfileList, { kind: "questions" }>["items"]; now: number; ad?: HouseAd }) {
  return (
    <ul className="qlist" data-testid="profile-questions">
      {withListSlot(
        items.map((item) => (
          <li key={item.id}>
            <a className="qtitle" href={`/question/${item.id}`}>
              {item.pollType ? "Опрос: " : ""}
              {item.qtext}
            </a>
            <div className="meta muted">
              <span className={`state state-${item.state}`}>{STATE_TITLES[item.state]}</span>
              <a href={`/${item.category.urlname}/`}>{item.category.name}</a>
              <span>{countOf(item.anscnt, ANSWER)}</span>
              <TimeAgo at={item.added} now={now} />
            </div>
          </li>
        )),
        ad,
      )}
    </ul>
  );
}

function AnswerItems({ items, now, ad }: { items: Extract<ProfileList, { kind: "answers" }>["items"]; now: number; ad?: HouseAd }) {
  return (
    <ul className="qlist" data-testid="profile-answers">
      {withListSlot(
        items.map((item) => (
          <li key={item.id} data-answer-id={item.id}>
            <a className="qtitle" href={`/question/${item.qid}`}>
              {item.qtext}
            </a>
            {item.best ? <div className="best-label">Лучший ответ</div> : null}
            <UserText className="atext" html={item.text} />
            <div className="meta muted">
              <a href={`/answer/${item.id}`}>
                <TimeAgo at={item.added} now={now} />
              </a>
            </div>
          </li>
        )),
        ad,
      )}
    </ul>
  );
}

function PrivateItems({ items, now }: { items: Extract<ProfileList, { kind: "private" }>["items"]; now: number }) {
  return (
    <ul className="qlist" data-testid="profile-private">
      {items.map((item) => (
        <li key={item.id}>
          <span className="qtitle">{item.qtext}</span>
          <div className="meta muted">
            <span>{item.brandName}</span>
            {item.waiting ? <span>Ждёт ответа</span> : null}
            <TimeAgo at={item.added} now={now} />
          </div>
        </li>
      ))}
    </ul>
  );
}

type GiftList = Extract<ProfileList, { kind: "gifts" }>;

/** The received gifts: the gift, who gave it (a hidden gift: nobody named), the message; the owner may delete each. */
function GiftItems({ items, uid, isOwner, now }: { items: GiftList["items"]; uid: number; isOwner: boolean; now: number }) {
  return (
    <ul className="qlist" data-testid="profile-gifts">
      {items.map((item) => (
        <li key={item.id} data-gift-id={item.id}>
          <span className="qtitle">{item.title}</span>
          <div className="meta muted">
            {item.usrid !== null ? <a href={`/profile/id${item.usrid}`}>{item.nick}</a> : <span>Тайный даритель</span>}
            <TimeAgo at={item.date * 1000} now={now} />
          </div>
          {item.mes ? <p>{item.mes}</p> : null}
          {isOwner ? <CallButton call="delgift" back={`/profile/id${uid}/gifts`} fields={{ id: item.id }} label="Удалить" testId="delgift" /> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The choose-gift mode (/profile/id{uid}/gifts/choose): the whole catalogue by its categories, each
 * gift a choice with its prices, and the gift form's message, 'hidden' and payment under it. A
 * guest sees the catalogue and signs in to give.
 */
function GiftChooser({ choice, uid, isOwner, signedIn }: { choice: ProfileGiftChoice; uid: number; isOwner: boolean; signedIn: boolean }) {
  const groups = (
    <>
      {choice.categories.map((cat) => {
        const gifts = choice.catalogue.filter((g) => g.cid === cat.cid);
        return gifts.length === 0 ? null : (
          <fieldset key={cat.cid} className="gift-group" data-testid="gift-category">
            <legend>{cat.title}</legend>
            {gifts.map((g, i) => (
              <label key={g.id} className="gift-choice">
                <input type="radio" name="gift" value={g.id} required defaultChecked={cat === choice.categories[0] && i === 0} disabled={!signedIn} /> {g.title}{" "}
                — {g.rub} ₽ или {countOf(g.points, POINT)}
              </label>
            ))}
          </fieldset>
        );
      })}
    </>
  );
  if (!signedIn) {
    return (
      <div data-testid="gift-chooser">
        {groups}
        <p>
          <a className="btn btn-ask" href={signInUrl(`/profile/id${uid}/gifts/choose`)}>
            Войдите, чтобы подарить
          </a>
        </p>
      </div>
    );
  }
  return (
    <CallForm call="makegift" back={`/profile/id${uid}/gifts`} fields={{ user: uid }} className="answer-form" testId="gift-chooser">
      {groups}
      <GiftFormFields canPoints={choice.canPoints} isOwner={isOwner} />
    </CallForm>
  );
}

/**
 * The gift form of a signed-in viewer: pay in roubles (the balance, or the payment provider's page)
 * or in points; paying in points opens at 250 points, with a hint below that (and roubles are then
 * the choice). 'hidden' is checked by default when giving to oneself.
 */
function GiftForm({ form, uid, isOwner }: { form: NonNullable<GiftList["form"]>; uid: number; isOwner: boolean }) {
  return (
    <CallForm call="makegift" back={`/profile/id${uid}/gifts`} fields={{ user: uid }} className="answer-form" testId="gift-form">
      <label>
        Подарок
        <select name="gift" required>
          {form.catalogue.map((g) => (
            <option key={g.id} value={g.id}>
              {g.title} — {g.rub} ₽ или {countOf(g.points, POINT)}
            </option>
          ))}
        </select>
      </label>
      <GiftFormFields canPoints={form.canPoints} isOwner={isOwner} />
    </CallForm>
  );
}

/** The gift form's fields after the gift: the message, 'hidden' (checked when giving to oneself), the payment and the button. */
function GiftFormFields({ canPoints, isOwner }: { canPoints: boolean; isOwner: boolean }) {
  return (
    <>
      <label>
        Сообщение (необязательно)
        <input name="mes" maxLength={200} />
      </label>
      <label>
        <input type="hidden" name="hidden" value="0" />
        <input type="checkbox" name="hidden" value="1" defaultChecked={isOwner} /> Скрыть, от кого подарок
      </label>
      <fieldset className="pay-choice">
        <legend>Оплата</legend>
        <label>
          <input type="radio" name="pointsgift" value="0" defaultChecked={!canPoints} /> Рублями (банковской картой или СБП)
        </label>
        <label>
          <input type="radio" name="pointsgift" value="1" defaultChecked={canPoints} disabled={!canPoints} /> Баллами
        </label>
      </fieldset>
      {canPoints ? null : (
        <p className="muted" data-testid="gift-points-hint">
          Оплата баллами открывается на уровне «Знаток» (250 баллов)
        </p>
      )}
      <button className="btn btn-ask" type="submit">
        Подарить
      </button>
    </>
  );
}

type Listed<K extends Exclude<ProfileList["kind"], "none">> = Extract<ProfileList, { kind: K; items: unknown }>["items"];

/** The owner's followers: each with a follow-back button and 'remove from my followers'. */
function FollowerItems({ items, uid }: { items: Listed<"followers">; uid: number }) {
  const back = `/profile/id${uid}/followers`;
  return (
    <ul className="qlist" data-testid="profile-followers">
      {items.map((item) => (
        <li key={item.id} data-user-id={item.id}>
          <a className={`user lvl-${levelColour(item.lvl, false)}`} href={`/profile/id${item.id}`}>
            {cut(item.nick, NICK_CUT)}
          </a>
          <div className="meta">
            <FollowButton uid={item.id} following={item.fr} signedIn back={back} />
            <CallButton call="removefollower" back={back} fields={{ data: item.id }} label="Удалить из подписчиков" testId="removefollower" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The owner's blacklist: each user with 'take off the list'. */
function BlacklistItems({ items, uid, now }: { items: Listed<"blacklist">; uid: number; now: number }) {
  return (
    <ul className="qlist" data-testid="profile-blacklist">
      {items.map((item) => (
        <li key={item.id} data-user-id={item.id}>
          <a className="user" href={`/profile/id${item.id}`}>
            {cut(item.nick, NICK_CUT)}
          </a>
          <div className="meta muted">
            <TimeAgo at={item.added} now={now} />
            <BlacklistButton uid={item.id} listed back={`/profile/id${uid}/followers/blacklist`} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The owner's notifications, as the bell lists them. */
function UpdateItems({ items, now }: { items: Listed<"updates">; now: number }) {
  return (
    <ul className="qlist" data-testid="profile-feed-updates">
      {items.map((raw) => {
        const item = raw as NoticeItem;
        return (
          <li key={item.nid} className={item.viewed ? undefined : "unread"}>
            <a href={noticeHref(item)}>{noticeTitle(item)}</a>
            <div className="meta muted">
              <TimeAgo at={(item.timestamp ?? 0) * 1000} now={now} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * A signed-in viewer's (or a guest's) actions on someone else's profile: follow or unfollow (an
 * island, a plain form without JavaScript) and, signed in, put him on the blacklist or take him off.
 */
export function ProfileRelations({ uid, relation }: { uid: number; relation: ProfileRelation }) {
  const back = `/profile/id${uid}`;
  return (
    <div className="meta" data-testid="profile-relations">
      <FollowButton uid={uid} following={relation?.following ?? false} signedIn={relation !== null} back={back} />
      {relation ? <BlacklistButton uid={uid} listed={relation.listed} back={back} /> : null}
    </div>
  );
}

function emptyText(view: ProfileView, isOwner: boolean): string {
  if (view.tab === "gifts") return "Подарков пока нет";
  if (view.tab === "answers") return view.sub === "best" ? "Нет лучших ответов" : isOwner ? "У вас нет ни одного ответа" : "Нет ответов";
  if (view.tab === "feed" && view.sub === "users") return "Лента пуста: подпишитесь на людей, и их вопросы и ответы появятся здесь";
  if (view.tab === "feed" && view.sub === "questions") return "Лента пуста: следите за вопросами, и новое в них появится здесь";
  if (view.tab === "feed") return "Обновлений пока нет";
  if (view.tab === "followers") return view.sub === "blacklist" ? "Чёрный список пуст" : "Подписчиков пока нет";
  return "Нет вопросов";
}

function ListBody({
  list,
  view,
  isOwner,
  now,
  uid,
  offset,
  ad,
}: {
  list: ProfileList;
  view: ProfileView;
  isOwner: boolean;
  now: number;
  uid: number;
  offset: number;
  ad?: HouseAd;
}) {
  if (list.kind === "albums") return <AlbumsBody items={list.items} uid={uid} isOwner={isOwner} />;
  if (list.kind === "album") return <AlbumBody album={list.album} items={list.items} uid={uid} isOwner={isOwner} offset={offset} />;
  if (list.kind === "giftChoice") return <GiftChooser choice={list.choice} uid={uid} isOwner={isOwner} signedIn={list.signedIn} />;
  if (list.kind === "gifts") {
    return (
      <>
        {list.form ? <GiftForm form={list.form} uid={uid} isOwner={isOwner} /> : null}
        {list.items.length > 0 ? (
          <GiftItems items={list.items} uid={uid} isOwner={isOwner} now={now} />
        ) : (
          <p className="muted" data-testid="profile-empty">
            {emptyText(view, isOwner)}
          </p>
        )}
      </>
    );
  }
  if (list.kind === "none" || list.items.length === 0) {
    return (
      <p className="muted" data-testid="profile-empty">
        {emptyText(view, isOwner)}
      </p>
    );
  }
  if (list.kind === "followers") return <FollowerItems items={list.items} uid={uid} />;
  if (list.kind === "blacklist") return <BlacklistItems items={list.items} uid={uid} now={now} />;
  if (list.kind === "feedUsers") return <FeedUserItems items={list.items} now={now} testId="profile-feed-users" />;
  if (list.kind === "feedQuestions") return <FeedQuestionItems items={list.items} now={now} testId="profile-feed-questions" />;
  if (list.kind === "updates") return <UpdateItems items={list.items} now={now} />;
  if (list.kind === "questions") return <QuestionItems items={list.items} now={now} ad={ad} />;
  if (list.kind === "answers") return <AnswerItems items={list.items} now={now} ad={ad} />;
  return <PrivateItems items={list.items} now={now} />;
}

/**
 * The actions other viewers get in the header: the follow control (the `follow` slot, filled by the
 * page), a gift (the gifts tab's form) and sharing. Never on one's own profile.
 */
function ProfileActions({ user, url, follow }: { user: ProfileUser; url: string; follow?: React.ReactNode }) {
  return (
    <div className="actions profile-actions" data-testid="profile-actions">
      {/* the follow / unfollow control goes here */}
      {follow}
      <a className="btn btn-small" href={`/profile/id${user.id}/gifts`} data-testid="profile-gift">
        Подарить подарок
      </a>
      <ShareLinks url={url} title={`${user.nick} — Ответы`} testId="profile-share" />
    </div>
  );
}

/** The profile: header, tiles, the viewer's actions and panels, tabs and subs (the owner's own ones only for him), one page of the list. */
export function ProfilePageView({
  user,
  view,
  isOwner,
  list,
  nav,
  next,
  now,
  url,
  offset = 0,
  relation = null,
  ads,
}: {
  user: ProfileUser;
  view: ProfileView;
  isOwner: boolean;
  list: ProfileList;
  nav: ProfileNav;
  next: string | null;
  now: number;
  /** the profile's address, to share */
  url: string;
  /** the first item of the list's page */
  offset?: number;
  /** the viewer's relation to him: following, blacklisted (null for a guest) */
  relation?: ProfileRelation;
  /** the promotions of the page's slots (slot 2 goes in the questions' and answers' lists) */
  ads?: PageAds;
}) {
  const { moder } = usePageModer();
  const emptyStart = isOwner && user.questionsCount === 0 && user.answersCount === 0 && view.tab === "questions" && view.sub === "all";
  return (
    <main className="page" data-testid="profile">
      <div className="card">
        <ProfileHeader user={user} />
        {isOwner ? <AvatarForm uid={user.id} hasAvatar={user.filin !== null} /> : null}
        <ProfileTiles user={user} isOwner={isOwner} />
        {isOwner ? null : <ProfileActions user={user} url={url} follow={<ProfileRelations uid={user.id} relation={relation} />} />}
        <VipBlock user={user} isOwner={isOwner} canLock={!isOwner && !!moder?.usrkiller} />
        {user.hidden && !isOwner ? (
          <p className="notice" data-testid="activity-hidden-notice">
            Активность пользователя скрыта от других участников; вы видите её как модератор
          </p>
        ) : null}
      </div>
      {emptyStart ? (
        <div className="card">
          <EmptyStart points={user.points} />
        </div>
      ) : null}
      <div className="card">
        <nav className="tabs" aria-label="Вкладки профиля" data-testid="profile-tabs">
          {nav.tabs.map((t) => (
            <a key={t.tab} href={t.href} aria-current={t.tab === view.tab ? "page" : undefined}>
              {TAB_TITLES[t.tab]}
            </a>
          ))}
        </nav>
        {nav.subs.length > 1 ? (
          <nav className="tabs" aria-label="Разделы вкладки" data-testid="profile-subs">
            {nav.subs.map((s) => (
              <a key={s.sub} href={s.href} aria-current={s.sub === view.sub ? "page" : undefined}>
                {SUB_TITLES[view.tab][s.sub] ?? s.sub}
              </a>
            ))}
          </nav>
        ) : null}
        <ListBody list={list} view={view} isOwner={isOwner} now={now} uid={user.id} offset={offset} ad={ads?.[SLOT_IN_LIST]} />
        <ShowMore next={next} />
      </div>
    </main>
  );
}

/** A hidden profile as others see it. */
export function ProfileHidden({ user }: { user: HiddenProfileUser }) {
  return (
    <main className="page" data-testid="profile-hidden">
      <div className="card">
        <div className="profile-head">
          <Avatar user={user} />
          <div>
            <h1 className="user" title={user.nick}>
              {cut(user.nick, NICK_CUT)}
            </h1>
            <p className="muted">Личный кабинет скрыт</p>
          </div>
        </div>
      </div>
    </main>
  );
}
