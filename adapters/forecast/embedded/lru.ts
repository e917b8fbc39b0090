/**
 * A bounded least-recently-used map. Documents are built once per key and then served from here, so a warm
 * request costs a Map lookup; the bound keeps memory flat under random keys (a Map keeps insertion order,
 * so re-inserting on a hit makes the first key the least recently used).
 */
export class Lru<K, V> {
  readonly #items = new Map<K, V>();

  constructor(readonly capacity: number) {}

  get(key: K): V | undefined {
    const value = this.#items.get(key);
    if (value !== undefined) {
      this.#items.delete(key);
      this.#items.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.#items.delete(key);
    this.#items.set(key, value);
    if (this.#items.size > this.capacity) {
      const oldest = this.#items.keys().next();
      if (!oldest.done) this.#items.delete(oldest.value);
    }
  }

  /** The cached value, or `build()` stored under the key. */
  getOrSet(key: K, build: () => V): V {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const value = build();
    this.set(key, value);
    return value;
  }

  get size(): number {
    return this.#items.size;
  }
}
