/**
 * A least-recently-used map, bounded by the characters of its keys and values together (a value's
 * characters as `sizeOf` counts them; a string's own length by default). Setting a key that is
 * already there replaces its value and counts it once.
 */
export class BoundedStore<V = string> {
  private readonly map = new Map<string, V>();
  private used = 0;

  constructor(
    private readonly limit: number,
    private readonly sizeOf: (value: V) => number = (value) => (value as string).length,
  ) {}

  /** the characters held now, keys and values */
  get chars(): number {
    return this.used;
  }

  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      // most recently used last: eviction takes from the front
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  delete(key: string) {
    const old = this.map.get(key);
    if (old === undefined) return;
    this.map.delete(key);
    this.used -= key.length + this.sizeOf(old);
  }

  /** Drops every entry whose value passes `test`. */
  deleteWhere(test: (value: V) => boolean) {
    for (const [k, v] of this.map) if (test(v)) this.delete(k);
  }

  /** Keeps `value` under `key` unless it alone would take more than an eighth of the limit. */
  set(key: string, value: V) {
    const size = key.length + this.sizeOf(value);
    if (size > this.limit / 8) return;
    const old = this.map.get(key);
    if (old !== undefined) {
      this.map.delete(key);
      this.used -= key.length + this.sizeOf(old);
    }
    this.map.set(key, value);
    this.used += size;
    for (const [k, v] of this.map) {
      if (this.used <= this.limit) break;
      this.map.delete(k);
      this.used -= k.length + this.sizeOf(v);
    }
  }
}
