/**
 * The demo brand ТехноМир: its page, an expert (account 6) and an administrator (account 7), and
 * two private questions to it, one answered.
 */
import type { Accounts } from "./accounts";
import { DAY, HOUR, SHOWCASE } from "./demo";
import type { SeedTables } from "./tables";

export function seedBrand(T: SeedTables, { byId, touch }: Accounts, now: number) {
  T.brands.add(
    1,
    SHOWCASE.brandUrlname,
    "ТехноМир",
    "Ольга из ТехноМира",
    "Отвечаем на вопросы о технике и гаджетах",
    "https://tehnomir.example",
    1,
    0,
    2,
    1,
    50,
    now - 300 * DAY,
  );
  T.brandMembers.add(1, 6, "expert");
  T.brandMembers.add(1, 7, "admin");
  T.privateQuestions.add(1, 1, 1, "Можно ли заменить аккумулятор в ноутбуке по гарантии?", "Купила в вашем магазине полгода назад.", 0, now - 3 * DAY);
  T.privateAnswers.add(
    1,
    6,
    "Да, если аккумулятор держит меньше половины заявленной ёмкости. Принесите ноутбук в любой наш сервисный центр.",
    "",
    0,
    now - 2 * DAY,
  );
  T.privateQuestions.add(2, 1, 2, "Когда в продаже появятся новые модели наушников?", "", 1, now - 5 * HOUR);
  byId(1).direct++;
  byId(2).direct++;
  touch(byId(1), now - 3 * DAY);
  touch(byId(6), now - 2 * DAY);
  touch(byId(2), now - 5 * HOUR);
}
