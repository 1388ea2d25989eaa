import { json, type HeadersArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import BanForm from "../islands/ban-form.island";
import { Island } from "../islands/island";
import { notFoundUnless, PRIVATE_PAGE } from "../lib/http.server";
import { parseId } from "../lib/params";
import { pageMeta } from "../lib/seo";
import { banFormData } from "../models/moderation/bans.server";
import { viewerSession } from "../models/users/session.server";

/** /moderlog/ban/{uid}: the temporary-ban form for moderators holding tmpban; 404 for everyone else. */
export const headers = ({ loaderHeaders, errorHeaders }: HeadersArgs) => errorHeaders ?? loaderHeaders;

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const uid = parseId(params.uid);
  notFoundUnless(uid !== null, PRIVATE_PAGE);
  const session = await viewerSession(context, request);
  const data = await banFormData(context.cloudflare.env, session?.user ?? null, uid, Date.now());
  notFoundUnless(data, PRIVATE_PAGE);
  return json(data, { headers: PRIVATE_PAGE });
}

export const meta: MetaFunction<typeof loader> = () => pageMeta({ title: "Блокировка пользователя — Ответы", noindex: true });

export default function BanRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <main className="page">
      <div className="card narrow">
        <h1>Блокировка пользователя</h1>
        {data.user ? (
          <>
            <p>
              Пользователь: <a href={`/profile/id${data.user.id}`}>{data.user.nick}</a>
            </p>
            <Island name="ban-form" of={BanForm} props={{ user: data.user, periods: data.periods }} when="load" />
          </>
        ) : (
          <p className="form-error" role="alert">
            {data.refusal}
          </p>
        )}
      </div>
    </main>
  );
}
