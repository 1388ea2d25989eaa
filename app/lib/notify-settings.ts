/**
 * Notification settings: the channels push, mail, web and sound, the per-type
 * flags AQ (new answer on my question), LK (my question or answer liked), CO (new comment) and PV
 * (new vote in my poll), each for the channels P (push), M (mail) and W (web), and NEW (project
 * news). Shared by the server (savesettings, showsettings, the notification rules) and the
 * /settings page. See docs/decisions/0014-notifications.md.
 *
 * Two forms:
 * - stored (users.notify_settings, JSON): every key 1 = on, 0 = off; a missing key is on;
 * - on the wire (savesettings, showsettings, the /settings form): the API's inverted channel
 *   flags — push, mail, web, sound 1 = OFF — while the per-type flags and NEW stay 1 = on.
 */
export const CHANNELS = ["push", "mail", "web", "sound"] as const;
export type Channel = (typeof CHANNELS)[number];

export const FLAG_TYPES = ["AQ", "LK", "CO", "PV"] as const;
export type FlagType = (typeof FLAG_TYPES)[number];

export const FLAG_CHANNELS = ["P", "M", "W"] as const;
export type FlagChannel = (typeof FLAG_CHANNELS)[number];

/** A channel's field as the /settings form sends it (`web_on` …): 1 = on, as a ticked box reads. */
export const onField = (c: Channel) => `${c}_on` as const;

export type TypeFlag = `${FlagType}_${FlagChannel}`;
export const TYPE_FLAGS: readonly TypeFlag[] = FLAG_TYPES.flatMap((t) => FLAG_CHANNELS.map((c) => `${t}_${c}` as TypeFlag));

export type SettingKey = Channel | TypeFlag | "NEW";
export const SETTING_KEYS: readonly SettingKey[] = [...CHANNELS, ...TYPE_FLAGS, "NEW"];

/** Every setting, 1 = on (the stored meaning). */
export type NotifySettings = Record<SettingKey, 0 | 1>;

export const DEFAULT_SETTINGS: NotifySettings = Object.fromEntries(SETTING_KEYS.map((k) => [k, 1])) as NotifySettings;

const isChannel = (k: string): k is Channel => (CHANNELS as readonly string[]).includes(k);

/** The stored JSON (possibly partial or broken) as full settings, defaults all on. */
export function parseStored(json: string | null | undefined): NotifySettings {
  let raw: unknown = {};
  try {
    raw = JSON.parse(json || "{}");
  } catch {
    raw = {};
  }
  const obj = raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const out = { ...DEFAULT_SETTINGS };
  for (const k of SETTING_KEYS) if (obj[k] === 0 || obj[k] === 1) out[k] = obj[k];
  return out;
}

/** Settings as the wire shows them: channels inverted (1 = off), the rest as stored. */
export function toWire(s: NotifySettings): NotifySettings {
  const out = { ...s };
  for (const c of CHANNELS) out[c] = s[c] === 1 ? 0 : 1;
  return out;
}

/** A wire value of one key as its stored value (channels flip back). */
export function fromWire(key: SettingKey, value: 0 | 1): 0 | 1 {
  return isChannel(key) ? (value === 1 ? 0 : 1) : value;
}

export const CHANNEL_LABELS: Record<Channel, string> = {
  push: "Push-уведомления в браузере",
  mail: "Письма на почту",
  web: "Уведомления на сайте",
  sound: "Звук уведомлений",
};

export const FLAG_TYPE_LABELS: Record<FlagType, string> = {
  AQ: "Новый ответ на мой вопрос",
  LK: "Мой вопрос или ответ понравился",
  CO: "Новый комментарий",
  PV: "Новый голос в моём опросе",
};

export const FLAG_CHANNEL_LABELS: Record<FlagChannel, string> = {
  P: "Push",
  M: "Почта",
  W: "На сайте",
};

export const NEWS_LABEL = "Новости проекта";
