/**
 * The site's mails (docs/decisions/0058-e-mail.md), in Russian, as plain text and simple HTML: a
 * notification at once, or the day's digest. React writes the HTML (every text escaped); each
 * mail ends with why it came and the one-click way to stop it.
 */
import { renderToStaticMarkup } from "react-dom/server";

export type MailLink = { title: string; href: string; note?: string };
export type MailParts = { subject: string; text: string; html: string };

const FONT = { fontFamily: "Arial, sans-serif", fontSize: "15px", lineHeight: "1.5", color: "#1f2328" };

function Footer({ settings, unsubscribe }: { settings: string; unsubscribe: string }) {
  return (
    <p style={{ color: "#5b6472", fontSize: "13px", borderTop: "1px solid #e5e7eb", paddingTop: "8px" }}>
      Вы получили это письмо, потому что включили письма в <a href={settings}>настройках уведомлений</a>. <a href={unsubscribe}>Отписаться от писем</a>
    </p>
  );
}

const footerText = (settings: string, unsubscribe: string) =>
  `—\nВы получили это письмо, потому что включили письма в настройках уведомлений: ${settings}\nОтписаться от писем: ${unsubscribe}\n`;

/** One notification: its headline, its text and the page it is about. */
export function noticeMail(o: { title: string; body: string; href: string; settings: string; unsubscribe: string }): MailParts {
  const html = renderToStaticMarkup(
    <div style={FONT}>
      <p style={{ fontWeight: "bold" }}>{o.title}</p>
      {o.body ? <p>{o.body}</p> : null}
      <p>
        <a href={o.href}>Открыть на сайте</a>
      </p>
      <Footer settings={o.settings} unsubscribe={o.unsubscribe} />
    </div>,
  );
  const text = `${o.title}\n\n${o.body ? `${o.body}\n\n` : ""}Открыть на сайте: ${o.href}\n\n${footerText(o.settings, o.unsubscribe)}`;
  return { subject: o.title, text, html: `<!doctype html><html lang="ru"><body>${html}</body></html>` };
}

/** The day's digest: sections of links, the empty ones left out. */
export function digestMail(o: { sections: { heading: string; links: MailLink[] }[]; settings: string; unsubscribe: string }): MailParts {
  const sections = o.sections.filter((s) => s.links.length > 0);
  const html = renderToStaticMarkup(
    <div style={FONT}>
      <p style={{ fontWeight: "bold" }}>Что нового на «Ответах» за день</p>
      {sections.map((s) => (
        <div key={s.heading}>
          <p style={{ fontWeight: "bold", marginBottom: "4px" }}>{s.heading}</p>
          <ul style={{ marginTop: 0 }}>
            {s.links.map((l) => (
              <li key={l.href}>
                <a href={l.href}>{l.title}</a>
                {l.note ? ` — ${l.note}` : null}
              </li>
            ))}
          </ul>
        </div>
      ))}
      <Footer settings={o.settings} unsubscribe={o.unsubscribe} />
    </div>,
  );
  const body = sections.map((s) => `${s.heading}:\n${s.links.map((l) => `• ${l.title}${l.note ? ` — ${l.note}` : ""}\n  ${l.href}`).join("\n")}`).join("\n\n");
  const text = `Что нового на «Ответах» за день\n\n${body}\n\n${footerText(o.settings, o.unsubscribe)}`;
  return { subject: "Что нового на «Ответах» за день", text, html: `<!doctype html><html lang="ru"><body>${html}</body></html>` };
}
