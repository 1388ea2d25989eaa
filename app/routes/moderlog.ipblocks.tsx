import { json, type HeadersArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CallButton, CallForm } from "../components/forms";
import { notFoundUnless, PRIVATE_PAGE } from "../lib/http.server";
import { BAN_REASONS, banPeriodText } from "../lib/moderation";
import { pageMeta } from "../lib/seo";
import { waitWords } from "../lib/time-ago";
import { ipBlocksPage } from "../models/moderation/ip-blocks.server";
import { viewerSession } from "../models/users/session.server";

/**
 * /moderlog/ipblocks: the address blocks for moderators holding usrkiller (404 for everyone
 * else): the form that blocks an address or an IPv6 /64 network for a while, and the blocks now
 * running, each with its 'Снять'. Plain forms to the form door.
 */
export const headers = ({ loaderHeaders, errorHeaders }: HeadersArgs) => errorHeaders ?? loaderHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await viewerSession(context, request);
  const now = Date.now();
  const data = await ipBlocksPage(context.cloudflare.env, session?.user ?? null, now);
  notFoundUnless(data, PRIVATE_PAGE);
  return json({ ...data, now }, { headers: PRIVATE_PAGE });
}

export const meta: MetaFunction<typeof loader> = () => pageMeta({ title: "Блокировки адресов — Ответы", noindex: true });

const BACK = "/moderlog/ipblocks";

export default function IpBlocksRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <main className="page">
      <div className="card narrow">
        <h1>Блокировки адресов</h1>
        <p>С заблокированного адреса нельзя писать: ни вопросов, ни ответов, ни комментариев. Читать сайт можно.</p>
        <CallForm call="a_ipblock" back={BACK} className="stack-form" testId="ipblock-form">
          <label>
            IP-адрес (для IPv6 блокируется вся сеть /64)
            <input name="ip" required maxLength={64} inputMode="text" autoComplete="off" placeholder="203.0.113.7" />
          </label>
          <label>
            Срок
            <select name="period" required defaultValue="">
              <option value="" disabled>
                Выберите срок
              </option>
              {data.periods.map((h) => (
                <option key={h} value={h}>
                  {banPeriodText(h)}
                </option>
              ))}
            </select>
          </label>
          <label>
            Причина
            <select name="text" required defaultValue="">
              <option value="" disabled>
                Выберите причину
              </option>
              {BAN_REASONS.map((r) => (
                <option key={r.key} value={r.key}>
                  {r.title}
                </option>
              ))}
            </select>
          </label>
          <button className="btn" type="submit">
            Заблокировать адрес
          </button>
        </CallForm>
        <h2>Действуют сейчас</h2>
        {data.blocks.length === 0 ? (
          <p>Заблокированных адресов нет.</p>
        ) : (
          <ul className="ipblocks" data-testid="ipblocks">
            {data.blocks.map((b) => (
              <li key={b.id} data-testid="ipblock">
                <code>{b.address}</code> — {b.reason}; ещё {waitWords(b.until - data.now)}; заблокировал {b.moderNick}{" "}
                <CallButton call="a_ipunblock" back={BACK} fields={{ id: b.id }} label="Снять" testId="ipunblock" />
              </li>
            ))}
          </ul>
        )}
      </div>
    </main>
  );
}
