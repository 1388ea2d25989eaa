import type { QuestionListItem } from "../models/questions/lists.server";
import { ANSWER, countOf } from "../lib/plural";
import { TimeAgo } from "./time-ago";
import { UserLink } from "./user-link";

export function QuestionList({
  items,
  now,
  categoryName,
  fresh,
}: {
  items: QuestionListItem[];
  now: number;
  categoryName: (id: number) => { name: string; urlname: string } | undefined;
  /** questions new to the reader since his previous copy of the list: highlighted for a while */
  fresh?: Set<number>;
}) {
  if (items.length === 0) return <p className="muted">Нет вопросов</p>;
  return (
    <ul className="qlist" data-testid="question-list">
      {items.map((item) => {
        const cat = categoryName(item.categoryId);
        return (
          <li key={item.id} data-qid={item.id} className={fresh?.has(item.id) ? "q-new" : undefined}>
            <a className="qtitle" href={`/question/${item.id}`}>
              {item.pollType ? "Опрос: " : ""}
              {item.qtext}
            </a>
            <div className="meta muted">
              <UserLink user={item.author} />
              {cat ? <a href={`/${cat.urlname}/`}>{cat.name}</a> : null}
              <span>{countOf(item.anscnt, ANSWER)}</span>
              <TimeAgo at={item.added} now={now} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
