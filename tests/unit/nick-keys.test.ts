import { describe, expect, it } from "vitest";
import { cleanNick, isVisibleNick, nickKeys } from "../../app/models/users/nicks.server";

describe("a nick as it is stored", () => {
  it("loses invisible and bidi characters and keeps one space between words", () => {
    expect(cleanNick("\u202E Гуру\u200B\u00A0\u00A0Ирина\u2066\u00AD ")).toBe("Гуру Ирина");
    expect(cleanNick("Гуру\tИрина\n")).toBe("Гуру Ирина");
    expect(cleanNick("Ё\u0308ж")).toBe("Ё\u0308ж".normalize("NFC"));
  });

  it("of invisible characters or combining marks alone is no nick", () => {
    expect(cleanNick("\u200B\u200C\u200D\uFEFF\u3164\u2800")).toBe("");
    expect(isVisibleNick(cleanNick("\u0301\u0301"))).toBe(false);
    expect(isVisibleNick("!!")).toBe(true);
  });
});

describe("the key of a nick as it looks", () => {
  it("is the same for look-alikes: case, Latin, Greek and fullwidth letters, digits for letters, ё, accents, spaces, invisible characters", async () => {
    const { key } = await nickKeys();
    const staff = key("Модератор Олег");
    for (const alike of [
      "МОДЕРАТОР ОЛЕГ",
      "Модератoр Олег",
      "Mодератор Οлег",
      "М0дератор Олег",
      "Ｍодератор Олег",
      "Модератор\u200BОлег",
      "Мо\u0301дератор  Олег",
      "Модератор-Олег",
    ]) {
      expect(key(alike), alike).toBe(staff);
    }
    expect(key("Алёна")).toBe(key("Алена"));
  });

  it("tells apart nicks that look different", async () => {
    const { key } = await nickKeys();
    expect(key("Маша")).not.toBe(key("Миша"));
    expect(key("Гуру Ирина")).not.toBe(key("Гуру Марина"));
    expect(key("!!")).toBe("");
  });

  it("finds the staff's words and their look-alikes, but not a word that only holds «админ»", async () => {
    const { key, hasStaffWord } = await nickKeys();
    for (const nick of ["Техподдержка", "АдминистрацияСайта", "мoдeрaтoр", "Админ", "admin42", "M0DERATOR"]) expect(hasStaffWord(key(nick)), nick).toBe(true);
    for (const nick of ["Бадминтонист", "Модный Олег", "Модерн"]) expect(hasStaffWord(key(nick)), nick).toBe(false);
  });
});
