import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { brandPageResponse } from "../models/brands/brand-route.server";
import CategoryRoute, { headers, meta } from "./$category._index";

export { headers, meta };

/**
 * /{brand urlname}/{tab}/{sub}: the brand page's tabs (categories have no third segment: 404). The
 * trailing underscore keeps it out of $category.$tab's layout (that route has no outlet).
 */
export const loader = async (args: LoaderFunctionArgs) => {
  const page = await brandPageResponse(args, args.params.category ?? "", args.params.tab ?? "", args.params.sub ?? "");
  if (!page) throw new Response("Not found", { status: 404 });
  return page;
};

export default CategoryRoute;
