/** The absolute WebSocket address of a live door (/ws, /ws/question/{qid}) on this origin. */
export function liveUrl(path: string): string {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${path}`;
}
