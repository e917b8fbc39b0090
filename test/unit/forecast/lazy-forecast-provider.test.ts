import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lazyForecastProvider } from '../../../adapters/forecast/lazy-forecast-provider.ts';
import type { ForecastProvider } from '../../../application/forecast/index.ts';
import { createContainer } from '../../../bootstrap/composition/container.ts';
import { TOKENS } from '../../../bootstrap/composition/tokens.ts';

test('a lazy provider is built on its first call, once, and not by what the wiring asks of it', async () => {
  let builds = 0;
  const document = async ({ path }: { path: string }) => ({ body: { path }, lastModified: new Date(0) });
  const provider = lazyForecastProvider(() => {
    builds++;
    return { document } as unknown as ForecastProvider;
  });
  const optional = provider as ForecastProvider & { health?: unknown; bundlePaths?: unknown; then?: unknown };
  assert.equal(optional.health, undefined);
  assert.equal(optional.bundlePaths, undefined);
  assert.equal(optional.then, undefined, 'not a thenable, or a container would await it');
  assert.equal(await Promise.resolve(provider), provider);
  assert.equal(builds, 0);

  assert.deepEqual((await provider.document({ path: '/offices/TOP' }, {} as never)).body, { path: '/offices/TOP' });
  assert.deepEqual((await provider.document({ path: '/offices/BOX' }, {} as never)).body, { path: '/offices/BOX' });
  assert.equal(builds, 1);
  assert.equal(Reflect.get(provider, 'other'), undefined, 'an optional method the provider lacks stays absent');
});

test('lazyForecastData: the container wires the forecast service without reading the catalogue, and answers the same', async () => {
  const lazy = createContainer({ forecastProvider: 'embedded', lazyForecastData: true });
  const started = performance.now();
  const useCases = await lazy.getAsync(TOKENS.ForecastUseCases);
  // Reading the catalogue takes about half a second; wiring alone, a few milliseconds.
  assert.ok(performance.now() - started < 300, `wired in ${(performance.now() - started).toFixed(0)} ms`);
  const eager = await createContainer({ forecastProvider: 'embedded' }).getAsync(TOKENS.ForecastUseCases);
  const ctx = { baseUrl: 'https://api.weather.gov' };
  assert.deepEqual(
    (await useCases.resolvePoint.execute('39.7456,-97.0892', ctx)).body,
    (await eager.resolvePoint.execute('39.7456,-97.0892', ctx)).body,
  );
});

test('lazyForecastData: a scenario that names a zone that does not exist is still refused', async () => {
  const container = createContainer({ forecastProvider: 'embedded', lazyForecastData: true });
  await container.getAsync(TOKENS.ForecastProvider);
  const controls = await container.getAsync(TOKENS.ForecastControls);
  assert.throws(() => controls.loadScenario({ alerts: [{ event: 'Tornado Warning', zones: ['KSZ999'] }] }), /KSZ999/);
  assert.doesNotThrow(() => controls.loadScenario({ alerts: [{ event: 'Tornado Warning', zones: ['KSZ040'] }] }));
});
