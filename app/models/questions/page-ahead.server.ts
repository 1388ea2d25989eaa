/**
 * A question page's reads started ahead of its loader: the worker starts them on the request's D1
 * (its session) in the same turn as its read of the reader's session, so that all of them go to
 * D1 in one batch (kept batches asked for together), and a page rendered after it waits for no
 * second round trip. The blocks under the answers come with the page: read later, alone, they
 * would arrive after the page's first bytes and be streamed behind it, out of sight without
 * JavaScript. The loader reads them the same way when nothing was read ahead for it.
 */
import { loadQuestionPage, type QuestionPage } from "./question-page.server";
import { questionsAround } from "./related.server";

export type PageAhead = {
  qid: number;
  offset: number;
  page: Promise<QuestionPage>;
  around: ReturnType<typeof questionsAround>;
};

export function readPageAhead(env: Env, qid: number, offset: number, now: number): PageAhead {
  const ahead = { qid, offset, page: loadQuestionPage(env, qid, offset, true), around: questionsAround(env, qid, now) };
  // read ahead but not taken (the reader's copy is there), a failure belongs to nobody; whoever
  // awaits them still gets it
  ahead.page.catch(() => {});
  ahead.around.catch(() => {});
  return ahead;
}

/** The reads started ahead for this request (`context.pageAhead`) when they are of the page asked for, once; else null. */
export function takePageAhead(context: { pageAhead?: PageAhead }, qid: number, offset: number): PageAhead | null {
  const ahead = context.pageAhead;
  context.pageAhead = undefined;
  return ahead && ahead.qid === qid && ahead.offset === offset ? ahead : null;
}
