/**
 * The test double from the outside: FORECAST_SCENARIO and ADMIN_TOKEN on a real process, as the README's
 * npm test script uses them.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { writeEntry } from '../../adapters/forecast/replay/bundle-files.ts';
import { killLeftovers, makeTempDir, runUntilExit, ServerProcess, serverLines } from './server-process.ts';

after(killLeftovers);

const SCENARIO = new URL('../fixtures/scenarios/tornado-in-topeka.json', import.meta.url).pathname;
const TOKEN = 'e2e-admin-token-0123456789abcdefghij';

describe('the test double on a real process', { concurrency: true }, () => {
  test('FORECAST_SCENARIO at start-up: the clock, the alert and the faults are in force', async () => {
    const dir = makeTempDir('scenario');
    const server = await ServerProcess.start({
      via: 'node',
      dbPath: join(dir, 'tasks.db'),
      env: { FORECAST_SCENARIO: SCENARIO, ADMIN_TOKEN: TOKEN, STORAGE: 'memory' },
    });
    try {
      const headers = { 'user-agent': 'e2e (tests@example.com)' };
      const alerts = await (await fetch(`${server.baseUrl}/alerts/active/area/KS`, { headers })).json();
      assert.ok(
        alerts.features.some((f: any) => f.properties.event === 'Tornado Warning'),
        JSON.stringify(alerts.features.map((f: any) => f.properties.event)),
      );
      assert.equal((await fetch(`${server.baseUrl}/gridpoints/TOP/32,81/forecast`, { headers })).status, 503);
      const clock = await (
        await fetch(`${server.baseUrl}/_taskcast/clock`, { headers: { authorization: `Bearer ${TOKEN}` } })
      ).json();
      assert.deepEqual(clock, { now: '2026-05-20T21:00:00.000Z', rate: 0, controlled: true });
    } finally {
      await server.stop('SIGTERM');
    }
  });

  test('a scenario off the schema stops start-up with one line that says where', async () => {
    const dir = makeTempDir('bad-scenario');
    const file = join(dir, 'scenario.json');
    writeFileSync(
      file,
      JSON.stringify({ alerts: [{ event: 'Tornado Warning', point: [39.7, -97.1], ends: 'later' }] }),
    );
    const run = await runUntilExit({ dbPath: join(dir, 'tasks.db'), via: 'node', env: { FORECAST_SCENARIO: file } });
    assert.equal(run.listened, false, run.output);
    assert.equal(run.code, 1, run.output);
    const lines = serverLines(run.stderr);
    assert.equal(lines.length, 1, run.stderr);
    assert.match(
      lines[0]!,
      /FORECAST_SCENARIO .*scenario\.json does not match the scenario schema at alerts\[0\]\.ends: must be/,
    );
  });

  test('ADMIN_TOKEN shorter than 32 characters stops start-up', async () => {
    const dir = makeTempDir('short-token');
    const run = await runUntilExit({ dbPath: join(dir, 'tasks.db'), via: 'node', env: { ADMIN_TOKEN: 'short' } });
    assert.equal(run.code, 1, run.output);
    assert.match(run.stderr, /ADMIN_TOKEN must be at least 32 characters/);
    assert.doesNotMatch(run.stderr, /short/, 'the token is never echoed');
  });

  test('FORECAST_PROVIDER=replay serves a bundle, strict 404 for the rest, relative dates from FORECAST_NOW', async () => {
    const dir = makeTempDir('replay');
    const bundle = join(dir, 'bundle');
    writeEntry(bundle, {
      path: '/offices/TOP',
      recordedAt: '2026-05-20T21:00:00.000Z',
      lastModified: '{date:now-1h@Z}',
      body: { '@id': '{base}/offices/TOP', id: 'TOP', name: 'Topeka, KS', note: 'seen at {date:now+30m@-05:00}' },
    });
    const server = await ServerProcess.start({
      via: 'node',
      dbPath: join(dir, 'tasks.db'),
      env: {
        FORECAST_PROVIDER: 'replay',
        FORECAST_REPLAY_DIR: bundle,
        FORECAST_REPLAY_STRICT: '1',
        FORECAST_NOW: '2026-05-20T21:00:00Z',
        PUBLIC_BASE_URL: 'https://wx.example',
      },
    });
    try {
      const headers = { 'user-agent': 'e2e (tests@example.com)' };
      const office = await fetch(`${server.baseUrl}/offices/TOP`, { headers });
      assert.equal(office.status, 200);
      assert.deepEqual(await office.json(), {
        '@id': 'https://wx.example/offices/TOP',
        id: 'TOP',
        name: 'Topeka, KS',
        note: 'seen at 2026-05-20T16:30:00-05:00',
      });
      assert.equal(office.headers.get('last-modified'), 'Wed, 20 May 2026 20:00:00 GMT');
      assert.equal((await fetch(`${server.baseUrl}/offices/BOX`, { headers })).status, 404);
    } finally {
      await server.stop('SIGTERM');
    }
  });
});
