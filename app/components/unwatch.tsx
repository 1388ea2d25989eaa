import { CallForm } from "./forms";

/** /question/{qid}/unwatch and /unwatch-comments: a confirmation button, then the spec's confirmation text. */
export function UnwatchPage({ qid, kind, done }: { qid: number; kind: "Q" | "C"; done: boolean }) {
  const path = `/question/${qid}/${kind === "Q" ? "unwatch" : "unwatch-comments"}`;
  return (
    <main className="page">
      <div className="card narrow" data-testid="unwatch">
        {done ? (
          <h1>{kind === "Q" ? "Вы отписались от рассылки" : "Вы отписались от уведомлений"}</h1>
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
