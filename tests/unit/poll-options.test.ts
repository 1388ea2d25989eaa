import { describe, expect, it } from "vitest";
import { editOption, initialOptions, optionLabel, optionsFrom, optionTexts, type PollOption } from "../../app/islands/lib/poll-options";

const texts = (list: PollOption[]) => list.map((o) => o.text);
const labels = (list: PollOption[]) => list.map((_, i) => optionLabel(i));

/** Types into the last option, one after another, n times. */
function fillLast(list: PollOption[], n: number): PollOption[] {
  for (let i = 0; i < n; i++) list = editOption(list, list.length - 1, `вариант ${list.length}`);
  return list;
}

describe("the poll-option editor", () => {
  it("starts with three empty options: Первый, Второй, Третий вариант", () => {
    const list = initialOptions();
    expect(texts(list)).toEqual(["", "", ""]);
    expect(labels(list)).toEqual(["Первый вариант", "Второй вариант", "Третий вариант"]);
  });

  it("filling the first two adds nothing; filling the third adds a fourth, labelled «4 вариант»", () => {
    let list = editOption(initialOptions(), 0, "Чай");
    list = editOption(list, 1, "Кофе");
    expect(list).toHaveLength(3);
    list = editOption(list, 2, "Какао");
    expect(texts(list)).toEqual(["Чай", "Кофе", "Какао", ""]);
    expect(optionLabel(3)).toBe("4 вариант");
  });

  it("grows one at a time up to 16 and never beyond", () => {
    let list = fillLast(editOption(editOption(initialOptions(), 0, "a"), 1, "b"), 13);
    expect(list).toHaveLength(16);
    expect(list[15].text).toBe("");
    list = editOption(list, 15, "последний");
    expect(list).toHaveLength(16);
    expect(list.every((o) => o.text !== "")).toBe(true);
    expect(optionLabel(15)).toBe("16 вариант");
  });

  it("clearing an option beyond the second removes it, and the later ones move up", () => {
    let list = optionsFrom(["a", "b", "c", "d"]);
    expect(texts(list)).toEqual(["a", "b", "c", "d", ""]);
    list = editOption(list, 2, "");
    expect(texts(list)).toEqual(["a", "b", "d", ""]);
  });

  it("clearing one of the first two only empties it", () => {
    let list = optionsFrom(["a", "b", "c"]);
    list = editOption(list, 0, "");
    expect(texts(list)).toEqual(["", "b", "c", ""]);
    list = editOption(list, 1, "   ");
    expect(texts(list)).toEqual(["", "   ", "c", ""]);
  });

  it("never shows fewer than three: clearing the only filled third leaves three", () => {
    let list = optionsFrom(["a", "b", "c"]);
    list = editOption(list, 2, "");
    expect(texts(list)).toEqual(["a", "b", ""]);
  });

  it("clearing one of 16 filled options brings back an empty last option", () => {
    let list = editOption(fillLast(editOption(editOption(initialOptions(), 0, "a"), 1, "b"), 13), 15, "p");
    list = editOption(list, 5, "");
    expect(list).toHaveLength(16);
    expect(list[15].text).toBe("");
    expect(list.slice(0, 15).every((o) => o.text !== "")).toBe(true);
  });

  it("keeps each option's key through removals, and new options get fresh keys", () => {
    let list = optionsFrom(["a", "b", "c", "d"]);
    const keyOfD = list[3].key;
    list = editOption(list, 2, "");
    expect(list[2].key).toBe(keyOfD);
    expect(new Set(list.map((o) => o.key)).size).toBe(list.length);
  });

  it("sends only the non-empty options, trimmed", () => {
    expect(optionTexts(optionsFrom([" a ", "", "c"]))).toEqual(["a", "c"]);
  });
});
