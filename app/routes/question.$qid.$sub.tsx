import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { cacheHeaders, PRIVATE_PAGE } from "../lib/http.server";
import { parseId, parsePrefixedId } from "../lib/params";
import { pageMeta } from "../lib/seo";
import QuestionRoute, { meta as questionMeta, loader as questionLoader } from "./question.$qid._index";
import { viewerSession } from "../models/users/session.server";
import { UnwatchPage } from "../components/unwatch";
import { notifyState } from "../models/questions/watch.server";
import { signInUrl } from "../lib/return-to";

export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

/**
 * /question/{qid}/cid-{cmid}: the question page with the comment in its context (its thread whole,
 * the comment highlighted, the reply form under it); /question/{qid}/unwatch(-comments): the
 * unsubscribe page of the notice e-mails.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { params, request, context } = args;
  const env = context.cloudflare.env;
  const qid = parseId(params.qid);
  const unwatch: "Q" | "C" | null = params.sub === "unwatch" ? "Q" : params.sub === "unwatch-comments" ? "C" : null;
  if (qid !== null && unwatch) {
    const session = await viewerSession(context, request);
    const url = new URL(request.url);
    if (!session) throw redirect(signInUrl(url.pathname));
    // «Вы отписались» only for an unsubscribe that happened: ?done=1 alone confirms nothing
    const state = await notifyState(env, session.user.id, qid, unwatch);
    return json({ kind: "unwatch" as const, qid, unwatch, state, done: url.searchParams.get("done") === "1" && state === "off" }, { headers: PRIVATE_PAGE });
  }
  const cmid = parsePrefixedId(params.sub, "cid-");
  if (qid === null || cmid === null) return json({ kind: "missing" as const, now: Date.now() }, { status: 404, headers: cacheHeaders(404) });
  return questionLoader(args);
}

export const meta: MetaFunction<typeof loader> = (args) => {
  const data = args.data as { kind?: string } | undefined;
  if (data?.kind === "unwatch") return pageMeta({ title: "Отписка — Ответы", noindex: true });
  return questionMeta(args as never);
};

export default function CommentInContext() {
  const data = useLoaderData<typeof loader>() as { kind: string; qid?: number; unwatch?: "Q" | "C"; done?: boolean; state?: string };
  if (data.kind === "unwatch") return <UnwatchPage qid={data.qid!} kind={data.unwatch!} done={!!data.done} watching={data.state !== "none"} />;
  return <QuestionRoute />;
}
