import { cut } from "../lib/limits";
import { Island } from "../islands/island";

/** A shared text is cut to this many characters. */
export const SHARE_TEXT_CUT = 70;

/** Each network's share window, width × height, as its own share dialog is laid out. */
export const SHARE_NETWORKS = [
  { name: "ВКонтакте", window: "626x436", href: (u: string, t: string) => `https://vk.com/share.php?url=${u}&title=${t}` },
  { name: "Одноклассники", window: "580x336", href: (u: string, t: string) => `https://connect.ok.ru/offer?url=${u}&title=${t}` },
  { name: "Telegram", window: "550x450", href: (u: string, t: string) => `https://t.me/share/url?url=${u}&text=${t}` },
] as const;

/**
 * The share links: copy the address and the usual Russian networks. Without JavaScript each is a
 * plain link (the copy link leads to the address itself, the networks open in a new tab); with it,
 * the island copies to the clipboard and opens each network in a window of its size.
 */
export function ShareLinks({ url, title, testId = "share-links" }: { url: string; title: string; testId?: string }) {
  return (
    <span className="share" data-testid={testId}>
      <Island name="copy-link" of={ShareLinksMarkup} props={{ url, title: cut(title, SHARE_TEXT_CUT) }} when="visible" />
    </span>
  );
}

/** The links themselves, the same markup with JavaScript and without. */
export function ShareLinksMarkup({ url, title }: { url: string; title: string }) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return (
    <>
      <a className="btn btn-small" href={url} data-testid="copy-link" data-copy-link="">
        Скопировать ссылку
      </a>
      {SHARE_NETWORKS.map((n) => (
        <a key={n.name} className="btn btn-small" href={n.href(u, t)} data-share-window={n.window} rel="noopener noreferrer nofollow" target="_blank">
          {n.name}
        </a>
      ))}
    </>
  );
}
