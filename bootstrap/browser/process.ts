/**
 * The `process` global for the browser build (injected by esbuild): an empty environment, so every setting
 * takes its default, and the few figures the code reads.
 */
const started = performance.now();
export const process = {
  env: {} as Record<string, string | undefined>,
  pid: 1,
  platform: 'browser',
  arch: 'browser',
  version: '',
  versions: {} as Record<string, string>,
  argv: [] as string[],
  execArgv: [] as string[],
  cwd: () => '/',
  uptime: () => (performance.now() - started) / 1000,
  hrtime: Object.assign(
    (previous?: [number, number]): [number, number] => {
      const ns = Math.round(performance.now() * 1e6);
      const now: [number, number] = [Math.floor(ns / 1e9), ns % 1e9];
      return previous ? [now[0] - previous[0], now[1] - previous[1]] : now;
    },
    { bigint: () => BigInt(Math.round(performance.now() * 1e6)) },
  ),
  nextTick: (callback: (...args: unknown[]) => void, ...args: unknown[]) => queueMicrotask(() => callback(...args)),
  memoryUsage: () => ({ rss: 0, heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 }),
  cpuUsage: () => ({ user: 0, system: 0 }),
  emitWarning: () => {},
  on: () => process,
  once: () => process,
  off: () => process,
  removeListener: () => process,
  listeners: () => [],
  exitCode: undefined as number | undefined,
};
export default process;
