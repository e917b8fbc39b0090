/**
 * `[Symbol.asyncDispose]()` in the types where the app's TypeScript knows the symbol (the `esnext.disposable`
 * lib of TypeScript 5.2+, or Node's types), so `await using nws = …` compiles; nothing where it does not, so
 * an older TypeScript or lib reads the same declarations without an error.
 */
export type AsyncDisposableWhereKnown = SymbolConstructor extends {
  readonly asyncDispose: infer Dispose extends symbol;
}
  ? { readonly [K in Dispose]: () => Promise<void> }
  : unknown;

/** Adds `Symbol.asyncDispose` (where the runtime has it) as close(), so `await using` works. */
export function disposable<T extends { close(): Promise<void> }>(target: T): T & AsyncDisposableWhereKnown {
  const dispose = (Symbol as { asyncDispose?: symbol }).asyncDispose;
  if (dispose !== undefined) Object.defineProperty(target, dispose, { value: () => target.close() });
  return target as T & AsyncDisposableWhereKnown;
}
