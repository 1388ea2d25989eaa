import { useEffect, useState } from "react";
import { CallForm } from "../components/forms";
import { BAN_REASONS, banPeriodText } from "../lib/moderation";

/**
 * The temporary-ban dialog: the 13 reasons and the periods up to the
 * moderator's own banduration; the button stays disabled until a reason and a period are chosen.
 * Without JavaScript both are `required`, so the browser does not send the form before; the server
 * checks the same again. It posts to the form door (a_tmpban), which returns to the profile.
 */
export default function BanForm({ user, periods }: { user: { id: number; nick: string }; periods: number[] }) {
  const [reasons, setReasons] = useState(0);
  const [period, setPeriod] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  // the server's render keeps the button enabled (the `required` fields guard it without JS)
  useEffect(() => setHydrated(true), []);
  return (
    <CallForm call="a_tmpban" back={`/profile/id${user.id}`} fields={{ id: user.id }} className="ban-form" testId="ban-form">
      <label>
        Причина блокировки (можно несколько)
        <select name="text" multiple required size={BAN_REASONS.length} onChange={(e) => setReasons(e.target.selectedOptions.length)}>
          {BAN_REASONS.map((r) => (
            <option key={r.key} value={r.key}>
              {r.title}
            </option>
          ))}
        </select>
      </label>
      <fieldset>
        <legend>Срок</legend>
        {periods.map((h) => (
          <label key={h} className="poll-choice">
            <input type="radio" name="period" required value={h} onChange={() => setPeriod(true)} /> {banPeriodText(h)}
          </label>
        ))}
      </fieldset>
      <button className="btn" type="submit" disabled={hydrated && (reasons === 0 || !period)}>
        Заблокировать
      </button>
    </CallForm>
  );
}
