import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { cacheHeaders } from "../lib/http.server";
import { originOf, pageMeta } from "../lib/seo";

export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

export function loader({ request }: LoaderFunctionArgs) {
  return json({ canonical: `${originOf(request)}/help/support` }, { headers: cacheHeaders() });
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({
    title: "Служба поддержки — Ответы",
    description: "Как получить помощь по работе сайта, сообщить о нарушении и оспорить решение модератора.",
    canonical: data?.canonical,
  });

/** How to reach support: questions about the site, reports of violations, deleted questions and blocked accounts. */
export default function HelpSupport() {
  return (
    <main className="page" data-testid="help-support">
      <div className="card help-text">
        <h1>Служба поддержки</h1>
        <p>Мы поможем разобраться с работой сайта, удалёнными записями и блокировками. Выберите, что у вас случилось.</p>
        <h2>Вопрос о том, как устроен сайт</h2>
        <p>
          Задайте его в разделе <a href="/newcomers/">«Новичкам»</a> — там отвечают модераторы и опытные участники. Ответы на частые вопросы о баллах, уровнях и
          лимитах тоже ищите там.
        </p>
        <h2>Нарушение правил</h2>
        <p>Нажмите «Пожаловаться» рядом с вопросом, ответом или комментарием и выберите причину. Жалобу рассмотрят модераторы; повторять её не нужно.</p>
        <h2>Удалили вопрос или ответ</h2>
        <p>Запись могла быть удалена по одной из причин:</p>
        <ul>
          <li>её удалил сам автор;</li>
          <li>вопрос удалился автоматически, потому что на него никто не ответил (баллы за такой вопрос возвращаются);</li>
          <li>
            её удалили модераторы за нарушение <a href="/help/rules">правил проекта</a>.
          </li>
        </ul>
        <h2>Блокировка учётной записи</h2>
        <p>
          Срок блокировки указан в вашем профиле; по его окончании доступ вернётся сам. Если вы считаете блокировку ошибкой, после её окончания опишите ситуацию
          в разделе <a href="/newcomers/">«Новичкам»</a> — модераторы проверят решение. Заводить для этого новую учётную запись не нужно: это нарушает правила.
        </p>
        <h2>Не получается войти</h2>
        <p>
          Проверьте адрес почты и пароль на <a href="/login">странице входа</a>. Пароль чувствителен к регистру букв и раскладке клавиатуры.
        </p>
        <p>
          <a href="/">На главную</a>
        </p>
      </div>
    </main>
  );
}
