import type { AlertSet } from './alert-set.ts';

/** A rendered list, and the span of clock times over which it is the same answer. */
interface Kept<T> {
  readonly fromMs: number;
  readonly untilMs: number;
  readonly value: T;
}

/** Lists kept per set: enough for the queries of a test suite, and a bound on what a server holds. */
const MAX_PER_SET = 64;

/**
 * The rendered alert lists of a set, so a list asked for again (every point-alerts request of a test run
 * through MSW) is not filtered, rendered, serialised and hashed again: the same body object comes back, and
 * document-response.ts keeps its bytes and ETag per body. A list depends on the clock only through the
 * alerts' own times (sent, expires, ends: sent by now, in force now, expired by now, and the last change
 * among them), so it stays the same answer while the clock stays between two of those times, and is worked
 * out again once it leaves that span. The set, the query and the base URL fix the rest: a new cycle, a
 * scenario's alerts (a new merged set) or a silenced model (a new empty set each time) never meet a kept list.
 */
export class AlertListMemo<T> {
  private readonly kept = new WeakMap<AlertSet, Map<string, Kept<T>>>();

  /** The list for `key` in `set` at `nowMs`: the one kept, if the clock is still within its span, else made. */
  of(set: AlertSet, key: string, nowMs: number, make: () => T): T {
    let lists = this.kept.get(set);
    const found = lists?.get(key);
    if (found && found.fromMs <= nowMs && nowMs < found.untilMs) return found.value;
    const value = make();
    if (!lists) this.kept.set(set, (lists = new Map<string, Kept<T>>()));
    else if (lists.size >= MAX_PER_SET && !found) lists.clear();
    lists.set(key, { ...spanAround(set, nowMs), value });
    return value;
  }
}

/** The alerts' times nearest `nowMs`: at or before it (from), and after it (until). */
function spanAround(set: AlertSet, nowMs: number): { fromMs: number; untilMs: number } {
  let fromMs = -Infinity;
  let untilMs = Infinity;
  for (const f of set.items) {
    for (const t of [f.sentMs, f.expiresMs, f.endsMs]) {
      // A time that is not a number compares false against every clock: it bounds nothing.
      if (Number.isNaN(t)) continue;
      if (t <= nowMs) fromMs = Math.max(fromMs, t);
      else untilMs = Math.min(untilMs, t);
    }
  }
  return { fromMs, untilMs };
}
