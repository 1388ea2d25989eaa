import { timeAgo } from "../lib/time-ago";

/** A relative time with the exact moment in the datetime attribute. */
export function TimeAgo({ at, now }: { at: number; now: number }) {
  return (
    <time className="muted" dateTime={new Date(at).toISOString()}>
      {timeAgo(at, now)}
    </time>
  );
}
