import { UploadInput, UploadUrlInput, uploadPhoto, uploadPhotoByUrl } from "../models/photos/photos.server";
import { defineCall, type NamedCall } from "./define";

/**
 * Photos: upload (at /api/slow/upload) and addimg take a multipart file, addimgurl (at
 * /api/slow/addimgurl) a link; each answers with the photo's previews (800 and 120×120) and its
 * pid, which a question, answer or comment then carries. Each spends one of the day's photos (IMQ).
 */
export const photoCalls: Record<string, NamedCall> = {
  upload: defineCall({
    method: "POST",
    door: "slow",
    input: UploadInput,
    quota: "IMQ",
    run: (c, input) => uploadPhoto(c.env, c.session, input, c.now),
  }),
  addimg: defineCall({
    method: "POST",
    input: UploadInput,
    quota: "IMQ",
    run: (c, input) => uploadPhoto(c.env, c.session, input, c.now),
  }),
  addimgurl: defineCall({
    method: "POST",
    door: "slow",
    input: UploadUrlInput,
    quota: "IMQ",
    run: (c, input) => uploadPhotoByUrl(c.env, c.session, input, c.now),
  }),
};
