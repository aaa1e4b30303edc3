/**
 * A short-lived, bounded in-memory cache of one instance (what every request
 * pays). Nothing depends on it for correctness: an entry lives at most `ttlMs`, the
 * oldest entries go first when it holds `max`, and whoever changes what an entry says
 * calls `forget` (on this instance, and through the live-event channel on the others).
 *
 * A value read from the database before a `forget` must not be kept after it (it may be
 * the old value): take `stamp()` before reading and hand it to `set`, which keeps the value
 * only when nothing was forgotten in between.
 */
export class ShortCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly max: number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** The generation a reader passes to `set`. */
  stamp(): number {
    return this.generation;
  }

  set(key: string, value: V, stamp: number): void {
    if (stamp !== this.generation || this.ttlMs <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Forgets the entries `which` picks (all without it); values being read now are not kept. */
  forget(which?: (key: string, value: V) => boolean): void {
    this.generation += 1;
    if (!which) {
      this.entries.clear();
      return;
    }
    for (const [key, entry] of this.entries) if (which(key, entry.value)) this.entries.delete(key);
  }
}
