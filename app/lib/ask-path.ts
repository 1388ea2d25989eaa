import { LIMITS } from "./limits";
import { parseId } from "./params";

/**
 * What an ask-page path says: /ask, /ask/{text}, /ask/{text}/cid-{cid},
 * /ask/{text}/cid-{cid}/rs-{source}, /ask/{text}/private-{bid}, /ask/private-{bid},
 * /ask/%20/private-{brandid}, and mention-{who} (alone or after the text). The text is
 * URL-encoded; a single space stands for "category only" (no text). The text is cut at 120
 * characters (the ask link's limit).
 */
export type AskPath = {
  text: string;
  cid: number | null;
  /** rs-{source}: where the asker came from (kept for tracking) */
  source: string | null;
  /** private-{bid}: a question to this brand's experts */
  bid: number | null;
  /** mention-{who}: the user the question is addressed to */
  mention: number | null;
};

const KEYED = /^(cid|rs|private|mention)-(.*)$/;

/**
 * Parses the part of the path after /ask/ as it arrived (still URL-encoded, so that an encoded
 * slash in the text stays in the text). Returns null for anything that is not an ask path (an
 * unknown segment, a malformed id, a repeated key, more than one text): the route answers 404.
 */
export function parseAskPath(rest: string): AskPath | null {
  const out: AskPath = { text: "", cid: null, source: null, bid: null, mention: null };
  const segments = rest.split("/");
  // a trailing slash is allowed
  if (segments.length > 1 && segments[segments.length - 1] === "") segments.pop();
  if (segments.length === 0 || (segments.length === 1 && segments[0] === "")) return out;
  const seen = new Set<string>();
  for (let i = 0; i < segments.length; i++) {
    let seg: string;
    try {
      seg = decodeURIComponent(segments[i]);
    } catch {
      return null;
    }
    const m = KEYED.exec(seg);
    if (!m) {
      // only the first segment may be the text
      if (i !== 0 || seg === "") return null;
      out.text = seg.trim() === "" ? "" : Array.from(seg.trim()).slice(0, LIMITS.title).join("");
      continue;
    }
    const [, key, value] = m;
    if (seen.has(key)) return null;
    seen.add(key);
    if (key === "rs") {
      // rs- only after a category
      if (!seen.has("cid") || value === "" || value.length > LIMITS.source) return null;
      out.source = value;
      continue;
    }
    const id = parseId(value);
    if (id === null) return null;
    if (key === "cid") out.cid = id;
    else if (key === "private") out.bid = id;
    else out.mention = id;
  }
  return out;
}

/** The path of an ask page for these values (the inverse of parseAskPath, for links). */
export function askPath(p: Partial<AskPath>): string {
  const parts: string[] = [];
  const text = p.text ?? "";
  if (text !== "" || p.cid != null || (p.bid != null && text !== "")) parts.push(encodeURIComponent(text === "" ? " " : text));
  if (p.cid != null) parts.push(`cid-${p.cid}`);
  if (p.cid != null && p.source) parts.push(`rs-${encodeURIComponent(p.source)}`);
  if (p.bid != null) parts.push(`private-${p.bid}`);
  if (p.mention != null) parts.push(`mention-${p.mention}`);
  return parts.length === 0 ? "/ask" : `/ask/${parts.join("/")}`;
}
