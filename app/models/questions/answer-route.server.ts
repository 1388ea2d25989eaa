import { json } from "@remix-run/cloudflare";
import { cacheHeaders } from "../../lib/http.server";
import { getCategoryTree } from "../categories/categories.server";
import { loadAnswerPage } from "./question-page.server";
import { categoryTrail } from "./lists.server";

/** Loader data for a single answer (optionally highlighting one of its comments), shared by /answer and cid- routes. */
export async function answerPageResponse(db: D1Database, aid: number, highlight: number | null, canonical: string) {
  const now = Date.now();
  const [tree, page] = await Promise.all([getCategoryTree(db, now), loadAnswerPage(db, aid, highlight)]);
  if (page.kind === "missing") return json({ kind: "missing" as const, now }, { status: 404, headers: cacheHeaders(404) });
  const trail = categoryTrail(tree, page.question.categoryId);
  if (page.kind === "deleted") {
    return json({ kind: "deleted" as const, now, question: page.question, trail }, { status: 404, headers: cacheHeaders(404) });
  }
  return json({ ...page, now, trail, canonical }, { headers: cacheHeaders() });
}

export function missingResponse() {
  return json({ kind: "missing" as const, now: Date.now() }, { status: 404, headers: cacheHeaders(404) });
}
