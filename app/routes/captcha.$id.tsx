import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { captchaImageCode } from "../models/core/captcha.server";
import { captchaSvg } from "../models/core/captcha-picture.server";

/**
 * The captcha picture, /captcha/{id} (or /captcha/{id}.svg): a self-made SVG of the code of a live
 * captcha, drawn anew on every request; an unknown, used or expired one is 404. Never cached.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const id = (params.id ?? "").replace(/\.svg$/, "");
  const code = await captchaImageCode(context.cloudflare.env, id, Date.now());
  const headers = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
  if (!code) return new Response("Капча не найдена или устарела", { status: 404, headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(captchaSvg(code), { headers: { ...headers, "Content-Type": "image/svg+xml; charset=utf-8" } });
}
