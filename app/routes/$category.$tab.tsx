import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { brandPageResponse } from "../models/brand-route.server";
import { questionListResponse } from "../models/list-route.server";
import CategoryRoute, { headers, meta } from "./$category._index";

export { headers, meta };

export const loader = async (args: LoaderFunctionArgs) =>
  (await brandPageResponse(args, args.params.category ?? "", args.params.tab ?? "")) ??
  questionListResponse(args.request, args.context.cloudflare.env.DB, args.params.category ?? "", args.params.tab ?? "");

export default CategoryRoute;
