/**
 * A bounded least-recently-used cache whose entries carry a tag (a data version): an entry is
 * returned only while the caller's current tag matches, so a version bump anywhere — in any
 * process, since versions live in the database — makes old entries unreachable.
 */
export class TaggedCache<V> {
  private readonly entries = new Map<string, { tag: string; value: V; at: number }>();
  private readonly pending = new Map<string, Promise<V>>();

  constructor(private readonly capacity: number) {}

  /** The value of a key if it was stored under this tag. */
  get(key: string, tag: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.tag !== tag) return undefined;
    // Re-insert so the most recently used entries are last (a Map keeps insertion order).
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** The entry of a key whatever its tag (the caller compares), with when it was stored (epoch ms). */
  peek(key: string): { tag: string; value: V; at: number } | undefined {
    return this.entries.get(key);
  }

  /** Stores a value, dropping the least recently used entry when full. */
  set(key: string, tag: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { tag, value, at: Date.now() });
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  /** The cached value, or `load`'s, computed once however many callers miss at the same moment. */
  async getOrLoad(key: string, tag: string, load: () => Promise<V>): Promise<V> {
    const hit = this.get(key, tag);
    if (hit !== undefined) return hit;
    const flight = `${tag}\u0000${key}`;
    const running = this.pending.get(flight);
    if (running) return running;
    const promise = load()
      .then((value) => {
        this.set(key, tag, value);
        return value;
      })
      .finally(() => this.pending.delete(flight));
    this.pending.set(flight, promise);
    return promise;
  }
}
