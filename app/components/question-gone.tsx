import type { QuestionView } from "../lib/views";
import type { Category } from "../models/categories/categories.server";
import { CategoryCrumbs } from "./question-header";
import { ModerDeletedQuestion } from "./moder-forms";

/** The deleted view (errid 181): the three reasons and the support links. */
export function QuestionDeleted({ question, trail }: { question: QuestionView; trail: Category[] }) {
  return (
    <main className="page" data-testid="question-deleted">
      <div className="card">
        <CategoryCrumbs trail={trail} />
        <h1>Вопрос не найден или удален</h1>
        <p>Вопрос мог быть удален по одной из причин:</p>
        <ul className="reasons">
          <li>автор удалил его с помощью SMS;</li>
          <li>автоматически, если на вопрос не было ответов;</li>
          <li>модераторами за нарушение правил проекта.</li>
        </ul>
        <ModerDeletedQuestion question={question} />
        <p>
          <a href="/help/rules">Правила проекта</a> · <a href="/help/support">Служба поддержки</a> · <a href="/">На главную</a>
        </p>
      </div>
    </main>
  );
}

/** The not-found view. */
export function QuestionMissing() {
  return (
    <main className="page" data-testid="question-missing">
      <div className="card">
        <h1>Вопрос не найден. Воспользуйтесь поиском</h1>
        <form method="get" action="/search">
          <input type="search" name="q" aria-label="Поиск по вопросам" placeholder="Поиск по вопросам" />{" "}
          <button className="btn" type="submit">
            Найти
          </button>
        </form>
        <p>
          <a href="/">На главную</a>
        </p>
      </div>
    </main>
  );
}
