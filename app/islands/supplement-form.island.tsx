/**
 * The owner's supplement form (offered while the question is open). Server-rendered
 * it is the plain multipart form to /do/updqst (with a photo file field); hydrated, it counts
 * characters (3800, 'Лишние символы: N', each uploaded photo 200), uploads photos as the answer form does,
 * sends through call('updqst') and appends the supplement to the question's header in place, in
 * the header's own markup.
 */
import { useRef, useState } from "react";
import { createPortal } from "react-dom";
import { TimeAgo } from "../components/time-ago";
import { UserText } from "../components/user-text";
import { LIMITS } from "../lib/limits";
import { call } from "./lib/call";
import { TextExtras, useTextBox } from "./lib/text-box";

export type SupplementFormProps = { qid: number; back: string };

type Added = { added: number; atext: string };

export default function SupplementForm({ qid, back }: SupplementFormProps) {
  const box = useTextBox(LIMITS.explanation);
  const form = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState<Added[]>([]);
  const [slot, setSlot] = useState<HTMLElement | null>(null);

  /** Where new supplements go: after the header's last supplement (or at its end). */
  function place(): HTMLElement | null {
    if (slot) return slot;
    const head = form.current?.closest(".card")?.querySelector(".question-head") ?? document.querySelector(".question-head");
    if (!head) return null;
    const d = document.createElement("div");
    d.className = "supplement-patch";
    head.appendChild(d);
    setSlot(d);
    return d;
  }

  async function submit(e: React.FormEvent) {
    // a submit that comes while the island hydrates (React replays it before the text is read into
    // its state) is left to the plain form, which posts as it does without JavaScript
    if (!box.hydrated) return;
    e.preventDefault();
    if (!box.count.ok || busy) return;
    setBusy(true);
    const r = await call("updqst", { qid, Body: box.body });
    setBusy(false);
    // a supplement held for premoderation: the pop-up says so, and the box is emptied as after sending
    if (!r.ok) return r.data?.on_moderation ? box.clear() : undefined;
    box.clear();
    if (!place()) return location.reload();
    setAdded((xs) => [...xs, { added: Number(r.data.added), atext: String(r.data.atext ?? "") }]);
  }

  const now = Date.now();
  return (
    <>
      <form
        ref={form}
        method="post"
        action={`/do/updqst?return=${encodeURIComponent(back)}`}
        encType="multipart/form-data"
        className="supplement-form"
        data-testid="supplement-form"
        onSubmit={submit}
      >
        <input type="hidden" name="qid" value={String(qid)} />
        <label>
          Дополнить вопрос
          <textarea
            ref={box.ref}
            name="Body"
            required
            maxLength={box.hydrated ? undefined : LIMITS.explanation}
            rows={2}
            onInput={(e) => box.setText(e.currentTarget.value)}
          />
        </label>
        <TextExtras box={box} attach={false} photos />
        {box.hydrated ? null : (
          <label>
            Фото (необязательно)
            <input type="file" name="photo" accept="image/jpeg,image/png,image/gif" />
          </label>
        )}
        <button className="btn btn-small" type="submit" disabled={box.hydrated && (!box.count.ok || busy)}>
          Дополнить
        </button>
      </form>
      {slot
        ? createPortal(
            added.map((s) => (
              <div key={s.added} className="supplement" data-testid="supplement">
                <div className="muted">
                  Дополнение (<TimeAgo at={s.added} now={now} />)
                </div>
                <UserText className="atext" html={s.atext} />
              </div>
            )),
            slot,
          )
        : null}
    </>
  );
}
