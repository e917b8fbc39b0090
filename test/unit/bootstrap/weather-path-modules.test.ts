/**
 * A weather-only user loads nothing of the task service (issue 39 item 6, issue 40 items 4 and 11): a test
 * file that imports taskcast/msw or taskcast/fetch, or the library's createForecast, and answers a forecast
 * request, must not load bcrypt, a task store, pg, ioredis or Swagger UI. Those belong to the server and the
 * task service, and each costs start-up time that every isolated test file pays. Each case runs in a fresh process whose every resolved module is logged (test/support/module-log.mjs).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { SERVER_PACKAGES, TASK_CODE } from '../../support/task-service-modules.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const NOW = '2026-05-20T21:00:00Z';

/** Runs `body` as a module under tsx with every loaded module logged; returns the log's distinct paths. */
function modulesLoadedBy(body: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'taskcast-modules-'));
  const log = join(dir, 'modules.log');
  try {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--import', './test/support/module-log.mjs', '--input-type=module', '-e', body],
      { cwd: root, encoding: 'utf8', timeout: 60_000, env: { ...process.env, MODULE_LOG: log } },
    );
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /^200$/m, 'the forecast request was answered');
    return [...new Set(readFileSync(log, 'utf8').split('\n').filter(Boolean))];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The inversify container's packages. */
const CONTAINER_PACKAGES = ['inversify', '@inversifyjs/core', '@inversifyjs/container', 'reflect-metadata'];

function assertWeatherOnly(modules: string[]): void {
  // The log sees every module, so it must have seen the forecast's own (or it proves nothing).
  assert.ok(
    modules.some((m) => m.includes('/adapters/forecast/embedded/')),
    'the log holds the modules loaded',
  );
  const packages = new Set(
    modules.map((m) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(m)?.[1]).filter((p) => p !== undefined),
  );
  for (const name of SERVER_PACKAGES) assert.ok(!packages.has(name), `${name} was loaded`);
  // The container is the server's and the library's: the test runner entry points wire the forecast context
  // with plain calls (forecast-wiring.ts), not paying to load inversify (a quarter of their bundle).
  for (const name of CONTAINER_PACKAGES) assert.ok(!packages.has(name), `${name} was loaded`);
  const taskFiles = modules.filter((m) => !m.includes('/node_modules/') && TASK_CODE.some((p) => p.test(m)));
  assert.deepEqual(taskFiles, [], 'no module of the task service is loaded');
}

test('taskcast/msw answers through MSW and loads nothing of the task service', () => {
  assertWeatherOnly(
    modulesLoadedBy(`
      import { setupServer } from 'msw/node';
      import { weatherGovHandlers } from './bootstrap/entry/msw.ts';
      const nws = await weatherGovHandlers({ now: '${NOW}' });
      const server = setupServer(...nws.handlers);
      server.listen({ onUnhandledRequest: 'error' });
      const response = await fetch('https://api.weather.gov/points/39.7456,-97.0892', { headers: { 'user-agent': 't' } });
      console.log(response.status);
      server.close();
      await nws.close();
    `),
  );
});

test('taskcast/fetch answers and loads nothing of the task service', () => {
  assertWeatherOnly(
    modulesLoadedBy(`
      import { createWeatherGovFetch } from './bootstrap/entry/fetch.ts';
      const nwsFetch = await createWeatherGovFetch({ now: '${NOW}' });
      console.log((await nwsFetch('/gridpoints/TOP/32,81/forecast')).status);
      await nwsFetch.close();
    `),
  );
});

test("the library's createForecast loads nothing of the task service's packages", () => {
  const modules = modulesLoadedBy(`
    import { createForecast } from './bootstrap/entry/library.ts';
    const forecast = await createForecast({ clock: { now: new Date('${NOW}'), rate: 0 } });
    console.log((await forecast.fetch('https://api.weather.gov/alerts/active?point=39.7456,-97.0892')).status);
    await forecast.close();
  `);
  // The root entry point also exports the task service's domain and createTaskcast, so its modules load;
  // none of its packages does until a task container is started.
  const packages = new Set(modules.map((m) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(m)?.[1]));
  for (const name of SERVER_PACKAGES) assert.ok(!packages.has(name), `${name} was loaded`);
});

test('the log catches a server package when one is loaded (the check can fail)', () => {
  const modules = modulesLoadedBy(`
    await import('@node-rs/bcrypt');
    await import('pg');
    console.log(200);
  `);
  assert.ok(modules.some((m) => m.includes('/node_modules/@node-rs/bcrypt/')));
  assert.ok(modules.some((m) => m.includes('/node_modules/pg/')));
});
