import type { AskedNote } from "../models/questions/asked-note.server";
import { countOf, plural, POINT, QUESTION } from "../lib/plural";

/** The message on a question's page right after its author asked it: where it went, what it cost, what is left of today. */
export function AskedNoteView({ note }: { note: AskedNote }) {
  return (
    <section className="card asked-note" role="status" aria-label="Вопрос опубликован" data-testid="asked-note">
      <p>
        Ваш вопрос опубликован в категории <a href={note.category.href}>{`«${note.category.name}»`}</a>.
      </p>
      <p>{`Вопрос стоил ${countOf(note.cost, POINT)}, у вас ${plural(note.points, ["остался", "осталось", "осталось"])} ${countOf(note.points, POINT)}.`}</p>
      <p>
        {note.left > 0
          ? `Сегодня вы можете задать ещё ${countOf(note.left, QUESTION)} из ${note.limit}.`
          : `Это был последний вопрос на сегодня: можно задавать ${countOf(note.limit, QUESTION)} в день.`}
      </p>
    </section>
  );
}
