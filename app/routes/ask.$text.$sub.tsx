/**
 * /ask/{text}/{one more segment} (cid-{cid}, private-{bid}, mention-{who}): the same page as
 * ask.$.tsx, which parses the whole path itself (app/lib/ask-path.ts). This alias must stay: Remix
 * ranks a splat below dynamic segments (a static segment scores 10, a dynamic one 3, a splat costs
 * 2), so without it a three-segment /ask path would go to the brand route
 * /{urlname}/{tab}/{sub} ($category.$tab.($sub).tsx, score 14 against /ask/*'s 12). An optional
 * segment cannot replace the splat either: an ask path has up to five segments after /ask.
 */
export { default, loader, meta } from "./ask.$";
