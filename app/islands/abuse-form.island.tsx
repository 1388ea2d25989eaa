import { useRef, useState } from "react";
import { CallForm } from "../components/forms";
import { ABUSE_TEXT_MAX, REASON_TITLES, type AbuseReason, type AbuseTarget } from "../lib/abuse";
import { call } from "./lib/call";
import { showPopup } from "./lib/dialogs";

const FIELD: Record<AbuseTarget, string> = { Q: "qid", A: "aid", C: "cid" };

/**
 * The abuse report form: one reason, or text (typing ticks 'other'). Without
 * JavaScript it posts to the form door; hydrated it sends `abuse` itself: on success the thanks
 * pop-up, on a failure without an errid 'Сообщение не отправлено' with 'Повторить', and with an
 * errid the page reloads (it then says why, e.g. 'already reported').
 */
export default function AbuseFormIsland({ type, id }: { type: AbuseTarget; id: number }) {
  const text = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState<AbuseReason | "">("");
  const [sent, setSent] = useState(false);

  async function send() {
    const r = await call("abuse", { [FIELD[type]]: id, report: reason, text: text.current?.value ?? "" }, { quiet: true });
    if (r.ok) {
      setSent(true);
      showPopup("Спасибо!", "Ваше сообщение отправлено модераторам");
    } else if (r.data?.errid !== undefined) {
      location.reload();
    } else {
      showPopup("Сообщение не отправлено", "Попробуйте повторить через минуту", [{ label: "Повторить", onClick: () => void send() }]);
    }
  }

  if (sent) {
    return (
      <p role="status" data-testid="abuse-sent">
        Спасибо! Ваше сообщение отправлено модераторам
      </p>
    );
  }
  return (
    <CallForm call="abuse" back={`/abuse/${type}/${id}`} fields={{ [FIELD[type]]: id }} className="abuse-form" testId="abuse-form">
      <fieldset>
        <legend>Причина</legend>
        {(Object.keys(REASON_TITLES) as AbuseReason[]).map((r) => (
          <label key={r} className="abuse-reason">
            <input type="radio" name="report" value={r} checked={reason === r} onChange={() => setReason(r)} /> {REASON_TITLES[r]}
          </label>
        ))}
      </fieldset>
      <label>
        Комментарий (для «Другое» — обязательно)
        <textarea ref={text} name="text" rows={3} maxLength={ABUSE_TEXT_MAX} onChange={(e) => e.target.value.trim() && setReason("other")} />
      </label>
      <button
        className="btn btn-ask"
        type="submit"
        onClick={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        Отправить
      </button>
    </CallForm>
  );
}
