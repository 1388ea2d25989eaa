/**
 * The operator's door to the move of a range of questions (scripts/move-range.mjs): POST
 * /api/ops/moves starts one ({first, last, target}) and POST /api/ops/moves/{id} advances it for a
 * few seconds; both answer its progress. Only with OPS_SECRET set and sent in x-ops-secret.
 */
import { z } from "zod";
import { sameString } from "../../lib/crypto";
import { DomainError, ERRORS, errorEnvelope } from "../../lib/errors";
import { ERR } from "../../lib/errids";
import { type MoveProgress, runMove, startMove } from "./move-range.server";

/** How long one call advances a move. */
const CALL_BUDGET_MS = 10_000;

const StartMove = z.object({ first: z.number().int(), last: z.number().int(), target: z.string().max(40) });

const json = (body: unknown, status: number) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

/** 404 without a secret configured (the door is not there), 403 for a wrong one, else null. */
function refused(env: Env, req: Request): Response | null {
  if (!env.OPS_SECRET) return json({ status: 404, errid: 404, error: "undefined url" }, 404);
  if (!sameString(req.headers.get("x-ops-secret") ?? "", env.OPS_SECRET)) return json({ status: 403, errid: 403, error: "Нет доступа" }, 403);
  return null;
}

async function answer(work: () => Promise<MoveProgress>): Promise<Response> {
  try {
    return json({ status: 200, ...(await work()) }, 200);
  } catch (e) {
    if (e instanceof DomainError) return json(errorEnvelope(e), e.status);
    throw e;
  }
}

/** POST /api/ops/moves (`id` null) or /api/ops/moves/{id}. */
export async function moveRequest(env: Env, req: Request, id: string | null): Promise<Response> {
  const no = refused(env, req);
  if (no) return no;
  if (id !== null) {
    const n = Number(id);
    if (!Number.isSafeInteger(n) || n < 1) return json(errorEnvelope(new DomainError(ERR.moveInvalid)), ERRORS[ERR.moveInvalid].status);
    return answer(() => runMove(env, n, CALL_BUDGET_MS));
  }
  const input = StartMove.safeParse(await req.json().catch(() => null));
  if (!input.success) return json(errorEnvelope(new DomainError(ERR.moveInvalid)), ERRORS[ERR.moveInvalid].status);
  return answer(async () => {
    const move = await startMove(env, input.data, Date.now());
    return runMove(env, move.id, CALL_BUDGET_MS);
  });
}
