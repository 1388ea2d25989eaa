import {
  CHANNEL_LABELS,
  CHANNELS,
  FLAG_CHANNEL_LABELS,
  FLAG_CHANNELS,
  FLAG_TYPE_LABELS,
  FLAG_TYPES,
  NEWS_LABEL,
  onField,
  type NotifySettings,
} from "../lib/notify-settings";
import { CallForm } from "./forms";

/**
 * A checkbox that always sends its field: a hidden input with 0 comes first and the checkbox's 1,
 * when ticked, comes last (the call takes the last of a repeated field). A ticked box is on and
 * sends 1, as stored: the channels go as `{channel}_on`, not as the API's inverted flags.
 */
function Flag({ name, checked, label, testId }: { name: string; checked: boolean; label: string; testId: string }) {
  return (
    <>
      <input type="hidden" name={name} value="0" />
      <label className="check">
        <input type="checkbox" name={name} value="1" defaultChecked={checked} data-testid={testId} /> {label}
      </label>
    </>
  );
}

/**
 * The notification settings form (/settings): the channels, a table of the per-type flags by
 * channel and the project news. A plain form to /do/savesettings; works with JavaScript off.
 * `settings` are the stored values (1 = on).
 */
export function SettingsPage({ settings, back, saved }: { settings: NotifySettings; back: string; saved: boolean }) {
  return (
    <main className="page">
      <div className="card">
        <h1>Настройки уведомлений</h1>
        {saved ? (
          <p className="form-ok" role="status" data-testid="settings-saved">
            Настройки сохранены
          </p>
        ) : null}
        <CallForm call="savesettings" back={`${back}?saved=1`} className="settings-form" testId="settings-form">
          <fieldset>
            <legend>Каналы</legend>
            {CHANNELS.map((c) => (
              <Flag key={c} name={onField(c)} checked={settings[c] === 1} label={CHANNEL_LABELS[c]} testId={`flag-${c}`} />
            ))}
          </fieldset>
          <fieldset>
            <legend>О чём сообщать</legend>
            <table className="settings-table">
              <thead>
                <tr>
                  <th scope="col">Событие</th>
                  {FLAG_CHANNELS.map((ch) => (
                    <th key={ch} scope="col">
                      {FLAG_CHANNEL_LABELS[ch]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {FLAG_TYPES.map((t) => (
                  <tr key={t}>
                    <th scope="row">{FLAG_TYPE_LABELS[t]}</th>
                    {FLAG_CHANNELS.map((ch) => {
                      const key = `${t}_${ch}` as const;
                      return (
                        <td key={ch}>
                          <input type="hidden" name={key} value="0" />
                          <input
                            type="checkbox"
                            name={key}
                            value="1"
                            defaultChecked={settings[key] === 1}
                            aria-label={`${FLAG_TYPE_LABELS[t]}: ${FLAG_CHANNEL_LABELS[ch]}`}
                            data-testid={`flag-${key}`}
                          />
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
            <Flag name="NEW" checked={settings.NEW === 1} label={NEWS_LABEL} testId="flag-NEW" />
          </fieldset>
          <p className="muted">Push-уведомления и письма пока не отправляются: сейчас работают только уведомления на сайте.</p>
          <button className="btn btn-ask" type="submit">
            Сохранить
          </button>
        </CallForm>
      </div>
    </main>
  );
}
