// Values worked out once per object, found again by the object's identity: the one form of the
// identity-keyed caches in the serving code (a task's JSON, a document's bytes, a grid address's cell). It
// holds where the objects are immutable and handed out again for the same thing (stores replace a task's
// object when it changes; providers keep their documents; the use cases give the same frozen object for the
// same path text), so the object's identity stands for its content. Each use measured against the plain
// form in docs/benchmarks.md (the performance budget).

/** `compute(key)`, once per key object, kept for as long as the object lives (a WeakMap). */
export class PerObject<K extends object, V> {
  readonly #kept = new WeakMap<K, V>();

  constructor(private readonly compute: (key: K) => V) {}

  of(key: K): V {
    let value = this.#kept.get(key);
    if (value === undefined) {
      value = this.compute(key);
      this.#kept.set(key, value);
    }
    return value;
  }

  /** The value kept for the key, without working one out. */
  peek(key: K): V | undefined {
    return this.#kept.get(key);
  }
}
