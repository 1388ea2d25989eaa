import type { QuestionListItem } from "../models/questions/lists.server";
import { ANSWER, countOf } from "../lib/plural";
import { TimeAgo } from "./time-ago";
import { UserLink } from "./user-link";
import { withListSlot } from "./ad-slot";
import type { HouseAd } from "../lib/house-ads";

export function QuestionList({
  items,
  now,
  categoryName,
  fresh,
  ad,
}: {
  items: QuestionListItem[];
  now: number;
  categoryName: (id: number) => { name: string; urlname: string } | undefined;
  /** questions new to the reader since his previous copy of the list: highlighted for a while */
  fresh?: Set<number>;
  /** the in-list slot's promotion, shown after the 4th question of a list that has 4 or more */
  ad?: HouseAd;
}) {
  if (items.length === 0) return <p className="muted">Нет вопросов</p>;
  return (
    <ul className="qlist" data-testid="question-list">
      {withListSlot(
        items.map((item) => {
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
        }),
        ad,
      )}
    </ul>
  );
}
