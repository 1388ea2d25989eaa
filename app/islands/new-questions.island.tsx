/**
 * The new-questions banner of a list page: every 30 s it asks `check_new` how many questions of the
 * same list are newer than the one the page starts with, and when there are any it shows a banner.
 * The banner is a link to the list's first page with ?new={qid}: the page is loaded again from the
 * start and the server marks the questions newer than qid, which stay highlighted for 17 s (CSS).
 * A page without JavaScript has no banner; the list is the same.
 */
import { useEffect, useRef, useState } from "react";
import { plural } from "../lib/plural";
import { call } from "./lib/call";

export const CHECK_NEW_MS = 30_000;

export type NewQuestionsProps = {
  /** the list: its category's urlname (none for the lists of every category) and its tab */
  cat: string | null;
  state: string | null;
  /** the newest question the page shows */
  qid: number;
  /** the list's first page */
  path: string;
};

export default function NewQuestions({ cat, state, qid, path }: NewQuestionsProps) {
  const [count, setCount] = useState(0);
  const [more, setMore] = useState(false);
  const busy = useRef(false);

  useEffect(() => {
    const check = async () => {
      if (busy.current || document.hidden) return;
      busy.current = true;
      const fields: Record<string, string> = { qid: String(qid) };
      if (cat) fields.cat = cat;
      if (state) fields.state = state;
      const r = await call("check_new", fields, { method: "GET", quiet: true });
      busy.current = false;
      if (r.ok && typeof r.data.calc === "number") {
        setCount(r.data.calc);
        setMore(r.data.more === 1);
      }
    };
    const timer = setInterval(() => void check(), CHECK_NEW_MS);
    return () => clearInterval(timer);
  }, [cat, state, qid]);

  return (
    <div aria-live="polite" className="new-banner-slot">
      {count > 0 ? (
        <a className="new-banner" href={`${path}?new=${qid}`} data-testid="new-questions">
          {more ? "Больше " : ""}
          {count} {plural(count, ["новый вопрос", "новых вопроса", "новых вопросов"])} — показать
        </a>
      ) : null}
    </div>
  );
}
