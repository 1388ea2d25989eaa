import type { QuestionView } from "../lib/views";
import type { Category } from "../models/categories/categories.server";
import { STATE_TITLES } from "../lib/questions";
import { isBanned } from "../lib/users";
import { TimeAgo } from "./time-ago";
import { UserLink } from "./user-link";
import { UserText } from "./user-text";
import { Island } from "../islands/island";
import Poll, { type PollProps } from "../islands/poll.island";

export function CategoryCrumbs({ trail }: { trail: Pick<Category, "id" | "name" | "urlname">[] }) {
  return (
    <nav className="crumbs" aria-label="Категория">
      <a href="/">Ответы</a>
      {trail.map((c) => (
        <span key={c.id}>
          {" › "}
          <a href={`/${c.urlname}/`}>{c.name}</a>
        </span>
      ))}
    </nav>
  );
}

/** The question's title, state, author, explanation and supplements. */
export function QuestionHeader({
  question,
  trail,
  now,
  supplements = [],
  linkTitle = false,
}: {
  question: QuestionView;
  trail: Category[];
  now: number;
  supplements?: { id: number; text: string; added: number }[];
  linkTitle?: boolean;
}) {
  return (
    <header className="question-head" data-question-id={question.id}>
      <CategoryCrumbs trail={trail} />
      <div className={`state state-${question.state}`} data-testid="question-state">
        {STATE_TITLES[question.state]}
      </div>
      <h1 className="qtext" data-testid="question-title">
        {linkTitle ? <a href={`/question/${question.id}`}>{question.qtext}</a> : question.qtext}
      </h1>
      <div className="meta">
        <UserLink user={question.author} banned={isBanned(question.author, now)} showPoints />
        <TimeAgo at={question.added} now={now} />
      </div>
      {question.qcomment ? <UserText className="atext" html={question.qcomment} /> : null}
      {supplements.map((s) => (
        <div key={s.id} className="supplement" data-testid="supplement">
          <div className="muted">
            Дополнение (<TimeAgo at={s.added} now={now} />)
          </div>
          <UserText className="atext" html={s.text} />
        </div>
      ))}
    </header>
  );
}

/** The poll with its voting form: an island for signed-in readers, the same plain markup for guests (no JavaScript). */
export function PollBlock({ signedIn, ...props }: PollProps & { signedIn: boolean }) {
  return signedIn ? <Island name="poll" of={Poll} props={props} /> : <Poll {...props} />;
}
