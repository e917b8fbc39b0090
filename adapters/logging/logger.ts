export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

/**
 * The logging port every adapter and the bootstrap write through: a message and structured fields. Which
 * library formats and ships the lines (pino) is an adapter's business; tests hand in a silent one.
 */
export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

const nothing = (): void => {};

/** Writes nothing: for tests and embeddings that want no output. */
export const silentLogger: Logger = { debug: nothing, info: nothing, warn: nothing, error: nothing };
