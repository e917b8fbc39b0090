/**
 * Adds `Symbol.asyncDispose` (where the runtime has it) as close(), so `await using` works.
 * Not in the public types: a consumer's TypeScript without the `esnext.disposable` lib (or Node's types)
 * would not know the symbol.
 */
export function disposable<T extends { close(): Promise<void> }>(target: T): T {
  const dispose = (Symbol as { asyncDispose?: symbol }).asyncDispose;
  if (dispose !== undefined) Object.defineProperty(target, dispose, { value: () => target.close() });
  return target;
}
