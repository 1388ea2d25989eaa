/**
 * The author's edit control on his answer. Server-rendered (and without JavaScript) it is a link
 * to the edit page, whose plain form posts to /do/editans; hydrated, the link opens the same form
 * inline: the answer's text as he typed it, the counter and media of the answer form (3800
 * characters), the source, and sending through call('editans'). After a saved edit the page is
 * read again, so the answer shows its new text and that it was edited.
 */
import { useState } from "react";
import { LIMITS } from "../../lib/limits";
import { call } from "./call";
import { TextExtras, useTextBox } from "./text-box";

export type AnswerEditProps = { qid: number; aid: number; text: string; source: string };

function EditForm({ qid, aid, text, source, onCancel }: AnswerEditProps & { onCancel: () => void }) {
  const box = useTextBox(LIMITS.fullAnswer);
  const [src, setSrc] = useState(source);
  const [busy, setBusy] = useState(false);
  const back = `/question/${qid}#answer-${aid}`;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!box.count.ok || busy) return;
    setBusy(true);
    const r = await call("editans", { qid, update: aid, Body: box.body, source: src });
    setBusy(false);
    if (r.ok || r.data?.on_moderation) location.reload();
  }

  return (
    <form
      method="post"
      action={`/do/editans?return=${encodeURIComponent(back)}`}
      className="answer-form answer-edit-form"
      data-testid="answer-edit-form"
      onSubmit={submit}
    >
      <input type="hidden" name="qid" value={String(qid)} />
      <input type="hidden" name="update" value={String(aid)} />
      <label>
        Ваш ответ
        <textarea ref={box.ref} name="Body" required rows={8} defaultValue={text} onInput={(e) => box.setText(e.currentTarget.value)} />
      </label>
      <TextExtras box={box} />
      <label>
        Источник (необязательно)
        <input name="source" maxLength={LIMITS.source} value={src} onChange={(e) => setSrc(e.currentTarget.value)} />
      </label>
      <button className="btn btn-small" type="submit" disabled={!box.count.ok || busy}>
        Сохранить
      </button>{" "}
      <button type="button" className="link-like" onClick={onCancel}>
        Отмена
      </button>
    </form>
  );
}

export function AnswerEdit(p: AnswerEditProps) {
  const [open, setOpen] = useState(false);
  if (open) return <EditForm {...p} onCancel={() => setOpen(false)} />;
  return (
    <a
      className="btn btn-small"
      href={`/answer/${p.aid}/edit`}
      data-testid="answer-edit"
      onClick={(e) => {
        e.preventDefault();
        setOpen(true);
      }}
    >
      Редактировать
    </a>
  );
}
