import { expect } from "vitest";
import { post } from "./api";
import { one, value } from "./db";
import { newUser } from "./users";

/** An open question of this user's, as if he had just asked it (in the first writable leaf category that is not for adults). */
export async function questionOf(me: { id: number }, title: string): Promise<number> {
  const cat = await value("select id v from categories where parent_id is not null and readonly = 0 and adult = 0 order by id limit 1");
  const top = await value("select parent_id v from categories where id = ?", cat);
  const now = Date.now();
  const row = await one<{ id: number }>(
    "insert into questions (user_id, category_id, top_category_id, qtext, state, added, state_changed_at, updated_at) values (?, ?, ?, ?, 'A', ?, ?, ?) returning id",
    me.id,
    cat,
    top,
    title,
    now,
    now,
    now,
  );
  return row!.id;
}

let answerers = 0;
/** Someone answers the question through the named call: a new user each time (one answer each), who is returned. */
export async function answerBySomeone(qid: number, text: string) {
  const someone = await newUser(`Отвечающий ${++answerers}`, { points: 300 });
  const { json } = await post("addans", { qid: String(qid), Body: text }, someone);
  expect(json.status).toBe(200);
  return someone;
}
