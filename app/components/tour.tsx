import { TOUR_OFFERS, TOUR_PAGES, tourHref, valueFlag, type TourName, type TourNext, type TourOffer, type TourProps } from "../lib/tours";
import { useLocation } from "@remix-run/react";
import { Island } from "../islands/island";
import { CallForm } from "./forms";

/**
 * The notice that offers a due tour, at the top of every page of the user until the tour is over.
 * Without JavaScript it is the way in: a link to the tour's plain pages and a form that closes the
 * tour; with it, the tour island opens the tour as a dialog at once and hides the notice.
 */
export function TourNotice({ tour, back }: TourProps) {
  return (
    <aside className="tour-notice" aria-label="Знакомство с сайтом" data-testid="tour-notice">
      <p>{TOUR_OFFERS[tour]}</p>
      <a className="btn btn-small" href={tourHref(tour, 1)}>
        Начать знакомство
      </a>
      <CallForm call="overlay_shown" back={back} fields={{ tour }}>
        <button className="link-btn" type="submit">
          Не показывать
        </button>
      </CallForm>
    </aside>
  );
}

/** Where a plain form's answer leads: the next plain page, or (the tour ends) the tour's end call back to the page. */
function answerForm(tour: TourName, page: number, value: "0" | "1", next: TourNext, label: string, back: string) {
  // a page's answer is recorded, and the tour's last answer then ends it through a second form
  // door step (/tour/{tour}/end), so each form posts one call
  const to = "page" in next ? tourHref(tour, next.page) : `/tour/${tour}/end?to=${encodeURIComponent(next.href ?? back)}`;
  return (
    <CallForm call="savepress" back={to} fields={{ tour, type: valueFlag(page), value }}>
      <button className={value === "1" ? "btn" : "btn btn-secondary"} type="submit">
        {label}
      </button>
    </CallForm>
  );
}

/** One page of a tour as a plain page (JavaScript off): its text, the yes/no forms and a form that closes the tour. */
export function TourPlainPage({ tour, page, facts, back }: TourOffer & { page: number; back: string }) {
  const p = TOUR_PAGES[tour][page - 1];
  return (
    <main className="page">
      <section className="card narrow tour-page" aria-labelledby="tour-title" data-testid="tour-page">
        <p className="tour-steps">{`Шаг ${page} из ${TOUR_PAGES[tour].length}`}</p>
        <h1 id="tour-title">{p.title}</h1>
        <p>{p.text(facts)}</p>
        <p className="tour-question">{p.question}</p>
        <div className="tour-actions">
          {answerForm(tour, page, "1", p.yes, p.yesLabel ?? "Да", back)}
          {answerForm(tour, page, "0", p.no, p.noLabel ?? "Нет", back)}
        </div>
        <CallForm call="overlay_shown" back={back} fields={{ tour }}>
          <button className="link-btn" type="submit">
            Закрыть знакомство
          </button>
        </CallForm>
      </section>
    </main>
  );
}

/** The tour island with its notice, coming back to the page it is on. */
export function TourSlot({ offer }: { offer: TourOffer }) {
  const { pathname, search } = useLocation();
  return <Island name="tour" of={TourNotice} props={{ ...offer, back: pathname + search }} when="load" />;
}
