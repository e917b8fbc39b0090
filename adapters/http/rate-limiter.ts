import { RateLimiterMemory, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { isLimiterRes, retrySeconds } from '../shared/rate-limits.ts';

/**
 * A budget of requests per client address per minute (FORECAST_RATE_LIMIT), on rate-limiter-flexible like
 * the password routes' budgets, so a shared store can replace memory the same way.
 */
export class RequestBudget {
  private constructor(private readonly limiter: RateLimiterAbstract) {}

  /** Undefined when `perMinute` is 0: the limit is off and costs nothing. */
  static perMinute(perMinute: number): RequestBudget | undefined {
    return perMinute > 0
      ? new RequestBudget(new RateLimiterMemory({ keyPrefix: 'taskcast:forecast', points: perMinute, duration: 60 }))
      : undefined;
  }

  /** Seconds to wait when over the budget, else 0. */
  async take(key: string): Promise<number> {
    try {
      await this.limiter.consume(key);
      return 0;
    } catch (rejection) {
      if (isLimiterRes(rejection)) return retrySeconds(rejection);
      throw rejection;
    }
  }
}
