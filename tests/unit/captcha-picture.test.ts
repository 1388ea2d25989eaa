import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { captchaSvg } from "../../app/models/core/captcha-picture.server";
import { readSevenSegments } from "./seven-segment-reader";

/** A seeded random source (Park–Miller), so a picture can be drawn twice alike. */
function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 16807) % 2147483647;
    return s / 2147483647;
  };
}

const randomCode = (rand: () => number) => Array.from({ length: 5 }, () => Math.floor(rand() * 10)).join("");

/** The <path> elements of a picture: their attributes other than d, and how many shapes (subpaths) each holds. */
const pathsOf = (svg: string) =>
  [...svg.matchAll(/<path ([^>]*)\/>/g)].map(([, attrs]) => ({
    attrs: attrs.replace(/\bd="[^"]*"\s*/, "").trim(),
    shapes: (/\bd="([^"]*)"/.exec(attrs)?.[1].match(/M/g) ?? []).length,
  }));

describe("the captcha picture against a script", () => {
  it("the seven-segment reader reads the old picture (recorded before the glyphs were redrawn)", () => {
    const old = fs.readFileSync(new URL("./fixtures/captcha-seven-segment-40719.svg", import.meta.url), "utf8");
    expect(readSevenSegments(old)).toBe("40719");
  });

  it("the same reader gets not one digit right from the new picture", () => {
    const rand = seeded(11);
    for (let i = 0; i < 100; i++) {
      const code = randomCode(rand);
      const read = readSevenSegments(captchaSvg(code));
      const right = [...code].filter((d, k) => read[k] === d).length;
      expect(right, `${code} read as ${JSON.stringify(read)}`).toBe(0);
    }
  });

  it("nothing in the markup tells digits from noise: one colour, no transforms or text, and as many shapes for every code", () => {
    const counts = new Set<string>();
    for (const code of ["00000", "11111", "88888", "40719", "23456"]) {
      const svg = captchaSvg(code);
      expect(svg).not.toMatch(/<text|<use|<g[ >]|transform=|stroke=/);
      const paths = pathsOf(svg);
      expect(new Set(paths.map((p) => p.attrs)).size).toBe(1);
      counts.add(`${paths.length} paths, ${paths.reduce((n, p) => n + p.shapes, 0)} shapes`);
    }
    expect(counts.size).toBe(1);
  });

  it("a picture is drawn anew each time and alike for the same random source", () => {
    expect(captchaSvg("01234", seeded(5))).toBe(captchaSvg("01234", seeded(5)));
    expect(captchaSvg("01234", seeded(5))).not.toBe(captchaSvg("01234", seeded(6)));
    expect(captchaSvg("01234")).not.toBe(captchaSvg("01234"));
  });
});
