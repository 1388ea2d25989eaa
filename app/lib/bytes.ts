/** Pieces of bytes (byte arrays or lists of numbers 0–255) written one after another into one array. */
export function joinBytes(parts: readonly ArrayLike<number>[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
