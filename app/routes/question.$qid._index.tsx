import { defer, json, redirect, type LoaderFunctionArgs, type MetaFunction, type SerializeFrom } from "@remix-run/cloudflare";
import { Await, useLoaderData } from "@remix-run/react";
import { Fragment, Suspense } from "react";
import { AnswerItem, answerFragmentKey } from "../components/answer-item";
import { CachedFragment } from "../components/fragments";
import { CommentTree, threadTimes } from "../components/comment-tree";
import { QuestionDeleted, QuestionMissing } from "../components/question-gone";
import { PollBlock, QuestionHeader } from "../components/question-header";
import { canAnswer, canSupplement, canVoteInPoll, questionFacts, VOTING_PROMPTS, votingPromptReason } from "../lib/can";
import type { Crumb, DeletedQuestionFacts } from "../lib/views";
import { isBanned } from "../lib/users";
import { timeAgo } from "../lib/time-ago";
import { adultGateUnless, cacheHeaders, PRIVATE_PAGE } from "../lib/http.server";
import { LIMITS } from "../lib/limits";
import { parseId, parseOffset, parsePrefixedId } from "../lib/params";
import { ANSWER, countOf } from "../lib/plural";
import { originOf, pageMeta } from "../lib/seo";
import { getCategoryTree } from "../models/categories/categories.server";
import { commentFocus, crumbsOf, deletedQuestionFacts, focusThreads, loadQuestionPage, withCommentInContext } from "../models/questions/question-page.server";
import { type PageAhead, readPageAhead, takePageAhead } from "../models/questions/page-ahead.server";
import { categoryTrail } from "../models/questions/lists.server";
import { mentionedQuestionIds, mentionedQuestions, type RelatedQuestion } from "../models/questions/related.server";
import { adultCategoryIds, categoryClosed, isAdultCategory } from "../models/core/visibility.server";
import { readerOf } from "../models/users/reader.server";
import { viewerSession } from "../models/users/session.server";
import { type Viewer, viewerOnQuestion } from "../models/questions/viewer.server";
import { askedNote, clearAskedCookie } from "../models/questions/asked-note.server";
import { AskedNoteView } from "../components/asked-note";
import { moderOnDeletedQuestion } from "../models/moderation/on-page.server";
import { advanceOne, dueTransition } from "../models/questions/lifecycle.server";
import { AnswerForm, CommentForm } from "../components/forms";
import { AnswerActions, QuestionActions } from "../components/question-actions";
import { AnswersMore } from "../components/answers-more";
import { Island, needAuth } from "../islands/island";
import { PHOTO_MARK, threadHasPhotos } from "../lib/photos";
import AnswerFormIsland from "../islands/answer-form.island";
import CommentThread from "../islands/comment-thread.island";
import SupplementFormIsland from "../islands/supplement-form.island";
import { pageAds } from "../models/ads/house-ads.server";

export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

/** The deleted-question page's data: `question` and `viewer` for a moderator only. */
type DeletedPage = {
  kind: "deleted";
  now: number;
  trail: Crumb[];
  question?: DeletedQuestionFacts;
  viewer?: Awaited<ReturnType<typeof moderOnDeletedQuestion>>;
};

/**
 * The question page; at /question/{qid}/cid-{cmid} (whose route calls this loader) a comment in its
 * context: the page from the offset of the comment's answer, that answer's (or the question's)
 * whole thread with the comment highlighted, and the reply form under it.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const now = Date.now();
  const qid = parseId(params.qid);
  const cmid = params.sub === undefined ? null : parsePrefixedId(params.sub, "cid-");
  const url = new URL(request.url);
  const focus = qid !== null && cmid !== null ? await commentFocus(env, qid, cmid) : null;
  // a comment that is gone, of another question, or under an answer that is not live: the question itself
  if (qid !== null && cmid !== null && !focus) throw redirect(`/question/${qid}`);
  const offset = focus ? ({ ok: true, value: focus.offset } as const) : parseOffset(url.searchParams);
  if (qid === null || (!offset.ok && offset.reason === "too-far")) {
    return json({ kind: "missing" as const, now }, { status: 404, headers: cacheHeaders(404) });
  }
  if (!offset.ok) throw redirect(`/question/${qid}`);

  // the page's own reads and the blocks after its answers, in one D1 round trip (the recommendations
  // are our own questions of the same category, never asked of anyone else; an isolate that read
  // the blocks for this question in the last minute reads nothing); started by the worker with the
  // reader's session when it read him from D1, before Remix ran (models/questions/page-ahead.server.ts)
  const { page: pageRead, around: neighbours } =
    takePageAhead(context as { pageAhead?: PageAhead }, qid, offset.value) ?? readPageAhead(env, qid, offset.value, now);
  // a comment in context: its whole thread is read beside the page
  let [tree, page, session, ads, threads] = await Promise.all([
    getCategoryTree(env, now),
    pageRead,
    viewerSession(context, request),
    pageAds(env, "question", now),
    focus ? focusThreads(env, qid, focus) : null,
  ]);
  // the on-read guard: a question whose window has passed moves on before anyone reads it stale
  if (page.kind === "ok" && dueTransition({ ...page.question, userId: page.question.author.id }, now)) {
    await advanceOne(env, qid, now);
    page = await loadQuestionPage(env, qid, offset.value, true);
  }
  if (page.kind === "missing") return json({ kind: "missing" as const, now }, { status: 404, headers: cacheHeaders(404) });
  const trail = categoryTrail(tree, page.question.categoryId);
  // a question of the adult category asks its reader to confirm his age first (the gate is a page of
  // its own, so that a cached copy of the question never reaches a guest who has not)
  adultGateUnless(!categoryClosed(readerOf(request, session), tree, page.question.categoryId), request, !!session);
  if (page.kind === "deleted") {
    // the reasons page: the crumbs for everybody; the question, its author and who deleted it go to
    // a moderator alone, with his restore control (docs/decisions/0015-moderation.md)
    const viewer = await moderOnDeletedQuestion(env, session, qid, now);
    if (!viewer) return json<DeletedPage>({ kind: "deleted", now, trail: crumbsOf(trail) }, { status: 404, headers: cacheHeaders(404) });
    return json<DeletedPage>(
      { kind: "deleted", now, trail: crumbsOf(trail), question: deletedQuestionFacts(page.question), viewer },
      { status: 404, headers: PRIVATE_PAGE },
    );
  }
  if (offset.value > 0 && offset.value >= page.question.anscnt) throw redirect(`/question/${qid}`);
  if (focus && threads) page = withCommentInContext(page, focus, threads);
  // the blocks after the answers (similar questions, the questions this one mentions, what readers
  // of its section also asked, the recommendations) stream after the page; all but the mentioned
  // ones were asked for before the page, with its own reads
  const inAdult = isAdultCategory(tree, page.question.categoryId);
  const mentioned = mentionedQuestions(
    env,
    qid,
    mentionedQuestionIds([page.question.qcomment, ...page.supplements.map((s) => s.text)], qid, originOf(request)),
    inAdult ? [] : adultCategoryIds(tree),
  );
  const around = Promise.all([neighbours, mentioned]).then(([n, m]) => ({ similar: n.similar, alsoAsked: n.alsoAsked, expert: n.expert, mentioned: m }));
  const recommended = neighbours.then((n) => n.recommended);
  // the reader's own parts: read already with his session when the page is the shared rendering
  const known = (context as { viewerOnQuestion?: Viewer }).viewerOnQuestion;
  const [viewer, asked] = await Promise.all([
    session ? (known ?? viewerOnQuestion(env, session.user, qid)) : null,
    askedNote(env, request, session?.user ?? null, { id: qid, authorId: page.question.author.id }, trail.at(-1), now),
  ]);
  const headers = new Headers(viewer ? { "Cache-Control": "private, no-store" } : cacheHeaders());
  // the message after asking is shown once
  if (asked) headers.append("Set-Cookie", clearAskedCookie(qid, request));

  return defer(
    {
      ...page,
      now,
      trail,
      canonical: `${originOf(request)}/question/${qid}`,
      viewer,
      asked,
      around,
      recommended,
      ads,
      focus: focus ? { cmid: focus.cmid, answerId: focus.answerId } : null,
    },
    { headers },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data || data.kind === "missing") return pageMeta({ title: "Вопрос не найден — Ответы", noindex: true });
  if (data.kind === "deleted") return pageMeta({ title: "Вопрос не найден или удален — Ответы", noindex: true });
  const q = data.question;
  const description = q.qcomment || data.best?.text || data.answers[0]?.text || q.qtext;
  // a comment in context is this page again: indexed once, at its own address
  return pageMeta({ title: q.qtext, description, canonical: data.canonical, type: "article", noindex: data.focus !== null });
};

/**
 * A part of the page as a guest sees it (no controls of his own: the question with its comments, an
 * answer), kept as HTML between renders under `cacheKey` and rendered anew when anything it shows
 * changes (components/fragments.tsx); a signed-in reader's parts are rendered for his page every time.
 */
function Kept({ kept, cacheKey, children }: { kept: boolean; cacheKey: () => string; children: React.ReactElement }) {
  if (!kept) return children;
  return <CachedFragment cacheKey={cacheKey()}>{children}</CachedFragment>;
}

/** The page's data as its component reads it, for a question that is there. */
type QuestionPageData = Extract<SerializeFrom<typeof loader>, { kind: "ok" }>;

/**
 * Everything the question's card shows for a guest, for the key of its kept HTML: the question, its
 * trail, supplements, poll and comments as read, and what the moment makes of them (the relative
 * times, the author's ban).
 */
function questionCardKey(page: Pick<QuestionPageData, "question" | "trail" | "supplements" | "poll" | "questionComments">, now: number): string {
  const { question, supplements, questionComments } = page;
  const times = [timeAgo(question.added, now), ...supplements.map((s) => timeAgo(s.added, now)), ...threadTimes(questionComments.nodes, now)];
  return JSON.stringify(["question", question, page.trail, supplements, page.poll, questionComments, isBanned(question.author, now), times]);
}

type RelatedBlockProps = { title: string; testid: string; items: RelatedQuestion[]; empty?: string };

/**
 * A block of questions after the answers; without `empty`, a block with nothing to list is left out.
 * Its HTML is kept between renders (components/fragments.tsx): it depends on nothing but its props,
 * whose questions an isolate keeps for the minute anyway (questionsAround).
 */
function RelatedBlock(props: RelatedBlockProps) {
  if (props.items.length === 0 && !props.empty) return null;
  return (
    <CachedFragment cacheKey={`related\n${JSON.stringify(props)}`}>
      <RelatedList {...props} />
    </CachedFragment>
  );
}

function RelatedList({ title, testid, items, empty }: RelatedBlockProps) {
  return (
    <section className="card" aria-label={title}>
      <h2>{title}</h2>
      {items.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="similar" data-testid={testid}>
          {items.map((s) => (
            <li key={s.id}>
              <a href={`/question/${s.id}`}>{s.qtext}</a> <span className="muted">{countOf(s.anscnt, ANSWER)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The recommendation block's list (kept as HTML between renders, as the blocks above). */
function RecommendedList({ items }: { items: (RelatedQuestion & { pollType: string | null })[] }) {
  return (
    <ul className="similar" data-testid="recommended">
      {items.map((s) => (
        <li key={s.id}>
          <a href={`/question/${s.id}`}>
            {s.pollType ? "Опрос: " : ""}
            {s.qtext}
          </a>{" "}
          <span className="muted">{countOf(s.anscnt, ANSWER)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Under the comment in context: a reply to it (a plain form, with or without script) and the way back to the whole question. */
function FocusReplyForm({ qid, answerId, cmid, anscnt, signedIn }: { qid: number; answerId: number | null; cmid: number; anscnt: number; signedIn: boolean }) {
  const form = <CommentForm type={answerId === null ? "Q" : "A"} refid={answerId ?? qid} parent={cmid} back={`/question/${qid}/cid-${cmid}`} />;
  return (
    <div id="comment-form" className="focus-reply" data-testid="focus-reply">
      <p className="muted">Ответ на выделенный комментарий:</p>
      {signedIn ? form : <div {...needAuth(false)}>{form}</div>}
      <p>
        <a className="btn" data-testid="all-answers" href={`/question/${qid}`}>
          {`Все ответы на вопрос (${countOf(anscnt, ANSWER)})`}
        </a>
      </p>
    </div>
  );
}

export default function QuestionRoute() {
  const data = useLoaderData<typeof loader>();
  if (data.kind === "missing") return <QuestionMissing />;
  if (data.kind === "deleted") return <QuestionDeleted question={data.question ?? null} trail={data.trail} />;
  const { question, now } = data;
  const facts = questionFacts(question);
  const back = `/question/${question.id}`;
  // signed-in readers get the forms' islands and the comments' 'Ответить' links
  const replyHref = data.viewer ? (cmid: number) => `/question/${question.id}/cid-${cmid}#comment-form` : undefined;
  const votingPrompt = data.viewer ? votingPromptReason(data.viewer, facts, data.viewer) : null;
  const best = data.best;
  // a comment in context: its thread is whole, the comment highlighted, the reply form under it
  const focus = data.focus;
  const focusOn = (aid: number | null) => (focus && focus.answerId === aid ? focus.cmid : null);
  const kept = data.viewer === null && !focus;
  const focusForm = (aid: number | null) =>
    focus && focus.answerId === aid ? (
      <FocusReplyForm qid={question.id} answerId={aid} cmid={focus.cmid} anscnt={question.anscnt} signedIn={data.viewer !== null} />
    ) : null;
  return (
    <main className="page">
      {data.asked ? <AskedNoteView note={data.asked} /> : null}
      <Kept kept={kept} cacheKey={() => questionCardKey(data, now)}>
        <div className="card">
          <QuestionHeader question={question} trail={data.trail} now={now} supplements={data.supplements} />
          {question.pollType && data.poll.length > 0 ? (
            <PollBlock
              qid={question.id}
              type={question.pollType}
              options={data.poll}
              totalVoted={question.totalVoted}
              canVote={canVoteInPoll(facts) && !data.viewer?.pollVoted}
              back={back}
              signedIn={data.viewer !== null}
            />
          ) : null}
          <QuestionActions q={question} viewer={data.viewer} />
          {data.viewer && canSupplement(data.viewer, facts) ? (
            <Island name="supplement-form" of={SupplementFormIsland} props={{ qid: question.id, back }} />
          ) : null}
          <CommentTree
            nodes={data.questionComments.nodes}
            now={now}
            contextHref={(cmid) => `/question/${question.id}/cid-${cmid}`}
            replyHref={question.pollType || focusOn(null) ? replyHref : undefined}
            highlight={focusOn(null)}
          />
          {focusForm(null)}
          {data.viewer ? (
            <Island
              name="comment-thread"
              of={CommentThread}
              props={{ qid: question.id, form: question.pollType ? { type: "Q" as const, refid: question.id, back } : null, highlight: focus?.cmid ?? null }}
              when="idle"
            />
          ) : question.pollType ? (
            <div {...needAuth(false)}>
              <CommentForm type="Q" refid={question.id} back={back} />
            </div>
          ) : null}
        </div>
      </Kept>
      {best && data.offset === 0 ? (
        <section className="card">
          <Kept kept={kept} cacheKey={() => answerFragmentKey(best, now, ["best", question])}>
            <AnswerItem
              answer={best}
              now={now}
              allCommentsHref={`/answer/${best.id}`}
              actions={<AnswerActions q={question} a={best} viewer={data.viewer} now={now} />}
              guest={data.viewer === null}
              replyHref={replyHref}
              highlight={focusOn(best.id)}
            />
          </Kept>
          {focusForm(best.id)}
        </section>
      ) : null}
      <section className="card" id="answers">
        <h2 data-testid="answers-count">{countOf(question.anscnt, ANSWER)}</h2>
        {votingPrompt ? (
          <p className="voting-prompt" data-testid="voting-prompt" data-rid={votingPrompt}>
            {VOTING_PROMPTS[votingPrompt]}
          </p>
        ) : null}
        {data.answers.length === 0 && !data.best ? (
          <p className="muted" data-testid="no-answers">
            Ответов пока нет
          </p>
        ) : null}
        {data.answers.map((a) => (
          <Fragment key={a.id}>
            <Kept kept={kept} cacheKey={() => answerFragmentKey(a, now, ["answer", question])}>
              <AnswerItem
                answer={a}
                now={now}
                showRating={question.state === "V"}
                allCommentsHref={`/answer/${a.id}`}
                actions={<AnswerActions q={question} a={a} viewer={data.viewer} now={now} />}
                guest={data.viewer === null}
                replyHref={replyHref}
                highlight={focusOn(a.id)}
              />
            </Kept>
            {focusForm(a.id)}
          </Fragment>
        ))}
        {/* more answers in place and new ones live; its server render is the ?p= paging link */}
        <Island
          name="answers-live"
          of={AnswersMore}
          props={{
            qid: question.id,
            offset: data.offset,
            shown: data.answers.length,
            anscnt: question.anscnt,
            best: !!data.best,
            state: question.state,
            signedIn: data.viewer !== null,
          }}
          when="idle"
        />
        {canAnswer(data.viewer, facts, !!data.viewer?.answered) ? (
          data.viewer ? (
            <Island name="answer-form" of={AnswerFormIsland} props={{ qid: question.id, back, watching: data.viewer.watching }} />
          ) : (
            <div {...needAuth(false)}>
              <AnswerForm qid={question.id} back={back} />
            </div>
          )
        ) : null}
        <div className="pager">
          {data.offset > 0 ? (
            <a
              className="btn"
              href={
                data.offset - LIMITS.pageSize > 0 ? `/question/${question.id}?p=${data.offset - LIMITS.pageSize}#answers` : `/question/${question.id}#answers`
              }
            >
              Предыдущие ответы
            </a>
          ) : null}
        </div>
      </section>
      {/* the image viewer over the page, where there are photos to open (or a reader may add some), comments' photos too */}
      {data.viewer ||
      [data.best, ...data.answers].some((a) => a?.text.includes(PHOTO_MARK) || (a && threadHasPhotos(a.comments.nodes))) ||
      question.qcomment?.includes(PHOTO_MARK) ||
      data.supplements.some((s) => s.text.includes(PHOTO_MARK)) ||
      threadHasPhotos(data.questionComments.nodes) ? (
        <Island name="photo-viewer" props={{}} when="idle" />
      ) : null}
      <Suspense fallback={<p className="card muted">Загружаем похожие вопросы…</p>}>
        <Await resolve={data.around} errorElement={<p className="card muted">Нет похожих вопросов</p>}>
          {(around) => (
            <>
              {/* the survey banner offers the experts of the category's brand, read with these blocks */}
              {question.anscnt > 0 ? (
                <Island name="survey" props={{ qid: question.id, qtext: question.qtext, ...(around.expert ? { expert: around.expert } : {}) }} when="load" />
              ) : null}
              <RelatedBlock title="Похожие вопросы" testid="similar" items={around.similar} empty="Нет похожих вопросов" />
              <RelatedBlock title="Упоминается в вопросе" testid="mentioned" items={around.mentioned} />
              <RelatedBlock title="Также спрашивают" testid="also-asked" items={around.alsoAsked} />
            </>
          )}
        </Await>
      </Suspense>
      <section className="card" aria-labelledby="recommended-title">
        <h2 id="recommended-title">Рекомендуем прочитать</h2>
        <Suspense fallback={<p className="muted">Загружаем рекомендации…</p>}>
          <Await resolve={data.recommended} errorElement={<p className="muted">Рекомендаций пока нет</p>}>
            {(recommended) =>
              recommended.length === 0 ? (
                <p className="muted">Рекомендаций пока нет</p>
              ) : (
                <CachedFragment cacheKey={`recommended\n${JSON.stringify(recommended)}`}>
                  <RecommendedList items={recommended} />
                </CachedFragment>
              )
            }
          </Await>
        </Suspense>
      </section>
    </main>
  );
}
