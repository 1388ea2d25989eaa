/**
 * The script a captcha must defeat: the reader that solved the old seven-segment picture every
 * time. Each digit was one dark path of seven straight strokes ("M x y L x y" each) rotated about
 * (x0 + 7, y0 + 13); the path's own coordinates were unrotated, so every stroke's midpoint relative
 * to (x0, y0) told which segment it was (a top, g middle, d bottom; f/e left upper/lower, b/c right
 * upper/lower), and the set of segments told the digit. A path it cannot map gives "?".
 */
const DIGITS: Record<string, string> = {
  abcdef: "0",
  bc: "1",
  abdeg: "2",
  abcdg: "3",
  bcfg: "4",
  acdfg: "5",
  acdefg: "6",
  abc: "7",
  abcdefg: "8",
  abcdfg: "9",
};

export function readSevenSegments(svg: string): string {
  const digits = [...svg.matchAll(/<path d="([^"]+)" transform="rotate\(([-\d.]+) ([-\d.]+) ([-\d.]+)\)" stroke="#2b3a67"/g)];
  return digits
    .map(([, d, , cx, cy]) => {
      const x0 = Number(cx) - 7;
      const y0 = Number(cy) - 13;
      const strokes = [...d.matchAll(/M([-\d.]+) ([-\d.]+) L([-\d.]+) ([-\d.]+)/g)].map(([, a, b, c, e]) => {
        const [x1, y1, x2, y2] = [a, b, c, e].map(Number);
        const mx = (x1 + x2) / 2 - x0;
        const my = (y1 + y2) / 2 - y0;
        if (Math.abs(x2 - x1) > Math.abs(y2 - y1)) return my < 6.5 ? "a" : my < 19.5 ? "g" : "d";
        if (mx < 7) return my < 13 ? "f" : "e";
        return my < 13 ? "b" : "c";
      });
      return DIGITS[[...new Set(strokes)].sort().join("")] ?? "?";
    })
    .join("");
}
