import { json, redirect } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { parseId, parsePrefixedId } from "../../lib/params";
import { getDb, schema } from "../core/db.server";
import { loadPrivateQuestion, PRIVATE_REF } from "./private-questions.server";

const c = schema.comments;

/**
 * Loader data of /private/{pqid} and /private/{pqid}/cid-{cmid}: missing (404, also to guests and
 * strangers), deleted (404 with 'Вопрос удален'), or the page. A comment that is not one of this
 * question's goes back to the question. Never cached: only its asker and the brand see it.
 */
export async function privatePageResponse(env: Env, viewerId: number | null, pqidRaw: string | undefined, cmidSegment?: string) {
  const headers = { "Cache-Control": "private, no-store" };
  const now = Date.now();
  const pqid = parseId(pqidRaw);
  const cmid = cmidSegment === undefined ? null : parsePrefixedId(cmidSegment, "cid-");
  if (pqid === null || (cmidSegment !== undefined && cmid === null)) return json({ kind: "missing" as const }, { status: 404, headers });
  const page = await loadPrivateQuestion(env.DB, pqid, viewerId);
  if (page.kind === "missing") return json({ kind: "missing" as const }, { status: 404, headers });
  if (page.kind === "deleted") return json({ kind: "deleted" as const, question: page.question }, { status: 404, headers });
  if (cmid !== null) {
    const row = await getDb(env.DB).select({ pqid: c.pqid, refType: c.refType }).from(c).where(eq(c.id, cmid)).get();
    if (!row || row.pqid !== pqid || row.refType !== PRIVATE_REF) throw redirect(`/private/${pqid}`);
  }
  return json({ ...page, now, highlight: cmid }, { headers });
}
