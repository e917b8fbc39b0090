import 'reflect-metadata';
import { Container } from 'inversify';
import { SystemClock } from '../../adapters/system/system-clock.ts';
import { forecastModule, type ForecastModuleOptions } from './forecast-module.ts';
import { TOKENS } from './tokens.ts';

/**
 * The forecast context alone: its provider, use cases and controls over the process clock, and nothing of
 * the task service (no store, no password hashing, no token service). taskcast/msw, taskcast/fetch and the
 * library's createForecast are built on it, so a weather-only test run loads none of bcrypt, lowdb, pg or
 * ioredis (test/unit/bootstrap/weather-path-modules.test.ts holds it to that).
 */
export function createForecastContainer(options: ForecastModuleOptions): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.bind(TOKENS.Clock).toConstantValue(new SystemClock());
  container.load(forecastModule(options));
  return container;
}
