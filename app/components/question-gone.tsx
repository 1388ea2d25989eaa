import type { Crumb, DeletedQuestionFacts } from "../lib/views";
import { CategoryCrumbs } from "./question-header";
import { ModerDeletedQuestion } from "./moder-forms";

/**
 * The deleted view (errid 181): the three reasons and the support links; for a moderator (whose
 * loader data alone carries `question`) also the question and its restore control.
 */
export function QuestionDeleted({ question, trail }: { question: DeletedQuestionFacts | null; trail: Crumb[] }) {
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
        {question ? <ModerDeletedQuestion question={question} /> : null}
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
