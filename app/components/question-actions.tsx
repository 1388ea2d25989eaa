import type { AnswerView, QuestionView } from "../lib/views";
import type { Viewer } from "../models/questions/viewer.server";
import { canChooseBest, canDeleteQuestion, canEditAnswer, canGiftBestAuthor, canMark, canReactToAnswers, canVoteForBest, questionFacts } from "../lib/can";
import { editableText } from "../lib/editable-text";
import { CallButton } from "./forms";
import { AbuseLink } from "./abuse-form";
import { reportHidden } from "../lib/abuse";
import { ModerAnswerActions, ModerQuestionPanel } from "./moder-forms";
import { isBanned } from "../lib/users";
import { SERVICE_PRICES } from "../lib/payments";
import { Island } from "../islands/island";
import AnswerActionsIsland, { type AnswerActionsProps } from "../islands/answer-actions.island";
import QuestionActionsIsland, { type QuestionActionsProps } from "../islands/question-actions.island";

/** The forms a reader is offered on one answer, by the rules of app/lib/can.ts that the server enforces. */
export function AnswerActions({ q, a, viewer, now }: { q: QuestionView; a: AnswerView; viewer: Viewer | null; now: number }) {
  const own = viewer?.id === a.author.id;
  const facts = questionFacts(q);
  const out: React.ReactNode[] = [];
  // votes, the best answer, the owner's like marks and the mark: one island (plain forms for guests, who get no JavaScript)
  const votes: AnswerActionsProps = {
    qid: q.id,
    aid: a.id,
    signedIn: viewer !== null,
    vote: canVoteForBest(viewer, facts, !!viewer?.answered) && !own && !viewer?.bestVoted,
    selectBest: viewer !== null && canChooseBest(viewer, facts, now),
    owner: canReactToAnswers(viewer, facts),
    canthStatus: a.canthStatus,
    canMark: canMark(viewer, a.author.id),
    marked: !!viewer?.markedAnswers.includes(a.id),
    totalmarks: a.totalmarks,
    // the author's edit control: his own answer while the rule allows editing it
    ...(canEditAnswer(viewer, { authorId: a.author.id, best: a.best, state: q.state })
      ? { edit: { text: editableText(a.text), source: editableText(a.source) } }
      : {}),
  };
  out.push(
    viewer ? <Island key="votes" name="answer-actions" of={AnswerActionsIsland} props={votes} when="idle" /> : <AnswerActionsIsland key="votes" {...votes} />,
  );
  if (viewer?.moder) {
    out.push(<ModerAnswerActions key="moder" qid={q.id} aid={a.id} author={{ id: a.author.id, banned: isBanned(a.author, now) }} moder={viewer.moder} />);
  }
  if (viewer && !own && !reportHidden(q)) out.push(<AbuseLink key="abuse" type="A" id={a.id} />);
  // the author deletes his own answer for a payment (not the best one; not in the special category)
  if (own && !a.best && !reportHidden(q)) {
    out.push(
      <CallButton
        key="paid-del"
        call="mhideans"
        back={`/question/${q.id}`}
        fields={{ aid: a.id }}
        label={`Удалить ответ — ${SERVICE_PRICES.hideans} ₽`}
        testId="mhideans"
      />,
    );
  }
  if (canGiftBestAuthor(viewer, facts, a)) {
    out.push(
      <a key="gift" className="btn btn-small" href={`/profile/id${a.author.id}/gifts`} data-testid="gift-best-author">
        Подарить подарок автору
      </a>,
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
  if (!viewer) return null;
  return (
    <div className="actions">
      <Island name="question-actions" of={QuestionActionsIsland} props={questionVotes(q, viewer)} />
      {canDeleteQuestion(viewer, questionFacts(q)) ? <CallButton call="delqst" back="/" fields={{ qid: q.id }} label="Удалить вопрос" /> : null}
      {!viewer.isOwner && !reportHidden(q) ? <AbuseLink type="Q" id={q.id} /> : null}
      {viewer.isOwner && !reportHidden(q) ? <PaidQuestionButtons q={q} /> : null}
      {viewer.moder ? <ModerQuestionPanel qid={q.id} moder={viewer.moder} /> : null}
    </div>
  );
}

/** The props of the question's watch, mark and vote-against island. */
function questionVotes(q: QuestionView, viewer: Viewer): QuestionActionsProps {
  return {
    qid: q.id,
    signedIn: true,
    watching: viewer.watching,
    canMark: canMark(viewer, q.author.id),
    marked: viewer.markedQuestion,
    totalmarks: q.totalmarks,
    voteAgainst: canVoteForBest(viewer, questionFacts(q), viewer.answered) && !viewer.bestVoted,
    onVoting: q.state === "V",
  };
}

/** The author's paid services on his question: make it a leader (open or on voting) and hide it. */
function PaidQuestionButtons({ q }: { q: QuestionView }) {
  const back = `/question/${q.id}`;
  return (
    <>
      {q.state === "A" || q.state === "V" ? (
        <CallButton call="mleadqst" back={back} fields={{ qid: q.id }} label={`Сделать лидером — ${SERVICE_PRICES.leadqst} ₽`} testId="mleadqst" />
      ) : null}
      <CallButton call="mhideqst" back={back} fields={{ qid: q.id }} label={`Скрыть вопрос — ${SERVICE_PRICES.hideqst} ₽`} testId="mhideqst" />
    </>
  );
}
