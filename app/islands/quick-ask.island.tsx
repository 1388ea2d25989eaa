/**
 * The quick-ask box of the index and category pages: a text area (up to 1000
 * characters) and a category chooser that send the visitor to /ask by GET. Rendered on the
 * server as a plain GET form (the category page's own category goes along); hydrated, it loads
 * the categories (getCategories), keeps the publish button disabled while the text is empty,
 * requires a category and saves the typed text (debounced 100 ms) for the ask page, which reuses
 * it when under 300 s old. A guest's click on the button opens the sign-in dialog (need-auth:
 * these pages are cached for guests, and the marker does nothing for a signed-in user).
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { LIMITS } from "../lib/limits";
import { call } from "./lib/call";
import { debounce, saveText } from "./lib/saved-text";

export type QuickAskProps = {
  /** the category page's category (a subcategory is taken under its parent) */
  cid: number | null;
};

type Node = { id: number; name: string; parent: number; readonly: 0 | 1; hidden: 0 | 1; nodropdown: 0 | 1; special: string | null; categories?: Node[] };

const NO_ASK_SPECIAL = new Set(["golden", "smstop"]);
const usable = (c: Node) => !c.readonly && !c.hidden && !c.nodropdown && !NO_ASK_SPECIAL.has(c.special ?? "");
const SAVE_DEBOUNCE_MS = 100;

export default function QuickAsk({ cid }: QuickAskProps) {
  const [js, setJs] = useState(false);
  const [text, setText] = useState("");
  const [cats, setCats] = useState<Node[] | null>(null);
  const [chosen, setChosen] = useState("");
  const save = useRef(debounce((t: string) => saveText(t, undefined), SAVE_DEBOUNCE_MS)).current;

  const area = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    // text typed before hydration stays
    if (area.current?.value) setText(area.current.value);
    setJs(true);
    void call("getCategories", {}, { method: "GET", quiet: true }).then((r) => {
      const all = r.ok && Array.isArray(r.data.categories) ? (r.data.categories as Node[]) : [];
      setCats(all.filter(usable));
      if (cid) {
        const top = all.find((c) => c.id === cid || c.categories?.some((s) => s.id === cid));
        if (top && usable(top)) setChosen(String(top.id));
      }
    });
  }, [cid]);

  // a subcategory page's own subcategory goes along while its parent stays chosen
  const subcid = useMemo(() => {
    const top = cats?.find((c) => String(c.id) === chosen);
    return top && top.id !== cid && top.categories?.some((s) => s.id === cid && usable(s)) ? cid : null;
  }, [cats, chosen, cid]);

  return (
    <form className="quick-ask" method="get" action="/ask" data-testid="quick-ask">
      <textarea
        ref={area}
        name="q"
        aria-label="Ваш вопрос"
        placeholder="Задайте свой вопрос"
        rows={2}
        maxLength={LIMITS.quickAsk}
        required
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          save(e.target.value);
        }}
      />
      <div className="quick-ask-row">
        {!js ? (
          cid ? (
            <input type="hidden" name="cid" value={cid} />
          ) : null
        ) : (
          <select name="cid" required aria-label="Категория" value={chosen} onChange={(e) => setChosen(e.target.value)}>
            <option value="">Выберите категорию</option>
            {(cats ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        )}
        {subcid ? <input type="hidden" name="subcid" value={subcid} /> : null}
        <button className="btn btn-ask" type="submit" disabled={js && text.trim() === ""} data-need-auth="">
          Опубликовать
        </button>
      </div>
    </form>
  );
}
