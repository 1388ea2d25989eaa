import { describe, expect, it } from "vitest";
import { page, post, postForm } from "./helpers/api";
import { exec, fingerprint, one, openQuestions } from "./helpers/db";
import { newUser } from "./helpers/users";

/** Everything an edit may write. */
const answersSnapshot = () => fingerprint({ texts: "select group_concat(id || ':' || text || ':' || source || ':' || coalesce(edited_at, '-')) from answers" });

/** A fresh open question answered by a fresh user: his answer's id. */
async function answered(body = "Первый вариант ответа") {
  const author = await newUser("Автор ответа");
  const [qid] = await openQuestions(author.id, [`Вопрос для правки ${author.serial}`]);
  const { json } = await post("addans", { qid, Body: body, source: "" }, author);
  expect(json.status).toBe(200);
  return { author, qid, aid: json.id as number };
}

describe("editing one's answer", () => {
  it("the author edits his answer of an open question and the question page says it was edited", async () => {
    const { author, qid, aid } = await answered();
    const { json } = await post("editans", { qid, update: aid, Body: "Исправленный вариант ответа", source: "Справочник" }, author);
    expect(json).toEqual({ status: 200, id: aid });
    const guest = await page(`/question/${qid}`);
    expect(guest.html).toContain("Исправленный вариант ответа");
    expect(guest.html).toMatch(/data-testid="answer-edited"[^>]*>[^<]*изменён/);
  });

  it("an answer cannot be edited once the question is resolved or the answer is the best: 182, nothing written", async () => {
    const { author, qid, aid } = await answered();
    await exec("update questions set state = 'R', best_answer_id = ? where id = ?", aid, qid);
    await exec("update answers set best = 1 where id = ?", aid);
    const other = await answered();
    await exec("update questions set state = 'V' where id = ?", other.qid);
    const before = await answersSnapshot();

    const best = await post("editans", { qid, update: aid, Body: "Правка лучшего ответа" }, author);
    expect(best.json).toMatchObject({ status: 409, errid: 182 });
    expect(best.json.error).toMatch(/редактировать/i);
    const voting = await post("editans", { qid: other.qid, update: other.aid, Body: "Правка на голосовании" }, other.author);
    expect(voting.json).toMatchObject({ status: 409, errid: 182 });
    expect(await answersSnapshot()).toEqual(before);
  });

  it("the author is offered the edit control on his answer and nobody else is", async () => {
    const { author, qid, aid } = await answered();
    const own = await page(`/question/${qid}`, author);
    expect(own.html).toContain(`href="/answer/${aid}/edit"`);
    const stranger = await newUser("Прохожий");
    expect((await page(`/question/${qid}`, stranger)).html).not.toContain(`/answer/${aid}/edit`);
    expect((await page(`/question/${qid}`)).html).not.toContain(`/answer/${aid}/edit`);
  });

  it("without JavaScript the author edits on the edit page through the form door; a stranger gets no form", async () => {
    const { author, qid, aid } = await answered("Текст со ссылкой https://example.com/page и <b>жирным</b>");
    const edit = await page(`/answer/${aid}/edit`, author);
    expect(edit.status).toBe(200);
    expect(edit.html).toContain(`action="/do/editans?return=`);
    // the text as the author wrote it: the link as he typed it, not the stored redirect
    expect(edit.html).toContain("Текст со ссылкой https://example.com/page и &lt;b&gt;жирным&lt;/b&gt;");
    const { res } = await postForm("editans", { qid, update: aid, Body: "Правка без скриптов", source: "" }, `/question/${qid}#answer-${aid}`, author);
    expect(res.status).toBe(302);
    expect(await one("select text, edited_at is not null edited from answers where id = ?", aid)).toEqual({ text: "Правка без скриптов", edited: 1 });

    const stranger = await newUser("Чужой");
    const refused = await page(`/answer/${aid}/edit`, stranger);
    expect(refused.status).toBe(403);
    expect(refused.html).toContain("Редактировать ответ может только его автор");
    expect(refused.html).not.toContain("/do/editans");
    const guest = await page(`/answer/${aid}/edit`);
    expect(guest.status).toBe(302);
    expect(guest.location).toContain("/login");
  });
});
