/** A user's notification settings: which kinds reach him on which channel (stored in users.notify_settings). */
import { ERR_MSG } from "../../lib/errids";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import {
  onField,
  CHANNELS,
  DEFAULT_SETTINGS,
  fromWire,
  parseStored,
  SETTING_KEYS,
  toWire,
  type NotifySettings,
  type SettingKey,
} from "../../lib/notify-settings";
import { dbOf, schema } from "../core/db.server";
import { last } from "../../lib/fields";
import { jsonOrEmpty } from "./create.server";
import { requireUser, type Session } from "../users/session.server";
import { devicesOf } from "./push-devices.server";
import { pushConfig } from "./web-push-queue.server";

// --------------------------------------------------------------------------------- settings

/** The user's settings as stored, defaults all on. */
export async function readSettings(env: Env, userId: number): Promise<NotifySettings> {
  const row = await dbOf(env).select({ s: schema.users.notifySettings }).from(schema.users).where(eq(schema.users.id, userId)).get();
  return row ? parseStored(row.s) : { ...DEFAULT_SETTINGS };
}

/** What the /settings page shows: the stored settings, his Web Push devices, and the site's VAPID key (null: push is off). */
export async function settingsPageData(env: Env, userId: number) {
  const [settings, devices] = await Promise.all([readSettings(env, userId), devicesOf(env, userId)]);
  return { settings, devices, vapidKey: pushConfig(env)?.publicKey ?? null };
}

/** showsettings: the settings in the wire form (channels inverted: 1 = off). */
export async function showSettings(env: Env, session: Session | null) {
  const user = requireUser(session);
  return { settings: toWire(await readSettings(env, user.id)) };
}

/** A wire flag: 0 or 1 ("0"/"1", true/false, a checkbox's "on"; the last of a repeated field). */
const wireFlag = z.preprocess((v) => {
  const x = last(v);
  if (x === undefined || x === null || x === "") return undefined;
  if (x === true || x === "on") return 1;
  if (x === false) return 0;
  return x;
}, z.coerce
  .number(ERR_MSG.settingValueInvalid)
  .int(ERR_MSG.settingValueInvalid)
  .min(0, ERR_MSG.settingValueInvalid)
  .max(1, ERR_MSG.settingValueInvalid)
  .optional());

/**
 * savesettings: mail, push, web, sound (inverted flags: 1 = off) and the per-type
 * flags AQ_P … PV_W and NEW (1 = on). The /settings form sends its channels as push_on, mail_on,
 * web_on and sound_on instead (1 = on), so that a ticked box means on there too; they win over the
 * inverted ones. A field left out keeps its stored value.
 */
export const SaveSettingsInput = z.object(
  Object.fromEntries([...SETTING_KEYS, ...CHANNELS.map(onField)].map((k) => [k, wireFlag])) as Record<SettingKey | ReturnType<typeof onField>, typeof wireFlag>,
);

/**
 * Merges the given flags into users.notify_settings in one statement (json_patch), stored 1 = on;
 * «Уведомления на сайте» (web) is also the user's `notify` flag, which shows the bell.
 */
export async function saveSettings(env: Env, session: Session | null, input: z.infer<typeof SaveSettingsInput>) {
  const user = requireUser(session);
  const patch: Partial<Record<SettingKey, 0 | 1>> = {};
  for (const k of SETTING_KEYS) {
    const v = input[k];
    if (v === 0 || v === 1) patch[k] = fromWire(k, v);
  }
  for (const c of CHANNELS) {
    const v = input[onField(c)];
    if (v === 0 || v === 1) patch[c] = v;
  }
  const row = await dbOf(env)
    .update(schema.users)
    .set({
      notifySettings: sql`json_patch(${jsonOrEmpty(schema.users.notifySettings)}, ${JSON.stringify(patch)})`,
      ...(patch.web === undefined ? {} : { notify: patch.web }),
    })
    .where(eq(schema.users.id, user.id))
    .returning({ s: schema.users.notifySettings })
    .get();
  return { settings: toWire(parseStored(row?.s)) };
}
