/**
 * How the service worker (sw.ts) shows a Web Push and where a click on it leads: plain functions,
 * no imports. The push carries the title, a line of text, a path on this site and a tag
 * (app/models/notifications/web-push.server.ts): one question's pushes share a tag, so the newest
 * replaces the one before it on the device instead of piling up.
 */
export type PushData = { title?: unknown; body?: unknown; url?: unknown; tag?: unknown };

/** A path on this site only: a push never opens another site. */
export function safePath(url: unknown): string {
  return typeof url === "string" && url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\") ? url : "/";
}

/** The notification of a push (its JSON, or text that is not JSON: then it is the title). */
export function notificationOf(text: string): { title: string; options: NotificationOptions & { renotify?: boolean } } {
  let data: PushData = {};
  try {
    data = JSON.parse(text) as PushData;
  } catch {
    data = { title: text };
  }
  const title = typeof data.title === "string" && data.title ? data.title : "Ответы";
  const tag = typeof data.tag === "string" && data.tag ? data.tag : undefined;
  return {
    title,
    options: {
      body: typeof data.body === "string" ? data.body : "",
      tag,
      // a replaced notification of the same question still tells the reader something new came
      renotify: tag !== undefined,
      lang: "ru",
      icon: "/icons/icon-192.png",
      data: { url: safePath(data.url) },
    },
  };
}
