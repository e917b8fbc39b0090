/**
 * A fixed-window counter per key (the client address). It guards the password routes, where every
 * attempt costs a bcrypt hash and guessing is the threat.
 */
export class FixedWindowRateLimiter {
  private windowStart = 0;
  private counts = new Map<string, number>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds to wait when over the limit, else 0. A limit of 0 turns the limiter off. */
  take(key: string): number {
    if (this.limit <= 0) return 0;
    const now = this.now();
    if (now - this.windowStart >= this.windowMs) {
      this.windowStart = now - ((now - this.windowStart) % this.windowMs);
      this.counts = new Map();
    }
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    return count > this.limit ? Math.max(1, Math.ceil((this.windowStart + this.windowMs - now) / 1000)) : 0;
  }
}
