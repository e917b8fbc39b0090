import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/bcrypt';
import type { PasswordHasher } from '../../application/tasks/ports.ts';
import { ConcurrencyLimit } from './concurrency-limit.ts';

/**
 * How many hashes may run at once. @node-rs/bcrypt runs on libuv's thread pool (4 threads unless
 * UV_THREADPOOL_SIZE says otherwise), the same threads that run the journal's write and fdatasync. With
 * every thread busy hashing, 32 concurrent logins made each durable POST wait 1.5-1.8 s. Leaving two
 * threads free keeps writes at their usual few milliseconds; logins queue instead, which costs them
 * nothing they would not pay anyway, since bcrypt is CPU-bound. (Measured with `npm run bench --
 * tasks-logins` on 2 cores: POST p99 1,788 ms unbounded, 46 ms at 2 hashes at once, see the README.)
 */
export function defaultHashConcurrency(
  threadPoolSize = Number(process.env['UV_THREADPOOL_SIZE']) || 4,
  cores = availableParallelism(),
): number {
  // Also one core short of the machine: bcrypt is CPU-bound, and the event loop needs a core to answer.
  return Math.max(1, Math.min(threadPoolSize - 2, cores - 1));
}

/** bcrypt on libuv's thread pool, a bounded number at a time. Passwords over 72 bytes are refused here too. */
export class BcryptPasswordHasher implements PasswordHasher {
  private readonly limit: ConcurrencyLimit;

  constructor(
    private readonly cost = 10,
    maxConcurrent = defaultHashConcurrency(),
  ) {
    this.limit = new ConcurrencyLimit(maxConcurrent);
  }

  hash(password: string): Promise<string> {
    return this.limit.run(() => hash(password, { cost: this.cost, rejectLongPasswords: true }));
  }

  verify(password: string, passwordHash: string): Promise<boolean> {
    return this.limit.run(() => verify(password, passwordHash));
  }
}
