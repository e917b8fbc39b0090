import type { ForecastProvider } from '../../application/forecast/index.ts';

/**
 * A provider built on its first call rather than when it is wired: the embedded provider reads and
 * indexes its catalogue (about half a second), which a test runner that builds the double in every test
 * file would otherwise pay before any test asks for anything, and often for a file that never does.
 *
 * The wiring reads a few optional members to learn what a provider offers (`health` and `bundlePaths` in
 * bootstrap/composition/http-app.ts; `then`, because a container awaits a thenable): those answer `undefined` without
 * building, which is what the embedded provider would answer too, but for `followsControls`: unbuilt, the
 * provider's documents are simply not kept (adapters/http/forecast/kept-documents.ts). Every other member
 * builds it.
 */
export function lazyForecastProvider(build: () => ForecastProvider): ForecastProvider {
  let provider: ForecastProvider | undefined;
  const real = (): ForecastProvider => (provider ??= build());
  return new Proxy({} as ForecastProvider, {
    get(_target, key) {
      if (typeof key !== 'string' || UNBUILT_MEMBERS.has(key)) return undefined;
      const value: unknown = Reflect.get(real(), key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(provider) : value;
    },
    has: (_target, key) => typeof key === 'string' && !UNBUILT_MEMBERS.has(key) && key in real(),
  });
}

const UNBUILT_MEMBERS = new Set(['then', 'health', 'bundlePaths', 'followsControls']);
