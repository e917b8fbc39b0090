import { pino, type DestinationStream } from 'pino';
import type { RequestLine, RequestLog } from './request-line.ts';

/** Request lines waiting for their batch: the request's own line and the time it was recorded. */
interface Queued {
  readonly line: RequestLine;
  readonly time: number;
}

/** A batch is written once this many lines wait, or BATCH_MS after the first of them. */
const BATCH_LINES = 64;
const BATCH_MS = 100;

/**
 * Request lines in JSON, written to pino's destination as pino itself would write `info(line, 'request')`:
 * the same keys in the same order, pino's own bindings (pid, hostname), its level number and message key.
 * The line's shape is fixed and holds no secret (the route, the path without its query, the address), so it
 * skips what pino does for an arbitrary object (a walk of its keys, the redaction check, per-value
 * dispatch). A test compares these lines with pino's, byte for byte.
 *
 * A request only queues its line (the object the observer made, and the time); the lines are formatted and
 * handed to the destination together, BATCH_LINES at a time or BATCH_MS after the first one waited, outside
 * any request (in setImmediate). One string per batch is one UTF-8 measure and one copy in sonic-boom
 * instead of one per line. `flush()` writes what waits at once: any other log line calls it first, so the
 * output keeps the order things happened in, and so does the exit.
 */
export function jsonRequestLines(logger: pino.Logger, destination: DestinationStream): RequestLog & { flush(): void } {
  const bindings = (logger as unknown as Record<symbol, string>)[pino.symbols.chindingsSym] ?? '';
  const head = `{"level":${logger.levels.values['info']},"time":`;
  let queued: Queued[] = [];
  let timer: NodeJS.Timeout | undefined;
  let soon = false;

  const format = ({ line, time }: Queued): string =>
    `${head}${time}${bindings},"method":${JSON.stringify(line.method)},"route":${JSON.stringify(line.route)},"path":${JSON.stringify(line.path)},` +
    `"status":${line.status},"durationMs":${line.durationMs},"bytes":${line.bytes},"client":${JSON.stringify(line.client)}` +
    `${line.correlationId === undefined ? '' : `,"correlationId":${JSON.stringify(line.correlationId)}`}${line.aborted ? ',"aborted":true' : ''},"msg":"request"}\n`;
  const flush = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    soon = false;
    if (queued.length === 0) return;
    const batch = queued;
    queued = [];
    let text = '';
    for (const entry of batch) text += format(entry);
    destination.write(text);
  };
  const flushSoon = (): void => {
    soon = false;
    flush();
  };
  atExit.add(() => {
    flush();
    (destination as { flushSync?: () => void }).flushSync?.();
  });
  return {
    flush,
    request(line: RequestLine): void {
      if (!logger.isLevelEnabled('info')) return;
      queued.push({ line, time: Date.now() });
      if (queued.length === 1) timer = setTimeout(flush, BATCH_MS).unref();
      else if (queued.length >= BATCH_LINES && !soon) {
        soon = true;
        setImmediate(flushSoon);
      }
    },
  };
}

/** Request lines still queued when the process exits, for every logger made: one 'exit' listener for all. */
const atExit = new Set<() => void>();
process.once('exit', () => {
  for (const flush of atExit) {
    try {
      flush();
    } catch {
      // stdout closed or not ready: nothing more can be written
    }
  }
});
