import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { pino, type DestinationStream } from 'pino';
import type { PrettyOptions } from 'pino-pretty';
import type { Logger, LogLevel } from './logger.ts';
import { jsonRequestLines } from './json-request-lines.ts';
import { requestLogOf, type RequestLog } from './request-line.ts';

export type LogFormat = 'json' | 'pretty';

/**
 * Field names that must never reach a log line, whatever passes them in: credentials (a sign-up body, a
 * request's headers, a config object).
 */
const SECRET_KEYS = [
  'authorization',
  'Authorization',
  'cookie',
  'Cookie',
  'set-cookie',
  'Set-Cookie',
  'password',
  'passwordHash',
  'newPassword',
  'token',
  'accessToken',
  'refreshToken',
  'jwtSecret',
  'JWT_SECRET',
  'METRICS_TOKEN',
  'metricsToken',
] as const;

/** Where fields given to the Logger port hold such keys: at the top level, or in these objects. */
const CONTAINERS = [
  '',
  'body',
  'headers',
  'req',
  'req.headers',
  'req.body',
  'request',
  'request.headers',
  'request.body',
  'res.headers',
  'response.headers',
  'user',
  'config',
  'query',
  'error',
] as const;

/**
 * Explicit paths, not wildcards: pino compiles these into plain property checks (no measurable cost per
 * line), where `*.password`-style wildcards walk every field of every line (about 14 times slower per
 * request line, measured).
 */
export const REDACTED_PATHS: readonly string[] = CONTAINERS.flatMap((container) =>
  SECRET_KEYS.map((key) => (container === '' ? `["${key}"]` : `${container}["${key}"]`)),
);

export const REDACTED = '[redacted]';

export interface PinoLoggerOptions {
  readonly level: LogLevel;
  /** LOG_FORMAT; unset: readable lines on a terminal, JSON lines otherwise (a pipe, a file, a collector). */
  readonly format?: LogFormat;
  /** Where lines go; stdout by default. Tests pass a stream they read. */
  readonly destination?: DestinationStream;
}

/** The format used when LOG_FORMAT is unset. */
export function defaultLogFormat(stdout: { isTTY?: boolean } = process.stdout): LogFormat {
  return stdout.isTTY ? 'pretty' : 'json';
}

/**
 * The Logger port on pino. JSON lines carry `level` as a number (pino's convention: 20 debug, 30 info, 40
 * warn, 50 error), `time` in epoch ms, `msg`, then the fields. Every line goes to stdout, one stream for a
 * collector to read. To a pipe or file it writes asynchronously in batches (see batchedStdout).
 */
export interface PinoLogger extends Logger {
  /**
   * The one line per request. These are formatted and written in batches (json-request-lines.ts) and may
   * wait up to FLUSH_INTERVAL_MS more for company in one write, where a line through the Logger methods goes
   * out at once (with whatever waited).
   */
  readonly requests: RequestLog;
}

export function createPinoLogger(options: PinoLoggerOptions): PinoLogger {
  const format = options.format ?? defaultLogFormat();
  const destination =
    options.destination ??
    (format === 'pretty'
      ? loadPretty()({
          colorize: process.stdout.isTTY === true,
          sync: true,
          singleLine: true,
          translateTime: 'SYS:HH:MM:ss.l',
          ignore: 'pid,hostname',
        })
      : batchedStdout());
  const logger = pino(
    {
      level: options.level,
      redact: { paths: [...REDACTED_PATHS], censor: REDACTED },
    },
    destination,
  );
  const flush = flushOf(destination);
  const lines = format === 'json' ? jsonRequestLines(logger, destination) : undefined;
  const at =
    (method: 'debug' | 'info' | 'warn' | 'error', prompt: boolean) =>
    (message: string, fields?: Record<string, unknown>): void => {
      // Request lines gathered in this turn go first, so the output keeps the order things happened in.
      lines?.flush();
      if (fields === undefined) logger[method](message);
      else logger[method](fields, message);
      if (prompt) flush();
    };
  const methods = (prompt: boolean): Logger => ({
    debug: at('debug', prompt),
    info: at('info', prompt),
    warn: at('warn', prompt),
    error: at('error', prompt),
  });
  return { ...methods(true), requests: lines ?? requestLogOf(methods(false)) };
}

/** A sonic-boom's flush, as a function that never throws; a no-op for other streams. */
function flushOf(destination: DestinationStream): () => void {
  const stream = destination as DestinationStream & { flush?: () => void; minLength?: number };
  if (typeof stream.flush !== 'function' || !(Number(stream.minLength) > 0)) return () => {};
  return () => {
    try {
      stream.flush!();
    } catch {
      // destroyed (stdout closed): nothing left to flush
    }
  };
}

/** How long a line may wait for others to share its write: a quiet server's lines still show promptly. */
const FLUSH_INTERVAL_MS = 500;

/**
 * stdout written asynchronously in writes of at least 32 KiB (sonic-boom, pino's own destination), flushed
 * every FLUSH_INTERVAL_MS and at exit. One write per request line would cost a syscall, a trip through
 * libuv's thread pool and its wake-ups per request; gathered, about one per 140 lines (at 4 KiB, one per 17
 * cost about half a microsecond per line more under load).
 */
function batchedStdout(): DestinationStream {
  const stream = pino.destination({ dest: 1, sync: false, minLength: 32 * 1024, maxWrite: 64 * 1024 });
  setInterval(flushOf(stream), FLUSH_INTERVAL_MS).unref();
  return stream;
}

/**
 * pino-pretty and its dependencies load only for a terminal: a server writing JSON never pays their start-up.
 * The published server bundle has its own copy beside it (dist/server/pino-pretty.cjs, by
 * scripts/build-server-bundle.mjs), so no install downloads pino-pretty and its 13 dependencies; the sources
 * and `npm start`'s bundle load the package, a development dependency.
 */
function loadPretty(): (options: PrettyOptions) => DestinationStream {
  const bundled = fileURLToPath(new URL('./pino-pretty.cjs', import.meta.url));
  const loaded = createRequire(import.meta.url)(existsSync(bundled) ? bundled : 'pino-pretty') as {
    default?: unknown;
  };
  return (typeof loaded === 'function' ? loaded : loaded.default) as (options: PrettyOptions) => DestinationStream;
}
