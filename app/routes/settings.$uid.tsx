import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parsePrefixedId } from "../lib/params";
import { settingsPageLoader } from "../models/users/settings-route.server";
import Settings, { meta } from "./settings._index";

export { meta };

/**
 * /settings/id{id}: the same page. A user has only his own settings: another id redirects to
 * /settings; a malformed segment is 404.
 */
export async function loader(args: LoaderFunctionArgs) {
  const id = parsePrefixedId(args.params.uid, "id");
  if (id === null) throw new Response("Not found", { status: 404 });
  return settingsPageLoader(args, (own) => (own === id ? `/settings/id${id}` : null));
}

export default Settings;
