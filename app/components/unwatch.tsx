import { CallForm } from "./forms";

/**
 * /question/{qid}/unwatch and /unwatch-comments: a confirmation button, then the confirmation text
 * (`done`: the notices are off); a user who does not watch the question is told so.
 */
export function UnwatchPage({ qid, kind, done, watching }: { qid: number; kind: "Q" | "C"; done: boolean; watching: boolean }) {
  const path = `/question/${qid}/${kind === "Q" ? "unwatch" : "unwatch-comments"}`;
  return (
    <main className="page">
      <div className="card narrow" data-testid="unwatch">
        {done ? (
          <h1>{kind === "Q" ? "Вы отписались от рассылки" : "Вы отписались от уведомлений"}</h1>
        ) : !watching ? (
          <h1>Вы не подписаны на этот вопрос</h1>
        ) : (
          <>
            <h1>{kind === "Q" ? "Отписаться от рассылки по вопросу?" : "Отписаться от уведомлений о комментариях?"}</h1>
            <CallForm call="stopnotify" back={`${path}?done=1`} fields={{ id: qid, type: kind }}>
              <button className="btn btn-ask" type="submit">
                Отписаться
              </button>
            </CallForm>
          </>
        )}
        <p>
          <a href={`/question/${qid}`}>Вернуться к вопросу</a>
        </p>
      </div>
    </main>
  );
}

const REACTION = {
  thanks: { call: "thanks", ask: "Сказать спасибо автору ответа?", button: "Спасибо", done: "Спасибо! Автор ответа получит 5 баллов" },
  bad: { call: "notimportant", ask: "Скрыть этот ответ?", button: "Скрыть ответ", done: "Ответ скрыт" },
} as const;
export type AnswerReaction = keyof typeof REACTION;

/**
 * /answer/{aid}/thanks and /answer/{aid}/bad (the asker's links in a notification e-mail): a
 * confirmation button posting `thanks` or `notimportant` (a GET never writes), then the result.
 */
export function AnswerReactionPage({ aid, kind, done }: { aid: number; kind: AnswerReaction; done: boolean }) {
  const r = REACTION[kind];
  return (
    <main className="page">
      <div className="card narrow" data-testid="answer-reaction">
        {done ? (
          <h1>{r.done}</h1>
        ) : (
          <>
            <h1>{r.ask}</h1>
            <CallForm call={r.call} back={`/answer/${aid}/${kind}?done=1`} fields={{ aid }}>
              <button className="btn btn-ask" type="submit">
                {r.button}
              </button>
            </CallForm>
          </>
        )}
        <p>
          <a href={`/answer/${aid}`}>Вернуться к ответу</a>
        </p>
      </div>
    </main>
  );
}
