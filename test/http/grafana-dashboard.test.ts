import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { upstreamWorld } from '../support/upstream-world.ts';

/** docs/grafana-dashboard.json must only chart what /metrics exposes: a renamed metric breaks this, not the graph. */

interface Panel {
  readonly id: number;
  readonly type: string;
  readonly title: string;
  readonly targets?: ReadonlyArray<{ readonly expr: string }>;
}

const dashboard = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../docs/grafana-dashboard.json', import.meta.url)), 'utf8'),
) as {
  panels: Panel[];
  templating: { list: Array<{ query?: string | { query: string } }> };
};

/** Every PromQL expression in the dashboard: panel targets and template variable queries. */
function expressions(): string[] {
  const exprs = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr));
  for (const variable of dashboard.templating.list) {
    const query = typeof variable.query === 'string' ? variable.query : variable.query?.query;
    if (query && /\(/.test(query)) exprs.push(query);
  }
  return exprs;
}

/** Metric names: the families Taskcast and prom-client's process metrics use (label names never start so). */
const metricNames = (expr: string): string[] =>
  [...expr.matchAll(/\b(?:taskcast|nodejs|process)_[A-Za-z0-9_:]*/g)].map((m) => m[0]);

function exposedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name!);
    if (type === 'histogram' || type === 'summary')
      for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${name}${suffix}`);
  }
  return names;
}

test('every metric the Grafana dashboard queries is one /metrics exposes', async () => {
  // The upstream world: the full wiring, with the upstream provider whose cache the dashboard charts.
  const w = await upstreamWorld();
  try {
    const exposed = exposedNames(await (await w.app.fetch(new Request('http://taskcast.test/metrics'))).text());
    const queried = new Set(expressions().flatMap(metricNames));
    assert.ok(queried.size >= 12, `the dashboard queries ${queried.size} metrics`);
    const missing = [...queried].filter((name) => !exposed.has(name));
    assert.deepEqual(missing, [], 'queried but not exposed');
  } finally {
    await w.fake.close();
  }
});

test('the dashboard shows what an operator looks at first, each panel with a query', () => {
  const titles = dashboard.panels.map((panel) => panel.title.toLowerCase());
  for (const wanted of ['request rate', 'p50', 'p99', 'errors', 'event-loop lag', 'commit latency', 'cache hit rate']) {
    assert.ok(
      titles.some((title) => title.includes(wanted)),
      `a panel about ${wanted}`,
    );
  }
  for (const panel of dashboard.panels.filter((p) => p.type !== 'row')) {
    assert.ok(
      (panel.targets ?? []).length > 0 && panel.targets!.every((t) => t.expr.trim() !== ''),
      `${panel.title} has queries`,
    );
  }
  const ids = dashboard.panels.map((panel) => panel.id);
  assert.equal(new Set(ids).size, ids.length, 'panel ids are unique');
});
