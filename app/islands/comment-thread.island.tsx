/**
 * The comments of a page: one island per page. Server-rendered it is the plain comment form to
 * /do/addcmt (when the page has one) and the threads are plain markup whose 'Ответить' and 'more'
 * links lead to the comment-in-context page. Hydrated, it
 * - counts the comment's characters (800, 'Лишние символы: N', photos or videos by link count 200)
 *   and sends through call('addcmt') (a captcha demand, 237, is handled by call()), then shows the
 *   new comment in place: at the end of its thread, or nested under the comment it answers;
 * - opens a reply form under a comment when its 'Ответить' link is clicked (any thread of the page);
 * - loads a comment's deeper replies in place when its 'more' link is clicked (all_comments, to
 *   depth 20);
 * - ends the highlight of the comment in context, and of a comment just posted, after 17 s.
 * What it adds to the server's markup it renders through portals with CommentTree itself (without
 * the moderation and report links, which need the server render's page facts; they appear after
 * a reload).
 */
import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { CommentTree } from "../components/comment-tree";
import { LIMITS } from "../lib/limits";
import type { CommentNode, CommentReply } from "../lib/views";
import { commentNode } from "./lib/answer-view";
import { call } from "./lib/call";
import { TextExtras, useTextBox } from "./lib/text-box";

export const HIGHLIGHT_MS = 17_000;

type Target = { type: "Q" | "A"; refid: number };
export type CommentThreadProps = {
  qid: number;
  /** the page's own comment form: on the question (Q) or an answer (A), or a reply to `parent` */
  form?: (Target & { parent?: number | null; back: string; label?: string }) | null;
  /** the comment in context, highlighted for 17 s */
  highlight?: number | null;
};

function findReply(list: CommentReply[], id: number): CommentReply | null {
  for (const r of list) {
    if (r.cmid === id) return r;
    const deeper = findReply(r.comments ?? [], id);
    if (deeper) return deeper;
  }
  return null;
}

/** How deep a comment's replies sit: the number of comments it is nested in, itself included. */
function depthBelow(li: Element): number {
  let d = 0;
  for (let e: Element | null = li; e; e = e.parentElement?.closest("li.comment") ?? null) d++;
  return d;
}

/** The thread a comment element belongs to: its answer's, or else the question's. */
function targetOf(el: Element, qid: number): Target {
  const article = el.closest("article[data-answer-id]");
  return article ? { type: "A", refid: Number(article.getAttribute("data-answer-id")) } : { type: "Q", refid: qid };
}

function unhighlight(id: number) {
  document.querySelectorAll(`#cmt-${id} > [data-highlighted]`).forEach((d) => {
    d.classList.remove("comment-hl");
    d.removeAttribute("data-highlighted");
  });
}

function div(className: string): HTMLDivElement {
  const d = document.createElement("div");
  d.className = className;
  return d;
}

type Patch = { key: number; container: HTMLElement; nodes: CommentNode[]; depth: number; highlight: number | null };

let patchKey = 0;

export default function CommentThread({ qid, form, highlight }: CommentThreadProps) {
  const [patches, setPatches] = useState<Patch[]>([]);
  const [reply, setReply] = useState<(Target & { cmid: number; slot: HTMLElement }) | null>(null);
  const self = useRef<HTMLSpanElement>(null);
  const contextHref = (cmid: number) => `/question/${qid}/cid-${cmid}`;
  const replyHref = (cmid: number) => `/question/${qid}/cid-${cmid}#comment-form`;

  const addPatch = (p: Omit<Patch, "key">) => setPatches((ps) => [...ps, { ...p, key: ++patchKey }]);

  /** Shows a comment just posted: nested under `parentLi`, or at the end of the thread of `target`. */
  async function showPosted(id: number, target: Target, parentLi: Element | null) {
    const r = await call("comment_context", { cmid: id }, { method: "GET", quiet: true });
    const found = r.ok ? findReply((r.data.comments ?? []) as CommentReply[], id) : null;
    if (!found) return location.reload();
    const container = div("cmt-patch");
    if (parentLi) parentLi.appendChild(container);
    else {
      const scope = target.type === "A" ? document.getElementById(`answer-${target.refid}`) : self.current?.closest(".card");
      const list = scope?.querySelector(":scope > ul.comments");
      const island = self.current?.closest("otv-island");
      // (insertBefore: the Workers types shadow the DOM's before/after in this shared tsconfig)
      if (list) list.parentNode!.insertBefore(container, list.nextSibling);
      else if (island && scope?.contains(island)) island.parentNode!.insertBefore(container, island);
      else if (scope) scope.appendChild(container);
      else return location.reload();
    }
    addPatch({ container, nodes: [commentNode(found)], depth: parentLi ? depthBelow(parentLi) : 0, highlight: id });
    setTimeout(() => unhighlight(id), HIGHLIGHT_MS);
  }

  async function loadMore(li: Element, link: Element) {
    const cmid = Number(li.getAttribute("data-comment-id"));
    const r = await call("all_comments", { type: "C", refid: cmid }, { method: "GET" });
    if (!r.ok) return;
    const stale = [...li.querySelectorAll(":scope > ul.comments, :scope > .cmt-patch")];
    setPatches((ps) => ps.filter((p) => !stale.some((s) => s.contains(p.container))));
    for (const s of stale) s.remove();
    link.remove();
    const container = div("cmt-patch");
    li.appendChild(container);
    addPatch({ container, nodes: ((r.data.comments ?? []) as CommentReply[]).map(commentNode), depth: depthBelow(li), highlight: null });
  }

  function openReply(li: Element) {
    const cmid = Number(li.getAttribute("data-comment-id"));
    let slot = li.querySelector<HTMLElement>(":scope > .reply-slot");
    if (!slot) {
      slot = div("reply-slot");
      li.insertBefore(slot, li.firstElementChild?.nextSibling ?? null);
    }
    setReply({ ...targetOf(li, qid), cmid, slot });
  }

  // the page's 'Ответить' and 'more' links, wherever their thread is
  const handlers = useRef({ openReply, loadMore });
  handlers.current = { openReply, loadMore };
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const link = e.target instanceof Element ? e.target.closest("a.comment-reply, li.comment > a.more") : null;
      const li = link?.closest("li.comment");
      if (!link || !li) return;
      e.preventDefault();
      if (link.classList.contains("comment-reply")) handlers.current.openReply(li);
      else void handlers.current.loadMore(li, link);
    };
    document.addEventListener("click", onClick);
    if (highlight) {
      document.querySelector(`#cmt-${highlight}`)?.scrollIntoView?.({ block: "center" });
      const t = setTimeout(() => unhighlight(highlight), HIGHLIGHT_MS);
      return () => {
        clearTimeout(t);
        document.removeEventListener("click", onClick);
      };
    }
    return () => document.removeEventListener("click", onClick);
  }, [highlight]);

  const now = Date.now();
  return (
    <>
      <span ref={self} hidden />
      {form ? <CommentForm {...form} onPosted={(id) => showPosted(id, form, form.parent ? document.getElementById(`cmt-${form.parent}`) : null)} /> : null}
      {patches.map((p) =>
        createPortal(
          <CommentTree nodes={p.nodes} now={now} contextHref={contextHref} replyHref={replyHref} depth={p.depth} highlight={p.highlight} />,
          p.container,
          String(p.key),
        ),
      )}
      {reply
        ? createPortal(
            <CommentForm
              key={reply.cmid}
              type={reply.type}
              refid={reply.refid}
              parent={reply.cmid}
              back={contextHref(reply.cmid)}
              label="Ответ на комментарий"
              button="Ответить"
              autoFocus
              onCancel={() => setReply(null)}
              onPosted={async (id) => {
                const li = document.getElementById(`cmt-${reply.cmid}`);
                setReply(null);
                await showPosted(id, reply, li);
              }}
            />,
            reply.slot,
          )
        : null}
    </>
  );
}

type CommentFormProps = Target & {
  parent?: number | null;
  back: string;
  /** the text field's label (the page's own form: 'Комментарий'; a reply: 'Ответ на комментарий') */
  label?: string;
  button?: string;
  autoFocus?: boolean;
  onCancel?: () => void;
  onPosted: (cmid: number) => void | Promise<void>;
};

/**
 * The comment form, as app/components/forms.tsx renders it for the form door, with the counter
 * (800, photos or videos by link count 200) and sending through call('addcmt').
 */
function CommentForm({ type, refid, parent, back, label = "Комментарий", button = "Комментировать", autoFocus, onCancel, onPosted }: CommentFormProps) {
  const box = useTextBox(LIMITS.comment);
  const [busy, setBusy] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: box.ref is a ref (stable); focus follows autoFocus only
  useEffect(() => {
    if (autoFocus) box.ref.current?.focus();
  }, [autoFocus]);

  async function submit(e: React.FormEvent) {
    // a submit that comes while the island hydrates (React replays it before the text is read into
    // its state) is left to the plain form, which posts as it does without JavaScript
    if (!box.hydrated) return;
    e.preventDefault();
    if (!box.count.ok || busy) return;
    setBusy(true);
    const r = await call("addcmt", { type, refid, ...(parent ? { cmid: parent } : {}), Body: box.body });
    setBusy(false);
    if (r.ok) {
      box.clear();
      await onPosted(Number(r.data.id));
    } else if (r.data?.on_moderation) {
      box.clear();
    }
  }

  return (
    <form method="post" action={`/do/addcmt?return=${encodeURIComponent(back)}`} className="comment-form" data-testid="comment-form" onSubmit={submit}>
      <input type="hidden" name="type" value={type} />
      <input type="hidden" name="refid" value={String(refid)} />
      {parent ? <input type="hidden" name="cmid" value={String(parent)} /> : null}
      <textarea
        ref={box.ref}
        name="Body"
        required
        maxLength={box.hydrated ? undefined : LIMITS.comment}
        rows={2}
        placeholder="Введите текст комментария"
        aria-label={label}
        onInput={(e) => box.setText(e.currentTarget.value)}
      />
      <TextExtras box={box} photos />
      <button className="btn btn-small" type="submit" disabled={box.hydrated && (!box.count.ok || busy)}>
        {button}
      </button>
      {onCancel ? (
        <>
          {" "}
          <button type="button" className="link-like" onClick={onCancel}>
            Отмена
          </button>
        </>
      ) : null}
    </form>
  );
}
