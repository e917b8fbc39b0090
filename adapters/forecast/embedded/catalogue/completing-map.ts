/**
 * A read-only map whose values are completed when first given out: `get` completes the one asked for,
 * iterating completes them all. `complete` must be memoised (the same value each time), so the map gives
 * one object per key whichever way it is read. The catalogue's stations use it: a station's shore zones
 * cost a search of the coast's outlines (shore-zones.ts), which looking one station up need not pay for
 * the 2,300.
 */
export class CompletingMap<K, V> implements ReadonlyMap<K, V> {
  constructor(
    private readonly raw: ReadonlyMap<K, V>,
    private readonly complete: (value: V) => V,
  ) {}

  get size(): number {
    return this.raw.size;
  }

  has(key: K): boolean {
    return this.raw.has(key);
  }

  get(key: K): V | undefined {
    const value = this.raw.get(key);
    return value === undefined ? undefined : this.complete(value);
  }

  forEach(callback: (value: V, key: K, map: ReadonlyMap<K, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this);
  }

  *entries(): MapIterator<[K, V]> {
    for (const [key, value] of this.raw) yield [key, this.complete(value)];
  }

  keys(): MapIterator<K> {
    return this.raw.keys();
  }

  *values(): MapIterator<V> {
    for (const value of this.raw.values()) yield this.complete(value);
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }
}
