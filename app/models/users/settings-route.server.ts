import { json, redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { signInUrl } from "../../lib/return-to";
import { readSettings } from "../notifications/settings.server";
import { viewerSession } from "./session.server";

/**
 * The loader of the settings page at `path` (/settings, /settings/id{own id}): the signed-in user's
 * stored settings (1 = on). Guests go to the sign-in page and come back; when `path` gives null
 * (/settings/id{someone else}) the user goes to his own /settings.
 */
export async function settingsPageLoader({ request, context }: LoaderFunctionArgs, path: (ownId: number) => string | null) {
  const session = await viewerSession(context, request);
  const url = new URL(request.url);
  if (!session) throw redirect(signInUrl(url.pathname + url.search), { headers: { "Cache-Control": "no-store" } });
  const back = path(session.user.id);
  if (back === null) throw redirect("/settings", { headers: { "Cache-Control": "no-store" } });
  const settings = await readSettings(context.cloudflare.env.DB, session.user.id);
  return json({ settings, back, saved: url.searchParams.get("saved") === "1" }, { headers: { "Cache-Control": "private, no-store" } });
}
