import type { ForecastProvider } from '../../application/forecast/ports.ts';
import { silentLogger } from '../../adapters/logging/logger.ts';
import { createContainer } from '../../bootstrap/container.ts';
import { buildHttpApp } from '../../bootstrap/http-app.ts';
import { TOKENS } from '../../bootstrap/tokens.ts';
import { FixedClock } from './fakes.ts';

export const UA = 'taskcast-tests (tests@example.com)';

export interface ForecastWorldOptions {
  /** Swaps the provider binding; unset, the embedded provider with the real catalogue. */
  readonly provider?: ForecastProvider;
  readonly publicBaseUrl?: string;
  readonly trustProxy?: boolean;
  readonly now?: Date;
  readonly forecastRequestsPerMinute?: number;
}

/** The real wiring with the forecast routes, driven through app.fetch at http://taskcast.test. */
export async function forecastWorld(options: ForecastWorldOptions = {}) {
  const clock = new FixedClock(options.now ?? new Date('2026-07-15T18:20:00.000Z'));
  const container = createContainer({ storage: 'memory', jwtSecret: 'forecast-tests-secret-at-least-32-chars', bcryptCost: 4 });
  container.rebind(TOKENS.Clock).toConstantValue(clock);
  if (options.provider) container.rebind(TOKENS.ForecastProvider).toConstantValue(options.provider);
  const app = await buildHttpApp(container, {
    authBudgets: { loginFailuresPerAccount: 0, loginFailuresPerAddress: 0, signUpsPerAddress: 0 },
    forecastRequestsPerMinute: options.forecastRequestsPerMinute,
    publicBaseUrl: options.publicBaseUrl,
    trustProxy: options.trustProxy,
    log: silentLogger,
  });

  async function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
    const response = await app.fetch(new Request(`http://taskcast.test${path}`, { method, headers: { 'user-agent': UA, ...headers } }));
    const text = await response.text();
    let body: any;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: response.status, headers: response.headers, text, body };
  }

  return { app, clock, get };
}
