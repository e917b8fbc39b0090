import { createHmac } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { PasswordHasher } from '../../application/tasks/ports.ts';
import { loadOnFirstUse } from '../shared/load-on-first-use.ts';
import { ConcurrencyLimit } from './concurrency-limit.ts';

type Bcrypt = typeof import('@node-rs/bcrypt');

/**
 * @node-rs/bcrypt, loaded at the first hash: it is an optional dependency (a weather-only install leaves it
 * out with --omit=optional), and imported statically it stopped every module that imports this one from
 * loading at all, so `taskcast serve` died on Node's ERR_MODULE_NOT_FOUND before its own check could name
 * the missing package (bootstrap/server/server-packages.ts), and a library user's first sign-up the same way.
 */
const loadBcrypt = loadOnFirstUse<Bcrypt>('@node-rs/bcrypt');

export const BCRYPT_MISSING =
  "Taskcast's accounts hash passwords with @node-rs/bcrypt, an optional dependency that a weather-only install " +
  '(--omit=optional) leaves out. Install it: npm install @node-rs/bcrypt';

function bcrypt(): Bcrypt {
  try {
    return loadBcrypt();
  } catch (error) {
    if ((error as { code?: string }).code === 'MODULE_NOT_FOUND') throw new Error(BCRYPT_MISSING, { cause: error });
    throw error;
  }
}

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

/**
 * What new hashes start with: the scheme's name and version, then the bcrypt hash of the pre-hashed password.
 * Hashes without it are the plain bcrypt hashes stored before the pre-hash (`$2b$…`); the stored text alone
 * says which kind a hash is, so a login verifies once, never trying both.
 */
export const PREHASHED_PREFIX = 'hmac-sha384-bcrypt.v1:';

/**
 * The pre-hash's key. It is not a secret (a secret pepper would lock every account out when lost or
 * rotated): it only makes the pre-hash Taskcast's own function, so a list of plain SHA-384 digests leaked
 * from another site cannot be tried against these bcrypt hashes without cracking bcrypt first ("password
 * shucking", which OWASP's Password Storage Cheat Sheet warns of for an unkeyed pre-hash).
 */
const PREHASH_KEY = 'taskcast/password/v1';

/** bcrypt reads 72 bytes and no more; a plain hash was only ever made from a password that fits. */
const BCRYPT_MAX_BYTES = 72;

/**
 * The password as bcrypt gets it: HMAC-SHA-384 of all of its UTF-8 bytes, base64-encoded, as the OWASP
 * Password Storage Cheat Sheet describes. 64 ASCII characters, so every character of a password of any
 * length counts (bcrypt alone ignores what lies past 72 bytes), and no NUL byte reaches bcrypt (which
 * would end its input there).
 */
export function prehash(password: string): string {
  return createHmac('sha384', PREHASH_KEY).update(password, 'utf8').digest('base64');
}

/**
 * bcrypt on libuv's thread pool, a bounded number at a time, over a pre-hash of the password (see `prehash`).
 * Hashes stored before the pre-hash still verify, as plain bcrypt, for the passwords they were made from.
 */
export class BcryptPasswordHasher implements PasswordHasher {
  private readonly limit: ConcurrencyLimit;

  constructor(
    private readonly cost = 10,
    maxConcurrent = defaultHashConcurrency(),
  ) {
    this.limit = new ConcurrencyLimit(maxConcurrent);
  }

  async hash(password: string): Promise<string> {
    const bcrypted = await this.limit.run(() =>
      bcrypt().hash(prehash(password), { cost: this.cost, rejectLongPasswords: true }),
    );
    return PREHASHED_PREFIX + bcrypted;
  }

  async verify(password: string, passwordHash: string): Promise<boolean> {
    if (passwordHash.startsWith(PREHASHED_PREFIX)) {
      const bcrypted = passwordHash.slice(PREHASHED_PREFIX.length);
      return this.limit.run(() => bcrypt().verify(prehash(password), bcrypted));
    }
    // A plain hash, made before the pre-hash from a password of at most 72 bytes. bcrypt would compare
    // only the first 72 bytes of a longer one (72 × p followed by EXTRA would pass for 72 × p), so a
    // longer password never matches; it is still verified, so the answer takes as long as any other.
    const matches = await this.limit.run(() => bcrypt().verify(password, passwordHash));
    return matches && Buffer.byteLength(password, 'utf8') <= BCRYPT_MAX_BYTES;
  }
}
