/**
 * Photos, shared by the server and the islands: the limits of an upload and the addresses a photo
 * is shown at. A photo is kept as two previews in the R2 bucket, the 800 one (its longest side at
 * most 800 px) and the 120 one (a 120×120 square cut from the middle), each under the photo's
 * random key; the worker serves them at /img/p/{key}/{size}.
 */
export const PHOTO = {
  /** the largest file accepted, by upload or by link */
  maxBytes: 10 * 1024 * 1024,
  /** the most pixels an image may declare in its header (a 4032×3024 phone photo fits) */
  maxPixels: 12_200_000,
  /** the longest side of the big preview */
  big: 800,
  /** the side of the square small preview */
  small: 120,
  /** the most photos one question, answer or comment carries */
  perItem: 10,
  /** how long a photo by link may take to arrive */
  urlTimeoutMs: 10_000,
  /** how many redirects a photo by link may follow */
  urlRedirects: 3,
} as const;

export type PhotoSize = 800 | 120;

/** Photo albums: 12 photos a page, a title of 1–100 characters, at most 100 albums a user. */
export const ALBUM = { perPage: 12, titleMax: 100, perUser: 100 } as const;

/**
 * Who sees an album's photos: everyone (0), the owner's followers (1) or the owner alone (2). The
 * owner and the moderators see every album; a reader sees the albums of every level up to his own.
 */
export const ALBUM_PRIVACY = { everyone: 0, followers: 1, owner: 2 } as const;
export type AlbumPrivacy = (typeof ALBUM_PRIVACY)[keyof typeof ALBUM_PRIVACY];
export const ALBUM_PRIVACY_TITLES: Record<AlbumPrivacy, string> = { 0: "Всем", 1: "Только подписчикам", 2: "Только мне" };

/** An album's page on its owner's profile (`offset`: the first photo shown, a multiple of ALBUM.perPage). */
export function albumPath(uid: number, aid: number, offset = 0): string {
  return `/profile/id${uid}/photos/${aid}${offset > 0 ? `?p=${offset}` : ""}`;
}

/** Where a preview is served. */
export function photoUrl(key: string, size: PhotoSize): string {
  return `/img/p/${key}/${size}`;
}

/** The photo's own page: the image viewer that works without JavaScript. */
export function photoPagePath(pid: number): string {
  return `/photo/${pid}`;
}

/** What the stored HTML of an item with photos contains (the viewer is offered where it does). */
export const PHOTO_MARK = 'class="photo-link"';

/** A comment thread as the page holds it: each comment's stored HTML (null when deleted) and its replies. */
type ThreadNode = { text: string | null; replies: ThreadNode[] };

/** Whether any comment of a thread, at any depth, shows a photo (the page then offers the viewer). */
export function threadHasPhotos(nodes: ThreadNode[]): boolean {
  return nodes.some((c) => c.text?.includes(PHOTO_MARK) || threadHasPhotos(c.replies));
}

/** A photo as a line of the text a question, answer or comment is sent with. */
export const PHOTO_LINE = /^\/photo\/([1-9][0-9]{0,9})$/;

/**
 * A text as it is sent: the words, then each attached photo as a line of its own, `/photo/{pid}`
 * (the islands write it so; the form without JavaScript sends the uploaded file instead). The
 * photo lines are taken out of the text: each counts as LIMITS.media characters, not as the
 * characters of its line.
 */
export function splitPhotoLines(body: string): { text: string; pids: number[] } {
  const pids: number[] = [];
  const kept: string[] = [];
  for (const line of body.replace(/\r\n?/g, "\n").split("\n")) {
    const m = PHOTO_LINE.exec(line.trim());
    if (m) pids.push(Number(m[1]));
    else kept.push(line);
  }
  return { text: kept.join("\n"), pids: [...new Set(pids)] };
}

/**
 * An avatar is a photo like any other, kept under its own random key; users.filin holds that key
 * (32 hex digits) or null for the generated default. A new avatar is a new key, so an address
 * once served never shows another picture.
 */
export const AVATAR_KEY = /^[0-9a-f]{32}$/;

/** The side of the small avatar beside a nick in lists (answers, comments, questions, followers). */
export const MINI_AVATAR = 24;

/** Which of the eight generated colours a user's default small avatar takes (by his id). */
export function miniAvatarColour(uid: number): number {
  return Math.abs(uid) % 8;
}

/**
 * Where a user's avatar is shown at `px` CSS pixels, or null for the generated default: the
 * 120×120 square up to 60 px (sharp on a screen of two pixels per point), the 800 preview above,
 * cut to a circle from its middle by the page's style (object-fit: cover).
 */
export function avatarSrc(filin: string | null | undefined, px: number): string | null {
  if (!filin || !AVATAR_KEY.test(filin)) return null;
  return photoUrl(filin, px > 60 ? 800 : 120);
}
