/**
 * The tracking events a page sends by itself, part of the toolbar's script on every page (no
 * imports of its own, so it adds no request): a visit the page names (an element with
 * `data-track-visit`: answer_visited on an answer's page, brand_visited on a brand's page), and a
 * click on an outside link in a user's text (external_link_click with the question, answer or
 * comment it is in, its author and the address). A brand user's outside links are counted by the
 * /301 page itself, with JavaScript or without, so they are not sent twice. Events go to `dwh`
 * with the signed-in reader's salt and token, and never hold up the page.
 */

type Fields = Record<string, string | undefined>;

function send(fields: Fields) {
  const body = new URLSearchParams({ dwh_url: location.href, dwh_referer: document.referrer, dwh_platform: "web", dwh_clienttimestamp1: String(Date.now()) });
  for (const [k, v] of Object.entries(fields)) if (v) body.set(k, v);
  const meta = document.querySelector<HTMLMetaElement>('meta[name="otv-session"]');
  if (meta) {
    try {
      const s = JSON.parse(meta.content) as { salt: string; token: string };
      body.set("salt", s.salt);
      body.set("token", s.token);
    } catch {
      // a page without a readable session sends the event as a guest's
    }
  }
  void fetch("/api/v2/dwh", { method: "POST", body, keepalive: true, credentials: "same-origin" }).catch(() => undefined);
}

for (const el of document.querySelectorAll<HTMLElement>("[data-track-visit]")) {
  const d = el.dataset;
  send({ name: d.trackVisit, qid: d.qid, aid: d.aid, brand: d.brand, cid: d.cid });
}

document.addEventListener("click", (e) => {
  const link = (e.target as Element | null)?.closest?.<HTMLAnchorElement>('a[href^="/301?url="]');
  if (!link || link.dataset.linkbrand !== undefined) return;
  const comment = link.closest<HTMLElement>("[data-comment-id]");
  const answer = link.closest<HTMLElement>("[data-answer-id]");
  const question = document.querySelector<HTMLElement>("[data-question-id]");
  const author = (comment ?? answer ?? question)
    ?.querySelector<HTMLAnchorElement>("a.user")
    ?.getAttribute("href")
    ?.match(/^\/profile\/id(\d+)$/)?.[1];
  send({
    name: "external_link_click",
    qid: question?.dataset.questionId,
    aid: answer?.dataset.answerId,
    cmtid: comment?.dataset.commentId,
    usrid: author,
    linkurl: new URL(link.href).searchParams.get("url") ?? undefined,
    linkentity: comment ? "comment" : answer ? "answer" : "question",
  });
});
