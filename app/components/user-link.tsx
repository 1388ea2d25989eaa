import { levelById, levelColour } from "../lib/levels";
import { avatarSrc, MINI_AVATAR, miniAvatarColour } from "../lib/photos";
import { countOf, POINT } from "../lib/plural";
import { STAFF_LABEL } from "../lib/users";

type Props = {
  /** with `filin` (null for none) the author's small avatar is drawn before the nick */
  user: { id: number; nick: string; lvl: number; points?: number; filin?: string | null; moder?: number };
  banned?: boolean;
  showPoints?: boolean;
};

/**
 * A user's small avatar in a list (24 px): his own picture, else his nick's first letter on the
 * colour picked by his id (the letter comes from CSS, so the link's text stays the nick alone).
 */
export function MiniAvatar({ user }: { user: { id: number; nick: string; filin?: string | null } }) {
  const src = avatarSrc(user.filin, MINI_AVATAR);
  if (src) return <img className="mini-avatar" src={src} alt="" width={MINI_AVATAR} height={MINI_AVATAR} loading="lazy" data-testid="mini-avatar" />;
  return (
    <span
      className={`mini-avatar mini-avatar-empty av-c${miniAvatarColour(user.id)}`}
      aria-hidden="true"
      data-letter={Array.from(user.nick)[0]?.toUpperCase() ?? "?"}
    />
  );
}

/**
 * An author's nick in the colour of his level, with the level name and (optionally) points; his
 * small avatar when his row carries it; the «Модератор» label when he is a volunteer moderator.
 */
export function UserLink({ user, banned = false, showPoints = false }: Props) {
  const level = levelById(user.lvl);
  const colour = levelColour(user.lvl, banned);
  return (
    <span className="author">
      {user.filin !== undefined ? <MiniAvatar user={user} /> : null}
      <a className={`user lvl-${colour}`} href={`/profile/id${user.id}`}>
        {user.nick}
      </a>
      {user.moder ? <StaffLabel /> : null}
      <span className={`lvl lvl-${colour}`}>{level.name}</span>
      {showPoints && user.points !== undefined ? <span className="muted">{` · ${countOf(user.points, POINT)}`}</span> : null}
    </span>
  );
}

/** The label beside a volunteer moderator's nick (the same markup as answer-html.ts writes). */
export function StaffLabel() {
  return (
    <span className="staff-label" data-testid="staff-label">
      {STAFF_LABEL}
    </span>
  );
}
