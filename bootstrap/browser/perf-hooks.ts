/**
 * node:perf_hooks for the browser build. Only the server's metrics (prom-client's default collectors) use
 * it, wired because the in-process app is the server's: they observe Node's GC entries, which a page has
 * none of, so the observer observes nothing; the event loop monitor is absent, which prom-client allows.
 */
export class PerformanceObserver {
  observe(): void {}
  disconnect(): void {}
}
export const performance = globalThis.performance;
export const constants = {};
export default { PerformanceObserver, performance, constants };
