/*
 * A small in-process cache for hot reads. Each web instance keeps its own, so every entry is
 * validated against a cheap key read from the database on each request (content). The
 * catalogue's lists are kept under the catalogue version instead (lib/catalogue/courses/catalogue-version.ts).
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
