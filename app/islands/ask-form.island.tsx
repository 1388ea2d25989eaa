/**
 * The ask page's form: tabs 'Мой вопрос' / 'Текст опроса', the title with
 * its 120 counter, the explanation with its 3800 counter, the poll-option editor
 * (lib/poll-options.ts), the category and subcategory selects, the two checkboxes, similar
 * questions while typing the title, the typed text kept for 300 s (lib/saved-text.ts), and the
 * limit page when asking is not allowed. Rendered on the server as a plain form to /do/addqst
 * (or /do/askbrand) that works without JavaScript; hydrated, it validates, counts and asks
 * through call(), then goes to the new question. For guests it renders nothing and opens the
 * sign-in dialog after 200 ms (the page adds the no-JS redirect).
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { LIMITS } from "../lib/limits";
import { call } from "./lib/call";
import { TextExtras, useTextBox } from "./lib/text-box";
import { composeBody, countText } from "./lib/text-counter";
import { showSignIn } from "./lib/dialogs";
import { editOption, initialOptions, optionLabel, optionsFrom, optionTexts, type PollOption } from "./lib/poll-options";
import { clearText, debounce, loadText, saveText } from "./lib/saved-text";

/** A brand whose experts a question of a category may be shown to (its brand tag). */
export type AskBrand = { id: number; name: string };
export type AskGroup = { id: number; name: string; subs: { id: number; name: string; brands?: AskBrand[] }[]; brands?: AskBrand[] };

/**
 * The brands of the chosen category and subcategory: their expert tags are offered as
 * checkboxes, ticked by default.
 */
export function brandsOfChoice(groups: AskGroup[], cid: string, subcid: string): AskBrand[] {
  const group = groups.find((g) => String(g.id) === cid);
  const sub = group?.subs.find((s) => String(s.id) === subcid);
  const all = [...(group?.brands ?? []), ...(sub?.brands ?? [])];
  return all.filter((b, i) => all.findIndex((x) => x.id === b.id) === i);
}

export type AskFormProps = {
  /** a guest: nothing renders, the sign-in dialog opens after 200 ms */
  guest?: boolean;
  /** the usable categories: top level with their usable subcategories */
  groups?: AskGroup[];
  /** prefilled title (/ask/{text}, ?q=) */
  text?: string;
  /** prefilled category; a subcategory id is taken with its parent */
  cid?: number | null;
  subcid?: number | null;
  /** rs-{source}: where the asker came from (tracking only) */
  source?: string | null;
  /** mention-{who}: the user the question is addressed to */
  mention?: number | null;
  /** the private variant: a question to this brand's experts (askbrand) */
  brand?: { bid: number; name: string } | null;
  /** what the server knew on render: 0 shows the limit page */
  canask?: 0 | 1;
  /** the line under the heading ('Вопрос стоит 5 баллов …') */
  note?: string;
  /** where the form door comes back to on a refusal (the page's own path) */
  back?: string;
};

export const TITLE_SIMILAR_FROM = 10;
const SIMILAR_DEBOUNCE_MS = 500;
const SAVE_DEBOUNCE_MS = 200;
const GUEST_DIALOG_MS = 200;

type Similar = { id: number; question: string; catname: string; count: number };

const len = (s: string) => Array.from(s).length;

/** The category and subcategory a prefilled cid/subcid stand for (a subcategory as cid is taken under its parent). */
export function prefilledCategory(groups: AskGroup[], cid: number | null | undefined, subcid: number | null | undefined): { cid: string; subcid: string } {
  const top = groups.find((g) => g.id === cid);
  if (top) return { cid: String(top.id), subcid: top.subs.some((s) => s.id === subcid) ? String(subcid) : "" };
  const id = cid ?? subcid;
  const parent = groups.find((g) => g.subs.some((s) => s.id === id));
  return parent ? { cid: String(parent.id), subcid: String(id) } : { cid: "", subcid: "" };
}

/** The values of the server-rendered form as the visitor left them before the island hydrated. */
function adopt(form: HTMLFormElement, groups: AskGroup[]) {
  const field = (sel: string) => form.querySelector<HTMLInputElement>(sel);
  const value = (name: string) => field(`[name="${name}"]:not([type=hidden])`)?.value ?? "";
  const poll = value("poll");
  const cid = value("cid");
  const sub = value("subcid");
  const group = groups.find((g) => String(g.id) === cid);
  return {
    title: value("qtext"),
    body: value("Body"),
    poll: (poll === "S" || poll === "C" ? poll : "") as "" | "S" | "C",
    options: Array.from(form.querySelectorAll<HTMLInputElement>('input[name="poll_options"]'), (i) => i.value),
    cid,
    subcid: group?.subs.some((x) => String(x.id) === sub) ? sub : "",
    watch: field('input[type=checkbox][name="watch"]')?.checked ?? true,
    cancmt: field('input[type=checkbox][name="cancmt"]')?.checked ?? true,
    alsoPublic: field('input[type=checkbox][name="public"]')?.checked ?? false,
  };
}

export default function AskIsland(props: AskFormProps) {
  return props.guest ? <AskGuest /> : <AskForm {...props} />;
}

function AskGuest() {
  useEffect(() => {
    const t = setTimeout(() => showSignIn(), GUEST_DIALOG_MS);
    return () => clearTimeout(t);
  }, []);
  return null;
}

export function AskLimit() {
  return (
    <div className="card" data-testid="ask-limit">
      <h1>Задать вопрос</h1>
      <p>Сегодня вы больше не можете задавать вопросы</p>
      <p className="muted">Лимит обновится в полночь по московскому времени.</p>
    </div>
  );
}

function AskForm(p: AskFormProps) {
  const groups = p.groups ?? [];
  const brand = p.brand ?? null;
  // the category the page was opened with (later choices are state)
  const [start] = useState(() => prefilledCategory(groups, p.cid, p.subcid));
  // false in the server render and the first client render (they must match); true once hydrated
  const [js, setJs] = useState(false);
  const [limited, setLimited] = useState(p.canask === 0);
  const [title, setTitle] = useState(p.text ?? "");
  const [body, setBody] = useState("");
  // the explanation's uploaded photos (each counts LIMITS.media characters), kept apart from its text
  const photoBox = useTextBox(LIMITS.explanation);
  const [poll, setPoll] = useState<"" | "S" | "C">("");
  const [options, setOptions] = useState<PollOption[]>(initialOptions);
  const [cid, setCid] = useState(start.cid);
  const [subcid, setSubcid] = useState(start.subcid);
  const [watch, setWatch] = useState(true);
  const [cancmt, setCancmt] = useState(true);
  // the private variant: also a public question tagged for the brand (addqst with brand_tags)
  const [alsoPublic, setAlsoPublic] = useState(false);
  // the brand expert tags the asker unticked (every offered one starts ticked)
  const [untagged, setUntagged] = useState<number[]>([]);
  const [similar, setSimilar] = useState<Similar[]>([]);
  // the asker may switch the similar questions off (and choosing a category does too): he is past them
  const [similarOff, setSimilarOff] = useState(false);
  const [busy, setBusy] = useState(false);
  const save = useRef(debounce((t: string, b: string) => saveText(t, b), SAVE_DEBOUNCE_MS)).current;
  const searchSeq = useRef(0);
  const formRef = useRef<HTMLFormElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once at hydration: it adopts what the server-rendered form holds and asks canask one time
  useEffect(() => {
    // what was typed or chosen before hydration stays (the server-rendered form was usable)
    const typed = formRef.current ? adopt(formRef.current, groups) : null;
    if (typed) {
      setTitle(typed.title);
      setBody(typed.body);
      setPoll(typed.poll);
      if (typed.options.some((t) => t.trim() !== "")) setOptions(optionsFrom(typed.options));
      setCid(typed.cid);
      setSubcid(typed.subcid);
      setWatch(typed.watch);
      setCancmt(typed.cancmt);
      setAlsoPublic(typed.alsoPublic);
    }
    setJs(true);
    if (!p.text && !typed?.title && !typed?.body) {
      const saved = loadText();
      if (saved) {
        setTitle(saved.text);
        if (saved.body) setBody(saved.body);
      }
    }
    if (p.canask !== 0 && !brand) {
      void call("canask", {}, { method: "GET", quiet: true }).then((r) => {
        if (r.ok && r.data.canask === 0) setLimited(true);
      });
    }
  }, []);

  // similar questions once the title passes 9 characters, 500 ms after the last keystroke
  useEffect(() => {
    if (!js || brand || similarOff) return;
    const seq = ++searchSeq.current;
    const keyword = title.trim();
    if (len(keyword) < TITLE_SIMILAR_FROM) {
      setSimilar([]);
      return;
    }
    const t = setTimeout(async () => {
      const r = await call("search", { keyword }, { door: "search", method: "GET", quiet: true });
      if (seq !== searchSeq.current) return;
      const found = r.ok && Array.isArray(r.data.results) ? (r.data.results as Similar[]).slice(0, 5) : null;
      // a failed or empty search shows nothing to the asker, only a tracking event says so
      if (!found?.length) void call("dwh", { name: found ? "similar_empty" : "similar_failed" }, { quiet: true });
      setSimilar(found ?? []);
    }, SIMILAR_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [title, js, brand, similarOff]);

  const switchSimilarOff = () => {
    searchSeq.current++;
    setSimilarOff(true);
    setSimilar([]);
  };

  if (limited) return <AskLimit />;

  const group = groups.find((g) => String(g.id) === cid);
  const titleLeft = LIMITS.title - len(title);
  const bodyLen = len(body) + photoBox.media.length * LIMITS.media;
  const bodyOver = bodyLen - LIMITS.explanation;
  const pollOn = !brand && poll !== "";
  const tagBrands = brand ? [] : brandsOfChoice(groups, cid, subcid);
  const brandTags = tagBrands.filter((b) => !untagged.includes(b.id)).map((b) => String(b.id));
  const tooLong = titleLeft < 0 || bodyOver > 0 || (pollOn && options.some((o) => len(o.text) > LIMITS.pollOption));

  const typeTitle = (t: string) => {
    setTitle(t);
    save(t, body);
  };
  const typeBody = (b: string) => {
    setBody(b);
    save(title, b);
  };

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy || tooLong) return;
    setBusy(true);
    const fields = {
      qtext: title,
      Body: composeBody(body, photoBox.media),
      cid: cid || undefined,
      subcid: subcid || undefined,
      watch: watch ? 1 : 0,
      cancmt: cancmt ? 1 : 0,
      mention: p.mention ?? undefined,
      // askbrand with public=1 asks a public question tagged for the brand (as the form door does)
      ...(brand
        ? { bid: brand.bid, public: alsoPublic ? 1 : 0 }
        : { poll: poll || undefined, poll_options: pollOn ? optionTexts(options) : undefined, brand_tags: brandTags.length ? brandTags : undefined }),
    };
    const r = await call(brand ? "askbrand" : "addqst", fields);
    if (r.ok) {
      save.cancel();
      clearText();
      const to =
        typeof r.data.redirect === "string" && r.data.redirect.startsWith("/")
          ? r.data.redirect
          : r.data.pqid
            ? `/private/${r.data.pqid}`
            : `/question/${r.data.qid}`;
      location.assign(to);
      return;
    }
    setBusy(false);
  }

  const back = p.back ?? "/ask";
  const action = `/do/${brand ? "askbrand" : "addqst"}?return=${encodeURIComponent(back)}`;
  const titleLabel = pollOn ? "Текст опроса" : "Мой вопрос";

  return (
    <div className="card">
      <h1>{brand ? "Задать вопрос эксперту" : "Задать вопрос"}</h1>
      {brand ? <p className="muted">{brand.name}</p> : p.note ? <p className="muted">{p.note}</p> : null}
      <form ref={formRef} method="post" encType="multipart/form-data" action={action} className="ask-form" data-testid="ask-form" onSubmit={submit}>
        {brand ? <input type="hidden" name="bid" value={brand.bid} /> : null}
        {p.mention ? <input type="hidden" name="mention" value={p.mention} /> : null}
        {js && !brand ? (
          <div className="ask-tabs" role="tablist">
            {(
              [
                ["", "Мой вопрос"],
                ["S", "Текст опроса"],
              ] as const
            ).map(([v, name]) => (
              <button
                key={name}
                type="button"
                role="tab"
                aria-selected={(v === "") === !pollOn}
                className={(v === "") === !pollOn ? "ask-tab ask-tab-on" : "ask-tab"}
                onClick={() => setPoll(v === "" ? "" : poll || "S")}
              >
                {name}
              </button>
            ))}
          </div>
        ) : null}
        <label>
          {titleLabel}
          <textarea name="qtext" required maxLength={js ? undefined : LIMITS.title} rows={2} value={title} onChange={(e) => typeTitle(e.target.value)} />
        </label>
        <p className={titleLeft < 0 ? "counter counter-over" : "counter"} data-testid="title-counter">
          {titleLeft < 0 ? `Лишние символы: ${-titleLeft}` : `Осталось символов: ${titleLeft}`}
        </p>
        {similar.length > 0 && !similarOff ? (
          <div className="ask-similar" data-testid="similar">
            <p className="muted">
              Похожие вопросы{" "}
              <button type="button" className="btn btn-small" data-testid="similar-off" onClick={switchSimilarOff}>
                Не показывать
              </button>
            </p>
            <ul>
              {similar.map((s) => (
                <li key={s.id}>
                  <a href={`/question/${s.id}`} target="_blank" rel="noopener">
                    {s.question}
                  </a>{" "}
                  <span className="muted">{s.catname}</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <label>
          Пояснение
          <textarea name="Body" maxLength={js ? undefined : LIMITS.explanation} rows={4} value={body} onChange={(e) => typeBody(e.target.value)} />
        </label>
        <p className={bodyOver > 0 ? "counter counter-over" : "counter"} data-testid="body-counter">
          {bodyOver > 0 ? `Лишние символы: ${bodyOver}` : `Символов: ${bodyLen}`}
        </p>
        {brand ? null : js ? (
          <TextExtras box={{ ...photoBox, text: body, count: countText(body, photoBox.media, LIMITS.explanation) }} attach={false} photos counter={false} />
        ) : (
          <label>
            Фото (необязательно)
            <input type="file" name="photo" accept="image/jpeg,image/png,image/gif" />
          </label>
        )}
        {brand ? null : (
          <fieldset className="ask-poll">
            <legend>Опрос</legend>
            <select name="poll" value={poll} aria-label="Тип вопроса" onChange={(e) => setPoll(e.target.value as "" | "S" | "C")}>
              <option value="">Обычный вопрос</option>
              <option value="S">Опрос: один вариант ответа</option>
              <option value="C">Опрос: несколько вариантов ответа</option>
            </select>
            {!js
              ? Array.from({ length: 6 }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: six fixed, positional option slots of the form before hydration
                  <input key={i} name="poll_options" placeholder={optionLabel(i)} maxLength={LIMITS.pollOption} aria-label={optionLabel(i)} />
                ))
              : pollOn
                ? options.map((o, i) => (
                    <input
                      key={o.key}
                      name="poll_options"
                      placeholder={optionLabel(i)}
                      aria-label={optionLabel(i)}
                      value={o.text}
                      data-testid="poll-option"
                      onChange={(e) => setOptions(editOption(options, i, e.target.value))}
                    />
                  ))
                : null}
          </fieldset>
        )}
        <label>
          Категория
          <select
            name="cid"
            aria-label="Категория"
            required={js && (!brand || alsoPublic)}
            value={cid}
            onMouseDown={() => similar.length > 0 && switchSimilarOff()}
            onChange={(e) => {
              setCid(e.target.value);
              setSubcid("");
            }}
          >
            <option value="">Выберите категорию</option>
            {groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        </label>
        {!js ? (
          <label>
            Подкатегория
            <select name="subcid" aria-label="Подкатегория" defaultValue={subcid}>
              <option value="">Выберите подкатегорию</option>
              {groups
                .filter((g) => g.subs.length > 0)
                .map((g) => (
                  <optgroup key={g.id} label={g.name}>
                    {g.subs.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.name}
                      </option>
                    ))}
                  </optgroup>
                ))}
            </select>
          </label>
        ) : group && group.subs.length > 0 ? (
          <label>
            Подкатегория
            <select name="subcid" aria-label="Подкатегория" required={!brand || alsoPublic} value={subcid} onChange={(e) => setSubcid(e.target.value)}>
              <option value="">Выберите подкатегорию</option>
              {group.subs.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {tagBrands.map((b) => (
          <label className="check" key={b.id}>
            <input
              type="checkbox"
              name="brand_tags"
              value={b.id}
              data-testid="brand-tag"
              checked={!untagged.includes(b.id)}
              onChange={(e) => setUntagged(e.target.checked ? untagged.filter((x) => x !== b.id) : [...untagged, b.id])}
            />{" "}
            Показать вопрос экспертам «{b.name}»
          </label>
        ))}
        <input type="hidden" name="watch" value="0" />
        <label className="check">
          <input type="checkbox" name="watch" value="1" checked={watch} onChange={(e) => setWatch(e.target.checked)} /> Получать уведомления (ответы, голоса,
          комментарии)
        </label>
        {brand ? (
          <>
            <input type="hidden" name="public" value="0" />
            <label className="check">
              <input type="checkbox" name="public" value="1" checked={alsoPublic} onChange={(e) => setAlsoPublic(e.target.checked)} /> Пользователи также могут
              ответить
            </label>
          </>
        ) : (
          <>
            <input type="hidden" name="cancmt" value="0" />
            <label className="check">
              <input type="checkbox" name="cancmt" value="1" checked={cancmt} onChange={(e) => setCancmt(e.target.checked)} /> Разрешить комментарии к
              ответам/опросу
            </label>
          </>
        )}
        <button className="btn btn-ask" type="submit" disabled={js && (busy || tooLong)}>
          Опубликовать
        </button>
        <p className="muted">Нажимая «Опубликовать», вы принимаете правила проекта.</p>
      </form>
    </div>
  );
}
