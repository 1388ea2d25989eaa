import { json, redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { notFoundUnless, PRIVATE_PAGE } from "../lib/http.server";
import { parsePrefixedId } from "../lib/params";
import { signInUrl } from "../lib/return-to";
import { settingsPageData } from "../models/notifications/settings.server";
import { viewerSession } from "../models/users/session.server";
import Settings, { meta } from "./settings._index";

export { meta };

/**
 * /settings/id{id}: the same page as /settings. A user has only his own settings: another id
 * redirects to /settings; a malformed segment is 404; guests sign in first and come back.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const id = parsePrefixedId(params.uid, "id");
  notFoundUnless(id !== null);
  const session = await viewerSession(context, request);
  const url = new URL(request.url);
  if (!session) throw redirect(signInUrl(url.pathname + url.search), { headers: { "Cache-Control": "no-store" } });
  if (session.user.id !== id) throw redirect("/settings", { headers: { "Cache-Control": "no-store" } });
  const data = await settingsPageData(context.cloudflare.env, session.user.id);
  return json({ ...data, back: `/settings/id${id}`, saved: url.searchParams.get("saved") === "1" }, { headers: PRIVATE_PAGE });
}

export default Settings;
