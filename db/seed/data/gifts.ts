/**
 * The gift catalogue (docs/decisions/0018-gifts-and-vip.md): fixed ids, in
 * the order the catalogue lists them. `cost` '0' is a cheap gift (20 ₽ or 100 points), '1' an
 * expensive one (40 ₽ or 200 points); `cid` is the gift category, named in
 * app/models/gifts/gifts.server.ts (GIFT_CATEGORIES).
 */
export const GIFTS: readonly { id: number; title: string; cost: "0" | "1"; cid: number }[] = [
  { id: 1, title: "Букет ромашек", cost: "0", cid: 1 },
  { id: 2, title: "Алая роза", cost: "0", cid: 1 },
  { id: 3, title: "Корзина тюльпанов", cost: "1", cid: 1 },
  { id: 4, title: "Чашка кофе", cost: "0", cid: 2 },
  { id: 5, title: "Шоколадный торт", cost: "1", cid: 2 },
  { id: 6, title: "Коробка конфет", cost: "0", cid: 2 },
  { id: 7, title: "Мандарины", cost: "0", cid: 2 },
  { id: 8, title: "Плюшевый мишка", cost: "1", cid: 3 },
  { id: 9, title: "Рыжий котёнок", cost: "0", cid: 3 },
  { id: 10, title: "Воздушные шары", cost: "0", cid: 4 },
  { id: 11, title: "Новогодняя ёлка", cost: "1", cid: 4 },
  { id: 12, title: "Валентинка", cost: "0", cid: 4 },
  { id: 13, title: "Золотой кубок", cost: "1", cid: 5 },
  { id: 14, title: "Медаль «Лучший ответ»", cost: "1", cid: 5 },
  { id: 15, title: "Сова-мудрец", cost: "0", cid: 5 },
];
