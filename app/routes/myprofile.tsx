import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { viewerSession } from "../models/users/session.server";

/** /myprofile: the own profile when signed in, else the index. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await viewerSession(context, request);
  throw redirect(session ? `/profile/id${session.user.id}` : "/", { headers: { "Cache-Control": "no-store" } });
}
