/**
 * The text field the answer, comment and supplement islands share: an uncontrolled textarea (so
 * that what a reader typed before hydration is kept), its counter, and photos or videos attached
 * by link (see text-counter.ts). The counter and the attach control appear only once hydrated:
 * the server render is the plain textarea the no-JavaScript form posts.
 */
import { useEffect, useRef, useState } from "react";
import { canAttach, composeBody, countText, mediaLink, type Count } from "./text-counter";

export type TextBoxState = {
  ref: React.RefObject<HTMLTextAreaElement>;
  text: string;
  setText: (s: string) => void;
  media: string[];
  setMedia: (m: string[]) => void;
  count: Count;
  /** what Body carries */
  body: string;
  hydrated: boolean;
  clear: () => void;
};

export function useTextBox(limit: number): TextBoxState {
  const ref = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState("");
  const [media, setMedia] = useState<string[]>([]);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    if (ref.current?.value) setText(ref.current.value);
  }, []);
  return {
    ref,
    text,
    setText,
    media,
    setMedia,
    count: countText(text, media, limit),
    body: composeBody(text, media),
    hydrated,
    clear() {
      if (ref.current) ref.current.value = "";
      setText("");
      setMedia([]);
    },
  };
}

/** The counter, the attached media and the attach control (only when hydrated). */
export function TextExtras({ box, attach = true }: { box: TextBoxState; attach?: boolean }) {
  const [open, setOpen] = useState(false);
  const [link, setLink] = useState("");
  const [bad, setBad] = useState(false);
  if (!box.hydrated) return null;
  const allowed = canAttach(box.count);
  const add = () => {
    const url = mediaLink(link);
    if (!url) return setBad(true);
    box.setMedia([...box.media, url]);
    setLink("");
    setBad(false);
    setOpen(false);
  };
  return (
    <div className="text-extras">
      <span className={box.count.over > 0 ? "text-counter text-over" : "text-counter"} data-testid="text-counter" aria-live="polite">
        {box.count.label}
      </span>
      {box.media.length > 0 ? (
        <ul className="media-list" data-testid="media-list">
          {box.media.map((m, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same link may be attached twice; items hold no state, so position is their identity
            <li key={i}>
              <span className="media-link">{m}</span>{" "}
              <button type="button" className="link-like" onClick={() => box.setMedia(box.media.filter((_, j) => j !== i))}>
                Убрать
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {attach ? (
        open && allowed ? (
          <span className="media-add">
            <input
              type="url"
              value={link}
              maxLength={1000}
              placeholder="Ссылка на фото или видео"
              aria-label="Ссылка на фото или видео"
              aria-invalid={bad || undefined}
              onChange={(e) => setLink(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  add();
                }
              }}
            />{" "}
            <button type="button" className="btn btn-small" onClick={add}>
              Прикрепить
            </button>{" "}
            <button type="button" className="link-like" onClick={() => setOpen(false)}>
              Отмена
            </button>
          </span>
        ) : (
          <button
            type="button"
            className="link-like"
            disabled={!allowed}
            onClick={() => setOpen(true)}
            title={allowed ? undefined : "Сократите текст, чтобы прикрепить фото или видео"}
          >
            Фото или видео
          </button>
        )
      ) : null}
    </div>
  );
}
