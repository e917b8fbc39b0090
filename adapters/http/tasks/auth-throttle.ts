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

  /** Refuses a login attempt, before any password work, once either failure budget is spent. */
  async beforeLogin(email: string, address: string): Promise<void> {
    const [account, byAddress] = await Promise.all([
      this.perAccount?.get(accountKey(email, address)),
      this.perAddress?.get(address),
    ]);
    const waits: number[] = [];
    if (this.perAccount && account && account.consumedPoints >= this.perAccount.points)
      waits.push(retrySeconds(account));
    if (this.perAddress && byAddress && byAddress.consumedPoints >= this.perAddress.points)
      waits.push(retrySeconds(byAddress));
    if (waits.length > 0) throw tooManyRequests(Math.max(...waits));
  }

  async loginFailed(email: string, address: string): Promise<void> {
    await Promise.all([spend(this.perAccount, accountKey(email, address)), spend(this.perAddress, address)]);
  }

  /** A successful login clears that account's failures from that address (not the address's total). */
  async loginSucceeded(email: string, address: string): Promise<void> {
    await this.perAccount?.delete(accountKey(email, address));
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

/** Counts one failure; a budget already spent stays spent (the rejection is expected, not an error). */
async function spend(limiter: RateLimiterAbstract | undefined, key: string): Promise<void> {
  if (!limiter) return;
  try {
    await limiter.consume(key);
  } catch (rejection) {
    if (!isLimiterRes(rejection)) throw rejection;
  }
}
