/**
 * The last line of defence: an exception that escapes every request handler (a library's event listener,
 * a timer) must not take the whole server down for every other client. Node allows a process to go on after
 * 'uncaughtException'; it is only unsafe when the same fault repeats and state is corrupt, so the guard logs
 * each one and gives up (exit 1, for the supervisor to restart) only when they come in a burst.
 * Unhandled rejections are logged and never fatal.
 */
export interface GuardOptions {
  readonly log: { error(message: string, fields?: Record<string, unknown>): void };
  /** How many uncaught exceptions within `windowMs` make the process give up. */
  readonly burst?: number;
  readonly windowMs?: number;
  readonly exit?: (code: number) => void;
  readonly now?: () => number;
}

export function installProcessGuard(target: NodeJS.EventEmitter, options: GuardOptions): void {
  const burst = options.burst ?? 20;
  const windowMs = options.windowMs ?? 60_000;
  const now = options.now ?? Date.now;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const recent: number[] = [];

  target.on('uncaughtException', (error: unknown) => {
    const at = now();
    recent.push(at);
    while (recent.length > 0 && at - (recent[0] ?? at) > windowMs) recent.shift();
    options.log.error('uncaught exception; still serving', { error: describe(error), inLastMinute: recent.length });
    if (recent.length >= burst) {
      options.log.error(
        `${recent.length} uncaught exceptions within ${windowMs / 1000} s; exiting so that a supervisor restarts a clean process`,
      );
      exit(1);
    }
  });
  target.on('unhandledRejection', (reason: unknown) => {
    options.log.error('unhandled promise rejection; still serving', { error: describe(reason) });
  });
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
