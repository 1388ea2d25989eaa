/**
 * The text field the answer, comment and supplement islands share: an uncontrolled textarea (so
 * that what a reader typed before hydration is kept), its counter, and photos or videos attached
 * by link (see text-counter.ts). The counter and the attach control appear only once hydrated:
 * the server render is the plain textarea the no-JavaScript form posts.
 */
import { useEffect, useRef, useState } from "react";
import { PHOTO_LINE } from "../../lib/photos";
import { call } from "./call";
import { canAttach, composeBody, countText, mediaLink, type Count } from "./text-counter";

export type TextBoxState = {
  ref: React.RefObject<HTMLTextAreaElement>;
  text: string;
  setText: (s: string) => void;
  media: string[];
  setMedia: (m: string[]) => void;
  /** an uploaded photo's line (/photo/{pid}) and its 120 preview */
  addPhoto: (line: string, preview: string) => void;
  /** the 120 previews of the uploaded photos, by their line */
  thumbs: Record<string, string>;
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
  const [thumbs, setThumbs] = useState<Record<string, string>>({});
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
    addPhoto(line, preview) {
      setThumbs((t) => ({ ...t, [line]: preview }));
      setMedia((m) => (m.includes(line) ? m : [...m, line]));
    },
    thumbs,
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

let uploads = 0;

/**
 * The counter, the attached media and the attach controls (only when hydrated). With `photos`, a
 * photo can be uploaded too: the chosen file is previewed at 120 at once and sent to the upload
 * call; its preview goes when the upload fails (the error pop-up says why), and once it is stored
 * the photo is attached as its /photo/{pid} line, shown by its 120 preview.
 */
export function TextExtras({
  box,
  attach = true,
  photos = false,
  counter = true,
}: {
  box: TextBoxState;
  attach?: boolean;
  photos?: boolean;
  /** false where the form shows its own counter (the ask form) */
  counter?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [link, setLink] = useState("");
  const [bad, setBad] = useState(false);
  const [pending, setPending] = useState<{ id: number; url: string }[]>([]);
  if (!box.hydrated) return null;
  const upload = async (file: File) => {
    const id = ++uploads;
    const url = URL.createObjectURL(file);
    setPending((p) => [...p, { id, url }]);
    const r = await call("upload", { file, uiid: "text-box" }, { door: "slow", timeoutMs: 60_000 });
    setPending((p) => p.filter((x) => x.id !== id));
    URL.revokeObjectURL(url);
    if (r.ok) box.addPhoto(String(r.data.url), String(r.data.src_small));
  };
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
      {counter ? (
        <span className={box.count.over > 0 ? "text-counter text-over" : "text-counter"} data-testid="text-counter" aria-live="polite">
          {box.count.label}
        </span>
      ) : null}
      {box.media.length > 0 || pending.length > 0 ? (
        <ul className="media-list" data-testid="media-list">
          {box.media.map((m, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same link may be attached twice; items hold no state, so position is their identity
            <li key={i}>
              {PHOTO_LINE.test(m) && box.thumbs[m] ? (
                <img className="media-thumb" src={box.thumbs[m]} width={120} height={120} alt="Прикреплённое фото" data-testid="photo-attached" />
              ) : (
                <span className="media-link">{m}</span>
              )}{" "}
              <button type="button" className="link-like" onClick={() => box.setMedia(box.media.filter((_, j) => j !== i))}>
                Убрать
              </button>
            </li>
          ))}
          {pending.map((p) => (
            <li key={`up-${p.id}`} data-testid="photo-pending">
              <img className="media-thumb" src={p.url} width={120} height={120} alt="Фото загружается" /> Загружается…
            </li>
          ))}
        </ul>
      ) : null}
      {photos && allowed ? (
        <label className="link-like photo-pick">
          Загрузить фото
          <input
            type="file"
            className="visually-hidden"
            accept="image/jpeg,image/png,image/gif"
            data-testid="photo-file"
            onChange={(e) => {
              const f = e.currentTarget.files?.[0];
              e.currentTarget.value = "";
              if (f) void upload(f);
            }}
          />
        </label>
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
