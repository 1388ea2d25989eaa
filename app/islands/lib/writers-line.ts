/**
 * The line "N человек пишут ответ" under a question's answers, drawn when its room tells how many
 * others are writing (answers-live island; loaded only when a room first tells of writers, so a
 * guest's page carries none of it until then). Gone when nobody is.
 */
import { type Forms, PEOPLE, plural } from "../../lib/plural";

const WRITE: Forms = ["пишет", "пишут", "пишут"];

/** "1 человек пишет ответ", "3 человека пишут ответ", "5 человек пишут ответ" */
export function writersText(n: number): string {
  return `${n} ${plural(n, PEOPLE)} ${plural(n, WRITE)} ответ`;
}

/** Shows (or, for 0, removes) the line at the start of the live list's element. */
export function showWriters(el: HTMLElement, n: number): void {
  let line = el.querySelector<HTMLElement>(":scope > .writers");
  if (n <= 0) {
    line?.remove();
    return;
  }
  if (!line) {
    line = document.createElement("p");
    line.className = "writers muted";
    line.setAttribute("role", "status");
    line.dataset.testid = "writers";
    el.insertBefore(line, el.firstChild);
  }
  line.textContent = writersText(n);
}
