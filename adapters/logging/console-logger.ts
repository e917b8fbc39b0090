export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** One line per event: time, level, message, then key=value fields. Warnings and errors go to stderr. */
export function createConsoleLogger(level: LogLevel = 'info'): Logger {
  const emit = (at: Exclude<LogLevel, 'silent'>) => (message: string, fields?: Record<string, unknown>): void => {
    if (RANK[at] < RANK[level]) return;
    const extra = fields ? Object.entries(fields).map(([k, v]) => ` ${k}=${typeof v === 'string' ? JSON.stringify(v) : JSON.stringify(v)}`).join('') : '';
    const line = `${new Date().toISOString()} ${at.padEnd(5)} ${message}${extra}\n`;
    (RANK[at] >= RANK.warn ? process.stderr : process.stdout).write(line);
  };
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') };
}
