import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, readConfig } from '../../../bootstrap/server/config.ts';

test('LOG_FORMAT, METRICS, METRICS_TOKEN: defaults, accepted values, a bad value names the variable', () => {
  const defaults = readConfig({});
  assert.equal(defaults.logFormat, undefined, 'unset: chosen by whether stdout is a terminal');
  assert.equal(defaults.metrics, true);
  assert.equal(defaults.metricsToken, undefined);
  assert.equal(readConfig({ LOG_FORMAT: 'pretty' }).logFormat, 'pretty');
  assert.equal(readConfig({ LOG_FORMAT: 'json', METRICS: 'off' }).metrics, false);
  assert.equal(readConfig({ METRICS_TOKEN: 'scrape-token-0123456789' }).metricsToken, 'scrape-token-0123456789');
  assert.throws(
    () => readConfig({ LOG_FORMAT: 'xml' }),
    (e: unknown) => e instanceof ConfigError && /LOG_FORMAT must be one of json, pretty/.test(e.message),
  );
  assert.throws(
    () => readConfig({ METRICS: 'no' }),
    (e: unknown) => e instanceof ConfigError && /METRICS must be one of on, off/.test(e.message),
  );
});

test('a short METRICS_TOKEN is refused without echoing it', () => {
  assert.throws(
    () => readConfig({ METRICS_TOKEN: 'hunter2' }),
    (e: unknown) =>
      e instanceof ConfigError &&
      /METRICS_TOKEN must be at least 16 characters/.test(e.message) &&
      !e.message.includes('hunter2'),
  );
});
