/**
 * Volunteer moderation, the pure part (docs/decisions/0015-moderation.md):
 * who is a moderator, which permission each action needs, the ban reasons and periods.
 */

/** The permissions a moderator may hold (users.permissions, a JSON list). */
export const MODER_PERMISSIONS = ["qstdrop", "qstrestore", "qstmove", "ansdrop", "ansrestore", "cmtdrop", "tmpban", "usrkiller"] as const;
export type ModerPermission = (typeof MODER_PERMISSIONS)[number];

/** The category where nothing is moderated (no links, and the calls refuse). */
export const UNMODERATED_CATEGORY = 601;

/** A volunteer moderator: type 'volonter' with a non-empty permission list. */
export function isModerator(user: { type: string; permissions: readonly string[] } | null | undefined): boolean {
  return !!user && user.type === "volonter" && user.permissions.length > 0;
}

/** The stored JSON list of a users row (permissions, volcats), or [] when it is not a list. */
export function parseJsonList<T = unknown>(raw: string | null | undefined): T[] {
  try {
    const v = JSON.parse(raw ?? "[]");
    return Array.isArray(v) ? (v as T[]) : [];
  } catch {
    return [];
  }
}

/** The moderation actions and the permission each needs; comment restore needs cmtdrop (no own permission). */
export const ACTION_PERMISSION = {
  qstdrop: "qstdrop",
  qstrestore: "qstrestore",
  qstmove: "qstmove",
  ansdrop: "ansdrop",
  ansrestore: "ansrestore",
  cmtdrop: "cmtdrop",
  cmtrestore: "cmtdrop",
  tmpban: "tmpban",
  /** blocking an address reaches everyone behind it: the permission of the heaviest sanctions */
  ipblock: "usrkiller",
} as const satisfies Record<string, ModerPermission>;
export type ModerAction = keyof typeof ACTION_PERMISSION;

/** The ban periods in hours. */
export const BAN_PERIODS = [3, 6, 12, 24, 72, 168, 720, 8640, 43200] as const;

/** A ban of this many hours or more is forever ('above 777' and '777 or more' both read as this). */
export const PERMANENT_BAN_HOURS = 777;

export function isPermanentBan(hours: number): boolean {
  return hours >= PERMANENT_BAN_HOURS;
}

/**
 * The periods a moderator is offered: up to his own banduration; the permanent ones (777 hours and
 * more) only with the usrkiller permission as well.
 */
export function banPeriodsFor(moder: { banduration: number; permissions: readonly string[] }): number[] {
  const killer = moder.permissions.includes("usrkiller");
  return BAN_PERIODS.filter((h) => h <= moder.banduration && (killer || !isPermanentBan(h)));
}

/** The 13 ban reasons: the wire key and the Russian title. */
export const BAN_REASONS = [
  { key: "mat", title: "Нецензурная лексика" },
  { key: "insult", title: "Оскорбление участников" },
  { key: "spam", title: "Реклама или спам" },
  { key: "chat", title: "Болтовня (чат)" },
  { key: "notqa", title: "Публикации, не являющиеся вопросом или ответом" },
  { key: "hatred", title: "Разжигание межнациональной розни" },
  { key: "law", title: "Нарушение законодательства" },
  { key: "rules", title: "Нарушение правил проекта" },
  { key: "modinsult", title: "Оскорбление модераторов" },
  { key: "sites", title: "Продвижение сторонних сайтов" },
  { key: "copy", title: "Копирование чужих текстов" },
  { key: "multi", title: "Мультиаккаунты" },
  { key: "porn", title: "Порнография" },
] as const;

const REASON_BY = new Map<string, string>(BAN_REASONS.flatMap((r) => [[r.key, r.title] as const, [r.title.toLowerCase(), r.title] as const]));

/** The reason title a field value names (its key or its title), or null. */
export function banReasonTitle(value: string): string | null {
  return REASON_BY.get(value.trim().toLowerCase()) ?? REASON_BY.get(value.trim()) ?? null;
}

const hoursFmt = new Intl.NumberFormat("ru", { style: "unit", unit: "hour", unitDisplay: "long" });

/** How a period reads in the ban form and the log: '72 часа', 'навсегда (43 200 часов)'. */
export function banPeriodText(hours: number): string {
  return isPermanentBan(hours) ? `навсегда (${hoursFmt.format(hours)})` : hoursFmt.format(hours);
}

/** The moderation log tabs (/moderlog/id{id}[/{tab}]) and the actions each lists. */
export const MODERLOG_TABS = {
  questions: ["qstdrop", "qstrestore"],
  answers: ["ansdrop", "ansrestore"],
  banned: ["tmpban"],
  notes: ["cmtdrop", "cmtrestore"],
  moved: ["qstmove"],
} as const;
export type ModerlogTab = keyof typeof MODERLOG_TABS;
export const MODERLOG_TAB_ORDER: ModerlogTab[] = ["questions", "answers", "banned", "notes", "moved"];
export const MODERLOG_TAB_TITLES: Record<ModerlogTab, string> = {
  questions: "Вопросы",
  answers: "Ответы",
  banned: "Заблокированные",
  notes: "Комментарии",
  moved: "Перенесённые",
};

export function isModerlogTab(s: string): s is ModerlogTab {
  return Object.hasOwn(MODERLOG_TABS, s);
}
