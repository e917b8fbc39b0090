import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { normaliseEmail } from '../../../domain/tasks/rules.ts';
import { tooManyRequests } from '../http-problem.ts';
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
 * Throttles the password routes. The answer to a throttled login is the same 429 whether or not the
 * account exists, and the per-account counter is keyed by the email as given (normalised), so it counts
 * guesses at unknown accounts too.
 */
export class AuthThrottle {
  private readonly perAccount?: RateLimiterAbstract;
  private readonly perAddress?: RateLimiterAbstract;
  private readonly signUps?: RateLimiterAbstract;

  constructor(budgets: AuthThrottleBudgets, makeLimiter: LimiterFactory = memoryLimiters) {
    const make = (keyPrefix: string, points: number, duration: number) =>
      points > 0 ? makeLimiter({ keyPrefix, points, duration }) : undefined;
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
   * (a 503, a refused request) gives it back, a wrong password keeps it.
   */
  async reserveLogin(email: string, address: string): Promise<LoginReservation> {
    const account = accountKey(email, address);
    // One budget after the other: an attempt the account's budget refuses never touches the address's, so
    // a burst at one locked account cannot crowd the address's counter and refuse that address's other logins.
    await reserveOrRefuse(this.perAccount, account);
    try {
      await reserveOrRefuse(this.perAddress, address);
    } catch (error) {
      // Refused by the address's budget, the attempt was never made: it must not spend the account's.
      await refund(this.perAccount, account);
      throw error;
    }
    let settled = false;
    return {
      succeeded: async () => {
        if (settled) return;
        settled = true;
        // A success clears that account's failures from that address (this attempt's included), and gives
        // this attempt back to the address's total, which only failures spend.
        await Promise.all([this.perAccount?.delete(account), refund(this.perAddress, address)]);
      },
      abandoned: async () => {
        if (settled) return;
        settled = true;
        await Promise.all([refund(this.perAccount, account), refund(this.perAddress, address)]);
      },
    };
  }

  async beforeSignUp(address: string): Promise<void> {
    if (!this.signUps) return;
    try {
      await this.signUps.consume(address);
    } catch (rejection) {
      if (isLimiterRes(rejection)) throw tooManyRequests(retrySeconds(rejection));
      throw rejection;
    }
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

/**
 * Takes one point in one atomic step, and answers 429 when that point passes the budget (the refused point
 * stays counted: the budget is spent anyway, and its window does not move).
 */
async function reserveOrRefuse(limiter: RateLimiterAbstract | undefined, key: string): Promise<void> {
  if (!limiter) return;
  try {
    await limiter.consume(key);
  } catch (rejection) {
    if (isLimiterRes(rejection)) throw tooManyRequests(retrySeconds(rejection));
    throw rejection;
  }
}

async function refund(limiter: RateLimiterAbstract | undefined, key: string): Promise<void> {
  if (!limiter) return;
  // reward() on a key whose window has just ended would start a new window one below zero; a point kept
  // in that rare race only costs the client one attempt.
  const current = await limiter.get(key);
  if (current && current.consumedPoints > 0) await limiter.reward(key, 1);
}
