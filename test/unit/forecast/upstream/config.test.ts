import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, readConfig } from '../../../../bootstrap/server/config.ts';

test('FORECAST_PROVIDER=upstream without UPSTREAM_USER_AGENT stops start-up, naming the variable', () => {
  for (const ua of [undefined, '', '   ']) {
    assert.throws(
      () => readConfig({ FORECAST_PROVIDER: 'upstream', UPSTREAM_USER_AGENT: ua }),
      (e: unknown) =>
        e instanceof ConfigError && /UPSTREAM_USER_AGENT is required/.test(e.message) && !e.message.includes('\n'),
    );
  }
});

test('upstream settings: defaults, and validation like the other variables', () => {
  const c = readConfig({ FORECAST_PROVIDER: 'upstream', UPSTREAM_USER_AGENT: 'taskcast (ops@example.com)' });
  assert.equal(c.upstreamUrl, 'https://api.weather.gov');
  assert.equal(c.upstreamCacheMb, 64);
  assert.equal(c.upstreamTimeoutMs, 10_000);
  assert.equal(c.upstreamStaleMaxSeconds, 86_400);
  assert.equal(
    readConfig({ UPSTREAM_CACHE_MB: '8', UPSTREAM_TIMEOUT_MS: '2500', UPSTREAM_STALE_MAX_S: '0' }).upstreamCacheMb,
    8,
  );
  for (const [name, value] of [
    ['UPSTREAM_CACHE_MB', '0'],
    ['UPSTREAM_TIMEOUT_MS', 'fast'],
    ['UPSTREAM_STALE_MAX_S', '-1'],
  ] as const) {
    assert.throws(
      () => readConfig({ [name]: value }),
      (e: unknown) => e instanceof ConfigError && e.message.includes(name),
    );
  }
});

test('the embedded provider does not need a User-Agent', () => {
  assert.equal(readConfig({}).forecastProvider, 'embedded');
});

test('a bundle folder that is a file stops start-up, naming the variable', () => {
  const dir = mkdtempSync(join(tmpdir(), 'taskcast-config-'));
  try {
    const file = join(dir, 'bundle.json');
    writeFileSync(file, '{}');
    assert.throws(
      () => readConfig({ FORECAST_PROVIDER: 'replay', FORECAST_REPLAY_DIR: file }),
      (error: Error) =>
        error instanceof ConfigError && /FORECAST_REPLAY_DIR ".*bundle\.json" is not a folder/.test(error.message),
    );
    assert.throws(
      () => readConfig({ FORECAST_PROVIDER: 'upstream', UPSTREAM_USER_AGENT: 'a (b@c.d)', FORECAST_RECORD_DIR: file }),
      (error: Error) =>
        error instanceof ConfigError && /FORECAST_RECORD_DIR ".*bundle\.json" is not a folder/.test(error.message),
    );
    // A recording's folder that is not there yet is made by the first document recorded.
    assert.equal(
      readConfig({
        FORECAST_PROVIDER: 'upstream',
        UPSTREAM_USER_AGENT: 'a (b@c.d)',
        FORECAST_RECORD_DIR: join(dir, 'new'),
      }).record?.relative,
      false,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
