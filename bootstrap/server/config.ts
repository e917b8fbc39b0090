import { resolve } from 'node:path';
import * as v from 'valibot';
import { clockInstant } from '../../adapters/forecast/control/calendar-instant.ts';
import { bundleFolderProblem } from '../../adapters/forecast/replay/bundle-files.ts';
import { DEFAULT_CONNECTION_LIMITS } from '../../adapters/http/connection-guard.ts';
import { parseCorsOrigins } from '../../adapters/http/cors.ts';
import { DEFAULT_AUTH_BUDGETS } from '../../adapters/http/tasks/auth-throttle.ts';
import { DEFAULT_MAX_TASKS_PER_USER } from '../../domain/tasks/task-limit.ts';

/** A start-up configuration error: one line, naming the variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

const integer = (name: string, min: number, max: number, fallback: number) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    v.check(
      (s) => /^\d+$/.test(s.trim()) && Number(s) >= min && Number(s) <= max,
      `${name} must be an integer from ${min} to ${max}`,
    ),
    v.transform((s) => Number(s)),
  );

const oneOf = <const T extends readonly [string, ...string[]]>(name: string, values: T, fallback: T[number]) =>
  v.optional(v.picklist(values, `${name} must be one of ${values.join(', ')}`), fallback);

const url = (name: string) =>
  v.pipe(
    v.string(),
    v.url(`${name} must be an absolute http(s) URL`),
    v.regex(/^https?:\/\//i, `${name} must be an absolute http(s) URL`),
  );

const environment = v.object({
  PORT: integer('PORT', 0, 65535, 3000),
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty('HOST must not be empty')), '0.0.0.0'),
  DB_PATH: v.optional(v.pipe(v.string(), v.nonEmpty('DB_PATH must not be empty')), './data/tasks.db'),
  STORAGE: oneOf('STORAGE', ['lowdb', 'memory', 'postgres'], 'lowdb'),
  DATABASE_URL: v.optional(
    v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\/\S+$/i, 'DATABASE_URL must be a postgres:// or postgresql:// URL')),
  ),
  DATABASE_POOL_SIZE: integer('DATABASE_POOL_SIZE', 1, 1000, 10),
  REDIS_URL: v.optional(
    v.pipe(v.string(), v.regex(/^rediss?:\/\/\S+$/i, 'REDIS_URL must be a redis:// or rediss:// URL')),
  ),
  JWT_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'JWT_SECRET must be at least 32 characters'))),
  FORECAST_PROVIDER: oneOf('FORECAST_PROVIDER', ['embedded', 'upstream', 'replay'], 'embedded'),
  FORECAST_RECORD_DIR: v.optional(v.string()),
  FORECAST_RECORD_RELATIVE: oneOf('FORECAST_RECORD_RELATIVE', ['0', '1'], '0'),
  FORECAST_RECORD_MAX_FILES: integer('FORECAST_RECORD_MAX_FILES', 0, 100_000_000, 10_000),
  FORECAST_RECORD_MAX_MB: integer('FORECAST_RECORD_MAX_MB', 0, 1_048_576, 500),
  FORECAST_REPLAY_DIR: v.optional(v.string()),
  FORECAST_REPLAY_STRICT: oneOf('FORECAST_REPLAY_STRICT', ['0', '1'], '0'),
  UPSTREAM_URL: v.optional(url('UPSTREAM_URL'), 'https://api.weather.gov'),
  UPSTREAM_USER_AGENT: v.optional(v.string()),
  UPSTREAM_CACHE_MB: integer('UPSTREAM_CACHE_MB', 1, 65536, 64),
  UPSTREAM_TIMEOUT_MS: integer('UPSTREAM_TIMEOUT_MS', 100, 600_000, 10_000),
  UPSTREAM_STALE_MAX_S: integer('UPSTREAM_STALE_MAX_S', 0, 31_536_000, 86_400),
  PUBLIC_BASE_URL: v.optional(url('PUBLIC_BASE_URL')),
  TRUST_PROXY: oneOf('TRUST_PROXY', ['0', '1'], '0'),
  LOG_LEVEL: oneOf('LOG_LEVEL', ['debug', 'info', 'warn', 'error', 'silent'], 'info'),
  LOG_FORMAT: v.optional(v.picklist(['json', 'pretty'], 'LOG_FORMAT must be one of json, pretty')),
  METRICS: oneOf('METRICS', ['on', 'off'], 'on'),
  METRICS_TOKEN: v.optional(v.pipe(v.string(), v.minLength(16, 'METRICS_TOKEN must be at least 16 characters'))),
  LOGIN_FAILURES_PER_ACCOUNT: integer(
    'LOGIN_FAILURES_PER_ACCOUNT',
    0,
    1_000_000,
    DEFAULT_AUTH_BUDGETS.loginFailuresPerAccount,
  ),
  LOGIN_FAILURES_PER_ADDRESS: integer(
    'LOGIN_FAILURES_PER_ADDRESS',
    0,
    1_000_000,
    DEFAULT_AUTH_BUDGETS.loginFailuresPerAddress,
  ),
  SIGNUPS_PER_ADDRESS: integer('SIGNUPS_PER_ADDRESS', 0, 1_000_000, DEFAULT_AUTH_BUDGETS.signUpsPerAddress),
  FORECAST_RATE_LIMIT: integer('FORECAST_RATE_LIMIT', 0, 100_000_000, 0),
  MAX_TASKS_PER_USER: integer('MAX_TASKS_PER_USER', 0, 100_000_000, DEFAULT_MAX_TASKS_PER_USER),
  MAX_CONNECTIONS: integer('MAX_CONNECTIONS', 1, 1_000_000, DEFAULT_CONNECTION_LIMITS.maxConnections),
  HEADERS_TIMEOUT_MS: integer('HEADERS_TIMEOUT_MS', 100, 600_000, DEFAULT_CONNECTION_LIMITS.headersTimeoutMs),
  ADMIN_TOKEN: v.optional(v.pipe(v.string(), v.minLength(32, 'ADMIN_TOKEN must be at least 32 characters'))),
  FORECAST_NOW: v.optional(clockInstant('FORECAST_NOW')),
  FORECAST_SCENARIO: v.optional(v.string()),
  FORECAST_CLOCK_RATE: oneOf('FORECAST_CLOCK_RATE', ['0', '1'], '0'),
  REQUEST_TIMEOUT_MS: integer('REQUEST_TIMEOUT_MS', 100, 3_600_000, DEFAULT_CONNECTION_LIMITS.requestTimeoutMs),
  CORS_ORIGINS: v.optional(v.string()),
});

export type Config = ReturnType<typeof readConfig>;

/** Every variable the server reads, for `taskcast serve --help` (a test keeps the help in step). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(environment.entries);

/**
 * The configuration from the environment, validated. Empty variables count as unset, as shells and
 * compose files tend to produce them.
 */
export function readConfig(env: Record<string, string | undefined> = process.env) {
  const present: Record<string, string> = {};
  for (const key of Object.keys(environment.entries)) {
    const value = env[key];
    if (value !== undefined && value !== '') present[key] = value;
  }
  // AUTH_RATE_LIMIT counted every sign-up and login; it was replaced by budgets of failures. Better a clear
  // stop than a setting that silently no longer does what its owner thinks.
  if (env['AUTH_RATE_LIMIT'] !== undefined && env['AUTH_RATE_LIMIT'] !== '') {
    throw new ConfigError(
      'Invalid configuration: AUTH_RATE_LIMIT was replaced by LOGIN_FAILURES_PER_ACCOUNT, LOGIN_FAILURES_PER_ADDRESS and SIGNUPS_PER_ADDRESS (0 turns each off); unset it.',
    );
  }
  const result = v.safeParse(environment, present);
  if (!result.success) {
    const issue = result.issues[0];
    const name = issue?.path?.[0]?.key;
    const got =
      typeof name === 'string' &&
      !['JWT_SECRET', 'DATABASE_URL', 'REDIS_URL', 'ADMIN_TOKEN', 'METRICS_TOKEN'].includes(name)
        ? ` (got ${JSON.stringify(present[name])})`
        : '';
    throw new ConfigError(`Invalid configuration: ${issue?.message ?? 'unknown problem'}${got}.`);
  }
  const c = result.output;
  // api.weather.gov blocks clients that do not say who they are; better to stop now than to 403 later.
  if (
    c.FORECAST_PROVIDER === 'upstream' &&
    (c.UPSTREAM_USER_AGENT === undefined || c.UPSTREAM_USER_AGENT.trim() === '')
  ) {
    throw new ConfigError(
      'Invalid configuration: UPSTREAM_USER_AGENT is required when FORECAST_PROVIDER=upstream (api.weather.gov asks for an app name and a contact, such as "taskcast (ops@example.com)").',
    );
  }
  if (c.STORAGE === 'postgres' && c.DATABASE_URL === undefined) {
    throw new ConfigError(
      'Invalid configuration: DATABASE_URL is required when STORAGE=postgres (such as postgres://taskcast@db:5432/taskcast).',
    );
  }
  // Every node must sign and check tokens with one secret. It is not made and kept in the database: a
  // copy of the database (a backup, a dump handed to a developer) would then carry the key to every account.
  if (c.STORAGE === 'postgres' && c.JWT_SECRET === undefined) {
    throw new ConfigError(
      'Invalid configuration: JWT_SECRET is required when STORAGE=postgres, the same on every node (at least 32 characters, such as the output of `openssl rand -base64 48`).',
    );
  }
  // A recording or replay setting that would silently do nothing is a mistake worth stopping for.
  if (c.FORECAST_RECORD_DIR !== undefined && c.FORECAST_PROVIDER !== 'upstream') {
    throw new ConfigError(
      'Invalid configuration: FORECAST_RECORD_DIR records what the upstream provider fetches; it needs FORECAST_PROVIDER=upstream.',
    );
  }
  if (c.FORECAST_PROVIDER === 'replay' && c.FORECAST_REPLAY_DIR === undefined) {
    throw new ConfigError(
      'Invalid configuration: FORECAST_REPLAY_DIR is required when FORECAST_PROVIDER=replay (a folder recorded with FORECAST_RECORD_DIR).',
    );
  }
  const replayProblem = c.FORECAST_REPLAY_DIR === undefined ? undefined : bundleFolderProblem(c.FORECAST_REPLAY_DIR);
  if (replayProblem) {
    throw new ConfigError(
      `Invalid configuration: FORECAST_REPLAY_DIR ${JSON.stringify(c.FORECAST_REPLAY_DIR)} ${replayProblem}.`,
    );
  }
  // A recording's folder may be made by its first document, but a file in its place would stop start-up on a
  // bare ENOTDIR.
  if (c.FORECAST_RECORD_DIR !== undefined && bundleFolderProblem(c.FORECAST_RECORD_DIR) === 'is not a folder') {
    throw new ConfigError(
      `Invalid configuration: FORECAST_RECORD_DIR ${JSON.stringify(c.FORECAST_RECORD_DIR)} is not a folder.`,
    );
  }
  const cors = parseCorsOrigins(c.CORS_ORIGINS);
  if ('error' in cors) throw new ConfigError(`Invalid configuration: ${cors.error}.`);
  return {
    port: c.PORT,
    host: c.HOST,
    dbPath: resolve(c.DB_PATH),
    storage: c.STORAGE,
    databaseUrl: c.DATABASE_URL,
    databasePoolSize: c.DATABASE_POOL_SIZE,
    redisUrl: c.REDIS_URL,
    jwtSecret: c.JWT_SECRET,
    forecastProvider: c.FORECAST_PROVIDER,
    upstreamUrl: c.UPSTREAM_URL,
    upstreamUserAgent: c.UPSTREAM_USER_AGENT?.trim(),
    upstreamCacheMb: c.UPSTREAM_CACHE_MB,
    upstreamTimeoutMs: c.UPSTREAM_TIMEOUT_MS,
    upstreamStaleMaxSeconds: c.UPSTREAM_STALE_MAX_S,
    publicBaseUrl: c.PUBLIC_BASE_URL,
    trustProxy: c.TRUST_PROXY === '1',
    logLevel: c.LOG_LEVEL,
    /** Unset: chosen by whether stdout is a terminal. */
    logFormat: c.LOG_FORMAT,
    metrics: c.METRICS === 'on',
    metricsToken: c.METRICS_TOKEN,
    authBudgets: {
      loginFailuresPerAccount: c.LOGIN_FAILURES_PER_ACCOUNT,
      loginFailuresPerAddress: c.LOGIN_FAILURES_PER_ADDRESS,
      signUpsPerAddress: c.SIGNUPS_PER_ADDRESS,
    },
    forecastRequestsPerMinute: c.FORECAST_RATE_LIMIT,
    /** 0: no limit. */
    maxTasksPerUser: c.MAX_TASKS_PER_USER,
    adminToken: c.ADMIN_TOKEN,
    record:
      c.FORECAST_RECORD_DIR === undefined
        ? undefined
        : {
            dir: resolve(c.FORECAST_RECORD_DIR),
            relative: c.FORECAST_RECORD_RELATIVE === '1',
            maxFiles: c.FORECAST_RECORD_MAX_FILES,
            maxBytes: c.FORECAST_RECORD_MAX_MB * 1024 * 1024,
          },
    replay:
      c.FORECAST_REPLAY_DIR === undefined
        ? undefined
        : { dir: resolve(c.FORECAST_REPLAY_DIR), strict: c.FORECAST_REPLAY_STRICT === '1' },
    forecastScenario: c.FORECAST_SCENARIO === undefined ? undefined : resolve(c.FORECAST_SCENARIO),
    forecastClock:
      c.FORECAST_NOW === undefined
        ? undefined
        : { now: new Date(c.FORECAST_NOW), rate: c.FORECAST_CLOCK_RATE === '1' ? (1 as const) : (0 as const) },
    connectionLimits: {
      maxConnections: c.MAX_CONNECTIONS,
      headersTimeoutMs: c.HEADERS_TIMEOUT_MS,
      requestTimeoutMs: c.REQUEST_TIMEOUT_MS,
    },
    corsOrigins: cors.origins,
  };
}
