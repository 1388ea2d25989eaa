import { cut } from "../lib/limits";
import { ANSWER, countOf } from "../lib/plural";
import { STATE_TITLES } from "../lib/questions";
import type { FeedQuestionItem, FeedUserItem } from "../models/users/feeds.server";
import { NICK_CUT } from "./profile-header";
import { TimeAgo } from "./time-ago";
import { UserText } from "./user-text";

/** A feed of questions asked and answers given (a user's people feed, a brand's updates and people), newest first. */
export function FeedUserItems({ items, now, testId }: { items: FeedUserItem[]; now: number; testId: string }) {
  return (
    <ul className="qlist" data-testid={testId}>
      {items.map((item) => (
        <li key={`${item.kind}${item.id}`} data-feed-kind={item.kind}>
          <div className="meta muted">
            <a href={`/profile/id${item.uid}`}>{cut(item.nick, NICK_CUT)}</a>
            <span>{item.kind === "Q" ? "спрашивает" : "отвечает на вопрос"}</span>
            <TimeAgo at={item.added} now={now} />
          </div>
          <a className="qtitle" href={item.kind === "Q" ? `/question/${item.qid}` : `/answer/${item.id}`}>
            {item.qtext}
          </a>
          {item.kind === "A" ? <UserText className="atext" html={item.text} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** A feed of questions, the latest activity first (the questions a user watches, a brand's questions). */
export function FeedQuestionItems({ items, now, testId }: { items: FeedQuestionItem[]; now: number; testId: string }) {
  return (
    <ul className="qlist" data-testid={testId}>
      {items.map((item) => (
        <li key={item.id}>
          <a className="qtitle" href={`/question/${item.id}`}>
            {item.qtext}
          </a>
          <div className="meta muted">
            <span className={`state state-${item.state}`}>{STATE_TITLES[item.state as keyof typeof STATE_TITLES]}</span>
            <span>{countOf(item.anscnt, ANSWER)}</span>
            <TimeAgo at={item.updated} now={now} />
          </div>
        </li>
      ))}
    </ul>
  );
}
