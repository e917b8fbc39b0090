/**
 * A counter's bound series (TaskcastMetrics.series) counts in a plain number and joins the counter when it is
 * read: /metrics must show the same totals as `inc` would have, whichever way each one was counted.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { METRIC, TaskcastMetrics } from '../../../adapters/metrics/taskcast-metrics.ts';
import { seriesOf } from '../../../adapters/shared/metrics.ts';

const line = (text: string, series: string): string | undefined =>
  text.split('\n').find((l) => l.startsWith(`${series} `));

test("a bound series' counts join its counter's at each reading, beside `inc`'s", async () => {
  const metrics = new TaskcastMetrics({ processMetrics: false });
  const hit = metrics.series(METRIC.upstreamCache, { result: 'HIT' });
  const retried = metrics.series(METRIC.upstreamRetries);
  const before = await metrics.render();
  assert.equal(line(before, 'taskcast_upstream_cache_total{result="HIT"}'), undefined, 'no series before a count');

  hit();
  hit();
  metrics.inc(METRIC.upstreamCache, { result: 'HIT' });
  metrics.inc(METRIC.upstreamCache, { result: 'MISS' });
  retried();
  const first = await metrics.render();
  assert.equal(
    line(first, 'taskcast_upstream_cache_total{result="HIT"}'),
    'taskcast_upstream_cache_total{result="HIT"} 3',
  );
  assert.equal(
    line(first, 'taskcast_upstream_cache_total{result="MISS"}'),
    'taskcast_upstream_cache_total{result="MISS"} 1',
  );
  assert.equal(line(first, 'taskcast_upstream_retries_total'), 'taskcast_upstream_retries_total 1');

  // Counted once: a second reading adds only what was counted since.
  hit();
  const second = await metrics.render();
  assert.equal(
    line(second, 'taskcast_upstream_cache_total{result="HIT"}'),
    'taskcast_upstream_cache_total{result="HIT"} 4',
  );
  assert.equal(line(second, 'taskcast_upstream_retries_total'), 'taskcast_upstream_retries_total 1');
});

test('binding the same series again shares its tally: many callers, one series to read', async () => {
  const metrics = new TaskcastMetrics({ processMetrics: false });
  const binds = Array.from({ length: 1000 }, () => metrics.series(METRIC.upstreamCache, { result: 'HIT' }));
  for (const hit of binds) hit();
  const tallies = (metrics as unknown as { tallies: Map<string, unknown[]> }).tallies;
  assert.equal(tallies.get(METRIC.upstreamCache)?.length, 1, 'one tally, not one per caller');
  const text = await metrics.render();
  assert.equal(
    line(text, 'taskcast_upstream_cache_total{result="HIT"}'),
    'taskcast_upstream_cache_total{result="HIT"} 1000',
  );
});

test('a series of a counter that does not exist is refused, as `inc` refuses it', () => {
  const metrics = new TaskcastMetrics({ processMetrics: false });
  assert.throws(() => metrics.series('taskcast_no_such_total'), /no counter named taskcast_no_such_total/);
});

test('seriesOf falls back to `inc` for counters without bound series (a test double)', () => {
  const seen: Array<[string, Record<string, string> | undefined]> = [];
  const counters = {
    inc: (name: string, labels?: Record<string, string>) => void seen.push([name, labels]),
    set: () => {},
  };
  const hit = seriesOf(counters, METRIC.upstreamCache, { result: 'HIT' });
  hit();
  hit();
  assert.deepEqual(seen, [
    [METRIC.upstreamCache, { result: 'HIT' }],
    [METRIC.upstreamCache, { result: 'HIT' }],
  ]);
});
