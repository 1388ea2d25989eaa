import LinkifyIt from "linkify-it";

/**
 * Video attachments: a video is attached by its link on a video site (the forms attach media by
 * link, each on its own line), and the day's VIQ quota counts them. A link is a video when it
 * leads to a video page of one of the sites below, not merely to the site.
 */
const linkify = new LinkifyIt();

/** Sites whose every page is a video, and sites whose video pages start with a path. */
const VIDEO_SITES = new Set(["youtu.be", "rutube.ru", "vkvideo.ru", "vimeo.com"]);
const VIDEO_PATHS: Record<string, readonly string[]> = {
  "youtube.com": ["/watch", "/shorts/", "/embed/", "/live/"],
  "vk.com": ["/video", "/clip"],
  "ok.ru": ["/video/"],
  "dzen.ru": ["/video/"],
};

/** A link to a video page? */
export function isVideoLink(href: string): boolean {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase().replace(/^(www|m)\./, "");
  if (VIDEO_SITES.has(host)) return url.pathname.length > 1;
  return (VIDEO_PATHS[host] ?? []).some((p) => url.pathname.startsWith(p));
}

/** How many videos a text attaches: its links to video pages. */
export function videoCount(text: string | undefined): number {
  if (!text) return 0;
  return (linkify.match(text) ?? []).filter((m) => isVideoLink(m.url)).length;
}
