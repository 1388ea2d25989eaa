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
import { Island } from "../islands/island";

/** A device the user gets Web Push on, as the settings list it. */
export type PushDevice = { id: number; device: string; added: number };

const ADDED_ON = new Intl.DateTimeFormat("ru-RU", { day: "numeric", month: "long", year: "numeric" });
const addedOn = (ms: number) => ADDED_ON.format(new Date(ms));

/** The button's markup (the push-toggle island takes it over): disabled until the island finds the browser can push. */
function PushToggle() {
  return (
    <div className="push-toggle">
      <button type="button" className="btn" data-push-on="" disabled>
        Включить push-уведомления на этом устройстве
      </button>
      <p className="muted" role="status" data-push-status="">
        Для push-уведомлений нужен браузер с включённым JavaScript.
      </p>
    </div>
  );
}

/**
 * Web Push on this user's devices: the button that turns it on in this browser (the browser asks
 * its permission only after the click), and his devices, each with a plain form that removes it.
 */
function PushDevices({ devices, vapidKey, back }: { devices: PushDevice[]; vapidKey: string | null; back: string }) {
  return (
    <section className="card" id="push" aria-labelledby="push-title">
      <h2 id="push-title">Push-уведомления на устройствах</h2>
      {vapidKey ? (
        <>
          <p>Уведомления приходят на устройство, когда сайт закрыт: о тех событиях, что отмечены в колонке «Push».</p>
          <Island name="push-toggle" of={PushToggle} props={{ vapidKey }} when="idle" />
        </>
      ) : (
        <p className="muted">Push-уведомления на этом сайте не настроены.</p>
      )}
      <h3>Мои устройства</h3>
      {devices.length === 0 ? (
        <p className="muted">На этом сайте push-уведомления пока не включены ни на одном вашем устройстве.</p>
      ) : (
        <ul className="push-devices" data-testid="push-devices">
          {devices.map((d) => (
            <li key={d.id}>
              <span>
                {d.device}, с {addedOn(d.added)}
              </span>
              <CallForm call="pushunsubscribe" back={back} className="inline-form">
                <input type="hidden" name="id" value={d.id} />
                <button type="submit" className="link-btn" aria-label={`Удалить устройство: ${d.device}`}>
                  Удалить
                </button>
              </CallForm>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

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
export function SettingsPage({
  settings,
  back,
  saved,
  devices,
  vapidKey,
}: {
  settings: NotifySettings;
  back: string;
  saved: boolean;
  devices: PushDevice[];
  vapidKey: string | null;
}) {
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
          <p className="muted">Письма пока не отправляются: работают уведомления на сайте и push-уведомления.</p>
          <button className="btn btn-ask" type="submit">
            Сохранить
          </button>
        </CallForm>
      </div>
      <PushDevices devices={devices} vapidKey={vapidKey} back={back} />
    </main>
  );
}
