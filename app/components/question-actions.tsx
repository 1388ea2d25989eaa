import type { AnswerView, QuestionView } from "../models/question-page.server";
import type { Viewer } from "../models/viewer.server";
import { isExpertLevel } from "../lib/levels";
import { LIMITS } from "../lib/limits";
import { CallButton } from "./forms";

const DAY = 86_400_000;

/** The forms a reader is offered on one answer (the server checks every rule again). */
export function AnswerActions({ q, a, viewer, now }: { q: QuestionView; a: AnswerView; viewer: Viewer | null; now: number }) {
  const back = `/question/${q.id}#answer-${a.id}`;
  const own = viewer?.id === a.author.id;
  const out: React.ReactNode[] = [];
  if (q.state === "V" && !viewer?.isOwner && !own && !viewer?.answered && !viewer?.bestVoted) {
    out.push(<CallButton key="vf" call="votefor" back={back} fields={{ qid: q.id, aid: a.id }} label="Голосовать за этот ответ" testId="votefor" />);
  }
  if (viewer?.isOwner && !a.best && (q.state === "A" || q.state === "V") && now - q.added < LIMITS.bestAnswerDays * DAY && isExpertLevel(viewer.lvl)) {
    out.push(<CallButton key="sb" call="selectbest" back={`/question/${q.id}`} fields={{ aid: a.id }} label="Выбрать лучшим" testId="selectbest" />);
  }
  if (viewer?.isOwner) {
    if (a.canthStatus === 0) {
      out.push(<CallButton key="th" call="thanks" back={back} fields={{ aid: a.id }} label="Нравится" testId="thanks" />);
      out.push(<CallButton key="ni" call="notimportant" back={back} fields={{ aid: a.id }} label="Не нравится" />);
    } else if (a.canthStatus === 1) {
      out.push(<CallButton key="ut" call="unthanks" back={back} fields={{ aid: a.id }} label="Отменить «Нравится»" />);
    } else {
      out.push(<CallButton key="un" call="unnotimportant" back={back} fields={{ aid: a.id }} label="Показать ответ" />);
    }
  }
  if (viewer && !own) {
    out.push(
      viewer.markedAnswers.includes(a.id) ? (
        <CallButton key="um" call="unmark" back={back} fields={{ aid: a.id }} label={`Убрать отметку (${a.totalmarks})`} />
      ) : (
        <CallButton key="m" call="mark" back={back} fields={{ aid: a.id }} label={`Полезный ответ (${a.totalmarks})`} />
      ),
    );
  }
  out.push(
    <a key="c" className="btn btn-small" href={`/answer/${a.id}#comment-form`}>
      Комментировать
    </a>,
  );
  return <>{out}</>;
}

/** The forms a reader is offered on the question itself. */
export function QuestionActions({ q, viewer }: { q: QuestionView; viewer: Viewer | null }) {
  const back = `/question/${q.id}`;
  if (!viewer) return null;
  return (
    <div className="actions">
      {viewer.watching ? (
        <CallButton call="dropwatch" back={back} fields={{ qid: q.id }} label="Не следить за вопросом" />
      ) : (
        <CallButton call="startwatch" back={back} fields={{ qid: q.id }} label="Следить за вопросом" />
      )}
      {!viewer.isOwner ? (
        viewer.markedQuestion ? (
          <CallButton call="unmark" back={back} fields={{ qid: q.id }} label={`Убрать отметку (${q.totalmarks})`} />
        ) : (
          <CallButton call="mark" back={back} fields={{ qid: q.id }} label={`Интересный вопрос (${q.totalmarks})`} />
        )
      ) : (
        <CallButton call="delqst" back="/" fields={{ qid: q.id }} label="Удалить вопрос" />
      )}
      {q.state === "V" && !viewer.isOwner && !viewer.answered && !viewer.bestVoted ? (
        <CallButton call="voteagainst" back={back} fields={{ qid: q.id }} label="Против всех" />
      ) : null}
    </div>
  );
}
