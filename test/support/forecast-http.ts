import type { ForecastProvider } from '../../application/forecast/ports.ts';
import { silentLogger, type Logger } from '../../adapters/logging/logger.ts';
import { createContainer } from '../../bootstrap/composition/container.ts';
import { buildHttpApp } from '../../bootstrap/composition/http-app.ts';
import { TOKENS } from '../../bootstrap/composition/tokens.ts';
import { FixedClock } from './fakes.ts';
import { checkedFetch, servedContract } from './openapi-contract.ts';
import { placeholderProviders } from './recording-forecast-provider.ts';
import { readReply } from './reply.ts';

export const UA = 'taskcast-tests (tests@example.com)';

export interface ForecastWorldOptions {
  /** Swaps the provider binding; unset, the embedded provider with the real catalogue. */
  readonly provider?: ForecastProvider;
  readonly publicBaseUrl?: string;
  readonly trustProxy?: boolean;
  readonly now?: Date;
  readonly forecastRequestsPerMinute?: number;
  /** Mounts the /_taskcast/ controls with this token. */
  readonly adminToken?: string;
  /** FORECAST_NOW. */
  readonly forecastClock?: { readonly now: Date; readonly rate: 0 | 1 };
  /** Where the app logs; silent unless given. */
  readonly log?: Logger;
}

/** The real wiring with the forecast routes, driven through app.fetch at http://taskcast.test. */
export async function forecastWorld(options: ForecastWorldOptions = {}) {
  const clock = new FixedClock(options.now ?? new Date('2026-07-15T18:20:00.000Z'));
  const container = createContainer({
    storage: 'memory',
    jwtSecret: 'forecast-tests-secret-at-least-32-chars',
    bcryptCost: 4,
    forecastClock: options.forecastClock,
  });
  container.rebind(TOKENS.Clock).toConstantValue(clock);
  if (options.provider) container.rebind(TOKENS.ForecastProvider).toConstantValue(options.provider);
  const app = await buildHttpApp(container, {
    authBudgets: { loginFailuresPerAccount: 0, loginFailuresPerAddress: 0, signUpsPerAddress: 0 },
    forecastRequestsPerMinute: options.forecastRequestsPerMinute,
    publicBaseUrl: options.publicBaseUrl,
    trustProxy: options.trustProxy,
    adminToken: options.adminToken,
    log: options.log ?? silentLogger,
  });

  // Every response a test receives must be one the served OpenAPI document describes.
  const contract = servedContract(app);
  await contract.ready();

  async function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
    return checkedFetch(
      app,
      contract,
      `http://taskcast.test${path}`,
      { method, headers: { 'user-agent': UA, ...headers } },
      headers,
      !placeholderProviders.has(options.provider ?? {}),
    );
  }

  /** Any method with a JSON body, no User-Agent unless given: what a test harness sends to /_taskcast/. */
  async function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const init: RequestInit = {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    };
    if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
    return readReply(await app.fetch(new Request(`http://taskcast.test${path}`, init)));
  }

  return { app, clock, container, get, send };
}
