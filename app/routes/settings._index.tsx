import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { SettingsPage } from "../components/settings-page";
import { pageMeta } from "../lib/seo";
import { settingsPageLoader } from "../models/users/settings-route.server";

export const meta = () => pageMeta({ title: "Настройки уведомлений — Ответы", noindex: true });

/** /settings: the notification settings of the signed-in user; guests sign in first. */
export const loader = (args: LoaderFunctionArgs) => settingsPageLoader(args, () => "/settings");

export default function Settings() {
  const data = useLoaderData<typeof loader>();
  return <SettingsPage settings={data.settings} back={data.back} saved={data.saved} />;
}
