import type { ReactNode } from "react";
import { LIMITS } from "../lib/limits";

/** A plain form to the form door: /do/{call}?return={back}. Works with JavaScript off. */
export function CallForm({
  call,
  back,
  fields = {},
  children,
  className,
  testId,
}: {
  call: string;
  back: string;
  fields?: Record<string, string | number>;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <form method="post" action={`/do/${call}?return=${encodeURIComponent(back)}`} className={className ?? "inline-form"} data-testid={testId}>
      {Object.entries(fields).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={String(v)} />
      ))}
      {children}
    </form>
  );
}

/** A one-button form. */
export function CallButton(props: { call: string; back: string; fields: Record<string, string | number>; label: string; testId?: string }) {
  return (
    <CallForm call={props.call} back={props.back} fields={props.fields} testId={props.testId}>
      <button className="btn btn-small" type="submit">
        {props.label}
      </button>
    </CallForm>
  );
}

/** The plain answer form: addans on a question, or (with `call`, `fields`, `label`) an expert's anspersonal. */
export function AnswerForm({
  qid,
  back,
  call = "addans",
  fields = { qid: qid ?? 0 },
  label = "Ваш ответ",
  testId = "answer-form",
}: {
  qid?: number;
  back: string;
  call?: string;
  fields?: Record<string, string | number>;
  label?: string;
  testId?: string;
}) {
  return (
    <CallForm call={call} back={back} fields={fields} className="answer-form" testId={testId}>
      <label>
        {label}
        <textarea name="Body" required maxLength={LIMITS.fullAnswer} rows={5} placeholder="Введите текст ответа" />
      </label>
      <label>
        Источник (необязательно)
        <input name="source" maxLength={LIMITS.source} />
      </label>
      <button className="btn btn-ask" type="submit">
        Ответить
      </button>
    </CallForm>
  );
}

export function CommentForm({ type, refid, parent, back }: { type: "Q" | "A"; refid: number; parent?: number; back: string }) {
  return (
    <CallForm call="addcmt" back={back} fields={{ type, refid, ...(parent ? { cmid: parent } : {}) }} className="comment-form" testId="comment-form">
      <textarea name="Body" required maxLength={LIMITS.comment} rows={2} placeholder="Введите текст комментария" aria-label="Комментарий" />
      <button className="btn btn-small" type="submit">
        Комментировать
      </button>
    </CallForm>
  );
}

export function PollForm({ qid, type, options, back }: { qid: number; type: "S" | "C"; options: { id: number; text: string }[]; back: string }) {
  return (
    <CallForm call="votepoll" back={back} fields={{ qid }} className="poll-form" testId="poll-form">
      {options.map((o) => (
        <label key={o.id} className="poll-choice">
          <input type={type === "S" ? "radio" : "checkbox"} name="vote" value={o.id} /> {o.text}
        </label>
      ))}
      <button className="btn btn-ask" type="submit">
        Голосовать
      </button>
    </CallForm>
  );
}
