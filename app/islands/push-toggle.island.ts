/**
 * «Включить push-уведомления на этом устройстве» (the settings), without React: only after the
 * reader's click does the browser ask for its permission; then the page subscribes this browser
 * with the site's VAPID key through its service worker and gives the subscription to
 * `pushsubscribe`, and the settings show the device. Where the browser has no push, or refuses,
 * the reader is told so in words.
 */
import { fromBase64url } from "../lib/crypto";
import { call, errorText } from "./lib/call";

export type PushToggleProps = { vapidKey: string };

export const PUSH_TEXT = {
  unsupported: "Этот браузер не умеет показывать push-уведомления.",
  denied: "Браузер запретил уведомления для этого сайта. Разрешите их в настройках браузера и нажмите кнопку ещё раз.",
  failed: "Не удалось включить push-уведомления в этом браузере. Попробуйте ещё раз позже.",
  on: "Push-уведомления включены на этом устройстве.",
} as const;

export function mount(el: HTMLElement, props: PushToggleProps) {
  const button = el.querySelector<HTMLButtonElement>("button[data-push-on]");
  const status = el.querySelector<HTMLElement>("[data-push-status]");
  if (!button || !status) return;
  const say = (text: string) => {
    status.textContent = text;
  };
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    button.disabled = true;
    return say(PUSH_TEXT.unsupported);
  }
  button.disabled = false;
  say("");
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      if ((await Notification.requestPermission()) !== "granted") return say(PUSH_TEXT.denied);
      await navigator.serviceWorker.register("/sw.js");
      const registration = await navigator.serviceWorker.ready;
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64url(props.vapidKey) as BufferSource }));
      const { endpoint, keys } = subscription.toJSON();
      const res = await call("pushsubscribe", { endpoint: endpoint ?? "", p256dh: keys?.p256dh ?? "", auth: keys?.auth ?? "" });
      if (!res.ok) return say(errorText(res.data));
      say(PUSH_TEXT.on);
      // the list of devices is the server's: show it with this one
      location.reload();
    } catch (e) {
      console.warn("push subscription failed", e);
      say(PUSH_TEXT.failed);
    } finally {
      button.disabled = false;
    }
  });
}
