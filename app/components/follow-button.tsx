import FollowButtonIsland, { type FollowButtonProps } from "../islands/follow-button.island";
import { Island } from "../islands/island";

/**
 * The follow / unfollow button for another user (on his profile, in lists): an island where
 * JavaScript runs, a plain form to /do/follow (/do/unfollow) without it. A guest's click opens the
 * sign-in dialog (without JavaScript the form door sends him to sign in).
 */
export function FollowButton(props: FollowButtonProps) {
  return <Island name="follow-button" of={FollowButtonIsland} props={props} when="idle" />;
}
