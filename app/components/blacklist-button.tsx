import { CallButton } from "./forms";

/**
 * Putting another user on one's blacklist, or taking him off it: a plain form (addblist /
 * delblist, field bid) that works with JavaScript off and comes back to `back`.
 */
export function BlacklistButton({ uid, listed, back }: { uid: number; listed: boolean; back: string }) {
  return listed ? (
    <CallButton call="delblist" back={back} fields={{ bid: uid }} label="Убрать из чёрного списка" testId="delblist" />
  ) : (
    <CallButton call="addblist" back={back} fields={{ bid: uid }} label="В чёрный список" testId="addblist" />
  );
}
