import { json, redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CallForm } from "../components/forms";
import { LIMITS } from "../lib/limits";
import { signInUrl } from "../lib/return-to";
import { pageMeta } from "../lib/seo";
import { EXCLUDED_FROM_DROPDOWN, getCategoryTree } from "../models/categories.server";
import { canAsk } from "../models/ask.server";
import { viewerSession } from "../models/session.server";

export const meta = () => pageMeta({ title: "Задать вопрос — Ответы", noindex: true });

const NO_ASK = new Set(["golden", "smstop"]);

/** The ask page as a plain form (the interactive editor comes as an island later). Guests sign in first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await viewerSession(context, request);
  const url = new URL(request.url);
  if (!session) throw redirect(signInUrl(url.pathname + url.search));
  const env = context.cloudflare.env;
  const [tree, may] = await Promise.all([getCategoryTree(env.DB), canAsk(env, session, Date.now())]);
  const usable = (c: { readonly: boolean; hidden: boolean; id: number; special: string | null }) =>
    !c.readonly && !c.hidden && !EXCLUDED_FROM_DROPDOWN.has(c.id) && !NO_ASK.has(c.special ?? "");
  const groups = tree.top.filter(usable).map((t) => ({
    id: t.id,
    name: t.name,
    subs: (tree.children.get(t.id) ?? []).filter(usable).map((s) => ({ id: s.id, name: s.name })),
  }));
  return json(
    {
      groups,
      text: (url.searchParams.get("q") ?? "").slice(0, LIMITS.title),
      cid: Number(url.searchParams.get("cid")) || null,
      points: session.user.points,
      asksLeft: may.limits.ASK?.left ?? 0,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function Ask() {
  const { groups, text, cid, points, asksLeft } = useLoaderData<typeof loader>();
  if (asksLeft === 0) return <AskLimitReached />;
  const optionNames = ["Первый вариант", "Второй вариант", "Третий вариант", "Четвёртый вариант", "Пятый вариант", "Шестой вариант"];
  return (
    <main className="page">
      <div className="card">
        <h1>Задать вопрос</h1>
        <p className="muted">{`Вопрос стоит 5 баллов, у вас ${points}. Сегодня можно задать ещё: ${asksLeft}.`}</p>
        <CallForm call="addqst" back="/ask" className="ask-form" testId="ask-form">
          <label>
            Мой вопрос
            <textarea name="qtext" required maxLength={LIMITS.title} rows={2} defaultValue={text} />
          </label>
          <label>
            Пояснение
            <textarea name="Body" maxLength={LIMITS.explanation} rows={4} />
          </label>
          <label>
            Категория
            <select name="subcid" required defaultValue={cid ? String(cid) : ""}>
              <option value="">Выберите категорию</option>
              {groups.map((g) =>
                g.subs.length > 0 ? (
                  <optgroup key={g.id} label={g.name}>
                    {g.subs.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.name}
                      </option>
                    ))}
                  </optgroup>
                ) : (
                  <option key={g.id} value={g.id}>
                    {g.name}
                  </option>
                ),
              )}
            </select>
          </label>
          <fieldset>
            <legend>Опрос</legend>
            <select name="poll" defaultValue="" aria-label="Тип вопроса">
              <option value="">Обычный вопрос</option>
              <option value="S">Опрос: один вариант ответа</option>
              <option value="C">Опрос: несколько вариантов ответа</option>
            </select>
            {optionNames.map((n) => (
              <input key={n} name="poll_options" placeholder={n} maxLength={LIMITS.pollOption} aria-label={n} />
            ))}
          </fieldset>
          <input type="hidden" name="watch" value="0" />
          <label className="check">
            <input type="checkbox" name="watch" value="1" defaultChecked /> Получать уведомления (ответы, голоса, комментарии)
          </label>
          <input type="hidden" name="cancmt" value="0" />
          <label className="check">
            <input type="checkbox" name="cancmt" value="1" defaultChecked /> Разрешить комментарии к ответам/опросу
          </label>
          <button className="btn btn-ask" type="submit">
            Опубликовать
          </button>
          <p className="muted">Нажимая «Опубликовать», вы принимаете правила проекта.</p>
        </CallForm>
      </div>
    </main>
  );
}

/** The limit page: today's ASK quota is spent (it renews at midnight, Moscow time). */
function AskLimitReached() {
  return (
    <main className="page">
      <div className="card" data-testid="ask-limit">
        <h1>Задать вопрос</h1>
        <p>Сегодня вы больше не можете задавать вопросы</p>
        <p className="muted">Лимит обновится в полночь по московскому времени.</p>
      </div>
    </main>
  );
}
