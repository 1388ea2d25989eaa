/**
 * The search box's text field. Rendered on the server as a plain text field of a GET form (the
 * form goes to /search and the page turns ?q= into the search's address); hydrated, it becomes a
 * combobox: once more than 2 characters are typed it asks `suggest` (200 ms after the last
 * keystroke, the older answers dropped) and lists popular question titles; the arrow keys move
 * through them, Enter or a click opens the search for the chosen one, Escape closes the list.
 */
import { useEffect, useRef, useState } from "react";
import { searchHref, type SearchFilters } from "../lib/search-path";
import { call } from "./lib/call";

export type SearchSuggestProps = {
  /** the element id of the field (a page may carry more than one box) */
  id: string;
  value: string;
  /** the filters the search keeps */
  filters: SearchFilters;
};

/** Suggestions are asked for once the text is longer than this. */
const SUGGEST_AFTER = 2;
const DEBOUNCE_MS = 200;

export default function SearchSuggest({ id, value, filters }: SearchSuggestProps) {
  const [text, setText] = useState(value);
  const [items, setItems] = useState<string[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const asked = useRef(0);
  // what is listed and chosen now, for an answer that arrives later
  const shownItems = useRef(items);
  shownItems.current = items;
  const activeRef = useRef(active);
  activeRef.current = active;
  const field = useRef<HTMLInputElement>(null);
  const listId = `${id}-list`;

  useEffect(() => {
    // text typed before hydration stays
    if (field.current && field.current.value !== value) setText(field.current.value);
  }, [value]);

  useEffect(() => {
    const ask = ++asked.current;
    if (Array.from(text.trim()).length <= SUGGEST_AFTER) {
      setItems([]);
      return;
    }
    const timer = setTimeout(() => {
      void call("suggest", { q: text }, { method: "GET", quiet: true }).then((r) => {
        if (ask !== asked.current) return;
        const list = r.ok && Array.isArray(r.data.items) ? (r.data.items as { text: string }[]).map((x) => x.text) : [];
        // a newer answer keeps the suggestion the reader already moved to, when it is still listed
        const chosen = shownItems.current[activeRef.current];
        setActive(chosen === undefined ? -1 : list.indexOf(chosen));
        setItems(list);
        setOpen(list.length > 0);
      });
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const go = (query: string) => {
    setOpen(false);
    window.location.assign(searchHref({ ...filters, query }));
  };

  const shown = open && items.length > 0;
  return (
    <div className="search-suggest">
      <input
        ref={field}
        id={id}
        type="search"
        name="q"
        aria-label="Поиск по вопросам и ответам"
        placeholder="Поиск по вопросам и ответам"
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" && items.length > 0) {
            e.preventDefault();
            setOpen(true);
            setActive((a) => (a + 1) % items.length);
          } else if (e.key === "ArrowUp" && items.length > 0) {
            e.preventDefault();
            setOpen(true);
            setActive((a) => (a <= 0 ? items.length - 1 : a - 1));
          } else if (e.key === "Escape") {
            setOpen(false);
          } else if (e.key === "Enter" && shown && active >= 0) {
            e.preventDefault();
            go(items[active]);
          }
        }}
      />
      <div id={listId} role="listbox" aria-label="Подсказки" className="search-suggest-list" hidden={!shown}>
        {items.map((item, i) => (
          <div
            key={item}
            tabIndex={-1}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            data-testid="suggestion"
            // mousedown, not click: the field's blur would close the list first
            onMouseDown={(e) => {
              e.preventDefault();
              go(item);
            }}
          >
            {item}
          </div>
        ))}
      </div>
    </div>
  );
}
