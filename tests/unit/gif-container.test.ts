import { describe, expect, it } from "vitest";
import { ERR } from "../../app/lib/errids";
import { cleanGif } from "../../app/models/photos/gif.server";
import { application, bytes, comment, control, image, latin1, looping, plainText, screen, TRAILER } from "../fixtures/photos/gif-blocks";

describe("a GIF rewritten with only what shows it", () => {
  it("a clean animation comes back byte for byte", () => {
    const gif = bytes(screen(2, 2), looping(3), control(10), image(), control(20, 2), image(1, 1, 1, 1), TRAILER);
    expect(cleanGif(gif)).toEqual(gif);
  });

  it("comments, XMP, ICC, unknown extensions and what follows the trailer are left out", () => {
    const gif = bytes(
      screen(2, 2),
      comment("GPSLatitude=55.7558"),
      application("XMP DataXMP", latin1("<x:xmpmeta/>")),
      looping(),
      application("ICCRGBG1012", latin1("profile")),
      control(10),
      comment("in between"),
      image(),
      [0x21, 0x42, 3, 1, 2, 3, 0],
      TRAILER,
      latin1("<script>alert(1)</script>"),
    );
    expect(cleanGif(gif)).toEqual(bytes(screen(2, 2), looping(), control(10), image(), TRAILER));
  });

  it("the looping extension, wherever it stood and under either name, is written once after the colour table", () => {
    const gif = bytes(screen(2, 2), image(), looping(5, "ANIMEXTS1.0"), control(10), image(), looping(7), TRAILER);
    expect(cleanGif(gif)).toEqual(bytes(screen(2, 2), looping(5), image(), control(10), image(), TRAILER));
  });

  it("a plain text goes with the control extension meant for it, which never passes to the next image", () => {
    const gif = bytes(screen(2, 2), control(99, 3), plainText("GPS 55.7558"), image(), TRAILER);
    expect(cleanGif(gif)).toEqual(bytes(screen(2, 2), image(), TRAILER));
  });

  it("a GIF87a becomes a GIF89a with the same image", () => {
    expect(cleanGif(bytes(screen(1, 1, "GIF87a"), image(), TRAILER))).toEqual(bytes(screen(1, 1), image(), TRAILER));
  });

  it.each([
    ["no trailer", bytes(screen(1, 1), image())],
    ["an image cut in its data", bytes(screen(1, 1), image()).slice(0, -2)],
    ["no image", bytes(screen(1, 1), comment("nothing"), TRAILER)],
    ["a frame past the screen's right edge", bytes(screen(2, 2), image(1, 1, 2, 0), TRAILER)],
    ["a frame taller than the screen", bytes(screen(2, 2), image(1, 3), TRAILER)],
    ["a frame of no pixels", bytes(screen(2, 2), image(0, 1), TRAILER)],
    ["an unknown block", bytes(screen(1, 1), image(), [0x00], TRAILER)],
    ["a control extension of two bytes", bytes(screen(1, 1), [0x21, 0xf9, 2, 0, 0, 0], image(), TRAILER)],
    [
      "an LZW code size of 9",
      bytes(
        screen(1, 1),
        image().map((x, i) => (i === 10 ? 9 : x)),
        TRAILER,
      ),
    ],
  ])("%s is not a GIF", (_, gif) => {
    expect(() => cleanGif(gif)).toThrow(expect.objectContaining({ errid: ERR.photoWrongFormat }));
  });

  it("a screen of more pixels than the limit is refused as too many pixels", () => {
    expect(() => cleanGif(bytes(screen(5000, 5000), image(), TRAILER))).toThrow(expect.objectContaining({ errid: ERR.photoTooManyPixels }));
  });
});
