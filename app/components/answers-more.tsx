import type { AnswersLiveProps } from "../islands/answers-live.island";

/**
 * The server render of the live answers list (app/islands/answers-live.island.ts): the ?p= link to
 * the next answers while some remain past this page, which works with JavaScript off; the island
 * turns it into 'Показать ещё ответы' in place and draws new answers before it.
 */
export function AnswersMore(props: AnswersLiveProps) {
  const next = props.offset + props.shown;
  if (next >= props.anscnt - (props.best ? 1 : 0)) return null;
  return (
    <div className="pager">
      <a className="btn" rel="next" data-testid="more-answers" href={`/question/${props.qid}?p=${next}#answers`} aria-busy={false}>
        Показать ещё ответы
      </a>
    </div>
  );
}
