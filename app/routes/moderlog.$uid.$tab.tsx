import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { moderlogResponse } from "../models/moderation/moderlog.server";
import ModerlogRoute, { headers, meta } from "./moderlog.$uid._index";

/** The same page as /moderlog/id{id}; the loader reads the tab from the params. */
export { headers, meta };

export const loader = (args: LoaderFunctionArgs) => moderlogResponse(args);

export default ModerlogRoute;
