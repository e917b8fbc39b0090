import { extname } from 'node:path';

/**
 * What `new Worker` is given to start the worker module `name` that sits beside the module at `moduleUrl`
 * (the caller's `import.meta.url`), with the caller's own extension: `.mjs` in the `npm start` bundle (where
 * the worker is an entry of its own beside main.mjs), `.js` in the compiled package, `.ts` under tsx. Under
 * tsx a worker does not inherit the TypeScript loader, so it first registers tsx's ESM hooks, then imports
 * the file.
 */
export function workerSource(moduleUrl: string, name: string): { source: string | URL; evaluate: boolean } {
  const ext = extname(new URL(moduleUrl).pathname);
  const target = new URL(`./${name}${ext}`, moduleUrl);
  if (ext !== '.ts') return { source: target, evaluate: false };
  const tsx = import.meta.resolve('tsx/esm/api');
  const code = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(target.href)}); });`;
  return { source: code, evaluate: true };
}

/** Whether workers start from plain JavaScript (a bundle or the compiled package) rather than through tsx. */
export function workersStartFast(moduleUrl: string): boolean {
  return extname(new URL(moduleUrl).pathname) !== '.ts';
}
