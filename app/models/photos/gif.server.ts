import { joinBytes } from "../../lib/bytes";
import { ERR } from "../../lib/errids";
import { DomainError } from "../../lib/errors";
import { PHOTO } from "../../lib/photos";

/*
 * The GIF container (GIF89a): a header, the logical screen descriptor (7 bytes) and its global
 * colour table, then blocks until the trailer (0x3B). An image is 0x2C, a 9-byte descriptor, its
 * local colour table, the LZW minimum code size and the data as sub-blocks; an extension is 0x21,
 * a label and sub-blocks. Sub-blocks are a length byte (1–255) and that many bytes, ended by a
 * length of 0. Numbers are little-endian.
 */
const EXTENSION = 0x21;
const IMAGE = 0x2c;
const TRAILER = 0x3b;
const GRAPHIC_CONTROL = 0xf9;
const PLAIN_TEXT = 0x01;
const APPLICATION = 0xff;
/** The application extensions that say how often an animation loops (Netscape's, and the same under another name). */
const LOOPING = new Set(["NETSCAPE2.0", "ANIMEXTS1.0"]);

const notAGif = () => new DomainError(ERR.photoWrongFormat);

/** Reads the bytes in order; reading past their end is a truncated file. */
class Reader {
  private at = 0;
  constructor(private readonly b: Uint8Array) {}

  byte(): number {
    if (this.at >= this.b.length) throw notAGif();
    return this.b[this.at++];
  }

  bytes(n: number): Uint8Array {
    if (this.at + n > this.b.length) throw notAGif();
    this.at += n;
    return this.b.subarray(this.at - n, this.at);
  }

  /** The data of each sub-block up to the terminator. */
  subBlocks(): Uint8Array[] {
    const blocks: Uint8Array[] = [];
    for (let n = this.byte(); n > 0; n = this.byte()) blocks.push(this.bytes(n));
    return blocks;
  }

  /** The sub-blocks as they are written, terminator included (an image's LZW data, copied as is). */
  rawSubBlocks(): Uint8Array {
    const start = this.at;
    this.subBlocks();
    return this.b.subarray(start, this.at);
  }
}

/** The size of a colour table whose flag and size are in the low bits of `packed` (none: 0 bytes). */
const colourTableBytes = (packed: number) => (packed & 0x80 ? 3 * (2 << (packed & 0x07)) : 0);

const latin1 = (b: Uint8Array) => String.fromCharCode(...b);
const latin1Bytes = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

/**
 * A GIF rewritten with only what shows it: the header, the logical screen descriptor and its global
 * colour table, the looping extension (how often an animation plays, moved right after the colour
 * table), and each image with its graphic control extension (delay, disposal, transparency), its
 * local colour table and its LZW data, copied as they came; then one trailer. Comments, plain text
 * (with the control extension meant for it), every other application extension (XMP, ICC profiles
 * …) and anything after the trailer are left out, so no text or payload of the file reaches what is
 * served. The pixels are not decoded here: the LZW data of each frame is kept byte for byte.
 *
 * A file that is not such a container is refused as a wrong format: a block cut short, an unknown
 * block, no trailer, no image, an image that does not lie inside the logical screen. The screen
 * (and so every frame) must hold at most PHOTO.maxPixels pixels.
 */
export function cleanGif(b: Uint8Array): Uint8Array<ArrayBuffer> {
  const r = new Reader(b);
  const version = latin1(r.bytes(6));
  if (version !== "GIF87a" && version !== "GIF89a") throw notAGif();
  const screen = r.bytes(7);
  const width = screen[0] | (screen[1] << 8);
  const height = screen[2] | (screen[3] << 8);
  if (!width || !height) throw notAGif();
  if (width * height > PHOTO.maxPixels) throw new DomainError(ERR.photoTooManyPixels);
  const globalColours = r.bytes(colourTableBytes(screen[4]));

  let looping: number[] = [];
  /** The graphic control extension read last: it belongs to the next image (or plain text). */
  let control: number[] = [];
  const images: ArrayLike<number>[][] = [];
  for (let block = r.byte(); block !== TRAILER; block = r.byte()) {
    if (block === IMAGE) {
      const descriptor = r.bytes(9);
      const left = descriptor[0] | (descriptor[1] << 8);
      const top = descriptor[2] | (descriptor[3] << 8);
      const w = descriptor[4] | (descriptor[5] << 8);
      const h = descriptor[6] | (descriptor[7] << 8);
      if (!w || !h || left + w > width || top + h > height) throw notAGif();
      const localColours = r.bytes(colourTableBytes(descriptor[8]));
      // at most 8 bits a pixel: a colour table holds at most 256 colours
      const minCodeSize = r.byte();
      if (minCodeSize < 1 || minCodeSize > 8) throw notAGif();
      images.push([control, [IMAGE], descriptor, localColours, [minCodeSize], r.rawSubBlocks()]);
      control = [];
    } else if (block === EXTENSION) {
      const label = r.byte();
      const [first, ...rest] = r.subBlocks();
      if (label === GRAPHIC_CONTROL) {
        // packed fields (disposal, user input, transparency), delay, transparent colour; written in its one standard form
        if (!first || first.length < 4) throw notAGif();
        control = [EXTENSION, GRAPHIC_CONTROL, 4, first[0], first[1], first[2], first[3], 0];
      } else if (label === APPLICATION && first?.length === 11 && LOOPING.has(latin1(first)) && looping.length === 0) {
        // after the identifier, sub-block 1 holds the loop count (0: for ever); others (buffering hints) are dropped
        const loop = rest.find((d) => d.length >= 3 && d[0] === 1);
        if (loop) looping = [EXTENSION, APPLICATION, 11, ...latin1Bytes("NETSCAPE2.0"), 3, 1, loop[1], loop[2], 0];
      } else if (label === PLAIN_TEXT) {
        // dropped, and the control extension that was meant for it with it (it must not pass to the next image)
        control = [];
      }
      // comments, other application extensions (XMP, ICC …) and unknown extensions: dropped
    } else {
      throw notAGif();
    }
  }
  if (images.length === 0) throw notAGif();
  return joinBytes([latin1Bytes("GIF89a"), screen, globalColours, looping, ...images.flat(), [TRAILER]]);
}
