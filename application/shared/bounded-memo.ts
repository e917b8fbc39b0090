/**
 * Values worked out once per key, for keys a client chooses (an Accept header, a Host, a path's point): a
 * client sends few distinct ones again and again, so each is worked out once, and one that sends ever new
 * keys only empties the memo now and then, which keeps its memory flat. A plain Map cleared when full: on
 * paths taken once or more per request, cheaper than keeping an order of use. `make` must depend on the key
 * alone, and never give `undefined`.
 */
export class BoundedMemo<K, V> {
  private readonly seen = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get(key: K, make: (key: K) => V): V {
    let value = this.seen.get(key);
    if (value === undefined) {
      value = make(key);
      if (this.seen.size >= this.capacity) this.seen.clear();
      this.seen.set(key, value);
    }
    return value;
  }
}
