/**
 * A map that keeps at most `capacity` entries, forgetting the least recently used one first. The
 * sandbox keeps what it can rebuild (encoded answers) in these, so that what it remembers per
 * request stays bounded however many documents it stores.
 */

/**
 * A bounded map with least-recently-used eviction (a `Map` keeps insertion order: a hit moves its
 * entry to the end, and the first entry is the one to evict).
 */
export class Lru<K, V> {
  private readonly entries = new Map<K, V>()

  constructor(readonly capacity: number) {}

  /** The value of `key`, marked as used now; `undefined` when absent. */
  get(key: K): V | undefined {
    const value = this.entries.get(key)
    if (value !== undefined) {
      this.entries.delete(key)
      this.entries.set(key, value)
    }
    return value
  }

  /** Stores `value` under `key`, evicting the least recently used entry when full. */
  set(key: K, value: V): void {
    this.entries.delete(key)
    this.entries.set(key, value)
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next()
      if (oldest.done !== true) this.entries.delete(oldest.value)
    }
  }

  /** Forgets `key`. */
  delete(key: K): void {
    this.entries.delete(key)
  }

  /** How many entries are kept. */
  get size(): number {
    return this.entries.size
  }

  /** Forgets everything. */
  clear(): void {
    this.entries.clear()
  }
}
