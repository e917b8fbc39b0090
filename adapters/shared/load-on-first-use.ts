import { createRequire } from 'node:module';

/**
 * Loads a CommonJS package the first time it is asked for instead of when the server starts. For packages
 * that most runs never touch (ioredis without REDIS_URL, pg without STORAGE=postgres, the image encoders
 * until the first icon): a static import loads each at start-up whether used or not (ioredis alone costs
 * about 80 ms of a ~0.8 s start here). `require` is synchronous, so callers stay as they were.
 */
export function loadOnFirstUse<T>(packageName: string): () => T {
  const require = createRequire(import.meta.url);
  let loaded: T | undefined;
  return () => (loaded ??= require(packageName) as T);
}
