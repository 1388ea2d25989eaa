import { IN_LIST_AFTER, SLOT_IN_LIST, type HouseAd } from "../lib/house-ads";

/**
 * One ad slot: a promotion of the site's own, plain HTML (a link, perhaps a picture from this
 * site), marked «Промо» in words a screen reader reads before the link. `as="li"` puts it inside a
 * list of questions; an empty slot renders nothing.
 */
export function AdSlot({ ad, n, as = "div", className }: { ad: HouseAd | undefined; n: number; as?: "div" | "li"; className?: string }) {
  if (!ad) return null;
  const Tag = as;
  return (
    <Tag className={`ad-slot${className ? ` ${className}` : ""}`} data-testid="ad-slot" data-slot={n}>
      <span className="ad-label">Промо</span>
      <a className="ad-link" href={ad.href}>
        {ad.image ? <img className="ad-image" src={ad.image} alt="" width={48} height={48} loading="lazy" /> : null}
        <span className="ad-title">{ad.title}</span>
        <span className="ad-text">{ad.text}</span>
      </a>
    </Tag>
  );
}

/** A list's rows with the in-list slot after the 4th of them (when there are 4 or more and a promotion). */
export function withListSlot(rows: React.ReactNode[], ad: HouseAd | undefined): React.ReactNode[] {
  if (!ad || rows.length < IN_LIST_AFTER) return rows;
  return [...rows.slice(0, IN_LIST_AFTER), <AdSlot key="ad-slot" ad={ad} n={SLOT_IN_LIST} as="li" />, ...rows.slice(IN_LIST_AFTER)];
}
