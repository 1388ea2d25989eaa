/**
 * The profile's 'Скопировать ссылку' without React: the server's markup is a link to the address
 * itself (a reader without JavaScript copies it from there); here a click copies the address to
 * the clipboard and says so for two seconds. Where the clipboard is refused, the link is followed.
 */
export type CopyLinkProps = { url: string };

export const COPIED_MS = 2000;

export function mount(el: HTMLElement, props: CopyLinkProps) {
  const link = el.querySelector<HTMLAnchorElement>("[data-copy-link]");
  if (!link || !navigator.clipboard) return;
  const label = link.textContent ?? "";
  link.setAttribute("role", "button");
  link.addEventListener("click", (e) => {
    e.preventDefault();
    navigator.clipboard.writeText(props.url).then(
      () => {
        link.textContent = "Ссылка скопирована";
        setTimeout(() => {
          link.textContent = label;
        }, COPIED_MS);
      },
      () => location.assign(props.url),
    );
  });
}
