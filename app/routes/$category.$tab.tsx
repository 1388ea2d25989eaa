import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { brandPageResponse } from "../models/brands/brand-route.server";
import { questionListResponse } from "../models/questions/list-route.server";
import CategoryRoute, { headers, meta } from "./$category._index";

export { headers, meta };

export const loader = async (args: LoaderFunctionArgs) =>
  (await brandPageResponse(args, args.params.category ?? "", args.params.tab ?? "")) ??
  questionListResponse(args.request, args.context.cloudflare.env.DB, args.params.category ?? "", args.params.tab ?? "");

export default CategoryRoute;
