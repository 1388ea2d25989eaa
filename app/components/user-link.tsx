import { levelById, levelColour } from "../lib/levels";
import { countOf, POINT } from "../lib/plural";

type Props = {
  user: { id: number; nick: string; lvl: number; points?: number };
  banned?: boolean;
  showPoints?: boolean;
};

/** An author's nick in the colour of his level, with the level name and (optionally) points. */
export function UserLink({ user, banned = false, showPoints = false }: Props) {
  const level = levelById(user.lvl);
  const colour = levelColour(user.lvl, banned);
  return (
    <span className="author">
      <a className={`user lvl-${colour}`} href={`/profile/id${user.id}`}>
        {user.nick}
      </a>
      <span className={`lvl lvl-${colour}`}>{level.name}</span>
      {showPoints && user.points !== undefined ? <span className="muted">{` · ${countOf(user.points, POINT)}`}</span> : null}
    </span>
  );
}
