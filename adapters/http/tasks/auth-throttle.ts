import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { normaliseEmail } from '../../../domain/tasks/rules.ts';
import { HttpProblem, tooManyRequests } from '../http-problem.ts';
import { isLimiterRes, memoryLimiters, retrySeconds, type LimiterFactory } from '../../shared/rate-limits.ts';

export type { LimiterFactory } from '../../shared/rate-limits.ts';

/**
 * How many attempts each budget allows in its window; 0 turns that budget off. The defaults follow the
 * OWASP Authentication Cheat Sheet: failed logins are what is counted, not logins, so a crowded office
 * behind one address, or a test suite exercising the API, never meets a 429 from the spec's normal answers.
 */
export interface AuthThrottleBudgets {
  /** Failed logins per (account, address) in 15 minutes: what stops guessing one account's password. */
  readonly loginFailuresPerAccount: number;
  /** Failed logins per address in 15 minutes, whatever the account: what slows credential stuffing. */
  readonly loginFailuresPerAddress: number;
  /** Sign-ups per address in an hour: only there to stop mass account creation. */
  readonly signUpsPerAddress: number;
}

export const DEFAULT_AUTH_BUDGETS: AuthThrottleBudgets = {
  loginFailuresPerAccount: 10,
  loginFailuresPerAddress: 100,
  signUpsPerAddress: 1000,
};

export const AUTH_WINDOWS_SECONDS = { loginFailures: 15 * 60, signUps: 60 * 60 } as const;

/**
 * Settlements kept while Redis is unreachable, at most: a few minutes of a busy outage. Past it the oldest
 * goes (its window ends first), and its point stays counted until then, as a wrong password's would.
 */
export const MAX_KEPT_SETTLEMENTS = 5000;

/**
 * Throttles the password routes. The answer to a throttled login is the same 429 whether or not the
 * account exists, and the per-account counter is keyed by the email as given (normalised), so it counts
 * guesses at unknown accounts too.
 */
export class AuthThrottle {
  private readonly perAccount?: Budget;
  private readonly perAddress?: Budget;
  private readonly signUps?: Budget;
  /** Settlements of points Redis counted, which Redis could not take when they came; applied when it is back. */
  private kept: Kept[] = [];

  constructor(budgets: AuthThrottleBudgets, makeLimiter: LimiterFactory = memoryLimiters) {
    const make = (keyPrefix: string, points: number, duration: number): Budget | undefined => {
      if (points <= 0) return undefined;
      const options = { keyPrefix, points, duration };
      const limiter = makeLimiter(options);
      if (!limiter.onBack) return { local: limiter };
      // A shared store that may be out of reach comes with this node's memory to count in meanwhile.
      limiter.onBack(() => void this.replay());
      return { shared: limiter, local: memoryLimiters(options) };
    };
    this.perAccount = make(
      'taskcast:login-fail:account',
      budgets.loginFailuresPerAccount,
      AUTH_WINDOWS_SECONDS.loginFailures,
    );
    this.perAddress = make(
      'taskcast:login-fail:address',
      budgets.loginFailuresPerAddress,
      AUTH_WINDOWS_SECONDS.loginFailures,
    );
    this.signUps = make('taskcast:signup:address', budgets.signUpsPerAddress, AUTH_WINDOWS_SECONDS.signUps);
  }

  /**
   * Reserves one attempt before any password work: the attempt is counted as a failure up front, in one
   * atomic increment per budget (in memory, or in Redis for several nodes), and refused with a 429 when that
   * increment passes the budget. Counting only after bcrypt answered let 250 concurrent guesses all be
   * checked before the first one was counted; now at most the budget's worth are ever checked.
   * The caller settles the reservation: a success refunds it, an error that was not a wrong password
   * (a 503, a refused request) gives it back, a wrong password keeps it. Each settlement goes to the store
   * that counted the attempt, whatever happened to Redis in between.
   */
  async reserveLogin(email: string, address: string): Promise<LoginReservation> {
    const account = accountKey(email, address);
    // One budget after the other: an attempt the account's budget refuses never touches the address's, so
    // a burst at one locked account cannot crowd the address's counter and refuse that address's other logins.
    const onAccount = this.perAccount && (await take(this.perAccount, account));
    let onAddress: Counted | undefined;
    try {
      onAddress = this.perAddress && (await take(this.perAddress, address));
    } catch (error) {
      // Refused by the address's budget, the attempt was never made: it must not spend the account's.
      if (onAccount) await this.settle(onAccount, 'refund');
      throw error;
    }
    let settled = false;
    return {
      succeeded: async () => {
        if (settled) return;
        settled = true;
        // A success clears that account's failures from that address (this attempt's included), and gives
        // this attempt back to the address's total, which only failures spend.
        await Promise.all([
          onAccount && this.settle(onAccount, 'clear'),
          onAddress && this.settle(onAddress, 'refund'),
        ]);
      },
      abandoned: async () => {
        if (settled) return;
        settled = true;
        await Promise.all([
          onAccount && this.settle(onAccount, 'refund'),
          onAddress && this.settle(onAddress, 'refund'),
        ]);
      },
    };
  }

  async beforeSignUp(address: string): Promise<void> {
    if (this.signUps) await take(this.signUps, address);
  }

  /**
   * Applies a settlement to the store that counted the point. When that is Redis and Redis does not answer,
   * the settlement is kept for when it does: applied to this node's memory instead (as rate-limiter-flexible's
   * insurance limiter did), a success after nine failures left ten in Redis, and the user who had just logged
   * in was refused for 15 minutes.
   */
  private async settle(point: Counted, settlement: Settlement): Promise<void> {
    try {
      await apply(point, settlement);
    } catch (error) {
      if (!point.shared) throw error;
      this.keep({ ...point, settlement });
    }
  }

  private keep(kept: Kept): void {
    const now = Date.now();
    this.kept = this.kept.filter((k) => k.windowEndsAt > now);
    if (this.kept.length >= MAX_KEPT_SETTLEMENTS) this.kept.shift();
    this.kept.push(kept);
  }

  /**
   * Redis answers again: the kept settlements are applied, those that fail again are kept again. One whose
   * window has ended is dropped: Redis dropped its point with the window, and it would spend from the next.
   */
  private async replay(): Promise<void> {
    const due = this.kept;
    this.kept = [];
    await Promise.all(
      due.map(async (k) => {
        if (k.windowEndsAt <= Date.now()) return;
        try {
          await apply(k, k.settlement);
        } catch {
          this.keep(k);
        }
      }),
    );
  }
}

const accountKey = (email: string, address: string): string => `${normaliseEmail(email)}|${address}`;

/** How a reserved login attempt ended, when it was not a wrong password (which keeps the reservation). */
export interface LoginReservation {
  /** The password was right: the attempt is not a failure. */
  succeeded(): Promise<void>;
  /** No password was checked to the end (the store or the queue was unavailable): the attempt is given back. */
  abandoned(): Promise<void>;
}

/** One budget: in Redis (`shared`) when there is one, with this node's memory for when Redis is unreachable. */
interface Budget {
  readonly shared?: RateLimiterAbstract;
  readonly local: RateLimiterAbstract;
}

/** One point taken: which limiter counted it, under which key, and until when its window runs. */
interface Counted {
  readonly limiter: RateLimiterAbstract;
  readonly shared: boolean;
  readonly key: string;
  readonly windowEndsAt: number;
}

/** `clear`: a success forgets the account's failures; `refund`: gives the one point back. */
type Settlement = 'clear' | 'refund';

interface Kept extends Counted {
  readonly settlement: Settlement;
}

/**
 * Takes one point in one atomic step, and answers 429 when that point passes the budget (the refused point
 * stays counted: the budget is spent anyway, and its window does not move). The point goes to Redis when
 * it answers, else to this node's memory, which then counts alone until Redis is back.
 */
async function take(budget: Budget, key: string): Promise<Counted> {
  if (budget.shared) {
    try {
      return await takeFrom(budget.shared, true, key);
    } catch (error) {
      if (error instanceof HttpProblem) throw error; // Redis answered: over the budget
      // Any other error: Redis did not answer, and this node's memory counts the point instead.
    }
  }
  return takeFrom(budget.local, false, key);
}

async function takeFrom(limiter: RateLimiterAbstract, shared: boolean, key: string): Promise<Counted> {
  try {
    const res = await limiter.consume(key);
    // A second early: the window's end is measured after Redis answered, so a little late.
    return { limiter, shared, key, windowEndsAt: Date.now() + res.msBeforeNext - 1000 };
  } catch (rejection) {
    if (isLimiterRes(rejection)) throw tooManyRequests(retrySeconds(rejection));
    throw rejection;
  }
}

async function apply({ limiter, key }: Counted, settlement: Settlement): Promise<void> {
  if (settlement === 'clear') {
    await limiter.delete(key);
    return;
  }
  // Only a point of the window that is running is given back: a reward on a key whose window has ended
  // would open a new window at -1, an attempt more than the budget. Redis checks and rewards in one script
  // (redis-limiters.ts), so there the check below is only a shortcut; in memory nothing but other promises'
  // callbacks can run between the check and the reward, for well under a millisecond.
  const current = await limiter.get(key);
  if (current && current.consumedPoints > 0 && current.msBeforeNext > 0) await limiter.reward(key, 1);
}
