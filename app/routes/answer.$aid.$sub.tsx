import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseId, parsePrefixedId } from "../lib/params";
import { originOf } from "../lib/seo";
import { answerPageResponse, missingResponse } from "../models/answer-route.server";
import { locateComment } from "../models/question-page.server";
import AnswerRoute, { meta } from "./answer.$aid._index";

export { meta };
export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

/** /answer/{aid}/cid-{cmid}: the answer with that comment highlighted; a failed context goes to /answer/{aid}. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const db = context.cloudflare.env.DB;
  const aid = parseId(params.aid);
  if (aid === null) return missingResponse();
  const cmid = parsePrefixedId(params.sub, "cid-");
  if (cmid === null) return missingResponse();
  const where = await locateComment(db, cmid);
  if (!where || where.answerId !== aid) throw redirect(`/answer/${aid}`);
  return answerPageResponse(db, aid, cmid, `${originOf(request)}/answer/${aid}`);
}

export default AnswerRoute;
