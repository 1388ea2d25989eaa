import { LIMITS } from "../lib/limits";
import { CallForm } from "./forms";

type Props = { kind: "form"; aid: number; qid: number; text: string; source: string } | { kind: "refused"; error: string };

/** The edit page of one's answer: the plain form to /do/editans, or why it is not offered. */
export function AnswerEditPage(p: Props) {
  return (
    <main className="page">
      <div className="card">
        <h1>Редактирование ответа</h1>
        {p.kind === "refused" ? (
          <p className="notice" data-testid="answer-edit-refused">
            {p.error}
          </p>
        ) : (
          <>
            <CallForm
              call="editans"
              back={`/question/${p.qid}#answer-${p.aid}`}
              fields={{ qid: p.qid, update: p.aid }}
              className="answer-form"
              testId="answer-edit-form"
            >
              <label>
                Ваш ответ
                <textarea name="Body" required maxLength={LIMITS.fullAnswer} rows={10} defaultValue={p.text} />
              </label>
              <label>
                Источник (необязательно)
                <input name="source" maxLength={LIMITS.source} defaultValue={p.source} />
              </label>
              <button className="btn btn-ask" type="submit">
                Сохранить
              </button>
            </CallForm>
            <p>
              <a href={`/question/${p.qid}#answer-${p.aid}`}>Вернуться к вопросу</a>
            </p>
          </>
        )}
      </div>
    </main>
  );
}
