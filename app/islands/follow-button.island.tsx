/**
 * Follow / unfollow a user: server-rendered as a plain form to /do/follow or /do/unfollow (works
 * with JavaScript off); hydrated, it calls the named call and flips in place. A refusal that says
 * the state is already what was asked (381 already following, 382 not following) flips it too.
 */
import { useState } from "react";
import { ERR } from "../lib/errids";
import { needAuth } from "./island";
import { call } from "./lib/call";

export type FollowButtonProps = { uid: number; following: boolean; signedIn: boolean; back: string };

export default function FollowButton(p: FollowButtonProps) {
  const [following, setFollowing] = useState(p.following);
  const [busy, setBusy] = useState(false);
  const name = following ? "unfollow" : "follow";
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    const r = await call(name, { uid: p.uid });
    setBusy(false);
    const settled = following ? ERR.notFollowing : ERR.alreadyFollowing;
    if (r.ok || r.errid === settled) setFollowing(!following);
  };
  return (
    <form
      method="post"
      action={`/do/${name}?return=${encodeURIComponent(p.back)}`}
      className="inline-form"
      data-testid={following ? "unfollow" : "follow"}
      onSubmit={submit}
    >
      <input type="hidden" name="uid" value={p.uid} />
      <button className={following ? "btn btn-small" : "btn btn-small btn-ask"} type="submit" disabled={busy} {...needAuth(p.signedIn)}>
        {following ? "Отписаться" : "Подписаться"}
      </button>
    </form>
  );
}
