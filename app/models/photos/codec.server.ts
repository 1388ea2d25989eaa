import type { PhotonImage } from "@cf-wasm/photon";
import { imageSize } from "image-size";
import { ERR } from "../../lib/errids";
import { DomainError } from "../../lib/errors";
import { PHOTO } from "../../lib/photos";
import { cleanGif } from "./gif.server";

export type PhotoKind = "jpeg" | "png" | "gif";

const MIME: Record<PhotoKind, string> = { jpeg: "image/jpeg", png: "image/png", gif: "image/gif" };

const startsWith = (b: Uint8Array, sig: readonly number[]) => sig.every((x, i) => b[i] === x);

/**
 * What a file is, by its first bytes (its name and declared type say nothing): JPEG (FF D8 FF),
 * PNG (its 8-byte signature) or GIF (GIF87a / GIF89a); anything else is null.
 */
export function sniffPhoto(b: Uint8Array): PhotoKind | null {
  if (startsWith(b, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(b, [0x47, 0x49, 0x46, 0x38]) && (b[4] === 0x37 || b[4] === 0x39) && b[5] === 0x61) return "gif";
  return null;
}

/**
 * The size an image declares in its header, read before anything is decoded: a file whose header
 * cannot be read is not an image of its kind (wrong format); one that declares more pixels than
 * the limit is refused before its pixels could fill the memory (a decompression bomb).
 */
export function declaredSize(b: Uint8Array, kind: PhotoKind): { width: number; height: number } {
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(b);
  } catch {
    throw new DomainError(ERR.photoWrongFormat);
  }
  if (size.type !== (kind === "jpeg" ? "jpg" : kind) || !size.width || !size.height) throw new DomainError(ERR.photoWrongFormat);
  // an EXIF rotation of 90° swaps the sides the viewer sees; the pixel count is the same
  if (size.width * size.height > PHOTO.maxPixels) throw new DomainError(ERR.photoTooManyPixels);
  return { width: size.width, height: size.height };
}

export type Preview = { bytes: Uint8Array; mime: string; width: number; height: number };

type Photon = typeof import("@cf-wasm/photon");

/**
 * The codec, a WebAssembly build of the photon library made for Workers: loaded on the first upload
 * of an isolate, so that the pages never pay for instantiating it.
 */
let photon: Promise<Photon> | null = null;
const loadPhoton = () => {
  photon ??= import("@cf-wasm/photon");
  return photon;
};

/** Decodes the whole image; a file that does not decode (truncated, damaged) is a wrong format. */
function decode({ PhotonImage }: Photon, b: Uint8Array): PhotonImage {
  try {
    return PhotonImage.new_from_byteslice(b);
  } catch {
    throw new DomainError(ERR.photoWrongFormat);
  }
}

function encode(img: PhotonImage, kind: PhotoKind): Uint8Array {
  // PNG stays PNG (transparency, sharp screenshots); a photo and a GIF's still become JPEG
  return kind === "png" ? img.get_bytes() : img.get_bytes_jpeg(82);
}

/**
 * The two previews of an upload: the 800 one (the longest side at most 800 px, never enlarged)
 * and the 120×120 one (the middle square of the 800 one, scaled). Both are encoded anew from the
 * decoded pixels, so nothing of the file's metadata (EXIF: the camera, the place it was taken)
 * reaches what is served. A GIF is first rewritten with only what shows it (gif.server.ts: its
 * frames and its loop, no comments, XMP or bytes after the end), which also checks every frame;
 * that rewrite is the 800 preview when the GIF is no larger than 800 (so that an animation stays
 * animated), else its first frame is scaled; its 120 preview is its first frame as JPEG.
 */
export async function makePreviews(upload: Uint8Array, kind: PhotoKind): Promise<{ big: Preview; small: Preview }> {
  const b = kind === "gif" ? cleanGif(upload) : upload;
  const ph = await loadPhoton();
  const { crop, resize, SamplingFilter } = ph;
  const img = decode(ph, b);
  const made: PhotonImage[] = [img];
  try {
    const w = img.get_width();
    const h = img.get_height();
    const scale = Math.min(1, PHOTO.big / Math.max(w, h));
    const bw = Math.max(1, Math.round(w * scale));
    const bh = Math.max(1, Math.round(h * scale));
    const bigImg = scale < 1 ? resize(img, bw, bh, SamplingFilter.Triangle) : img;
    if (bigImg !== img) made.push(bigImg);
    const keepGif = kind === "gif" && scale === 1;
    const big: Preview = keepGif
      ? { bytes: b, mime: MIME.gif, width: w, height: h }
      : { bytes: encode(bigImg, kind), mime: kind === "png" ? MIME.png : MIME.jpeg, width: bw, height: bh };
    const side = Math.min(bw, bh);
    const x = Math.floor((bw - side) / 2);
    const y = Math.floor((bh - side) / 2);
    const square = side === bw && side === bh ? bigImg : crop(bigImg, x, y, x + side, y + side);
    if (square !== bigImg) made.push(square);
    const smallImg = resize(square, PHOTO.small, PHOTO.small, SamplingFilter.Triangle);
    made.push(smallImg);
    const small: Preview = { bytes: encode(smallImg, kind), mime: kind === "png" ? MIME.png : MIME.jpeg, width: PHOTO.small, height: PHOTO.small };
    return { big, small };
  } catch (e) {
    if (e instanceof DomainError) throw e;
    throw new DomainError(ERR.photoWrongFormat);
  } finally {
    for (const i of made) i.free();
  }
}
