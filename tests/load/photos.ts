/**
 * The bench's "photos" section (BENCH_ONLY=photos): what one photo upload costs the worker, and
 * what a 120 px preview weighs when it is served (docs/decisions/0040-photos.md).
 *
 * The test photo tests/fixtures/photos/gps.jpg (a 1600×1200 JPEG with GPS EXIF) is uploaded
 * through `upload` (/api/slow/upload, a multipart form as the browser sends it) by a signed-in VIP,
 * one upload after another, with the daily photo quota switched off for these requests (the bench's
 * x-bench-quota knob), so the user hub is not part of what is measured:
 *
 * - the worker's busy CPU per upload, from the V8 profiler attached to wrangler dev's worker
 *   isolate (render.ts's cpuPerCall: sampled time that was not idle, divided by the uploads). Each
 *   upload decodes the JPEG, makes the 800 preview and the 120×120 square, encodes both, and writes
 *   two R2 objects and one D1 row; D1 and R2 run outside the worker's isolate in wrangler dev, so
 *   their own work is not in this figure, only the worker's side of the calls;
 * - the same for an upload of the same size that is refused by its bytes before any decoding (the
 *   JPEG with its signature spoiled: 601), i.e. the request, the session and the multipart parsing
 *   alone; the difference is the preview generation;
 * - the wall time per upload, measured one at a time without the profiler (the client's view:
 *   request to reply, on this machine, which other work shares);
 * - the bytes served for the 120×120 preview and for the 800 one (GET of the reply's addresses).
 */
import fs from "node:fs";
import { type CpuLine, cpuPerCall } from "./render";

const PHOTO = "tests/fixtures/photos/gps.jpg";
/** How many uploads each line makes (BENCH_PHOTOS). */
const N = Number(process.env.BENCH_PHOTOS ?? 20);

type Writer = { cookie: string; salt: string; token: string };
type Uploaded = { status: number; errid?: number; src_small?: string; src_big?: string; width?: number; height?: number };

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : Number.NaN;
};

async function upload(base: string, w: Writer, bytes: Uint8Array<ArrayBuffer>): Promise<Uploaded> {
  const form = new FormData();
  form.set("file", new File([bytes], "gps.jpg", { type: "image/jpeg" }));
  form.set("salt", w.salt);
  form.set("token", w.token);
  const res = await fetch(`${base}/api/slow/upload`, {
    method: "POST",
    headers: { origin: base, cookie: w.cookie, "x-bench-quota": "off" },
    body: form,
    signal: AbortSignal.timeout(60_000),
  });
  return (await res.json()) as Uploaded;
}

async function served(base: string, path: string) {
  const res = await fetch(base + path, { signal: AbortSignal.timeout(30_000) });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, type: res.headers.get("content-type") ?? "?", bytes: body.byteLength };
}

/** Runs the section against the bench's server; the lines to print once it has stopped. */
export async function photosSection(base: string, inspectorPort: number, writer: Writer, log: (msg: string) => void): Promise<string[]> {
  const jpeg = new Uint8Array(fs.readFileSync(PHOTO)) as Uint8Array<ArrayBuffer>;
  const spoiled = jpeg.slice();
  spoiled.set([0x00, 0x00, 0x00], 0);
  let last: Uploaded | null = null;
  const sendPhoto = async () => {
    const r = await upload(base, writer, jpeg);
    if (r.status !== 200) throw new Error(`upload refused: ${JSON.stringify(r)}`);
    last = r;
  };
  const sendRefused = async () => {
    const r = await upload(base, writer, spoiled);
    if (r.errid !== 601) throw new Error(`a spoiled JPEG was not refused by its bytes: ${JSON.stringify(r)}`);
  };

  log(`photos: ${N} uploads of ${PHOTO} (${jpeg.byteLength} bytes) with the V8 profiler attached …`);
  const cpu: CpuLine[] = [await cpuPerCall(inspectorPort, "upload 1600×1200 JPEG", sendPhoto, N, 3)];
  log(`photos: ${N} uploads refused by their bytes (the same size), profiled …`);
  cpu.push(await cpuPerCall(inspectorPort, "upload refused before decoding", sendRefused, N, 3));

  log(`photos: ${N} uploads one at a time, no profiler (wall time) …`);
  const walls: number[] = [];
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    await sendPhoto();
    walls.push(performance.now() - t);
  }
  const reply = last as Uploaded | null;
  if (!reply?.src_small || !reply.src_big) throw new Error("the upload's reply has no preview addresses");
  const small = await served(base, reply.src_small);
  const big = await served(base, reply.src_big);
  const mean = walls.reduce((a, b) => a + b, 0) / walls.length;
  const [photo, refused] = cpu;
  return [
    `\nphotos: ${PHOTO}, ${jpeg.byteLength} bytes, 1600×1200 → previews 800 (${reply.width}×${reply.height}) and 120×120; ${N} uploads per line, one at a time, as vip@demo.local, quota check off`,
    "  worker busy CPU per upload (V8 profiler attached to wrangler dev's worker isolate; busy = sampled time not idle; in its isolate = each sample counting a few sampling intervals at most, render.ts):",
    ...cpu.flatMap((l) => [
      `    ${l.name.padEnd(34)} busy ${l.busyMs.toFixed(1).padStart(6)} ms, in its isolate ${l.inIsolateMs.toFixed(1).padStart(6)} ms, wall ${l.wallMs.toFixed(1).padStart(6)} ms (${l.requests} uploads)`,
      ...l.top.slice(0, 5).map((t) => `        ${t}`),
    ]),
    `    preview generation (the difference):  busy ${(photo.busyMs - refused.busyMs).toFixed(1)} ms, in its isolate ${(photo.inIsolateMs - refused.inIsolateMs).toFixed(1)} ms per photo`,
    `  wall time per upload, no profiler: mean ${mean.toFixed(1)} ms, p50 ${pct(walls, 50).toFixed(1)} ms, min ${Math.min(...walls).toFixed(1)} ms, max ${Math.max(...walls).toFixed(1)} ms`,
    `  served: 120×120 preview ${small.bytes} bytes (${small.type}, status ${small.status}); 800 preview ${big.bytes} bytes (${big.type}, status ${big.status})`,
  ];
}
