import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { runCall } from "../calls/run.server";

/** Runs the named call `exit` (the session is revoked, the cookie forgotten), then home. */
export async function action({ request, context }: ActionFunctionArgs) {
  const result = await runCall("exit", request, {}, context.cloudflare.env, context.cloudflare.ctx, "form");
  if (result.status !== 200) throw new Response(String(result.body.error ?? ""), { status: result.status });
  const headers = new Headers();
  for (const c of result.cookies) headers.append("Set-Cookie", c);
  return redirect("/", { headers });
}

export const loader = () => redirect("/");
