/**
 * /ask/{text}/{one more segment} (cid-{cid}, private-{bid}, mention-{who}): the same page as
 * ask.$.tsx. Needed because a three-segment path would otherwise rank the brand route
 * /{urlname}/{tab}/{sub} ($category.$tab_.$sub.tsx) above the ask splat; ask.$.tsx parses the whole
 * path itself (app/lib/ask-path.ts).
 */
export { default, loader, meta } from "./ask.$";
