/**
 * `SharedArrayBuffer` for the browser build (injected by esbuild): a page that is not cross-origin
 * isolated (most dev servers) has none. The alert generator's office board (alert-turns.ts) is shared with
 * worker threads, which the browser build has none of, so a plain ArrayBuffer serves: Atomics works on one.
 */
const Shared: typeof globalThis.SharedArrayBuffer =
  globalThis.SharedArrayBuffer ?? (ArrayBuffer as unknown as typeof globalThis.SharedArrayBuffer);
export { Shared as SharedArrayBuffer };
