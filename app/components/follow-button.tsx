import FollowButtonIsland, { type FollowButtonProps } from "../islands/follow-button.island";
import { Island } from "../islands/island";

/**
 * The follow / unfollow button for another user (on his profile, in lists) or, with `brand`, a
 * brand (`uid` is then the brand's id). For a signed-in viewer it is an island where JavaScript
 * runs and a plain form to /do/follow (/do/unfollow) without it. A guest gets the plain form
 * alone, so a guest's page ships no island: the form door sends him to sign in and back.
 */
export function FollowButton(props: FollowButtonProps) {
  if (!props.signedIn) return <FollowButtonIsland {...props} />;
  return <Island name="follow-button" of={FollowButtonIsland} props={props} when="idle" />;
}
