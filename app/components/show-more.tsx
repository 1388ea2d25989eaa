/** The 'Показать ещё' link to a list's next page (a real link: it works without JavaScript). */
export function ShowMore({ next }: { next: string | null }) {
  if (!next) return null;
  return (
    <div className="pager">
      <a className="btn" rel="next" href={next} data-testid="show-more">
        Показать ещё
      </a>
    </div>
  );
}
