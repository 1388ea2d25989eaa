import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { questionListResponse } from "../models/list-route.server";
import CategoryRoute, { headers, meta } from "./$category._index";

export { headers, meta };

export const loader = ({ request, params, context }: LoaderFunctionArgs) =>
  questionListResponse(request, context.cloudflare.env.DB, params.category ?? "", params.tab ?? "");

export default CategoryRoute;
