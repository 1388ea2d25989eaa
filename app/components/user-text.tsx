/**
 * User-written text. It is stored already sanitised (an allow-list applied on write, links made
 * safe), so it is rendered as stored.
 */
export function UserText({ html, className }: { html: string; className: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: stored already sanitised by the allow-list on write (app/models/core/text.server.ts)
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
