/**
 * The pop-ups every island shares, in plain DOM (no React, so a guest's need-auth click costs only
 * this small file, loaded when a pop-up is first shown): the 'Ошибка' and 'Премодерация' pop-ups, the sign-in dialog and the captcha
 * dialog. Each is a native <dialog>; texts are set with textContent, never as HTML.
 */

/** appendChild, since the Workers types shadow the DOM's Element.append in this shared tsconfig */
function add(parent: Node, ...children: (Node | string)[]) {
  for (const c of children) parent.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: (Node | string)[]) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  add(node, ...children);
  return node;
}

function openDialog(className: string, ...children: Node[]): HTMLDialogElement {
  const d = el("dialog", { class: `popup ${className}` });
  const close = el("button", { type: "button", class: "popup-close", "aria-label": "Закрыть" }, "×");
  close.addEventListener("click", () => d.close());
  add(d, close, ...children);
  d.addEventListener("close", () => d.remove());
  add(document.body, d);
  d.showModal();
  return d;
}

/** A titled message pop-up ('Ошибка', 'Премодерация', thanks …) with optional extra buttons. */
export function showPopup(title: string, text: string, buttons: { label: string; onClick: () => void }[] = []): HTMLDialogElement {
  const actions = el("div", { class: "popup-actions" });
  const d = openDialog("popup-message", el("h2", { class: "popup-title" }, title), el("p", { class: "popup-text" }, text), actions);
  for (const b of buttons) {
    const btn = el("button", { type: "button", class: "btn" }, b.label);
    btn.addEventListener("click", () => {
      d.close();
      b.onClick();
    });
    add(actions, btn);
  }
  return d;
}

/** The current address with login=1 added: where the sign-in returns to. */
export function signInReturn(href = location.href): string {
  const u = new URL(href);
  u.searchParams.set("login", "1");
  return u.pathname + u.search + u.hash;
}

/** The sign-in dialog (a real form posting to /login, which redirects back). */
export function showSignIn(): HTMLDialogElement {
  const back = encodeURIComponent(signInReturn());
  const form = el(
    "form",
    { method: "post", action: `/login?return=${back}`, class: "signin-form" },
    el("label", {}, "Электронная почта", el("input", { type: "email", name: "email", required: "", autocomplete: "email" })),
    el("label", {}, "Пароль", el("input", { type: "password", name: "password", required: "", autocomplete: "current-password" })),
    el("button", { type: "submit", class: "btn" }, "Войти"),
  );
  const register = el("p", {}, "Нет аккаунта? ", el("a", { href: `/register?return=${back}` }, "Зарегистрируйтесь"));
  const d = openDialog("signin-dialog", el("h2", { class: "popup-title" }, "Вход на сайт"), form, register);
  d.querySelector("input")?.focus();
  return d;
}

/**
 * The captcha dialog ('Введите капчу', picture, code field, 'Не вижу код', 'Готово'): resolves
 * with the id and the typed code, or null when closed. `fresh` asks the server for a new code.
 */
export function askCaptcha(captchaId: string, fresh: () => Promise<string | null>): Promise<{ captcha_id: string; captcha_val: string } | null> {
  return new Promise((resolve) => {
    let id = captchaId;
    let done = false;
    const img = el("img", { src: `/captcha/${id}.svg`, alt: "Код с картинки", class: "captcha-img", width: "160", height: "60" });
    const input = el("input", { name: "captcha_val", required: "", autocomplete: "off", inputmode: "text", "aria-label": "Код с картинки" });
    const again = el("a", { href: "#", class: "captcha-refresh" }, "Не вижу код");
    const form = el("form", { class: "captcha-form" }, img, again, input, el("button", { type: "submit", class: "btn" }, "Готово"));
    const d = openDialog("captcha-dialog", el("h2", { class: "popup-title" }, "Введите капчу"), form);
    again.addEventListener("click", async (e) => {
      e.preventDefault();
      const next = await fresh();
      if (next) {
        id = next;
        img.setAttribute("src", `/captcha/${id}.svg`);
        input.value = "";
      }
    });
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const val = input.value.trim();
      if (!val) return input.focus();
      done = true;
      d.close();
      resolve({ captcha_id: id, captcha_val: val });
    });
    d.addEventListener("close", () => done || resolve(null));
    input.focus();
  });
}
