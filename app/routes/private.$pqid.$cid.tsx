import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { privatePageResponse } from "../models/brands/private-route.server";
import { viewerSession } from "../models/users/session.server";
import PrivateQuestionRoute, { headers, meta } from "./private.$pqid._index";

export { headers, meta };

/** /private/{pqid}/cid-{cmid}: the private question with one comment highlighted (a foreign comment goes back to the question). */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const session = await viewerSession(context, request);
  return privatePageResponse(context.cloudflare.env, session?.user.id ?? null, params.pqid, params.cid ?? "");
}

export default PrivateQuestionRoute;
