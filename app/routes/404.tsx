import { json } from "@remix-run/cloudflare";
import { NotFound } from "../components/not-found";
import { pageMeta } from "../lib/seo";

export const loader = () => json(null, { status: 404 });
export const meta = () => pageMeta({ title: "Страница не найдена — Ответы", noindex: true });

export default function NotFoundRoute() {
  return <NotFound />;
}
