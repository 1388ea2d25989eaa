import { json, redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { SettingsPage } from "../components/settings-page";
import { PRIVATE_PAGE } from "../lib/http.server";
import { signInUrl } from "../lib/return-to";
import { pageMeta } from "../lib/seo";
import { settingsPageData } from "../models/notifications/settings.server";
import { viewerSession } from "../models/users/session.server";

export const meta = () => pageMeta({ title: "Настройки уведомлений — Ответы", noindex: true });

/**
 * /settings: the notification settings of the signed-in user as stored (1 = on) and his Web Push
 * devices; guests sign in first and come back.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await viewerSession(context, request);
  const url = new URL(request.url);
  if (!session) throw redirect(signInUrl(url.pathname + url.search), { headers: { "Cache-Control": "no-store" } });
  const data = await settingsPageData(context.cloudflare.env, session.user.id);
  return json({ ...data, back: "/settings", saved: url.searchParams.get("saved") === "1" }, { headers: PRIVATE_PAGE });
}

export default function Settings() {
  const data = useLoaderData<typeof loader>();
  return <SettingsPage settings={data.settings} devices={data.devices} vapidKey={data.vapidKey} back={data.back} saved={data.saved} />;
}
