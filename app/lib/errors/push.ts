import { ERR } from "../errids";
/** Refusals of the Web Push calls (pushsubscribe, pushunsubscribe): errids 630–639; of the mail's unsubscribe link: 640–649. */
export const PUSH_ERRORS = {
  [ERR.pushNotConfigured]: { status: 503, text: "Push-уведомления на этом сайте не настроены" },
  [ERR.pushEndpointInvalid]: { status: 400, text: "Браузер дал адрес подписки, которому сайт не отправляет уведомления" },
  [ERR.pushKeysInvalid]: { status: 400, text: "Браузер дал неправильные ключи подписки на уведомления" },
  [ERR.pushDeviceMissing]: { status: 404, text: "Такого устройства среди ваших нет" },
  [ERR.unsubscribeLinkInvalid]: { status: 404, text: "Ссылка для отписки неверна: откройте её из письма целиком или отключите письма в настройках" },
} as const satisfies Record<number, { status: number; text: string }>;
