/**
 * The volunteer moderator's plain HTML controls on the question page (docs/decisions/0015-moderation.md):
 * forms posting to /do/a_… with return= the page. Shown only for held permissions (the server
 * checks them again); the page's viewer (app/models/viewer.server.ts) carries them as `moder`.
 */
import { DeletedAnswerIcon } from "./deleted-icon";
import type { ModerOnQuestion } from "../models/moderation/on-page.server";
import type { DeletedQuestionFacts } from "../lib/views";
import { plainText } from "../lib/seo";
import { cut } from "../lib/limits";
import { CallButton, CallForm } from "./forms";
import { usePageFacts } from "./page-facts";

/** The moderator abilities of the page being rendered (none outside a server render). */
export function usePageModer(): { moder: ModerOnQuestion | null; path: string } {
  const facts = usePageFacts();
  return { moder: facts?.moder ?? null, path: facts?.path ?? "/" };
}

/** The question's moderation block: drop, move (category, then subcategory where there are some) and the answers a moderator dropped with 'Восстановить'. */
export function ModerQuestionPanel({ qid, moder }: { qid: number; moder: ModerOnQuestion }) {
  const back = `/question/${qid}`;
  if (!moder.qstdrop && !moder.qstmove && moder.dropped.length === 0) return null;
  return (
    <div className="moder-panel" data-testid="moder-panel">
      {moder.qstdrop ? <CallButton call="a_qstdrop" back={back} fields={{ id: qid }} label="Удалить вопрос (модератор)" testId="moder-qstdrop" /> : null}
      {moder.qstmove && moder.moveTo.length > 0 ? (
        <CallForm call="a_qstmove" back={back} fields={{ id: qid }} testId="moder-qstmove">
          <label>
            Перенести в{" "}
            <select name="cid" required defaultValue="">
              <option value="" disabled>
                Выберите категорию
              </option>
              {moder.moveTo.map((c) =>
                c.children.length === 0 ? (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ) : (
                  <optgroup key={c.id} label={c.name}>
                    {c.children.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.name}
                      </option>
                    ))}
                  </optgroup>
                ),
              )}
            </select>
          </label>{" "}
          <button className="btn btn-small" type="submit">
            Перенести
          </button>
        </CallForm>
      ) : null}
      {moder.dropped.length > 0 ? (
        <div className="moder-dropped" data-testid="moder-dropped">
          <p className="muted">Ответы, удалённые модераторами (видны только модераторам):</p>
          <ul>
            {moder.dropped.map((d) => (
              <li key={d.id} data-dropped-answer={d.id}>
                <DeletedAnswerIcon /> <a href={`/profile/id${d.author.id}`}>{d.author.nick}</a>: <span className="muted">{cut(plainText(d.text), 120)}</span>{" "}
                <CallButton call="a_ansrestore" back={`${back}#answer-${d.id}`} fields={{ id: d.id }} label="Восстановить" testId="moder-ansrestore" />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** On one answer: drop it (not the best answer in category 601: no links there at all) and a link to ban its author. */
export function ModerAnswerActions({ qid, aid, author, moder }: { qid: number; aid: number; author: { id: number; banned: boolean }; moder: ModerOnQuestion }) {
  return (
    <>
      {moder.ansdrop ? <CallButton call="a_ansdrop" back={`/question/${qid}`} fields={{ id: aid }} label="Удалить ответ" testId="moder-ansdrop" /> : null}
      {moder.tmpban && !author.banned ? (
        <a className="btn btn-small" href={`/moderlog/ban/${author.id}`} data-testid="moder-ban">
          Заблокировать автора
        </a>
      ) : null}
    </>
  );
}

/** On one comment of the page: drop it (no Undo is offered for comments). */
export function ModerCommentDrop({ cmid }: { cmid: number }) {
  const { moder, path } = usePageModer();
  if (!moder?.cmtdrop) return null;
  return <CallButton call="a_cmtdrop" back={`${path}#cmt-${cmid}`} fields={{ id: cmid }} label="Удалить" testId="moder-cmtdrop" />;
}

/**
 * On the deleted-question view (errid 181), for a moderator: the question, its author's data and,
 * when a moderator deleted it and he holds qstrestore, the restore control. The page's loader puts
 * `viewer.moder` (moderOnDeletedQuestion) and the question's facts in a moderator's data only.
 */
export function ModerDeletedQuestion({ question }: { question: DeletedQuestionFacts }) {
  const { moder } = usePageModer();
  if (!moder) return null;
  return (
    <div className="moder-panel" data-testid="moder-deleted">
      <p>
        <strong>{question.qtext}</strong>
      </p>
      <p className="muted">
        Автор: <a href={`/profile/id${question.author.id}`}>{question.author.nick}</a> (id {question.author.id}, {question.author.points} баллов) ·{" "}
        {question.deletedBy === "moder" ? "удалён модератором" : question.deletedBy === "author" ? "удалён автором" : "удалён автоматически"}
      </p>
      {moder.qstrestore && question.deletedBy === "moder" ? (
        <CallButton call="a_qstrestore" back={`/question/${question.id}`} fields={{ id: question.id }} label="Восстановить" testId="moder-qstrestore" />
      ) : null}
    </div>
  );
}

/** The profile's links for a moderator: 'ban' (tmpban, a user not banned), his own log, and with usrkiller the dossier and the address blocks. */
export function ModerProfileLinks({ uid, banned }: { uid: number; banned: boolean }) {
  const { moder } = usePageModer();
  if (!moder) return null;
  return (
    <p className="actions" data-testid="moder-profile-links">
      {moder.tmpban && !banned && uid !== moder.moderId ? (
        <a className="btn btn-small" href={`/moderlog/ban/${uid}`}>
          Заблокировать
        </a>
      ) : null}{" "}
      <a className="btn btn-small" href={`/moderlog/id${moder.moderId}`}>
        Моя модерация
      </a>
      {moder.usrkiller ? (
        <>
          {" "}
          <a className="btn btn-small" href={`/admin/usrview/${uid}`} data-testid="moder-dossier">
            Досье
          </a>{" "}
          <a className="btn btn-small" href="/moderlog/ipblocks" data-testid="moder-ipblocks">
            Блокировки адресов
          </a>
        </>
      ) : null}
    </p>
  );
}
