import { UploadInput, UploadUrlInput } from "../models/photos/photos.server";
import { uploadInto, uploadUrlInto } from "../models/photos/albums.server";
import { albumPages } from "./albums";
import { RemoveAvatarInput, removeAvatar, SetAvatarInput, setAvatar } from "../models/photos/avatars.server";
import { defineCall, type NamedCall } from "./define";

/** The cached pages an avatar change drops: his profile's tabs a guest may see and the pages of his latest questions and answers. */
const avatarPages = (r: { uid: number; qids: number[] }) => [
  `/profile/id${r.uid}`,
  `/profile/id${r.uid}/answers`,
  `/profile/id${r.uid}/answers/best`,
  `/profile/id${r.uid}/gifts`,
  ...r.qids.map((qid) => `/question/${qid}`),
];

/** An upload into an album drops the album's pages; a photo for a text changes no page yet. */
const intoAlbumPages = (r: { aid?: number; usrid?: number }) =>
  r.aid !== undefined && r.usrid !== undefined ? albumPages({ aid: r.aid, usrid: r.usrid }) : [];

/** What the client gets: the avatar's key and addresses (the question ids only say what to purge). */
const withoutQids = <R extends { qids: number[] }>({ qids: _, ...rest }: R) => rest;

/**
 * Photos: upload (at /api/slow/upload) and addimg take a multipart file, addimgurl (at
 * /api/slow/addimgurl) a link; each answers with the photo's previews (800 and 120×120) and its
 * pid, which a question, answer or comment then carries; with `aid` the photo goes into that album
 * of the writer's. Each spends one of the day's photos (IMQ).
 */
export const photoCalls: Record<string, NamedCall> = {
  upload: defineCall({
    method: "POST",
    door: "slow",
    input: UploadInput,
    quota: "IMQ",
    run: (c, input) => uploadInto(c.env, c.session, input, c.now),
    purge: intoAlbumPages,
  }),
  addimg: defineCall({
    method: "POST",
    input: UploadInput,
    quota: "IMQ",
    run: (c, input) => uploadInto(c.env, c.session, input, c.now),
    purge: intoAlbumPages,
  }),
  addimgurl: defineCall({
    method: "POST",
    door: "slow",
    input: UploadUrlInput,
    quota: "IMQ",
    run: (c, input) => uploadUrlInto(c.env, c.session, input, c.now),
    purge: intoAlbumPages,
  }),
  /**
   * filin: the owner's new avatar (a multipart file, like upload; one of the day's photos, IMQ);
   * answers with its key (filin) and addresses. delfilin: back to the generated default.
   */
  filin: defineCall({
    method: "POST",
    door: "slow",
    input: SetAvatarInput,
    quota: "IMQ",
    run: (c, input) => setAvatar(c.env, c.session, input, c.now),
    purge: avatarPages,
    reply: withoutQids,
  }),
  delfilin: defineCall({
    method: "POST",
    input: RemoveAvatarInput,
    run: (c, input) => removeAvatar(c.env, c.session, input),
    purge: avatarPages,
    reply: withoutQids,
  }),
};
