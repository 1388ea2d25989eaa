import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { profileResponse } from "../models/users/profile.server";
import ProfileRoute, { headers, meta } from "./profile.$uid._index";

/** The same page as /profile/id{userid}; the loader reads the tab (and sub) from the params. */
export { headers, meta };

export const loader = (args: LoaderFunctionArgs) => profileResponse(args);

export default ProfileRoute;
