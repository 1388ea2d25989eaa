import { ERR } from "../lib/errids";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { hasCall, runCall } from "../calls/run.server";
import { formFields } from "../lib/fields";
import { safeReturn, signInUrl } from "../lib/return-to";
import { pageMeta } from "../lib/seo";

/** The heading of a refused call's page where it is not the plain 'Ошибка': a failed move says 'Какая-то ошибка' above its reason. */
const FAILED_TITLES: Record<string, string> = { a_qstmove: "Какая-то ошибка" };

/**
 * The form door: a plain HTML form posts to /do/{name}?return={path} and the same named call as
 * /api/v2/{name} runs. Success redirects back (post/redirect/get); a guest goes to the sign-in page
 * with login=1 in the return address; any other refusal shows its Russian text.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const returnTo = safeReturn(url.searchParams.get("return"), url.origin);
  const fields = await formFields(request);
  const name = params.name ?? "";
  if (!hasCall(name)) throw new Response("Not found", { status: 404 });
  const result = await runCall(name, request, fields, context.cloudflare.env, context.cloudflare.ctx, "form");
  const headers = new Headers();
  for (const c of result.cookies) headers.append("Set-Cookie", c);
  if (result.status === 200 && result.body.on_moderation) {
    // held for premoderation: the notice page (GET, below), then back
    return redirect(`/do/${params.name}?premod=1&return=${encodeURIComponent(returnTo)}`, { headers });
  }
  if (result.status === 200) {
    const to = typeof result.body.redirect === "string" ? safeReturn(result.body.redirect, url.origin) : returnTo;
    return redirect(to, { headers });
  }
  if (result.body.errid === ERR.signInNeeded) return redirect(signInUrl(returnTo), { headers });
  return json(
    { error: String(result.body.error ?? ""), errid: Number(result.body.errid), returnTo, title: FAILED_TITLES[name] ?? "Ошибка" },
    { status: result.status, headers },
  );
}

/**
 * GET: the premoderation notice after a held write (?premod=1). The loader also runs when a refused
 * form post renders its error, so it never redirects: without ?premod=1 it has nothing to say.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const premod = url.searchParams.get("premod") === "1";
  return json({ premod, returnTo: safeReturn(url.searchParams.get("return"), url.origin) }, { headers: { "Cache-Control": "private, no-store" } });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta({ title: data?.premod ? "Премодерация — Ответы" : "Ошибка — Ответы", noindex: true });

export default function FormDoor() {
  const data = useActionData<typeof action>();
  const notice = useLoaderData<typeof loader>();
  if (!data && notice?.premod) {
    return (
      <main className="page">
        <div className="card narrow" data-testid="premod-notice">
          <h1>Премодерация</h1>
          <p>Текст ушел на модерацию. Решение о публикации будет принято в течении 12 часов</p>
          <a className="btn" href={notice.returnTo}>
            Вернуться
          </a>
        </div>
      </main>
    );
  }
  return (
    <main className="page">
      <div className="card narrow">
        <h1>{data?.title ?? "Ошибка"}</h1>
        <p className="form-error" role="alert" data-errid={data?.errid}>
          {data?.error || "Что-то пошло не так. Попробуйте перезагрузить страницу и проверьте подключение к интернету"}
        </p>
        <a className="btn" href={data?.returnTo ?? "/"}>
          Вернуться
        </a>
      </div>
    </main>
  );
}
