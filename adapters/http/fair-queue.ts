/** The queue is full; `retryAfterSeconds` estimates when it will have room again. */
export class QueueFull extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    readonly scope: 'client' | 'all',
  ) {
    super(scope === 'client' ? 'too many waiting from this client' : 'too many waiting');
  }
}

export interface FairQueueLimits {
  /** How many pieces of work run at once (one per core that may hash). */
  readonly concurrency: number;
  /** How many may wait for one client; past it, that client's next one is refused at once. */
  readonly maxWaitingPerClient: number;
  /** How many may wait in all (many clients, each within its own bound); past it, everyone is refused. */
  readonly maxWaiting: number;
}

interface Waiter {
  readonly start: () => void;
}

/**
 * Runs at most `concurrency` pieces of work at once and, when more arrive, takes the waiting ones in turn
 * from each client (round-robin between client keys), not in arrival order. With a single arrival-order
 * queue, 100 logins from one address made another user's login wait behind all 100 hashes (13.6 s); here a
 * newcomer waits for the work already running and at most one piece from each other client ahead of it in
 * the turn. The waits are bounded: a client with `maxWaitingPerClient` waiting, or a queue with
 * `maxWaiting`, gets QueueFull at once (a 503 with Retry-After), which costs nothing to answer.
 */
export class FairQueue {
  private running = 0;
  private waitingCount = 0;
  /** Each client's waiting work, oldest first; a client is here only while it has some. */
  private readonly waiting = new Map<string, Waiter[]>();
  /** The clients with waiting work, in the order their turn comes. */
  private readonly turn: string[] = [];
  /** A running average of how long one piece of work takes, for Retry-After. */
  private averageMs = 100;

  constructor(private readonly limits: FairQueueLimits) {
    for (const [name, value] of Object.entries(limits)) {
      if (!Number.isInteger(value) || value < 1)
        throw new RangeError(`${name} must be a positive integer, got ${value}`);
    }
  }

  /** How many are waiting now (not running), for all clients or for one. */
  waitingFor(client?: string): number {
    return client === undefined ? this.waitingCount : (this.waiting.get(client)?.length ?? 0);
  }

  async run<T>(client: string, work: () => Promise<T>): Promise<T> {
    if (this.running < this.limits.concurrency && this.waitingCount === 0) this.running++;
    else await this.enqueue(client);
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.averageMs = 0.8 * this.averageMs + 0.2 * (performance.now() - started);
      this.next();
    }
  }

  private enqueue(client: string): Promise<void> {
    const mine = this.waiting.get(client);
    if ((mine?.length ?? 0) >= this.limits.maxWaitingPerClient) throw new QueueFull(this.retryAfter(), 'client');
    if (this.waitingCount >= this.limits.maxWaiting) throw new QueueFull(this.retryAfter(), 'all');
    return new Promise<void>((start) => {
      if (mine) mine.push({ start });
      else {
        this.waiting.set(client, [{ start }]);
        this.turn.push(client);
      }
      this.waitingCount++;
    });
  }

  /** Hands the freed slot to the client whose turn it is (running stays the same), or frees it. */
  private next(): void {
    const client = this.turn.shift();
    if (client === undefined) {
      this.running--;
      return;
    }
    const queue = this.waiting.get(client)!;
    const waiter = queue.shift()!;
    this.waitingCount--;
    if (queue.length > 0) this.turn.push(client);
    else this.waiting.delete(client);
    waiter.start();
  }

  /** Seconds until the queue, as it stands, has run down: at least 1. */
  private retryAfter(): number {
    const pieces = this.waitingCount + this.running;
    return Math.max(1, Math.ceil((pieces * this.averageMs) / this.limits.concurrency / 1000));
  }
}
