import type { HouseAd } from "../lib/house-ads";

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
