/**
 * The captcha picture (docs/decisions/0022): an SVG a person reads and a script cannot take apart.
 *
 * Each digit is drawn from its own skeleton (smooth strokes in a 10 × 16 box, real digit shapes,
 * not segments) and turned into filled outlines of varying thickness after its own random scale,
 * skew, rotation and offset, and after one wavy distortion of the whole picture. Curves, arcs and
 * dots of the same colour and similar thickness cross the digits. Every outline is cut into pieces
 * (each digit into the same number of pieces, whatever the digit), and all the pieces, digits and
 * noise alike, are shuffled into a few `<path>` elements with one fill: the markup holds no text,
 * no transform and nothing that tells a digit from noise or one digit from another; reading it
 * means rendering it and recognising shapes. `rand` is injectable for tests.
 */

type P = [number, number];
/** A part of a stroke: its point at t ∈ [0, 1]. */
type Curve = (t: number) => P;
/** A digit: its strokes, each a chain of curves drawn without lifting the pen. */
type Glyph = Curve[][];

const W = 160;
const H = 60;
const INK = "#2b3a67";
/** outline pieces per digit, the same for every digit */
const PIECES_PER_DIGIT = 6;
const NOISE_CURVES = 4;
const PIECES_PER_NOISE_CURVE = 4;
const NOISE_ARCS = 8;
const NOISE_DOTS = 20;
const PATH_ELEMENTS = 4;

const cubic =
  (x0: number, y0: number, x1: number, y1: number, x2: number, y2: number, x3: number, y3: number): Curve =>
  (t) => {
    const u = 1 - t;
    const a = u * u * u;
    const b = 3 * u * u * t;
    const c = 3 * u * t * t;
    const d = t * t * t;
    return [a * x0 + b * x1 + c * x2 + d * x3, a * y0 + b * y1 + c * y2 + d * y3];
  };
const line = (x0: number, y0: number, x1: number, y1: number): Curve =>
  cubic(x0, y0, x0 + (x1 - x0) / 3, y0 + (y1 - y0) / 3, x0 + (2 * (x1 - x0)) / 3, y0 + (2 * (y1 - y0)) / 3, x1, y1);
/** An elliptic arc from angle a0 to a1 (0 at the top, growing clockwise on screen). */
const arc =
  (cx: number, cy: number, rx: number, ry: number, a0: number, a1: number): Curve =>
  (t) => {
    const a = a0 + (a1 - a0) * t;
    return [cx + rx * Math.sin(a), cy - ry * Math.cos(a)];
  };
const turned = (g: Glyph): Glyph =>
  g.map((stroke) =>
    stroke.map((c) => (t: number) => {
      const [x, y] = c(t);
      return [10 - x, 16 - y] as P;
    }),
  );

const SIX: Glyph = [
  [
    cubic(8.4, 1.2, 7.4, 0.3, 6.3, 0, 5.2, 0),
    cubic(5.2, 0, 2.4, 0, 0.8, 3.5, 0.8, 9),
    cubic(0.8, 9, 0.8, 13.5, 2.6, 16, 5.1, 16),
    cubic(5.1, 16, 7.8, 16, 9.4, 14, 9.4, 11.2),
    cubic(9.4, 11.2, 9.4, 8.4, 7.6, 6.6, 5.2, 6.6),
    cubic(5.2, 6.6, 2.8, 6.6, 1, 8.4, 0.9, 10.5),
  ],
];

/** The skeletons of the digits in a 10 × 16 box (y down). */
const GLYPHS: Record<string, Glyph> = {
  "0": [[arc(5, 8, 4.3, 7.6, -0.25, 2 * Math.PI + 0.15)]],
  "1": [[line(3, 3.8, 6.2, 0.2)], [line(6.2, 0, 6.2, 16)], [line(3.2, 16, 9.2, 16)]],
  "2": [
    [cubic(1.2, 4.2, 1.2, 1.2, 3.2, 0, 5.2, 0), cubic(5.2, 0, 7.8, 0, 9.2, 2, 9.2, 4.3), cubic(9.2, 4.3, 9.2, 7.2, 6, 9.6, 0.9, 16)],
    [line(0.6, 16, 9.6, 16)],
  ],
  "3": [
    [cubic(1, 2.6, 2.2, 0.6, 3.6, 0, 5.2, 0), cubic(5.2, 0, 7.8, 0, 9, 1.8, 9, 3.8), cubic(9, 3.8, 9, 6, 7, 7.4, 4.2, 7.4)],
    [cubic(4.2, 7.4, 7.5, 7.4, 9.6, 9.3, 9.6, 11.6), cubic(9.6, 11.6, 9.6, 14.5, 7.4, 16, 5, 16), cubic(5, 16, 2.6, 16, 1, 15, 0.6, 13.2)],
  ],
  "4": [[line(7.2, 0.2, 0.5, 11)], [line(0.3, 11, 10, 11)], [line(7.2, 0, 7.2, 16)]],
  "5": [
    [line(9, 0.3, 1.8, 0.3)],
    [line(2, 0.1, 1.4, 7.4)],
    [
      cubic(1.4, 7.4, 2.8, 6.2, 4, 5.8, 5.3, 5.8),
      cubic(5.3, 5.8, 8, 5.8, 9.6, 8, 9.6, 10.8),
      cubic(9.6, 10.8, 9.6, 14, 7.5, 16, 5, 16),
      cubic(5, 16, 2.8, 16, 1.2, 15, 0.6, 13.5),
    ],
  ],
  "6": SIX,
  "7": [[line(0.5, 0.3, 9.8, 0.3)], [cubic(9.6, 0.2, 6.5, 4.5, 4.6, 9.5, 3.8, 16)]],
  "8": [[arc(5, 3.9, 3.5, 3.8, 0, 2 * Math.PI + 0.3)], [arc(5, 11.7, 4.3, 4.3, 0, 2 * Math.PI + 0.3)]],
  "9": turned(SIX),
};

const f = (n: number) => n.toFixed(1);

/** Points along a chain of curves, `per` on each. */
function sample(chain: Curve[], per: number): P[] {
  const out: P[] = [];
  chain.forEach((c, i) => {
    for (let k = i === 0 ? 0 : 1; k <= per; k++) out.push(c(k / per));
  });
  return out;
}

/** The polyline again with points about `step` apart (so the number of points says nothing but the length). */
function resample(points: P[], step: () => number): P[] {
  const out: P[] = [points[0]];
  let want = step();
  let gone = 0;
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1];
    const [x1, y1] = points[i];
    const len = Math.hypot(x1 - x0, y1 - y0);
    while (gone + len >= want && len > 0) {
      const t = (want - gone) / len;
      out.push([x0 + (x1 - x0) * t, y0 + (y1 - y0) * t]);
      gone -= want;
      want = step();
    }
    gone += len;
  }
  out.push(points[points.length - 1]);
  return out;
}

/** The outline of a stroke along `points`: the left edge out and the right edge back, `width(i)` apart. */
function outline(points: P[], width: (i: number) => number): string {
  const left: string[] = [];
  const right: string[] = [];
  for (let i = 0; i < points.length; i++) {
    const [ax, ay] = points[Math.max(0, i - 1)];
    const [bx, by] = points[Math.min(points.length - 1, i + 1)];
    const len = Math.hypot(bx - ax, by - ay) || 1;
    const h = width(i) / 2;
    const nx = (-(by - ay) / len) * h;
    const ny = ((bx - ax) / len) * h;
    const [x, y] = points[i];
    left.push(`${f(x + nx)} ${f(y + ny)}`);
    right.push(`${f(x - nx)} ${f(y - ny)}`);
  }
  return `M${left.join(" L")} L${right.reverse().join(" L")}Z`;
}

/** Cuts a polyline into `n` consecutive pieces that overlap by a point at each end (no seams). */
function cut(points: P[], n: number): P[][] {
  const last = points.length - 1;
  const pieces: P[][] = [];
  for (let k = 0; k < n; k++) {
    const a = Math.floor((k * last) / n);
    const b = Math.max(Math.floor(((k + 1) * last) / n), a + 1);
    pieces.push(points.slice(Math.max(0, a - 1), Math.min(last, b + 1) + 1));
  }
  return pieces;
}

/** How many pieces each of `lengths` gets: at least one each, `total` in all, the rest by length. */
function shares(lengths: number[], total: number): number[] {
  const out = lengths.map(() => 1);
  for (let left = total - lengths.length; left > 0; left--) {
    let best = 0;
    for (let i = 1; i < lengths.length; i++) if (lengths[i] / (out[i] + 1) > lengths[best] / (out[best] + 1)) best = i;
    out[best]++;
  }
  return out;
}

const lengthOf = (points: P[]) => points.reduce((s, p, i) => (i === 0 ? 0 : s + Math.hypot(p[0] - points[i - 1][0], p[1] - points[i - 1][1])), 0);

export function captchaSvg(code: string, rand: () => number = Math.random): string {
  const r = (a: number, b: number) => a + (b - a) * rand();
  // one wave over the whole picture
  const wave = { ax: r(1.2, 2.4), ky: r(0.12, 0.22), px: r(0, 6.3), ay: r(1.8, 3.2), kx: r(0.05, 0.09), py: r(0, 6.3) };
  const warp = ([x, y]: P): P => [x + wave.ax * Math.sin(y * wave.ky + wave.px), y + wave.ay * Math.sin(x * wave.kx + wave.py)];
  const step = () => r(1.6, 2.6);
  const pieces: string[] = [];
  const thick = (base: number, phase: number, period: number) => (i: number) => base * (0.78 + 0.4 * Math.abs(Math.sin(i / period + phase)));

  const digits = [...code];
  const cell = (W - 16) / Math.max(1, digits.length);
  digits.forEach((d, i) => {
    const glyph = GLYPHS[d] ?? GLYPHS["8"];
    const sx = 1.55 * r(0.82, 1.12);
    const sy = 1.95 * r(0.86, 1.08);
    const skew = r(-0.32, 0.32);
    const turn = r(-0.28, 0.28);
    const [cos, sin] = [Math.cos(turn), Math.sin(turn)];
    const cx = 8 + cell * (i + 0.5) + r(-3, 3);
    const cy = H / 2 + r(-4, 4);
    const place = ([x, y]: P): P => {
      const u = sx * (x - 5) + skew * sy * (y - 8);
      const v = sy * (y - 8);
      return warp([cx + u * cos - v * sin, cy + u * sin + v * cos]);
    };
    const strokes = glyph.map((chain) => resample(sample(chain, 16).map(place), step));
    const width = r(2.5, 3.4);
    const counts = shares(strokes.map(lengthOf), PIECES_PER_DIGIT);
    strokes.forEach((points, s) => {
      const w = thick(width, r(0, 3), r(3, 6));
      for (const piece of cut(points, counts[s])) pieces.push(outline(piece, w));
    });
  });

  // long curves across the picture
  for (let k = 0; k < NOISE_CURVES; k++) {
    const chain = [cubic(r(-6, 12), r(4, H - 4), r(30, 70), r(-10, H + 10), r(90, 130), r(-10, H + 10), r(W - 12, W + 6), r(4, H - 4))];
    const points = resample(sample(chain, 48).map(warp), step);
    const w = thick(r(1.3, 2.4), r(0, 3), r(4, 9));
    for (const piece of cut(points, PIECES_PER_NOISE_CURVE)) pieces.push(outline(piece, w));
  }
  // short arcs among the digits, like pieces of glyphs
  for (let k = 0; k < NOISE_ARCS; k++) {
    const a0 = r(0, 6.3);
    const chain = [arc(r(8, W - 8), r(10, H - 10), r(2.5, 7), r(2.5, 8), a0, a0 + r(0.8, 2.6))];
    pieces.push(outline(resample(sample(chain, 16).map(warp), step), thick(r(1.4, 2.6), r(0, 3), r(3, 6))));
  }
  // dots
  for (let k = 0; k < NOISE_DOTS; k++) {
    const [x, y] = [r(2, W - 2), r(2, H - 2)];
    const s = r(0.6, 1.4);
    pieces.push(`M${f(x)} ${f(y - s)} L${f(x + s)} ${f(y)} L${f(x)} ${f(y + s)} L${f(x - s)} ${f(y)}Z`);
  }

  // shuffled (Fisher–Yates) and dealt into a few paths of one fill
  for (let i = pieces.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [pieces[i], pieces[j]] = [pieces[j], pieces[i]];
  }
  const paths: string[][] = Array.from({ length: PATH_ELEMENTS }, () => []);
  for (const [i, p] of pieces.entries()) paths[i % PATH_ELEMENTS].push(p);
  const body = paths.map((ds) => `<path d="${ds.join("")}" fill="${INK}"/>`).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="Код с картинки"><rect width="${W}" height="${H}" fill="#f4f1e8"/>${body}</svg>`;
}
