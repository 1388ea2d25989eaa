import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { QuestionMissing } from "../components/question-gone";
import { DomainError } from "../lib/errors";
import { cacheHeaders, PRIVATE_PAGE } from "../lib/http.server";
import { adultGatePath } from "../lib/adult";
import { ERR } from "../lib/errids";
import { readerOf } from "../models/users/reader.server";
import { viewerSession } from "../models/users/session.server";
import { LIMITS } from "../lib/limits";
import { parseId, parseOffset } from "../lib/params";
import { pageMeta } from "../lib/seo";
import { readMarked } from "../models/questions/voter-reads.server";

export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

/**
 * /ansmarks/{aid}: who marked an answer, newest first, 20 to a page (?p=), each linking to his
 * profile; the page the answer's mark count stands for without JavaScript. A missing or deleted
 * answer, or one under a deleted question, is 404.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const missing = () => json({ kind: "missing" as const }, { status: 404, headers: cacheHeaders(404) });
  const aid = parseId(params.aid);
  const offset = parseOffset(new URL(request.url).searchParams);
  if (aid === null || !offset.ok) return missing();
  const session = await viewerSession(context, request);
  try {
    const r = await readMarked(context.cloudflare.env, { aid, p: offset.value, n: LIMITS.pageSize }, readerOf(request, session));
    return json({ kind: "ok" as const, aid, users: r.users, total: r.total, offset: offset.value }, { headers: cacheHeaders() });
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    // an answer in the adult category asks its reader to confirm his age first, as its page does
    if (e.errid === ERR.adultNotConfirmed) {
      const url = new URL(request.url);
      throw redirect(adultGatePath(url.pathname + url.search), { headers: session ? PRIVATE_PAGE : cacheHeaders() });
    }
    return missing();
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({ title: data?.kind === "ok" ? "Отметили ответ — Ответы" : "Ответ не найден — Ответы", noindex: true });

export default function AnswerMarksRoute() {
  const data = useLoaderData<typeof loader>();
  if (data.kind === "missing") return <QuestionMissing />;
  const next = data.offset + data.users.length;
  return (
    <main className="page">
      <div className="card narrow" data-testid="ansmarks">
        <h1>Отметили ответ</h1>
        {data.users.length === 0 ? (
          <p className="muted">Ответ пока никто не отметил</p>
        ) : (
          <ul className="similar">
            {data.users.map((u) => (
              <li key={u.id}>
                <a href={`/profile/id${u.id}`}>{u.nick}</a>
              </li>
            ))}
          </ul>
        )}
        <p className="pager">
          {data.offset > 0 ? (
            <a className="btn" href={data.offset > LIMITS.pageSize ? `/ansmarks/${data.aid}?p=${data.offset - LIMITS.pageSize}` : `/ansmarks/${data.aid}`}>
              Назад
            </a>
          ) : null}
          {next < data.total && data.users.length === LIMITS.pageSize ? (
            <a className="btn" rel="next" href={`/ansmarks/${data.aid}?p=${next}`}>
              Показать ещё
            </a>
          ) : null}
          <a className="btn" href={`/answer/${data.aid}`}>
            К ответу
          </a>
        </p>
      </div>
    </main>
  );
}
