import { BALL_QUESTION_MAX } from "../lib/magic-ball";
import { ShareLinks } from "./share-links";

export type MagicBallView = {
  /** the question the ball answered, with its answer and the share page's address; null on the empty page */
  answered: { question: string; answer: string; url: string } | null;
  /** what the reader typed when the ball refused it, and why */
  refused: { question: string; error: string } | null;
};

/**
 * The seasonal page with the magic ball: ask a yes/no question, the ball answers. A plain GET form
 * (the server draws the answer and sends the reader to the share page), so it works without
 * JavaScript; the share page shows the answer under the same form.
 */
export function MagicBallPage({ answered, refused }: MagicBallView) {
  return (
    <main className="page" data-testid="magic-ball">
      <div className="card magic-ball">
        <h1>Магический шар</h1>
        {answered ? (
          <section aria-labelledby="ball-answer" data-testid="ball-answer">
            <p className="ball-question">«{answered.question}»</p>
            <p className="ball-answer" id="ball-answer" aria-live="polite">
              {answered.answer}
            </p>
            <p>Поделиться ответом шара:</p>
            <ShareLinks url={answered.url} title={`«${answered.question}» — ${answered.answer}`} testId="ball-share" />
          </section>
        ) : (
          <p>Задайте шару вопрос, на который можно ответить «да» или «нет», — и он ответит.</p>
        )}
        <form method="get" action="/newyear/" className="ball-form">
          <label htmlFor="ball-q">{answered ? "Спросить шар ещё раз" : "Ваш вопрос"}</label>
          <textarea
            id="ball-q"
            name="q"
            required
            maxLength={BALL_QUESTION_MAX}
            rows={3}
            defaultValue={refused?.question ?? ""}
            aria-invalid={refused ? true : undefined}
            aria-describedby={refused ? "ball-error" : undefined}
          />
          {refused ? (
            <p className="form-error" id="ball-error" role="alert">
              {refused.error}
            </p>
          ) : null}
          <button type="submit" className="btn">
            Спросить шар
          </button>
        </form>
      </div>
    </main>
  );
}
