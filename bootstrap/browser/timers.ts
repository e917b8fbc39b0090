/**
 * node:timers and node:timers/promises for the browser build. setImmediate runs the callback after the
 * page's pending events, through a MessageChannel: a 0 ms setTimeout would be clamped to 4 ms once nested,
 * and the alert generator yields between office slices this way (about 120 a cycle).
 */
type Callback = (...args: unknown[]) => void;

const channel = new MessageChannel();
const queue: (() => void)[] = [];
channel.port1.onmessage = () => queue.shift()?.();

export function setImmediate(callback: Callback, ...args: unknown[]): { cancelled: boolean } {
  const handle = { cancelled: false };
  queue.push(() => {
    if (!handle.cancelled) callback(...args);
  });
  channel.port2.postMessage(null);
  return handle;
}

export function clearImmediate(handle: { cancelled: boolean } | undefined): void {
  if (handle) handle.cancelled = true;
}

export const setTimeout = globalThis.setTimeout.bind(globalThis);
export const clearTimeout = globalThis.clearTimeout.bind(globalThis);
export const setInterval = globalThis.setInterval.bind(globalThis);
export const clearInterval = globalThis.clearInterval.bind(globalThis);

/** timers/promises' setTimeout: resolves with `value` after `ms`, rejects with the signal's reason. */
export function sleep<T>(ms: number, value?: T, options?: { signal?: AbortSignal }): Promise<T | undefined> {
  const signal = options?.signal;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = globalThis.setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve(value);
    }, ms);
    const abort = (): void => {
      globalThis.clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', abort, { once: true });
  });
}

export default { setImmediate, clearImmediate, setTimeout, clearTimeout, setInterval, clearInterval };
