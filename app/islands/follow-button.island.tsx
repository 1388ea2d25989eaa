/**
 * Follow / unfollow a user (follow, unfollow: field uid) or a brand (brand_follow, brand_unfollow:
 * field cid): server-rendered as a plain form to the form door (works with JavaScript off);
 * hydrated, it calls the named call and flips in place. A refusal that says the state is already
 * what was asked (already following, not following) flips it too.
 */
import { useState } from "react";
import { ERR } from "../lib/errids";
import { ActionButton } from "./voters.island";

export type FollowButtonProps = {
  /** the user's id, or the brand's with `brand` */
  uid: number;
  following: boolean;
  signedIn: boolean;
  back: string;
  brand?: boolean;
};

export default function FollowButton(p: FollowButtonProps) {
  const [following, setFollowing] = useState(p.following);
  const settled = p.brand ? (following ? ERR.notFollowingBrand : ERR.alreadyFollowingBrand) : following ? ERR.notFollowing : ERR.alreadyFollowing;
  return (
    <ActionButton
      name={`${p.brand ? "brand_" : ""}${following ? "unfollow" : "follow"}`}
      back={p.back}
      fields={p.brand ? { cid: p.uid } : { uid: p.uid }}
      label={following ? "Отписаться" : "Подписаться"}
      testId={`${p.brand ? "brand-" : ""}${following ? "unfollow" : "follow"}`}
      signedIn={p.signedIn}
      className={following ? "btn btn-small" : "btn btn-small btn-ask"}
      onDone={(r) => {
        if (r.ok || r.errid === settled) setFollowing(!following);
      }}
    />
  );
}
