import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { notFoundUnless, PRIVATE_PAGE } from "../lib/http.server";
import { pageMeta } from "../lib/seo";
import { sinkMails } from "../models/mail/sink.server";

export const meta = () => pageMeta({ title: "Отправленные письма (локально) — Ответы", noindex: true });
export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

/**
 * /dev/mail: the local mail sink (docs/decisions/0058) — the last mails the site sent, as text, in
 * development and tests only; in production this address does not exist.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  notFoundUnless(env.ENVIRONMENT !== "production", PRIVATE_PAGE);
  return json({ mails: await sinkMails(env) }, { headers: PRIVATE_PAGE });
}

const WHEN = new Intl.DateTimeFormat("ru-RU", { dateStyle: "short", timeStyle: "medium", timeZone: "Europe/Moscow" });
const when = (ms: number) => WHEN.format(new Date(ms));

export default function DevMail() {
  const { mails } = useLoaderData<typeof loader>();
  return (
    <main className="page" data-testid="dev-mail">
      <div className="card">
        <h1>Отправленные письма</h1>
        <p className="muted">Локальный приёмник писем: здесь видно, что сайт отправил бы. В рабочем развёртывании этой страницы нет.</p>
        {mails.length === 0 ? <p>Писем пока нет.</p> : null}
        {mails.map((m) => (
          <article key={m.id} className="dev-mail" data-testid="dev-mail-item">
            <h2>{m.subject}</h2>
            <p className="muted">
              Кому: {m.email} · {when(m.added)} · {m.kind === "digest" ? "сводка за день" : "уведомление"} · {m.provider}
            </p>
            <pre>{m.text}</pre>
          </article>
        ))}
      </div>
    </main>
  );
}
