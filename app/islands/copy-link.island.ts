/**
 * The share links without React: the server's markup is a link to the address itself (a reader
 * without JavaScript copies it from there) and plain links to the networks, which open in a new
 * tab. Here a click on 'Скопировать ссылку' copies the address to the clipboard and says so for
 * two seconds (where the clipboard is refused, the link is followed), and a network opens in a
 * window of its own share dialog's size (where pop-ups are blocked, the link opens as before).
 */
export type CopyLinkProps = { url: string; title: string };

export const COPIED_MS = 2000;

/** window.open's features for a share window of `size` ("626x436"), centred on the screen. */
export function shareWindowFeatures(size: string, screenW: number, screenH: number): string {
  const [w, h] = size.split("x").map(Number);
  const left = Math.max(0, Math.round((screenW - w) / 2));
  const top = Math.max(0, Math.round((screenH - h) / 2));
  return `width=${w},height=${h},left=${left},top=${top}`;
}

export function mount(el: HTMLElement, props: CopyLinkProps) {
  for (const link of el.querySelectorAll<HTMLAnchorElement>("a[data-share-window]")) {
    link.addEventListener("click", (e) => {
      const features = shareWindowFeatures(link.dataset.shareWindow ?? "", screen.width, screen.height);
      // not "noopener" in the features: window.open would then return null even when it opened
      const opened = window.open(link.href, "_blank", features);
      if (!opened) return;
      opened.opener = null;
      e.preventDefault();
    });
  }
  const copy = el.querySelector<HTMLAnchorElement>("[data-copy-link]");
  if (!copy || !navigator.clipboard) return;
  const label = copy.textContent ?? "";
  copy.setAttribute("role", "button");
  copy.addEventListener("click", (e) => {
    e.preventDefault();
    navigator.clipboard.writeText(props.url).then(
      () => {
        copy.textContent = "Ссылка скопирована";
        setTimeout(() => {
          copy.textContent = label;
        }, COPIED_MS);
      },
      () => location.assign(props.url),
    );
  });
}
