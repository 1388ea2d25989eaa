import { redirect } from "@remix-run/cloudflare";

/** /help has no page of its own: it leads to the rules. */
export const loader = () => redirect("/help/rules", 301);
