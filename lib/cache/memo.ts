/*
 * Small in-process caches for hot reads. Each web instance keeps its own, so every entry is
 * either validated against a cheap key read from the database on each request (content) or
 * lives for a short time only (lists), and concurrent misses share one database load.
 */

type Entry<V> = { key: string; value: V; expires: number };

/** A bounded map from id to a value valid for one key (e.g. a row version), least recently used evicted. */
export class KeyedCache<V> {
  private readonly entries = new Map<number | string, Entry<V>>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
  ) {}

  get(id: number | string, key: string): V | undefined {
    const entry = this.entries.get(id);
    if (!entry || entry.key !== key || entry.expires < Date.now()) return undefined;
    // Re-insert: a Map keeps insertion order, so the first entry is the least recently used.
    this.entries.delete(id);
    this.entries.set(id, entry);
    return entry.value;
  }

  set(id: number | string, key: string, value: V): void {
    this.entries.delete(id);
    this.entries.set(id, { key, value, expires: Date.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  clear(): void {
    this.entries.clear();
  }
}

/** One value refreshed at most every `ttlMs`; callers during a refresh share the same load. */
export class ShortLivedValue<V> {
  private current: { value: Promise<V>; expires: number } | undefined;

  constructor(
    private readonly ttlMs: number,
    private readonly load: () => Promise<V>,
  ) {}

  get(): Promise<V> {
    if (this.current && this.current.expires > Date.now()) return this.current.value;
    const value = this.load();
    const entry = { value, expires: Date.now() + this.ttlMs };
    this.current = entry;
    // A failed load is not kept: the next caller tries again.
    value.catch(() => {
      if (this.current === entry) this.current = undefined;
    });
    return value;
  }

  invalidate(): void {
    this.current = undefined;
  }
}
