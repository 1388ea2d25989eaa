import { redirect } from "@remix-run/cloudflare";

/** The ball's address alone leads to the seasonal page that hosts it. */
export function loader() {
  throw redirect("/newyear/", 301);
}
