/**
 * The request counter and histogram are counted by Taskcast and rendered by prom-client: their exposition
 * must be what prom-client's own Counter and Histogram give for the same observations, line for line.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { Counter, Histogram, Registry } from 'prom-client';
import { METRIC, TaskcastMetrics } from '../../../adapters/metrics/taskcast-metrics.ts';

const BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** prom-client's own metrics under the same names, fed the same way the earlier versions fed them. */
async function promClientRendering(observations: Array<[string, string, number, number]>): Promise<string> {
  const registry = new Registry();
  const counter = new Counter({
    name: METRIC.httpRequests,
    help: 'x',
    labelNames: ['route', 'method', 'status'],
    registers: [registry],
  });
  const histogram = new Histogram({
    name: METRIC.httpDuration,
    help: 'x',
    labelNames: ['route', 'method', 'status'],
    buckets: BUCKETS,
    registers: [registry],
  });
  for (const [route, method, status, seconds] of observations) {
    const labels = { method, route, status: String(status) };
    counter.inc(labels);
    histogram.observe(labels, seconds);
  }
  return registry.metrics();
}

/** The sample lines of the two families, sorted (series may come in another order; each line must match). */
const samples = (text: string): string[] =>
  text
    .split('\n')
    .filter((line) => line.startsWith(METRIC.httpRequests) || line.startsWith(METRIC.httpDuration))
    .sort();

test('the request counter and histogram render as prom-client renders its own, for any observations', async () => {
  const observation = fc.tuple(
    fc.constantFrom('/api/tasks', '/api/tasks/:id', '/health', 'unmatched', '/points/:point'),
    fc.constantFrom('GET', 'POST', 'PATCH', 'HEAD'),
    fc.constantFrom(200, 201, 304, 404, 412, 500),
    fc.oneof(fc.double({ min: 0, max: 20, noNaN: true }), fc.constantFrom(...BUCKETS)),
  );
  await fc.assert(
    fc.asyncProperty(fc.array(observation, { maxLength: 60 }), async (observations) => {
      const ours = new TaskcastMetrics({ processMetrics: false });
      for (const [route, method, status, seconds] of observations) ours.observeRequest(route, method, status, seconds);
      assert.deepEqual(samples(await ours.render()), samples(await promClientRendering(observations)));
    }),
    { numRuns: 200 },
  );
});

test('both families are listed (HELP and TYPE) before the first request', async () => {
  const text = await new TaskcastMetrics({ processMetrics: false }).render();
  assert.match(text, new RegExp(`# TYPE ${METRIC.httpRequests} counter`));
  assert.match(text, new RegExp(`# TYPE ${METRIC.httpDuration} histogram`));
});
