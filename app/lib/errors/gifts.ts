import { ERR } from "../errids";
/** Refusals of gifts (makegift, delgift, the gift lists) and of VIP status (mvip): errids 500–519. */
export const GIFT_ERRORS = {
  [ERR.giftUnknown]: { status: 404, text: "Такого подарка нет" },
  [ERR.giftPointsLevel]: { status: 403, text: "Оплата баллами открывается на уровне «Знаток» (250 баллов)" },
  [ERR.giftPointsShort]: { status: 403, text: "Недостаточно баллов для этого подарка" },
  [ERR.giftMoneyUnavailable]: { status: 400, text: "Оплата деньгами недоступна: подарок можно оплатить только баллами" },
  [ERR.giftMessageTooLong]: { status: 400, text: "Сообщение к подарку — не длиннее 200 символов" },
  [ERR.giftGone]: { status: 404, text: "Подарок не найден или уже удалён" },
  [ERR.giftBlacklisted]: { status: 403, text: "Пользователь добавил вас в чёрный список: подарок отправить нельзя" },
  [ERR.giftCategoryUnknown]: { status: 404, text: "Такого раздела подарков нет" },
  [ERR.giftPriceChanged]: { status: 409, text: "Цена подарка изменилась: обновите страницу и выберите подарок снова" },
  [ERR.cabhideNotVip]: { status: 403, text: "Скрыть свою активность может только VIP-участник" },
  [ERR.ownerOnlyList]: { status: 403, text: "Этот список виден только его владельцу" },
  [ERR.cabhideVipOwn]: { status: 403, text: "Активность VIP-участника скрывает и открывает только он сам" },
  [ERR.profileHidden]: { status: 403, text: "Личный кабинет скрыт" },
  [ERR.vipPeriodInvalid]: { status: 400, text: "VIP-статус подключается на 10 дней" },
  [ERR.vipPointsShort]: { status: 403, text: "Недостаточно баллов: VIP-статус на 10 дней стоит 500 баллов" },
  [ERR.vipPermanent]: { status: 409, text: "У пользователя бессрочный VIP-статус" },
} as const satisfies Record<number, { status: number; text: string }>;
