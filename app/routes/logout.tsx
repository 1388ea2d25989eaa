import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { signOut } from "../models/users/auth.server";
import { clearSessionCookie, getSession } from "../models/users/session.server";

export async function action({ request, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env;
  await signOut(env, await getSession(env.DB, request));
  return redirect("/", { headers: { "Set-Cookie": clearSessionCookie(request) } });
}

export const loader = () => redirect("/");
