/**
 * The owner's avatar form without React: a chosen file is shown at 120 at once and sent to the
 * filin call; when it is stored the page is loaded again (the header, the toolbar and the lists
 * show the new avatar), when it is refused its preview goes and the error pop-up says why.
 * Without JavaScript the form posts the file to the form door.
 */
import { PHOTO } from "../lib/photos";
import { call } from "./lib/call";

export type AvatarFormIslandProps = { uid: number; hasAvatar: boolean };

export function mount(el: HTMLElement, _props: AvatarFormIslandProps) {
  const input = el.querySelector<HTMLInputElement>('input[type="file"][name="file"]');
  const slot = el.querySelector<HTMLElement>("[data-avatar-preview]");
  const submit = el.querySelector<HTMLElement>("[data-avatar-submit]");
  if (!input || !slot) return;
  // the file is sent as soon as it is chosen
  submit?.remove();
  input.addEventListener("change", async () => {
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    const url = URL.createObjectURL(file);
    const img = document.createElement("img");
    img.className = "media-thumb";
    img.src = url;
    img.width = PHOTO.small;
    img.height = PHOTO.small;
    img.alt = "Новый аватар загружается";
    img.dataset.testid = "avatar-pending";
    slot.replaceChildren(img);
    const r = await call("filin", { file }, { door: "slow", timeoutMs: 60_000 });
    if (r.ok) {
      location.reload();
      return;
    }
    slot.replaceChildren();
    URL.revokeObjectURL(url);
  });
}
