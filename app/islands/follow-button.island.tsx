/**
 * Follow / unfollow a user (follow, unfollow: field uid) or a brand (brand_follow, brand_unfollow:
 * field cid): server-rendered as a plain form to the form door (works with JavaScript off);
 * hydrated, it calls the named call and flips in place. A refusal that says the state is already
 * what was asked (already following, not following) flips it too.
 */
import { useState } from "react";
import { ERR } from "../lib/errids";
import { needAuth } from "./island";
import { call } from "./lib/call";

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
  const [busy, setBusy] = useState(false);
  const name = `${p.brand ? "brand_" : ""}${following ? "unfollow" : "follow"}`;
  const fields = p.brand ? { cid: p.uid } : { uid: p.uid };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    const r = await call(name, fields);
    setBusy(false);
    const settled = p.brand ? (following ? ERR.notFollowingBrand : ERR.alreadyFollowingBrand) : following ? ERR.notFollowing : ERR.alreadyFollowing;
    if (r.ok || r.errid === settled) setFollowing(!following);
  };
  return (
    <form
      method="post"
      action={`/do/${name}?return=${encodeURIComponent(p.back)}`}
      className="inline-form"
      data-testid={`${p.brand ? "brand-" : ""}${following ? "unfollow" : "follow"}`}
      onSubmit={submit}
    >
      {Object.entries(fields).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <button className={following ? "btn btn-small" : "btn btn-small btn-ask"} type="submit" disabled={busy} {...needAuth(p.signedIn)}>
        {following ? "Отписаться" : "Подписаться"}
      </button>
    </form>
  );
}
